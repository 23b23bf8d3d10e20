import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const tmp = await mkdtemp(path.join(os.tmpdir(), 'api-imports-'));
afterAll(() => rm(tmp, { recursive: true, force: true }));

/** The scanner's heavy libraries: OCR, image decoding, the vision client and the barcode reader. */
const SCANNER_LIBRARIES = ['tesseract.js', 'sharp', 'openai', 'zxing-wasm'];

/** The packages (under node_modules) a fresh Node process resolves while importing `modulePath`. */
async function packagesLoadedBy(modulePath: string): Promise<Set<string>> {
  const list = path.join(tmp, `${path.basename(modulePath)}-${Date.now()}.txt`);
  await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', path.join(here, 'testing/list-loaded-modules.mjs'), modulePath, list],
    { cwd: root, env: { ...process.env, LOG_LEVEL: 'silent' }, timeout: 120_000 },
  );
  const urls = (await readFile(list, 'utf8')).split('\n').filter(Boolean);
  const packages = new Set<string>();
  for (const url of urls) {
    const match = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
    if (match) packages.add(match[1]!);
  }
  return packages;
}

describe('what loading the API loads', () => {
  it('the server entry (app, routes and the composition root) loads no scanner library', async () => {
    const loaded = await packagesLoadedBy(path.join(here, 'server.ts'));
    // The check sees the API's own dependencies…
    expect(loaded.has('fastify')).toBe(true);
    // …and none of the scanner's: the composition root imports the scan adapters on demand.
    expect(SCANNER_LIBRARIES.filter((name) => loaded.has(name))).toEqual([]);
  }, 150_000);

  it('the BullMQ scan adapter the API enqueues through loads none either', async () => {
    const loaded = await packagesLoadedBy(
      path.join(root, 'services/worker/src/scans/queue/bullmq-scan-service.ts'),
    );
    expect(loaded.has('bullmq')).toBe(true);
    expect(SCANNER_LIBRARIES.filter((name) => loaded.has(name))).toEqual([]);
  }, 150_000);

  it('notices a scanner library when one is loaded (the in-process engine)', async () => {
    const loaded = await packagesLoadedBy(path.join(root, 'services/worker/src/scans/scan-service.ts'));
    expect(SCANNER_LIBRARIES.filter((name) => loaded.has(name))).toEqual(
      expect.arrayContaining(['tesseract.js', 'sharp']),
    );
  }, 150_000);
});
