import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FINE_FRAGRANCE_CATEGORY, IFRA_CATEGORIES, ifraHazards, parseLongDate } from './ifra-reference.ts';

const ROOT = join(import.meta.dirname, '../../../..');

describe('IFRA reference', () => {
  it('lists the 18 product categories in print order, fine fragrance among them', () => {
    expect(IFRA_CATEGORIES).toHaveLength(18);
    expect(IFRA_CATEGORIES.slice(3, 8)).toEqual(['4', '5A', '5B', '5C', '5D']);
    expect(IFRA_CATEGORIES).toContain(FINE_FRAGRANCE_CATEGORY);
  });

  it('reads long dates as the lists print them, and nothing else', () => {
    expect(parseLongDate('March 30, 2024')).toBe('2024-03-30');
    expect(parseLongDate('August 7, 2009')).toBe('2009-08-07');
    expect(parseLongDate('Delisted January 25, 2002')).toBe('2002-01-25');
    expect(parseLongDate('November, 20 2015')).toBe('2015-11-20');
    expect(parseLongDate('Not applicable.')).toBeNull();
    expect(parseLongDate('Smarch 3, 2024')).toBeNull();
    expect(parseLongDate(null)).toBeNull();
  });

  it("words IFRA's reasons as hazards, each once, and leaves unknown wording as written", () => {
    expect(ifraHazards('DERMAL SENSITIZATION AND SYSTEMIC TOXICITY')).toEqual([
      'dermal_sensitization',
      'systemic_toxicity',
    ]);
    expect(ifraHazards('CARCINOGENICITY, GENOTOXICITY BY RELEASE OF POLYNUCLEAR HYDROCARBONS (PAH)')).toEqual(
      ['carcinogenicity', 'genotoxicity_pah'],
    );
    expect(ifraHazards('PHOTOTOXICITY AND SYSTEMIC TOXICITY, POTENTIAL OF NITROSAMINE FORMATION')).toEqual([
      'phototoxicity',
      'systemic_toxicity',
      'nitrosamine_formation',
    ]);
    expect(ifraHazards('DERMAL SENSITIZATION AND DERMAL DEPIGMENTATION')).toEqual([
      'dermal_sensitization',
      'depigmentation',
    ]);
    expect(ifraHazards('DERMAL SENSITIZATION AND EYE IRRITATION')).toBeNull();
    expect(ifraHazards('')).toBeNull();
    expect(ifraHazards(null)).toBeNull();
  });

  it('words the reason of every IFRA standard the shipped data holds', () => {
    const chemicals = JSON.parse(readFileSync(join(ROOT, 'data/chemicals/chemicals.json'), 'utf8')) as Array<{
      safety_information?: { ifra?: { intrinsic_property?: string | null } | null };
    }>;
    const reasons = new Set(
      chemicals.flatMap((c) => c.safety_information?.ifra?.intrinsic_property ?? []).filter((r) => r !== ''),
    );
    expect(reasons.size).toBeGreaterThan(10);
    expect([...reasons].filter((r) => ifraHazards(r) === null)).toEqual([]);
  });
});
