/**
 * Catalogue snapshots on start: the binary snapshot is used only when it belongs to this log, its
 * versions match and its bytes are intact; otherwise the start builds the index from the log. A
 * snapshot in the previous format is still read when no binary one exists.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { InMemoryEventLog } from '@scentinel/platform';
import { InProcessSearchIndex } from '@scentinel/platform/search';
import { afterAll, describe, expect, it } from 'vitest';
import {
  fixtureChemicals,
  fixtureNotes,
  fixtureRegions,
  generateCatalogue,
} from '../../../platform/src/search/catalogue.fixtures.ts';
import { createCatalogueProjection } from './catalogue.projection.ts';
import {
  INDEX_SNAPSHOT_FILE,
  JSON_SNAPSHOT_FILE,
  openCatalogueIndex,
  prefetchCatalogueIndex,
  saveCatalogueIndex,
  saveCatalogueSnapshot,
} from './catalogue-snapshot.ts';

const reference = { regions: fixtureRegions, notes: fixtureNotes };
const root = mkdtempSync(path.join(os.tmpdir(), 'catalogue-snapshot-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const meta = { actorId: null, actorRole: null, requestId: null, occurredAt: '2025-01-01T00:00:00.000Z' };

async function seededLog(perfumes: number): Promise<InMemoryEventLog> {
  const log = new InMemoryEventLog();
  await log.appendMany([
    ...fixtureChemicals().map((chemical) => ({
      streamId: `chemical:${chemical.id}`,
      expectedVersion: 'any' as const,
      events: [
        {
          id: randomUUID(),
          type: 'ChemicalAdded',
          data: { chemical, source: 'catalogue_import', contribution_id: null },
          metadata: meta,
        },
      ],
    })),
    ...generateCatalogue(21, perfumes).map((d) => ({
      streamId: `perfume:${d.perfume.id}`,
      expectedVersion: 'any' as const,
      events: [{ id: randomUUID(), type: 'PerfumeCatalogued', data: { perfume: d.perfume }, metadata: meta }],
    })),
  ]);
  return log;
}

/** The index a start builds from the whole log. */
async function built(log: InMemoryEventLog): Promise<{ index: InProcessSearchIndex; position: number }> {
  const index = new InProcessSearchIndex(reference);
  const projection = createCatalogueProjection(index);
  await projection.applyAll(await log.readAll({ after: 0 }));
  return { index, position: projection.position };
}

const queries = [
  { skip: 0, limit: 50 },
  { text: 'ros', skip: 0, limit: 20 },
  { text: 'eclta', skip: 0, limit: 20 },
  { include_chemicals: ['Linalool'], category: 'complete' as const, skip: 5, limit: 20 },
  { exclude_chemicals: ['78-70-6'], include_notes: ['Rose'], skip: 0, limit: 20 },
];

async function answers(index: InProcessSearchIndex) {
  return { pages: queries.map((q) => index.searchSync(q)), stats: await index.stats() };
}

