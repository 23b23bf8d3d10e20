import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '@scentinel/platform/config';
import pino from 'pino';
import { compose } from '../../services/api/src/compose.ts';
import { ROOT } from './paths.ts';

/** A data dir with the shipped catalogue imported once (and its index snapshot); servers start on copies. */
export const SEED_DIR = path.join(ROOT, '.tmp/e2e-seed');

const READY = path.join(SEED_DIR, '.ready');

export default async function setup(): Promise<void> {
  // Local iteration: E2E_REUSE_SEED=1 keeps a complete seed from an earlier run.
  if (process.env.E2E_REUSE_SEED === '1' && existsSync(READY)) return;
  rmSync(SEED_DIR, { recursive: true, force: true });
  mkdirSync(SEED_DIR, { recursive: true });
  const started = Date.now();
  // Exactly what a first `npm start` does: import the catalogue, build the index, snapshot it on close.
  const config = loadConfig({ DATA_DIR: SEED_DIR, LOG_LEVEL: 'warn' }, ROOT);
  const composed = await compose(config, pino({ level: 'warn' }));
  await composed.close();
  writeFileSync(READY, new Date().toISOString());
  process.stderr.write(`e2e seed ready in ${Date.now() - started} ms (${SEED_DIR})\n`);
}

/** Copies the seeded data dir to `target`. */
export function copySeed(target: string): void {
  if (!existsSync(SEED_DIR)) throw new Error('the e2e seed is missing: run the e2e project (globalSetup)');
  cpSync(SEED_DIR, target, { recursive: true, filter: (src) => src !== READY });
}
