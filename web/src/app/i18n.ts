import i18next, { type BackendModule, type ReadCallback, type ResourceLanguage } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { SUPPORTED_LANGUAGES, toSupportedLanguage } from '../lib/languages.ts';
import { STORAGE_KEYS } from '../lib/storage.ts';
import en from '../locales/en.json';

// English ships in the main bundle (it is the fallback); the others are fetched when chosen.
const lazyLocales = import.meta.glob<ResourceLanguage>(
  ['../locales/sv.json', '../locales/es.json', '../locales/de.json'],
  {
    import: 'default',
  },
);

// Odour descriptors (`sweet`, `muguet`) in the other languages, as their own namespace: fetched
// only when a chemical's odour is shown. English needs none (the descriptors are English).
const lazyOdour = import.meta.glob<ResourceLanguage>('../locales/odour/*.json', { import: 'default' });

/** Hands a lazily imported resource file to i18next's callback (an empty one when there is none). */
function loadInto(load: (() => Promise<ResourceLanguage>) | undefined, callback: ReadCallback): void {
  if (!load) {
    callback(null, {});
    return;
  }
  load().then(
    (resources) => callback(null, resources),
    (error: unknown) => callback(error instanceof Error ? error.message : String(error), null),
  );
}

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    if (namespace === 'odour') return loadInto(lazyOdour[`../locales/odour/${language}.json`], callback);
    if (language === 'en') return callback(null, en);
    loadInto(lazyLocales[`../locales/${language}.json`], callback);
  },
};

export async function initI18n(): Promise<typeof i18next> {
  await i18next
    .use(lazyBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      resources: { en: { translation: en } },
      partialBundledLanguages: true,
      fallbackLng: 'en',
      supportedLngs: [...SUPPORTED_LANGUAGES],
      load: 'languageOnly',
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
      detection: {
        order: ['localStorage', 'navigator', 'htmlTag'],
        lookupLocalStorage: STORAGE_KEYS.language,
        caches: ['localStorage'],
        convertDetectedLanguage: toSupportedLanguage,
      },
    });
  syncDocumentLanguage(i18next.resolvedLanguage ?? 'en');
  i18next.on('languageChanged', () => syncDocumentLanguage(i18next.resolvedLanguage ?? 'en'));
  return i18next;
}

function syncDocumentLanguage(language: string): void {
  document.documentElement.lang = language;
}
