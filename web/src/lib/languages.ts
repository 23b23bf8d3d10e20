export const SUPPORTED_LANGUAGES = ['en', 'sv', 'es', 'de'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

/** Each language's own name (an endonym is the same in every interface language). */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  sv: 'Svenska',
  es: 'Español',
  de: 'Deutsch',
};

export function languageName(code: string): string {
  return LANGUAGE_NAMES[code as Language] ?? code;
}

/** Maps a detected tag (sv-SE, de_AT, EN) to a supported language, or leaves it for the fallback. */
export function toSupportedLanguage(tag: string): string {
  const base = tag.toLowerCase().split(/[-_]/)[0] ?? '';
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(base) ? base : tag;
}
