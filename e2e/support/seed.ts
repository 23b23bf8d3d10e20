import { cpSync, existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './paths.ts';

/**
 * A data dir where `npm start` imported the shipped catalogue once (with its index snapshot);
 * servers start on copies. E2E_SEED_DIR puts it elsewhere (to build a second seed beside one in use).
 */
export const SEED_DIR = process.env.E2E_SEED_DIR ?? path.join(ROOT, '.tmp/e2e-seed');

/** Written last: the seed is complete. */
export const SEED_READY = path.join(SEED_DIR, '.ready');

/** What the first start answered before it stopped (catalogue categorisation and log head), for the restart test. */
export const FIRST_START = path.join(SEED_DIR, '.first-start.json');

export interface FirstStart {
  categorization: unknown;
  head: number;
}

/** Copies the seeded data dir to `target`. */
export function copySeed(target: string): void {
  if (!existsSync(SEED_READY)) throw new Error('the e2e seed is missing: run the e2e project (globalSetup)');
  cpSync(SEED_DIR, target, { recursive: true, filter: (src) => src !== SEED_READY && src !== FIRST_START });
}
