/**
 * `npm start`: the whole product in one process on the embedded default (PGlite on disk,
 * in-process projectors, index and scan queue), or on the servers the environment names
 * (`DATABASE_URL`, `REDIS_URL`, ...). Builds the web client first when it is missing or older
 * than its sources, then runs the API server from its JavaScript bundle (`server-bundle.mjs`,
 * rebuilt when a source changed), on Node alone.
 *
 * Plain JavaScript on purpose: no TypeScript loader is needed to start the product.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serverBundle } from './server-bundle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function webNeedsBuild() {
  const index = path.join(root, 'web/dist/index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return ['web/src', 'web/index.html', 'web/vite.config.ts', 'web/public']
    .map((p) => path.join(root, p))
    .filter(existsSync)
    .some((p) => (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs) > built);
}

if (process.env.SKIP_WEB_BUILD !== '1' && webNeedsBuild()) {
  process.stderr.write('Building the web client (web/dist)...\n');
  const res = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) {
    process.stderr.write('The web client failed to build; see the output above.\n');
    process.exit(res.status ?? 1);
  }
}

const { main } = await import(pathToFileURL(await serverBundle()).href);
await main();
