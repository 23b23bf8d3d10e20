import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { perfumes as perfumesDomain } from '@scentinel/domain';
import { createPgliteClient, PostgresEventLog, type SqlClient } from '@scentinel/platform';
import { catalogueFixtures } from '@scentinel/platform/search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueFiles } from './catalogue-files.ts';
import { importCatalogue } from './catalogue-import.ts';

const { fixtureChemicals, makePerfume, inferLinks } = catalogueFixtures;

function writeCatalogue(dir: string, perfumes: object[], chemicals: object[]) {
  const files = catalogueFiles(dir);
  writeFileSync(files.chemicals, JSON.stringify(chemicals));
  writeFileSync(files.perfumes, gzipSync(perfumes.map((p) => JSON.stringify(p)).join('\n')));
  return files;
}

describe('catalogue import (PGlite event log)', () => {
  let dir: string;
  let sql: SqlClient;
  let log: PostgresEventLog;
  const perfume = (id: string, name: string, notes: string[]) => {
    const p = makePerfume({
      id,
      name,
      brand: 'Maison Test',
      notes: { top: notes, middle: [], base: [], unspecified: [] },
    });
    return { ...p, chemicals: inferLinks(p.notes) };
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'import-'));
    for (const sub of ['catalogue', 'chemicals']) mkdirSync(path.join(dir, sub), { recursive: true });
    sql = await createPgliteClient('memory://');
    log = await PostgresEventLog.create(sql);
  });
  afterAll(async () => {
    await log.close();
    await sql.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('imports every record once, appends nothing on a second run, and only the differences after an update', async () => {
    const chemicals = fixtureChemicals();
    const perfumes = [perfume('p1', 'Rose One', ['Rose']), perfume('p2', 'Lemon Two', ['Lemon'])];
    const files = writeCatalogue(dir, perfumes, chemicals);
    const seen: number[] = [];

    const first = await importCatalogue(log, {
      files,
      onAppended: (events) => void seen.push(...events.map((e) => e.position)),
    });
    expect(first.chemicals.added).toBe(chemicals.length);
    expect(first.perfumes.added).toBe(2);
    expect(first.eventsAppended).toBe(chemicals.length + 2);
    expect(await log.headPosition()).toBe(first.lastPosition);
    // The batches handed to the index are the committed events, positions included.
    const all = await log.readAll({ after: 0, limit: 10_000 });
    expect(seen).toEqual(all.map((e) => e.position));

    // Perfumes are stored compact (schema version 2), with the same links as the record.
    const catalogued = all.filter((e) => e.type === 'PerfumeCatalogued');
    expect(catalogued.map((e) => e.schemaVersion)).toEqual([2, 2]);
    const stored = catalogued[0]!.data as { perfume: perfumesDomain.CompactCataloguePerfume };
    expect(stored.perfume).not.toHaveProperty('chemicals');
    expect(perfumesDomain.inferredLinksOf(stored.perfume.inferred)).toEqual(perfumes[0]!.chemicals);

    const second = await importCatalogue(log, { files });
    expect(second.eventsAppended).toBe(0);
    expect(second.perfumes.unchanged).toBe(2);
    expect(await log.headPosition()).toBe(first.lastPosition);

    // A data update: one perfume renamed, one added. Only those two events are appended.
    const updated = [
      { ...perfumes[0]!, name: 'Rose One Intense' },
      perfumes[1]!,
      perfume('p3', 'Vanilla Three', ['Vanilla']),
    ];
    writeCatalogue(dir, updated, chemicals);
    const third = await importCatalogue(log, { files });
    expect(third.perfumes).toMatchObject({ added: 1, updated: 1, unchanged: 1, rejected: 0 });
    const tail = await log.readAll({ after: first.lastPosition, limit: 100 });
    expect(tail.map((e) => [e.streamId, e.type])).toEqual([
      ['perfume:p1', 'PerfumeCatalogueDataUpdated'],
      ['perfume:p3', 'PerfumeCatalogued'],
    ]);
    expect((tail[0]!.data as { changes: { name: string } }).changes.name).toBe('Rose One Intense');
  });

  it('a log written at schema version 1 (links as objects) reads the same: a re-import appends nothing', async () => {
    const fresh = await createPgliteClient('memory://');
    const freshLog = await PostgresEventLog.create(fresh);
    try {
      const chemicals = fixtureChemicals();
      const records = [
        perfume('v1-rose', 'Rose Old', ['Rose', 'Lemon']),
        perfume('v1-van', 'Vanilla Old', ['Vanilla']),
      ];
      const files = writeCatalogue(dir, records, chemicals);
      await importCatalogue(freshLog, { files, onAppended: () => {} });
      // The same perfumes as an older importer wrote them.
      const older = await createPgliteClient('memory://');
      const olderLog = await PostgresEventLog.create(older);
      try {
        for (const e of await freshLog.readAll({ after: 0, limit: 10_000 })) {
          const v1 =
            e.type === 'PerfumeCatalogued'
              ? {
                  schemaVersion: 1,
                  data: {
                    perfume: perfumesDomain.expandCataloguePerfume(
                      (e.data as perfumesDomain.PerfumeCatalogued['data']).perfume,
                    ),
                  },
                }
              : { schemaVersion: e.schemaVersion, data: e.data };
          await olderLog.append(
            e.streamId,
            [{ id: e.id, type: e.type, metadata: e.metadata, ...v1 }],
            e.version - 1,
          );
        }
        const v1Events = (await olderLog.readAll({ after: 0, limit: 10_000 })).filter(
          (e) => e.type === 'PerfumeCatalogued',
        );
        expect(v1Events.map((e) => e.schemaVersion)).toEqual([1, 1]);
        expect((v1Events[0]!.data as { perfume: { chemicals: unknown } }).perfume.chemicals).toEqual(
          records[0]!.chemicals,
        );
        const again = await importCatalogue(olderLog, { files });
        expect(again.eventsAppended).toBe(0);
        expect(again.perfumes.unchanged).toBe(2);
      } finally {
        await olderLog.close();
        await older.close();
      }
    } finally {
      await freshLog.close();
      await fresh.close();
    }
  });

  it('reports a record the domain refuses and still loads the rest', async () => {
    const chemicals = fixtureChemicals();
    const bad = { ...perfume('p-bad', 'x', ['Rose']), name: '' };
    const files = writeCatalogue(dir, [bad, perfume('p4', 'Good Four', ['Rose'])], chemicals);
    const summary = await importCatalogue(log, { files });
    expect(summary.perfumes.rejected).toBe(1);
    expect(summary.rejections[0]).toMatch(/^perfume:p-bad: /);
    expect(summary.perfumes.added).toBe(1);
  });

  it('retires a record the new catalogue lists as a spelling duplicate and carries its writes over', async () => {
    const fresh = await createPgliteClient('memory://');
    const freshLog = await PostgresEventLog.create(fresh);
    try {
      const chemicals = fixtureChemicals();
      const survivor = perfume('m-no-5', 'No 5', ['Rose']);
      const duplicate = perfume('m-n-5', 'N°5', ['Rose']);
      await importCatalogue(freshLog, { files: writeCatalogue(dir, [survivor, duplicate], chemicals) });
      // Someone declared a chemical on the duplicate before the merge.
      const chemical = chemicals[0]!;
      await freshLog.append(
        'perfume:m-n-5',
        [
          {
            id: '0b6f6a3e-6a55-4d0e-9a43-3f5b7a1c2d01',
            type: 'PerfumeChemicalsAssigned',
            data: {
              perfume_id: 'm-n-5',
              assignment_type: 'add',
              chemicals: [
                {
                  chemical_id: chemical.id,
                  name: chemical.name,
                  concentration_min: null,
                  concentration_max: null,
                },
              ],
              source: 'admin',
              link_kind: 'declared',
              source_id: null,
            },
            metadata: {
              actorId: 'acc-admin',
              actorRole: 'admin',
              requestId: null,
              occurredAt: '2025-01-01T00:00:00.000Z',
            },
          },
        ],
        1,
      );
      const head = await freshLog.headPosition();

      const merged = await importCatalogue(freshLog, {
        files: writeCatalogue(dir, [{ ...survivor, merged_ids: ['m-n-5'] }], chemicals),
      });
      expect(merged.mergedPerfumes).toBe(1);
      const tail = await freshLog.readAll({ after: head, limit: 100 });
      expect(tail.map((e) => [e.streamId, e.type])).toEqual([
        ['perfume:m-no-5', 'PerfumeCatalogueDataUpdated'],
        ['perfume:m-n-5', 'PerfumeMerged'],
        ['perfume:m-no-5', 'PerfumeMergeReceived'],
      ]);
      const received = tail[2]!.data as { declared: { chemical_id: string }[]; from: string };
      expect(received.from).toBe('m-n-5');
      expect(received.declared.map((l) => l.chemical_id)).toEqual([chemical.id]);

      // Running it again appends nothing.
      const again = await importCatalogue(freshLog, {
        files: writeCatalogue(dir, [{ ...survivor, merged_ids: ['m-n-5'] }], chemicals),
      });
      expect(again.eventsAppended).toBe(0);
      expect(again.mergedPerfumes).toBe(0);
    } finally {
      await freshLog.close();
      await fresh.close();
    }
  });
});
