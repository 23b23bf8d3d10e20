import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FIRST_START, type FirstStart, SEED_DIR, SEED_READY } from './seed.ts';
import { startServer } from './server.ts';

/**
 * Runs the product's first start once, exactly as `npm start` does on an empty data dir (the
 * catalogue import, the index build, the snapshot written on shutdown), and keeps that data dir as
 * the seed every e2e server starts a copy of. Starting a copy is the product's restart path.
 */
export default async function setup(): Promise<void> {
  // Local iteration: E2E_REUSE_SEED=1 keeps a complete seed from an earlier run.
  if (process.env.E2E_REUSE_SEED === '1' && existsSync(SEED_READY)) return;
  rmSync(SEED_DIR, { recursive: true, force: true });
  mkdirSync(SEED_DIR, { recursive: true });
  const started = Date.now();
  const server = await startServer({ dataDir: SEED_DIR, timeoutMs: 900_000 });
  try {
    const categorization = await getJson(`${server.url}/api/categorize-perfumes`);
    const health = (await getJson(`${server.url}/api/health`)) as { event_log: { position: number } };
    const record: FirstStart = { categorization, head: health.event_log.position };
    writeFileSync(FIRST_START, JSON.stringify(record));
  } finally {
    // Shutting down writes the index snapshot the copies start from: give it time on a busy machine.
    await server.stop({ graceMs: 180_000 });
  }
  const snapshots = path.join(SEED_DIR, 'snapshots');
  if (!existsSync(snapshots) || readdirSync(snapshots).length === 0)
    throw new Error(`the first start wrote no index snapshot:\n${server.output()}`);
  writeFileSync(SEED_READY, new Date().toISOString());
  process.stderr.write(`e2e seed ready in ${Date.now() - started} ms (${SEED_DIR})\n`);
}

async function getJson(url: string): Promise<unknown> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return res.json();
}
