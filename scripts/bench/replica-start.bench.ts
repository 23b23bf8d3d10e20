/**
 * Replica start: how long a fresh server process (`scripts/start.ts`, embedded default) takes from
 * spawn to its first answered `POST /api/perfumes/filter` on the real catalogue, when it loads the
 * binary index snapshot, beside the same start restoring the previous JSON snapshot (every
 * document inserted again) and building the index from the whole event log. Target: ≤ 2 s from
 * the binary snapshot on an idle machine. Also prints the snapshot load time the server logs and
 * the server's resident memory once it answers.
 *
 * The data directory: `BENCH_DATA_DIR` when set, else the e2e seed (`.tmp/e2e-seed`) when present,
 * else a first start imports the shipped catalogue into a temporary one (minutes). Every start runs
 * on its own copy of it.
 *
 *   npm run bench -- replica-start
 *   REPLICA_START_RUNS=5   starts from the binary snapshot (median reported; default 3)
 *   BENCH_TIMEOUT_S=900    the rebuild from the log reads every event back from PGlite (minutes)
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { EventLog } from '@scentinel/platform';
import { loadCatalogueReferenceData, readSnapshotFile } from '@scentinel/platform/search';
import {
  CATALOGUE_PROJECTION_VERSION,
  INDEX_SNAPSHOT_FILE,
  JSON_SNAPSHOT_FILE,
  loadCatalogueIndexSnapshot,
  saveCatalogueSnapshot,
} from '@scentinel/projections';
import { SEED_DIR, SEED_READY } from '../../e2e/support/seed.ts';
import { freePort, ROOT } from '../../e2e/support/server.ts';
import { log, spawnScript } from './lib/app-server.ts';
import { processCpuSeconds } from './lib/proc-cpu.ts';
import { formatRatio, formatTable, median, type TableRow, verdict } from './lib/report.ts';

const TARGET_MS = 2_000;

interface Start {
  /** Spawn → first 200 from the filter call. */
  firstAnswerMs: number;
  /** CPU time the server used until then (all its threads): what the start costs whatever the load. */
  cpuMs: number;
  /** What the server logged for loading its index (`catalogue snapshot restored`), if it did. */
  restoreMs: number | null;
  rssMb: number;
  perfumes: number;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/** Starts the server on `dataDir`, times its first filter answer, stops it (SIGTERM: it saves on close). */