describe('catalogue snapshots on start', () => {
  it('loads the binary snapshot of this log and continues from its position', async () => {
    const log = await seededLog(400);
    const { index, position } = await built(log);
    const dir = path.join(root, 'own');
    const saved = await saveCatalogueIndex(dir, index, log, position, 1);
    expect(saved.perfumes).toBe(400);
    const opened = await openCatalogueIndex(dir, log, 1, reference);
    expect(opened.outcome).toMatchObject({ restored: true, from: 'index', position, perfumes: 400 });
    expect(opened.position).toBe(position);
    expect(await answers(opened.index)).toEqual(await answers(index));

    // Events after the snapshot are applied on top of it, like on a start.
    const more = generateCatalogue(22, 30);
    await log.appendMany(
      more.map((d) => ({
        streamId: `perfume:${d.perfume.id}`,
        expectedVersion: 'any' as const,
        events: [
          { id: randomUUID(), type: 'PerfumeCatalogued', data: { perfume: d.perfume }, metadata: meta },
        ],
      })),
    );
    const projection = createCatalogueProjection(opened.index, opened.position);
    await projection.applyAll(await log.readAll({ after: opened.position }));
    expect(await answers(opened.index)).toEqual(await answers((await built(log)).index));
  });

  it('loads the same from a read started earlier, and refuses a damaged one read that way too', async () => {
    const log = await seededLog(150);
    const { index, position } = await built(log);
    const dir = path.join(root, 'prefetched');
    expect(prefetchCatalogueIndex(dir)).toBeUndefined();
    await saveCatalogueIndex(dir, index, log, position, 1);
    const opened = await openCatalogueIndex(dir, log, 1, reference, prefetchCatalogueIndex(dir));
    expect(opened.outcome).toMatchObject({ restored: true, from: 'index', position, perfumes: 150 });
    expect(await answers(opened.index)).toEqual(await answers(index));

    const file = path.join(dir, INDEX_SNAPSHOT_FILE);
    writeFileSync(file, readFileSync(file).subarray(0, 100));
    const damaged = await openCatalogueIndex(dir, log, 1, reference, prefetchCatalogueIndex(dir));
    expect(damaged.outcome.restored).toBe(false);
    expect(damaged.position).toBe(0);
  });

  it('holds the index as it was at the position saved, whatever is applied while the file is written', async () => {
    const log = await seededLog(200);
    const { index, position } = await built(log);
    const before = await answers(index);
    const dir = path.join(root, 'during');
    const saving = saveCatalogueIndex(dir, index, log, position, 1);
    // Applied while the save awaits the log and the disk.
    for (const d of generateCatalogue(23, 50)) index.upsertPerfume(d);
    index.removePerfume('p-21-0');
    await saving;
    const opened = await openCatalogueIndex(dir, log, 1, reference);
    expect(opened.outcome).toMatchObject({ restored: true, position, perfumes: 200 });
    expect(await answers(opened.index)).toEqual(before);
  });

  it('ignores a snapshot of another log, of another version, or damaged, and starts empty', async () => {
    const log = await seededLog(120);
    const { index, position } = await built(log);
    const dir = path.join(root, 'refused');
    await saveCatalogueIndex(dir, index, log, position, 1);
    const file = path.join(dir, INDEX_SNAPSHOT_FILE);
    const good = readFileSync(file);

    // Same positions, other event ids: a wiped and re-imported log.
    const other = await seededLog(120);
    const cases: [string, () => Promise<Awaited<ReturnType<typeof openCatalogueIndex>>>][] = [
      ['another log', () => openCatalogueIndex(dir, other, 1, reference)],
      ['another projection version', () => openCatalogueIndex(dir, log, 2, reference)],
      [
        'a damaged section',
        () => {
          const bad = Buffer.from(good);
          bad[good.length - 64]! ^= 0x10;
          writeFileSync(file, bad);
          return openCatalogueIndex(dir, log, 1, reference);
        },
      ],
      [
        'a truncated file',
        () => {
          writeFileSync(file, good.subarray(0, good.length - 1000));
          return openCatalogueIndex(dir, log, 1, reference);
        },
      ],
    ];
    for (const [label, open] of cases) {
      const opened = await open();
      expect(opened.outcome.restored, label).toBe(false);
      expect(opened.position, label).toBe(0);
      expect((await opened.index.stats()).total_perfumes, label).toBe(0);
      // What the start then does: build from the log, which gives the same index.
      const projection = createCatalogueProjection(opened.index, opened.position);
      await projection.applyAll(await (label === 'another log' ? other : log).readAll({ after: 0 }));
      expect(await answers(opened.index), label).toEqual(await answers(index));
    }
    writeFileSync(file, good);
    expect((await openCatalogueIndex(dir, log, 1, reference)).outcome.restored).toBe(true);
  });

  it('reads a snapshot in the previous format when there is no binary one, and the next save replaces it', async () => {
    const log = await seededLog(150);
    const { index, position } = await built(log);
    const dir = path.join(root, 'previous');
    await saveCatalogueSnapshot(path.join(dir, JSON_SNAPSHOT_FILE), index, log, position, 1);
    const opened = await openCatalogueIndex(dir, log, 1, reference);
    expect(opened.outcome).toMatchObject({ restored: true, from: 'json', position });
    expect(await answers(opened.index)).toEqual(await answers(index));
    await saveCatalogueIndex(dir, opened.index, log, position, 1);
    expect(existsSync(path.join(dir, JSON_SNAPSHOT_FILE))).toBe(false);
    expect((await openCatalogueIndex(dir, log, 1, reference)).outcome).toMatchObject({ from: 'index' });
  });
});
