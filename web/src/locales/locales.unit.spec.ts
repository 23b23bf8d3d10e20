import { describe, expect, it } from 'vitest';
import de from './de.json';
import en from './en.json';
import es from './es.json';
import sv from './sv.json';

type Tree = { [key: string]: string | Tree };

/** Flattens nested keys to dotted paths: { a: { b: 'x' } } → { 'a.b': 'x' }. */
function flatten(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null) {
      for (const [inner, leaf] of flatten(value, path)) out.set(inner, leaf);
    } else {
      out.set(path, value);
    }
  }
  return out;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/{{\s*([\w.]+)\s*(?:,[^}]*)?}}/g)].map((match) => match[1] ?? '').sort();
}

const english = flatten(en as Tree);
const translations = { sv, es, de } as Record<string, Tree>;

// Multi-word texts that read the same in English and the translation.
const SAME_AS_ENGLISH_ALLOWED = new Set(['chemical.allergenIn']);

/** Words of a text, placeholders left out: a copied sentence has two or more. */
function words(text: string): string[] {
  return text.replace(/{{[^}]*}}/g, ' ').match(/\p{L}{2,}/gu) ?? [];
}

describe('locales', () => {
  it('English has only non-empty string values', () => {
    for (const [key, value] of english) {
      expect(typeof value, key).toBe('string');
      expect((value as string).trim(), key).not.toBe('');
    }
  });

  for (const [language, tree] of Object.entries(translations)) {
    describe(language, () => {
      const flat = flatten(tree);

      it('has every key English has, as a non-empty string', () => {
        const missing = [...english.keys()].filter((key) => {
          const value = flat.get(key);
          return typeof value !== 'string' || value.trim() === '';
        });
        expect(missing).toEqual([]);
      });

      it('has no keys English lacks', () => {
        expect([...flat.keys()].filter((key) => !english.has(key))).toEqual([]);
      });

      it('uses the same interpolation placeholders as English', () => {
        const differing = [...english].flatMap(([key, value]) => {
          const translated = flat.get(key);
          if (typeof translated !== 'string') return [];
          const a = placeholders(value as string);
          const b = placeholders(translated);
          return a.join(',') === b.join(',') ? [] : [`${key}: en {${a}} vs ${language} {${b}}`];
        });
        expect(differing).toEqual([]);
      });

      it('translates every multi-word text rather than copying English', () => {
        const copied = [...english].flatMap(([key, value]) =>
          !SAME_AS_ENGLISH_ALLOWED.has(key) && flat.get(key) === value && words(value as string).length >= 2
            ? [key]
            : [],
        );
        expect(copied).toEqual([]);
      });
    });
  }

  it('every literal translation key used in the source exists in English', () => {
    const sources = import.meta.glob<string>(['../**/*.tsx', '../**/*.ts', '!../**/*.spec.ts'], {
      query: '?raw',
      import: 'default',
      eager: true,
    });
    const missing: string[] = [];
    for (const [file, text] of Object.entries(sources)) {
      for (const match of text.matchAll(/\bt\(\s*'([a-zA-Z0-9_.]+)'/g)) {
        const key = match[1] ?? '';
        // i18next plurals: `key` is looked up as `key_one`, `key_other`, … by `count`.
        if (!english.has(key) && !english.has(`${key}_other`)) missing.push(`${file}: ${key}`);
      }
    }
    expect(Object.keys(sources).length).toBeGreaterThan(5);
    expect(missing).toEqual([]);
  });
});