async function timedStart(dataDir: string, timeoutMs: number): Promise<Start> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    SKIP_WEB_BUILD: '1',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.KAFKA_BROKERS;
  delete env.ELASTICSEARCH_URL;
  const started = performance.now();
  const run = spawnScript('scripts/start.ts', env);
  const { child } = run;
  const out = () => run.output();
  const stop = () => run.stop(120_000);
  try {
    const deadline = started + timeoutMs;
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`the server exited with ${child.exitCode}:\n${out().slice(-3000)}`);
      if (performance.now() > deadline) throw new Error(`no answer within ${timeoutMs / 1000} s`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/perfumes/filter`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ limit: 20 }),
        });
        if (res.ok) {
          const body = (await res.json()) as { total?: number };
          const firstAnswerMs = performance.now() - started;
          const cpuMs = processCpuSeconds(child.pid!) * 1000;
          const restored = out()
            .split('\n')
            .filter((l) => l.includes('"catalogue snapshot restored"'))
            .map((l) => JSON.parse(l) as { ms: number })[0];
          return {
            firstAnswerMs,
            cpuMs,
            restoreMs: restored?.ms ?? null,
            rssMb: rssMb(child.pid!),
            perfumes: body.total ?? 0,
          };
        }
      } catch {
        // Not listening yet.
      }
      await sleep(20);
    }
  } finally {
    await stop();
  }
}

/** A data directory with the catalogue imported and a binary snapshot in it. */
async function baseDataDir(tmp: string): Promise<string> {
  const given = process.env.BENCH_DATA_DIR;
  const source = given ? path.resolve(given) : existsSync(SEED_READY) ? SEED_DIR : null;
  const base = path.join(tmp, 'base');
  if (source) {
    log(`data: a copy of ${source}`);
    cpSync(source, base, { recursive: true, filter: (src) => path.basename(src) !== '.ready' });
  } else {
    log('data: importing the shipped catalogue with a first start (minutes)...');
  }
  if (!existsSync(path.join(base, 'snapshots', INDEX_SNAPSHOT_FILE))) {
    // A first start (import, or a restore of the previous format) writes the binary snapshot on close.
    await timedStart(base, 900_000);
  }
  if (!existsSync(path.join(base, 'snapshots', INDEX_SNAPSHOT_FILE))) {
    throw new Error('the first start wrote no binary index snapshot');
  }
  return base;
}

/** The previous format's snapshot of the same index at the same position, made from the binary one. */
async function writeJsonSnapshot(base: string, target: string): Promise<void> {
  const file = path.join(base, 'snapshots', INDEX_SNAPSHOT_FILE);
  const header = (await readSnapshotFile(file)).header as unknown as {
    position: number;
    eventId: string | null;
  };
  // The log is only asked for the id of the event at the snapshot's position.
  const log = {
    readAll: async () => [{ position: header.position, id: header.eventId }],
  } as unknown as EventLog;
  const reference = await loadCatalogueReferenceData(path.join(ROOT, 'data'));
  const loaded = await loadCatalogueIndexSnapshot(file, log, CATALOGUE_PROJECTION_VERSION, reference);
  if (!loaded.restored) throw new Error(`the binary snapshot did not load: ${loaded.reason}`);
  await saveCatalogueSnapshot(target, loaded.index, log, header.position, CATALOGUE_PROJECTION_VERSION);
}

function copyOf(base: string, tmp: string, name: string): string {
  const dir = path.join(tmp, name);
  rmSync(dir, { recursive: true, force: true });
  cpSync(base, dir, { recursive: true });
  return dir;
}

export async function run(): Promise<void> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'scentinel-replica-start-'));
  try {
    const base = await baseDataDir(tmp);
    const runs = Math.max(1, Number(process.env.REPLICA_START_RUNS ?? 3));

    const binary: Start[] = [];
    for (let i = 0; i < runs; i++) {
      binary.push(await timedStart(copyOf(base, tmp, 'binary'), 300_000));
      log(`binary snapshot start ${i + 1}/${runs}: ${binary.at(-1)!.firstAnswerMs.toFixed(0)} ms`);
    }

    const jsonDir = copyOf(base, tmp, 'json');
    rmSync(path.join(jsonDir, 'snapshots', INDEX_SNAPSHOT_FILE));
    await writeJsonSnapshot(base, path.join(jsonDir, 'snapshots', JSON_SNAPSHOT_FILE));
    const json = await timedStart(jsonDir, 600_000);
    log(`previous JSON snapshot start: ${json.firstAnswerMs.toFixed(0)} ms`);

    const rebuildDir = copyOf(base, tmp, 'rebuild');
    rmSync(path.join(rebuildDir, 'snapshots'), { recursive: true, force: true });
    const rebuild = await timedStart(rebuildDir, 900_000);
    log(`full rebuild from the log start: ${rebuild.firstAnswerMs.toFixed(0)} ms`);

    const best = median(binary.map((s) => s.firstAnswerMs));
    const bestCpu = median(binary.map((s) => s.cpuMs));
    const row = (label: string, s: Start, firstAnswerMs = s.firstAnswerMs): TableRow => ({
      start: label,
      'answer total': s.perfumes,
      'first answer ms': Math.round(firstAnswerMs),
      'server CPU ms': Math.round(s.cpuMs),
      'index load ms': s.restoreMs === null ? '-' : s.restoreMs,
      'RSS MB': Math.round(s.rssMb),
      'vs binary': formatRatio(firstAnswerMs, best),
      'CPU vs binary': formatRatio(s.cpuMs, bestCpu),
    });
    const medianStart: Start = {
      ...binary[0]!,
      restoreMs: median(binary.map((s) => s.restoreMs ?? Number.NaN)),
      cpuMs: median(binary.map((s) => s.cpuMs)),
      rssMb: median(binary.map((s) => s.rssMb)),
    };
    process.stdout.write(
      `\n${formatTable([
        row(`binary snapshot (median of ${runs})`, medianStart, best),
        row('previous JSON snapshot', json),
        row('full rebuild from the log', rebuild),
      ])}\n`,
    );
    process.stdout.write(
      `\nfirst answer from the binary snapshot ≤ ${TARGET_MS} ms: ${verdict(best <= TARGET_MS)} (${Math.round(best)} ms; load ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores)\n`,
    );
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
