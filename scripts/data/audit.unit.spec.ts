import { catalogueFixtures } from '@scentinel/platform/search';
import { describe, expect, it } from 'vitest';
import type { CataloguePerfume } from '../../services/domain/src/index.ts';
import { auditData, auditFails } from './audit.ts';

const chemicals = [
  {
    id: 'chem-78-70-6',
    name: 'Linalool',
    allergen_flag: true,
    safety_information: { regional_regulations: [] },
  },
  {
    id: 'chem-77-53-2',
    name: 'Cedrol',
    allergen_flag: false,
    safety_information: { regional_regulations: [] },
  },
] as never[];

function perfume(over: Partial<CataloguePerfume>): CataloguePerfume {
  return catalogueFixtures.makePerfume({
    id: 'p',
    name: 'Test',
    brand: 'Brand',
    notes: { top: ['Cedar'], middle: [], base: [], unspecified: [] },
    chemicals: [{ chemical_id: 'chem-77-53-2', name: 'Cedrol', source: 'inferred', from_note: 'Cedar' }],
    label: null,
    coverage: { specific_notes: 1, resolved_notes: 1, unknown_notes: [] },
    allergen_estimates: [],
    ...over,
  });
}

describe('data:audit', () => {
  it('counts a fully resolved perfume without allergens as hypoallergenic and passes', () => {
    const r = auditData([perfume({})], chemicals);
    expect(r.hypoallergenic).toBe(1);
    expect(r.resolvedOccurrences).toBe(1);
    expect(r.specificOccurrences).toBe(1);
    expect(auditFails(r)).toBe(false);
  });

  it('does not call a perfume with an unknown note or a likely allergen hypoallergenic', () => {
    const r = auditData(
      [
        perfume({ id: 'a', coverage: { specific_notes: 2, resolved_notes: 1, unknown_notes: ['Yogurt'] } }),
        perfume({
          id: 'b',
          allergen_estimates: [{ chemical_id: 'chem-78-70-6', basis: 'likely', probability: 0.9 }],
        }),
      ],
      chemicals,
    );
    expect(r.hypoallergenic).toBe(0);
    expect(r.unknownTop).toEqual([['Yogurt', 1]]);
  });

  it('counts labels that say only "Fragrance" and judges their perfumes by notes and estimates', () => {
    const silent = catalogueFixtures.retailLabel({
      ingredients: ['Alcohol Denat', 'Fragrance', 'Water'],
      names_fragrance: false,
    });
    const r = auditData(
      [
        // An unknown note: the silent label cannot make it hypoallergenic.
        perfume({
          id: 'a',
          label: silent,
          coverage: { specific_notes: 2, resolved_notes: 1, unknown_notes: ['Yogurt'] },
        }),
        // A likely allergen: not hypoallergenic either.
        perfume({
          id: 'b',
          label: silent,
          allergen_estimates: [{ chemical_id: 'chem-78-70-6', basis: 'likely', probability: 0.9 }],
        }),
        // A list that names its materials (cedrol) and no allergen: hypoallergenic.
        perfume({
          id: 'c',
          label: {
            ...silent,
            chemicals: [{ chemical_id: 'chem-77-53-2', name: 'Cedrol' }],
            names_fragrance: true,
          },
        }),
      ],
      chemicals,
    );
    expect(r.labelsNamingNoFragrance).toBe(2);
    expect(r.hypoallergenic).toBe(1);
    expect(r.ruleViolations).toEqual([]);
    expect(auditFails(r)).toBe(false);
  });

  it('fails on an invisible character in a perfume, note or chemical name, and names where', () => {
    const zwsp = auditData([perfume({ name: 'Bois\u200b Noir' })], chemicals);
    expect(zwsp.invisibleCharacters).toBe(1);
    expect(zwsp.invisibleExamples[0]).toMatch(/ name: "Bois\\u200b Noir"/);
    expect(auditFails(zwsp)).toBe(true);
    const softHyphen = {
      id: 'chem-111-77-3',
      name: 'Diethylene glycol monomethyl ether',
      synonyms: ['mono\u00admethyl ether'],
      allergen_flag: false,
      safety_information: { regional_regulations: [] },
    } as never;
    const soft = auditData([perfume({})], [softHyphen]);
    expect(soft.invisibleExamples).toEqual(['chem-111-77-3 synonyms: "mono\\u00admethyl ether"']);
    // Joiners that scripts such as Persian need are not damage.
    expect(auditData([perfume({ name: 'می\u200cخواهم' })], chemicals).invisibleCharacters).toBe(0);
    expect(auditFails(auditData([perfume({})], chemicals))).toBe(false);
  });

  it('fails on mojibake in a name', () => {
    const r = auditData([perfume({ name: 'CrÃ¨me' })], chemicals);
    expect(r.mojibake).toBeGreaterThan(0);
    expect(auditFails(r)).toBe(true);
  });
});
