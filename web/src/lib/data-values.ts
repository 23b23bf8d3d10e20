import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Data values (chemical types, SCCS risk levels and classifications, regions) in the reader's
 * language. A value without a translation is shown as stored, with underscores as spaces.
 */
export function useDataValues() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return useMemo(() => {
    const plain = (value: string) => value.replaceAll('_', ' ');
    const lookup = (group: string, value: string | null | undefined) =>
      value ? t(`values.${group}.${value.toLowerCase()}`, { defaultValue: plain(value) }) : '';
    const numbers = new Intl.NumberFormat(language, { maximumFractionDigits: 4 });
    return {
      chemicalType: (value: string | null | undefined) =>
        value ? t(`curation.types.${value}`, { defaultValue: plain(value) }) : '',
      risk: (value: string | null | undefined) => lookup('risk', value),
      classification: (value: string | null | undefined) => lookup('classification', value),
      potency: (value: string | null | undefined) => lookup('potency', value),
      region: (code: string) => t(`values.region.${code}`, { defaultValue: code }),
      /** A concentration range in % ("0.5–2 %", "≥ 1 %"), or "not given" when neither end is known. */
      concentration: (min: number | null | undefined, max: number | null | undefined) => {
        const has = (value: number | null | undefined): value is number => typeof value === 'number';
        if (has(min) && has(max)) {
          return min === max
            ? t('values.concentration.exact', { value: numbers.format(min) })
            : t('values.concentration.range', { min: numbers.format(min), max: numbers.format(max) });
        }
        if (has(min)) return t('values.concentration.atLeast', { value: numbers.format(min) });
        if (has(max)) return t('values.concentration.atMost', { value: numbers.format(max) });
        return t('values.concentration.notGiven');
      },
    };
  }, [t, language]);
}
