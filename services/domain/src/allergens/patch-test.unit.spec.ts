import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  expandProfile,
  PATCH_TEST_ENTRIES,
  PATCH_TEST_PREFIX,
  patchTestEntry,
  suggestedCrossReactions,
} from './patch-test.ts';

const chemicals = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../../../data/chemicals/chemicals.json'), 'utf8'),
) as { id: string; name: string; cas_number: string | null }[];
const known = new Map(chemicals.map((c) => [c.id, c]));

describe('patch-test table', () => {
  it('names only chemicals of the database, each entry with a dated source', () => {
    for (const entry of PATCH_TEST_ENTRIES) {
      expect(entry.constituents.length, entry.id).toBeGreaterThan(0);
      for (const k of entry.constituents)
        expect(known.has(k.chemical_id), `${entry.id}: ${k.chemical_id}`).toBe(true);
      expect(entry.source.name).not.toBe('');
      expect(entry.source.date).toMatch(/^\d{4}(-\d{2})?$/);
      for (const x of entry.crossReactions)
        expect(patchTestEntry(x.entry), `${entry.id} → ${x.entry}`).toBeDefined();
    }
    expect(new Set(PATCH_TEST_ENTRIES.map((e) => e.id)).size).toBe(PATCH_TEST_ENTRIES.length);
  });

  it('gives the baseline series composition of both fragrance mixes', () => {
    const cas = (id: string) =>
      patchTestEntry(id)!.constituents.map((k) => known.get(k.chemical_id)!.cas_number);
    // Fragrance mix I: seven single chemicals and oakmoss.
    expect(cas('fm1')).toEqual(
      expect.arrayContaining([
        '122-40-7',
        '104-55-2',
        '104-54-1',
        '97-53-0',
        '106-24-1',
        '107-75-5',
        '97-54-1',
        '90028-68-5',
      ]),
    );
    // Fragrance mix II: six single chemicals, HICC among them.
    expect(cas('fm2').sort()).toEqual(
      ['101-86-0', '106-22-9', '31906-04-4', '4602-84-0', '5392-40-5', '91-64-5'].sort(),
    );
  });

  it('expands patch-test entries and opted-in cross-reactions, keeping plain chemical ids', () => {
    const ids = expandProfile([`${PATCH_TEST_PREFIX}fm2`, 'chem-78-70-6', `${PATCH_TEST_PREFIX}nope`]);
    expect(ids).toContain('chem-78-70-6');
    expect(ids).toContain('chem-31906-04-4');
    expect(ids).toHaveLength(7);
    expect(expandProfile([`${PATCH_TEST_PREFIX}peru`])).toEqual(['chem-8007-00-9']);
    expect(expandProfile([`${PATCH_TEST_PREFIX}peru`], ['isoeugenol'])).toEqual([
      'chem-8007-00-9',
      'chem-97-54-1',
    ]);
  });

  it('suggests cross-reactions of the chosen entries that are not chosen yet', () => {
    const s = suggestedCrossReactions([`${PATCH_TEST_PREFIX}oakmoss`, `${PATCH_TEST_PREFIX}peru`]);
    expect(s.map((x) => x.entry.id).sort()).toEqual([
      'cinnamyl-alcohol',
      'eugenol',
      'fm1',
      'isoeugenol',
      'treemoss',
    ]);
    expect(s.find((x) => x.entry.id === 'treemoss')!.because.id).toBe('oakmoss');
    expect(suggestedCrossReactions([`${PATCH_TEST_PREFIX}oakmoss`, `${PATCH_TEST_PREFIX}treemoss`])).toEqual(
      [],
    );
  });
});
