import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { FIXTURE_TEXTS } from './fixtures/source-texts.fixture.ts';
import { buildDataset, OUTPUT_FILES } from './pipeline.ts';

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('buildDataset', () => {
  it('gives the same bytes for the same input', () => {
    const first = buildDataset(FIXTURE_TEXTS).files.map(([path, bytes]) => [path, sha(bytes)]);
    const second = buildDataset(FIXTURE_TEXTS).files.map(([path, bytes]) => [path, sha(bytes)]);
    expect(second).toEqual(first);
    expect(first.map(([path]) => path)).toEqual(Object.values(OUTPUT_FILES));
  });

  it('writes sorted, well-formed outputs', () => {
    const { files, summary } = buildDataset(FIXTURE_TEXTS);
    const file = (path: string) => files.find(([p]) => p === path)![1];
    const perfumes = gunzipSync(file(OUTPUT_FILES.perfumes))
      .toString('utf8')
      .trim()
      .split('\n')
      .map(
        (l) =>
          JSON.parse(l) as {
            id: string;
            chemicals: Array<{ chemical_id: string }>;
            notes: Record<string, string[]>;
          },
      );
    const ids = perfumes.map((p) => p.id);
    expect(ids).toEqual([...ids].sort());
    expect(new Set(ids).size).toBe(ids.length);
    expect(summary.perfumes).toBe(perfumes.length);
    const chemicalIds = new Set(
      (JSON.parse(file(OUTPUT_FILES.chemicals).toString()) as Array<{ id: string }>).map((c) => c.id),
    );
    for (const p of perfumes) for (const c of p.chemicals) expect(chemicalIds.has(c.chemical_id)).toBe(true);
    // Notes are canonicalised to the taxonomy spelling.
    const n5 = perfumes.find((p) => p.id === 'chanel--n-5')!;
    expect(n5.notes.middle).toContain('Lily-of-the-Valley');
    expect(n5.notes.base).toContain('Oakmoss');
    const notes = JSON.parse(file(OUTPUT_FILES.notes).toString()) as Array<{
      name: string;
      category: string | null;
      group: string | null;
    }>;
    expect(notes.map((n) => n.name)).toEqual([...notes.map((n) => n.name)].sort());
    expect(notes.find((n) => n.name === 'Bergamot')).toMatchObject({ category: 'top', group: 'Citrus' });
    expect(notes.find((n) => n.name === 'Saffron')).toMatchObject({ category: null });
    const regions = JSON.parse(file(OUTPUT_FILES.regions).toString()) as Array<{
      code: string;
      chemical_count: number;
    }>;
    expect(regions.map((r) => r.code)).toEqual(['EU', 'US', 'Asia']);
    expect(regions.find((r) => r.code === 'Asia')!.chemical_count).toBe(0);
    expect(regions.find((r) => r.code === 'US')!.chemical_count).toBe(3);
    expect(summary.complete + summary.unspecific).toBe(summary.perfumes);
    expect(summary.decoysStripped.parfumo_data_clean).toBe(3);
  });
});
