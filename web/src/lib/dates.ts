import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * An ISO calendar date (`2014-03-07`) or month (`2023-03`) in the reader's language (`Mar 7, 2014`,
 * `7 mars 2014`, `07.03.2014`; `Mar 2023`), kept on one line; any other text (a year, a date
 * already in words) as it is.
 */
export function formatIsoDate(value: string, language: string): string {
  const yearMonth = /^(\d{4})-(\d{2})$/.exec(value);
  if (yearMonth) {
    const [y, mo] = [Number(yearMonth[1]), Number(yearMonth[2])];
    if (mo < 1 || mo > 12) return value;
    return unbroken(
      new Intl.DateTimeFormat(language, { year: 'numeric', month: 'short', timeZone: 'UTC' }).format(
        Date.UTC(y, mo - 1, 1),
      ),
    );
  }
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return value;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const time = Date.UTC(year, month - 1, day);
  // A day that does not exist (`2014-02-30`) is shown as written rather than moved to another.
  if (new Date(time).getUTCDate() !== day || month < 1 || month > 12) return value;
  return unbroken(new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(time));
}

/** A date never breaks across lines: its spaces become no-break spaces. */
function unbroken(text: string): string {
  return text.replace(/ /g, '\u00a0');
}

/** `formatIsoDate` in the interface language. */
export function useDateText(): (value: string) => string {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return useCallback((value: string) => formatIsoDate(value, language), [language]);
}
