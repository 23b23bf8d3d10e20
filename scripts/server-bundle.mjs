/**
 * The API server as plain JavaScript for `npm start`: the workspace's TypeScript sources (from
 * `services/api/src/server.ts` down, `@scentinel/*` packages included) and most npm packages they
 * import, bundled by esbuild into `node_modules/.cache/scentinel-server/<build>/`, so a start runs
 * on Node alone and loads a few files instead of resolving, reading and compiling some two
 * thousand (through a TypeScript loader, that took ~1.5 s of CPU of a replica's start; the npm
 * packages' files another ~0.3 s). Modules the sources import on demand (the scanner, Kafka,
 * Elasticsearch) stay separate chunks, loaded on demand too.
 *
 * Packages that load WebAssembly or native code or start workers from their own folder at run time
 * (PGlite, the logger's transports, the scanner's libraries) and those loaded only on demand stay
 * plain imports, resolved from the repository's node_modules.
 * In everything bundled, `import.meta.url`, `import.meta.dirname`, `__dirname` and `__filename`
 * keep their values (the original file's). If the bundle cannot be made with the packages in it
 * (an optional dependency missing, say), it is made with every package left as an import.
 *
 * A build is reused while none of its source files changed since it was made (their modification
 * times, checked on every start: a few milliseconds); otherwise the next start builds again
 * (1–2 s).
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
/**
 * Builds other than the current one are removed once this old. A process loads its on-demand
 * chunks within seconds of starting (the scan adapter a second after it listens), so a running
 * server no longer needs its build's files by then.
 */
const KEEP_OLD_BUILDS_MS = 10 * 60_000;

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

/** npm packages left as imports (see above). */
const EXTERNAL_PACKAGES = new Set([
  '@electric-sql/pglite',
  'pino',
  'pino-pretty',
  'thread-stream',
  'sharp',
  'tesseract.js',
  '@tesseract.js-data/eng',
  'zxing-wasm',
  'openai',
  'bullmq',
  'ioredis',
  'kafkajs',
  '@elastic/elasticsearch',
  'esbuild',
]);

const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** The source with the values a file's own location gives replaced by literals of them. */
function pinLocation(source, file, cjs) {
  let out = source
    .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(file).href))
    .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(file)))
    .replaceAll('import.meta.filename', JSON.stringify(file));
  // CommonJS files' own names, unless the file declares a variable of that name itself.
  const pin = (name, value) => {
    if (!cjs || new RegExp(`\\b(?:var|let|const|function)\\s+${name}\\b`).test(out)) return;
    out = out.replace(new RegExp(`\\b${name}\\b`, 'g'), JSON.stringify(value));
  };
  pin('__dirname', path.dirname(file));
  pin('__filename', file);
  return out;
}

/**
 * esbuild plugin: the workspace's own packages and files are bundled, and npm packages unless
 * `allExternal` or listed above; every bundled file keeps its own location's values.
 */
function bundlePlugin(allExternal) {
  return {
    name: 'scentinel-server',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('@scentinel/') || args.path.startsWith('node:')) return undefined;
        return allExternal || EXTERNAL_PACKAGES.has(packageOf(args.path))
          ? { path: args.path, external: true }
          : undefined;
      });
      build.onLoad({ filter: /\.(ts|js|cjs|mjs)$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        const ext = path.extname(args.path);
        const cjs = ext === '.js' || ext === '.cjs';
        return {
          contents: pinLocation(source, args.path, cjs),
          loader: ext === '.ts' ? 'ts' : 'js',
          resolveDir: path.dirname(args.path),
        };
      });
    },
  };
}

/** Builds the server into a new folder of `cacheDir` and makes it the current build; returns its entry file. */
export async function buildServerBundle(cacheDir = bundleCacheDir()) {
  const esbuild = await import('esbuild');
  const startedAt = Date.now();
  const build = `${startedAt.toString(36)}-${randomUUID().slice(0, 8)}`;
  const outdir = path.join(cacheDir, build);
  const options = (allExternal) => ({
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
    logLevel: 'silent',
    // Bundled CommonJS code requires Node's modules and the packages left out through this.
    banner: {
      js: "import { createRequire as __serverBundleRequire } from 'node:module'; const require = __serverBundleRequire(import.meta.url);",
    },
    plugins: [bundlePlugin(allExternal)],
  });
  let result;
  try {
    result = await esbuild.build(options(false));
  } catch {
    rmSync(outdir, { recursive: true, force: true });
    result = await esbuild.build({ ...options(true), logLevel: 'warning' });
  }
  // The bundled packages change with an install, which rewrites npm's lock files.
  const installs = ['package-lock.json', 'node_modules/.package-lock.json'].filter((f) =>
    existsSync(path.join(ROOT, f)),
  );
  const inputs = [
    ...Object.keys(result.metafile.inputs).filter((input) => !input.includes('node_modules/')),
    ...installs,
  ];
  // Written aside, then renamed: starts racing each other each see a whole manifest.
  const manifest = path.join(cacheDir, 'manifest.json');
  const tmp = `${manifest}.${build}.tmp`;
  writeFileSync(tmp, JSON.stringify({ root: ROOT, entry: ENTRY, build, startedAt, inputs }));
  renameSync(tmp, manifest);
  for (const old of readdirSync(cacheDir, { withFileTypes: true })) {
    if (!old.isDirectory() || old.name === build) continue;
    const dir = path.join(cacheDir, old.name);
    try {
      if (Date.now() - statSync(dir).mtimeMs > KEEP_OLD_BUILDS_MS)
        rmSync(dir, { recursive: true, force: true });
    } catch (error) {
      // Another start racing this one removed it first.
      if (error?.code !== 'ENOENT') throw error;
    }
  }
  return path.join(outdir, 'server.mjs');
}

/** The server's bundled entry file, built first when missing or stale. */
export async function serverBundle(cacheDir = bundleCacheDir()) {
  mkdirSync(cacheDir, { recursive: true });
  return upToDateBundle(cacheDir) ?? (await buildServerBundle(cacheDir));
}
