import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServerBundle, serverBundle, upToDateBundle } from './server-bundle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Inside the repository, as the real cache: the bundle's npm imports resolve from its node_modules.
await mkdir(path.join(root, 'node_modules/.cache'), { recursive: true });
const tmp = await mkdtemp(path.join(root, 'node_modules/.cache/server-bundle-test-'));
afterAll(() => rm(tmp, { recursive: true, force: true }));

const SCANNER_LIBRARIES = ['tesseract.js', 'sharp', 'openai', 'zxing-wasm'];

interface Manifest {
  build: string;
  startedAt: number;
  inputs: string[];
  root: string;
}

describe('the server bundle npm start runs', () => {
  const cache = path.join(tmp, 'cache');
  const manifestFile = path.join(cache, 'manifest.json');
  let entry = '';

  it('is built once and reused while its sources are unchanged', async () => {
    entry = await serverBundle(cache);
    expect(existsSync(entry)).toBe(true);
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest;
    // It is made from the workspace's sources (the API and the packages it imports) and the
    // installed npm packages, which only change with an install (npm's lock files).
    expect(manifest.inputs).toContain('services/api/src/server.ts');
    expect(manifest.inputs.some((f) => f.startsWith('services/platform/src/'))).toBe(true);
    expect(manifest.inputs.filter((f) => f.includes('node_modules/'))).toEqual(
      existsSync(path.join(root, 'node_modules/.package-lock.json'))
        ? ['node_modules/.package-lock.json']
        : [],
    );
    expect(await serverBundle(cache)).toBe(entry);
  }, 120_000);

  it('is stale when a source changed after it was built, went away, or it belongs to another checkout', async () => {
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest;
    const write = (m: Manifest) => writeFile(manifestFile, JSON.stringify(m));
    await write({ ...manifest, startedAt: 0 });
    expect(upToDateBundle(cache)).toBeNull();
    await write({ ...manifest, inputs: [...manifest.inputs, 'services/api/src/gone.ts'] });
    expect(upToDateBundle(cache)).toBeNull();
    await write({ ...manifest, root: path.join(tmp, 'elsewhere') });
    expect(upToDateBundle(cache)).toBeNull();
    await write(manifest);
    expect(upToDateBundle(cache)).toBe(entry);
    // A rebuild makes a new build current.
    const rebuilt = await buildServerBundle(cache);
    expect(rebuilt).not.toBe(entry);
    expect(upToDateBundle(cache)).toBe(rebuilt);
    entry = rebuilt;
  }, 120_000);

  it('loads on Node alone: no TypeScript file, Fastify from the bundle, none of the scanner libraries', async () => {
    const list = path.join(tmp, 'loaded.txt');
    await promisify(execFile)(
      process.execPath,
      [path.join(root, 'services/api/src/testing/list-loaded-modules.mjs'), entry, list],
      { cwd: root, env: { ...process.env, LOG_LEVEL: 'silent' }, timeout: 120_000 },
    );
    const urls = (await readFile(list, 'utf8')).split('\n').filter(Boolean);
    // Packages left as imports load from node_modules (the logger); bundled ones do not.
    expect(urls.some((url) => url.includes('/node_modules/pino/'))).toBe(true);
    expect(urls.some((url) => url.includes('/node_modules/fastify/'))).toBe(false);
    expect(urls.filter((url) => url.endsWith('.ts'))).toEqual([]);
    const scanner = SCANNER_LIBRARIES.filter((name) =>
      urls.some((url) => url.includes(`/node_modules/${name}/`)),
    );
    expect(scanner).toEqual([]);
  }, 120_000);
});
