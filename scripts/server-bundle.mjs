/**
 * The API server as plain JavaScript for `npm start`: the workspace's TypeScript sources (from
 * `services/api/src/server.ts` down, `@scentinel/*` packages included) bundled by esbuild into
 * `node_modules/.cache/scentinel-server/<build>/`, so a start runs on Node alone, without a
 * TypeScript loader translating and resolving each of some two hundred source files (that took
 * ~1.5 s of CPU of a replica's start). npm packages stay outside the bundle and load as usual;
 * modules the sources import on demand (the scanner, Kafka, Elasticsearch) stay separate chunks,
 * loaded on demand too.
 *
 * A build is reused while none of its source files changed since it was made (their modification
 * times, checked on every start: a few milliseconds); otherwise the next start builds again
 * (~0.5 s). `import.meta.url` and `import.meta.dirname` in the sources keep their values (the
 * source file's), so paths computed from them still point into the repository.
 *
 * Plain JavaScript on purpose: it runs before anything can load TypeScript.
 */
import { randomUUID } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ENTRY = 'services/api/src/server.ts';
/** Builds other than the current one are removed once this old (a process may still load their chunks). */
const KEEP_OLD_BUILDS_MS = 24 * 3600_000;

/**
 * Where builds and the manifest naming the current one live. It must be inside the repository:
 * the bundle's npm imports resolve from the folders above it (`node_modules`).
 */
export function bundleCacheDir() {
  return path.join(ROOT, 'node_modules/.cache/scentinel-server');
}

/**
 * The current build's entry file when it is still up to date, else null. A build is stale when a
 * file it was made from changed or went away after it was made, or it was made for another
 * checkout or by another version of this script.
 */
export function upToDateBundle(cacheDir = bundleCacheDir()) {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(cacheDir, 'manifest.json'), 'utf8'));
  } catch {
    return null;
  }
  if (manifest.root !== ROOT || manifest.entry !== ENTRY) return null;
  const entry = path.join(cacheDir, manifest.build, 'server.mjs');
  if (!existsSync(entry)) return null;
  for (const input of [...manifest.inputs, path.relative(ROOT, fileURLToPath(import.meta.url))]) {
    let mtime;
    try {
      mtime = statSync(path.join(ROOT, input)).mtimeMs;
    } catch {
      return null;
    }
    if (mtime >= manifest.startedAt) return null;
  }
  return entry;
}

/**
 * esbuild plugin: npm packages stay imports (resolved from the repository's node_modules at run
 * time); the workspace's own packages and files are bundled, with `import.meta.url` /
 * `import.meta.dirname` replaced by the source file's own values.
 */
const workspaceOnly = {
  name: 'workspace-only',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@scentinel/') ? undefined : { path: args.path, external: true },
    );
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const contents = source
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path));
      return { contents, loader: 'ts' };
    });
  },
};

/** Builds the server into a new folder of `cacheDir` and makes it the current build; returns its entry file. */
export async function buildServerBundle(cacheDir = bundleCacheDir()) {
  const esbuild = await import('esbuild');
  const startedAt = Date.now();
  const build = `${startedAt.toString(36)}-${randomUUID().slice(0, 8)}`;
  const outdir = path.join(cacheDir, build);
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: { server: ENTRY },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: `node${process.versions.node.split('.')[0]}`,
    outdir,
    outExtension: { '.js': '.mjs' },
    metafile: true,
    logLevel: 'warning',
    plugins: [workspaceOnly],
  });
  const inputs = Object.keys(result.metafile.inputs).filter((input) => !input.includes('node_modules/'));
  // Written aside, then renamed: starts racing each other each see a whole manifest.
  const manifest = path.join(cacheDir, 'manifest.json');
  const tmp = `${manifest}.${build}.tmp`;
  writeFileSync(tmp, JSON.stringify({ root: ROOT, entry: ENTRY, build, startedAt, inputs }));
  renameSync(tmp, manifest);
  for (const old of readdirSync(cacheDir, { withFileTypes: true })) {
    if (!old.isDirectory() || old.name === build) continue;
    const dir = path.join(cacheDir, old.name);
    if (Date.now() - statSync(dir).mtimeMs > KEEP_OLD_BUILDS_MS)
      rmSync(dir, { recursive: true, force: true });
  }
  return path.join(outdir, 'server.mjs');
}

/** The server's bundled entry file, built first when missing or stale. */
export async function serverBundle(cacheDir = bundleCacheDir()) {
  mkdirSync(cacheDir, { recursive: true });
  return upToDateBundle(cacheDir) ?? (await buildServerBundle(cacheDir));
}
