import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { catalogueFiles, catalogueFilesExist, importCatalogue } from '@scentinel/importer';
import { openStore } from '@scentinel/platform/store';
import { ROOT } from './paths.ts';

/** A PGlite data dir with the shipped catalogue imported once; each e2e server starts on a copy. */
export const SEED_DIR = path.join(ROOT, '.tmp/e2e-seed');

export default async function setup(): Promise<void> {
  const files = catalogueFiles(path.join(ROOT, 'data'));
  if (!catalogueFilesExist(files)) throw new Error('e2e needs the shipped catalogue in data/ (npm run data:build)');
  rmSync(SEED_DIR, { recursive: true, force: true });
  mkdirSync(SEED_DIR, { recursive: true });
  const store = await openStore({ dataDir: SEED_DIR, databaseSchema: 'public', databaseUrl: undefined });
  try {
    const started = Date.now();
    const summary = await importCatalogue(store.eventLog, { files });
    process.stderr.write(
      `e2e seed: ${summary.eventsAppended} events imported in ${Date.now() - started} ms into ${SEED_DIR}\n`,
    );
  } finally {
    await store.close();
  }
}

/** Copies the seeded data dir to `target` (PGlite keeps its database in `<DATA_DIR>/pglite`). */
export function copySeed(target: string): void {
  if (!existsSync(SEED_DIR)) throw new Error('the e2e seed is missing: run the e2e project (globalSetup)');
  cpSync(SEED_DIR, target, { recursive: true });
}
