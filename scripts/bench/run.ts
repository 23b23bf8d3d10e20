/**
 * `npm run bench [-- name ...]`: runs every `scripts/bench/<name>.bench.ts` (or only those named),
 * one after the other, each module's `run()`. A bench that throws (or passes its time limit) is
 * reported and the others still run; the exit code is 1 if any failed. Benches print their own
 * figures as ratios against a peer measured in the same run; this runner only sequences them.
 *
 *   npm run bench                 every bench
 *   npm run bench -- search http  only these, in this order
 *   BENCH_TIMEOUT_S=600           per-bench time limit (default 480 s)
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { stopBenchApp } from './lib/app-server.ts';
import { formatTable, type TableRow } from './lib/report.ts';

const BENCH_DIR = import.meta.dirname;
const SUFFIX = '.bench.ts';

interface BenchModule {
  run?: unknown;
}

/** Every bench name (file name without `.bench.ts`), sorted. */
export function availableBenches(dir = BENCH_DIR): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(SUFFIX))
    .map((f) => f.slice(0, -SUFFIX.length))
    .sort();
}

/** The benches to run for the command-line arguments; throws naming any unknown one. */
export function selectBenches(args: readonly string[], available: readonly string[]): string[] {
  if (args.length === 0) return [...available];
  const names = args.map((a) =>
    path
      .basename(a)
      .replace(/\.bench\.ts$/, '')
      .replace(/\.ts$/, ''),
  );
  const unknown = names.filter((n) => !available.includes(n));
  if (unknown.length > 0) {
    throw new Error(`unknown bench: ${unknown.join(', ')} (available: ${available.join(', ')})`);
  }
  return [...new Set(names)];
}

function timeLimitMs(): number {
  const raw = process.env.BENCH_TIMEOUT_S;
  if (raw === undefined || raw === '') return 480_000;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw new Error(`BENCH_TIMEOUT_S must be a positive number, got '${raw}'`);
  return seconds * 1000;
}

async function runOne(name: string, limitMs: number): Promise<void> {
  const mod = (await import(pathToFileURL(path.join(BENCH_DIR, `${name}${SUFFIX}`)).href)) as BenchModule;
  if (typeof mod.run !== 'function') throw new Error(`${name}${SUFFIX} does not export a run() function`);
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`did not finish within ${limitMs / 1000} s`)), limitMs);
  });
  try {
    await Promise.race([(mod.run as () => Promise<void>)(), limit]);
  } finally {
    clearTimeout(timer);
  }
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(`usage: npm run bench [-- <name> ...]\nbenches: ${availableBenches().join(', ')}\n`);
    return 0;
  }
  let names: string[];
  let limitMs: number;
  try {
    names = selectBenches(args, availableBenches());
    limitMs = timeLimitMs();
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    return 2;
  }

  const summary: TableRow[] = [];
  let failed = 0;
  const startedAll = performance.now();
  for (const name of names) {
    process.stdout.write(`\n━━━ ${name} (scripts/bench/${name}${SUFFIX}) ━━━\n`);
    const started = performance.now();
    let result = 'ok';
    try {
      await runOne(name, limitMs);
    } catch (err) {
      failed++;
      result = `FAILED: ${firstLine(err)}`;
      process.stderr.write(
        `\n${name} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
      );
    }
    summary.push({
      bench: name,
      'time s': Number(((performance.now() - started) / 1000).toFixed(1)),
      result,
    });
  }
  await stopBenchApp().catch((err: unknown) =>
    process.stderr.write(`stopping the bench app: ${firstLine(err)}\n`),
  );

  const total = ((performance.now() - startedAll) / 1000).toFixed(0);
  process.stdout.write(`\n━━━ summary (${names.length} benches, ${total} s) ━━━\n${formatTable(summary)}\n`);
  if (failed > 0) process.stdout.write(`\n${failed} of ${names.length} benches failed\n`);
  return failed > 0 ? 1 : 0;
}

/** The gist of an error for the summary: its first line, plus the first `...Error: ` line below it. */
export function firstLine(err: unknown): string {
  const lines = (err instanceof Error ? err.message : String(err)).split('\n').map((l) => l.trim());
  const head = lines[0] ?? '';
  const cause = lines.slice(1).find((l) => /^\w*Error\b.*:/.test(l));
  const line = cause ? `${head} ${cause}` : head;
  return line.length > 120 ? `${line.slice(0, 117)}...` : line;
}

const isEntry = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (isEntry) {
  // Exit explicitly: a bench that failed midway may leave sockets or timers behind.
  process.exit(await main());
}
