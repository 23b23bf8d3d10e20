/**
 * Every regulatory word the shipped chemical data can put on screen has its wording in all four
 * languages: the names of the fields the Sources list cites, the Prop 65 toxicity types, the
 * routes of the safe harbour levels, what ended each former listing, and every odour descriptor
 * (English needs no table for those: the glossaries are English).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import de from '../../../locales/de.json';
import en from '../../../locales/en.json';
import es from '../../../locales/es.json';
import odourDe from '../../../locales/odour/de.json';
import odourEs from '../../../locales/odour/es.json';
import odourSv from '../../../locales/odour/sv.json';
import sv from '../../../locales/sv.json';

const ROOT = join(import.meta.dirname, '../../../../..');

type Shipped = {
  odour?: string[] | null;
  safety_information?: {
    regulatory_history?: Array<{ change?: { kind: string; toxicity?: string } }>;
    sources?: Array<{ field: string }>;
    prop65?: {
      toxicity_types?: string[];
      safe_harbor_levels?: Array<{ route: string | null; toxicity_types: string[] }>;
    } | null;
  };
};

const chemicals = JSON.parse(readFileSync(join(ROOT, 'data/chemicals/chemicals.json'), 'utf8')) as Shipped[];
const locales = { en, sv, de, es } as const;

function missing(words: Iterable<string>, table: (locale: (typeof locales)[keyof typeof locales]) => object) {
  const out: string[] = [];
  for (const [code, locale] of Object.entries(locales)) {
    const keys = table(locale) as Record<string, unknown>;
    for (const w of words) if (typeof keys[w] !== 'string') out.push(`${code}: ${w}`);
  }
  return out;
}

describe('wording of the shipped regulatory data', () => {
  const safety = chemicals.map((c) => c.safety_information ?? {});
  const levels = safety.flatMap((s) => s.prop65?.safe_harbor_levels ?? []);

  it('names every cited field', () => {
    const fields = new Set(safety.flatMap((s) => (s.sources ?? []).map((f) => f.field)));
    expect(fields).toContain('prop65_safe_harbor_levels');
    expect(missing(fields, (l) => l.cas.field)).toEqual([]);
  });

  it('words every Prop 65 toxicity type and safe harbour route', () => {
    const types = new Set(
      safety.flatMap((s) => [
        ...(s.prop65?.toxicity_types ?? []),
        ...levels.flatMap((l) => l.toxicity_types),
      ]),
    );
    expect(types.size).toBeGreaterThanOrEqual(4);
    expect(missing(types, (l) => l.regulatory.toxicity)).toEqual([]);
    const routes = new Set(
      levels.flatMap((l) => (l.route ? [l.route.toLowerCase().replace(/\s+/g, '_')] : [])),
    );
    expect(routes.size).toBeGreaterThan(1);
    expect(missing(routes, (l) => l.regulatory.route)).toEqual([]);
  });

  it('words what ended every former listing, with and without the optional facts', () => {
    const changes = safety.flatMap((s) =>
      (s.regulatory_history ?? []).flatMap((h) => (h.change ? [h.change] : [])),
    );
    const kinds = new Set(changes.map((c) => c.kind));
    expect(kinds).toEqual(new Set(['eu_labelling_ended', 'prop65_endpoint_removed', 'prop65_delisted']));
    const variants = [...kinds].flatMap((k) => [k, k === 'eu_labelling_ended' ? `${k}_by` : `${k}_undated`]);
    expect(missing(variants, (l) => l.regulatory.change)).toEqual([]);
    const toxicity = new Set(changes.flatMap((c) => (c.toxicity ? [c.toxicity] : [])));
    expect(missing(toxicity, (l) => l.regulatory.toxicity)).toEqual([]);
  });

  it('words every odour descriptor in Swedish, German and Spanish', () => {
    const words = new Set(chemicals.flatMap((c) => (c.odour ?? []).map((d) => d.toLowerCase())));
    expect(words.size).toBeGreaterThan(100);
    for (const [code, table] of Object.entries({ sv: odourSv, de: odourDe, es: odourEs })) {
      const values = table as Record<string, unknown>;
      const unworded = [...words].filter(
        (w) => typeof values[w] !== 'string' || (values[w] as string).trim() === '',
      );
      expect(unworded, code).toEqual([]);
    }
  });
});
