import { describe, expect, it } from 'vitest';
import { noteAlternatives, noteParts, noteVariants } from './note-canonical.ts';
import { noteCoverage } from './note-coverage.ts';

const perfume = (top: string[], base: string[] = []) => ({
  notes: { top, middle: [], base, unspecified: [] },
});

describe('noteCoverage', () => {
  const bridge = new Map<string, unknown[]>([
    ['rose', [{ chemical_id: 'chem-106-24-1' }]],
    ['musk', [{ chemical_id: 'chem-1222-05-5' }]],
    ['empty', []],
  ]);

  it('counts specific occurrences, resolved ones, and ranks the unknown notes', () => {
    const c = noteCoverage(
      [
        perfume(['Rose', 'Woody Notes'], ['Musk', 'Driftwood']),
        perfume(['Driftwood', 'Papyrus']),
        { notes: null },
        perfume(['Empty']),
      ],
      bridge,
    );
    expect(c.vague).toBe(1);
    expect(c.occurrences).toBe(6);
    expect(c.resolved).toBe(2);
    expect(c.unknownTop).toEqual([
      ['Driftwood', 2],
      ['Empty', 1],
      ['Papyrus', 1],
    ]);
  });

  it('reads a bridge given as a plain object (note-constituents.json)', () => {
    const c = noteCoverage([perfume(['Rose', 'toString'])], { rose: [{}] });
    expect(c).toMatchObject({ occurrences: 2, resolved: 1, unknownTop: [['toString', 1]] });
  });
});

describe('note variants', () => {
  it('reduces spellings, languages, origins and forms to the lookup forms', () => {
    expect(noteVariants('Madagascar Vanilla')).toContain('vanilla');
    expect(noteVariants('Vanille')).toContain('vanilla');
    expect(noteVariants('Lemon Zest')).toContain('lemon');
    expect(noteVariants("Fleur d'Oranger")).toContain('orange blossom');
    expect(noteVariants('Oud (Agarwood)')).toEqual(expect.arrayContaining(['oud', 'agarwood']));
    expect(noteVariants('Rose Absolute')).toContain('rose');
    expect(noteVariants('Bulgarian Rose')[0]).toBe('bulgarian rose');
  });

  it('keeps a more specific form ahead of the shorter one', () => {
    const v = noteVariants('Atlas Cedar');
    expect(v[0]).toBe('atlas cedar');
    expect(noteVariants('Pink Pepper')).not.toContain('pepper');
  });

  it('splits mixed notes and alternative names', () => {
    expect(noteParts('Oakmoss absolute and styrax balm')).toEqual(['Oakmoss absolute', 'styrax balm']);
    expect(noteParts('Rose')).toBeNull();
    expect(noteAlternatives('Cypriol Oil or Nagarmotha')).toEqual(['Cypriol Oil', 'Nagarmotha']);
  });
});
