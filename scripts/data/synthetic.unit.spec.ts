import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { FIXTURE_TEXTS } from './fixtures/source-texts.fixture.ts';
import { buildDataset, OUTPUT_FILES } from './pipeline.ts';
import { generateSynthetic, vocabularyFrom } from './synthetic.ts';

const { files } = buildDataset(FIXTURE_TEXTS);
const file = (path: string) => files.find(([p]) => p === path)![1];
const vocab = vocabularyFrom({
  perfumeLines: gunzipSync(file(OUTPUT_FILES.perfumes)).toString('utf8'),
  bridgeJson: file(OUTPUT_FILES.noteConstituents).toString('utf8'),
  chemicalsJson: file(OUTPUT_FILES.chemicals).toString('utf8'),
});

describe('generateSynthetic', () => {
  it('is deterministic per seed and differs between seeds', () => {
    const a = generateSynthetic(vocab, 50, 7);
    expect(JSON.stringify(generateSynthetic(vocab, 50, 7))).toBe(JSON.stringify(a));
    expect(JSON.stringify(generateSynthetic(vocab, 50, 8))).not.toBe(JSON.stringify(a));
  });

  it('marks every record synthetic and builds it from the real vocabulary', () => {
    const perfumes = generateSynthetic(vocab, 200, 1);
    expect(new Set(perfumes.map((p) => p.id)).size).toBe(200);
    for (const p of perfumes) {
      expect(p.synthetic).toBe(true);
      expect(p.id).toMatch(/^syn-1-\d+$/);
      expect(vocab.brands).toContain(p.brand);
      for (const note of p.notes.top) expect(vocab.notes.top).toContain(note);
      for (const c of p.chemicals) expect(vocab.chemicalNames.has(c.chemical_id)).toBe(true);
    }
    expect(perfumes.some((p) => p.chemicals.length > 0)).toBe(true);
  });
});
