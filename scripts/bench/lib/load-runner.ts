/**
 * One autocannon load in a process of its own (the HTTP bench runs one per target, so no target
 * inherits another's JIT or heap state in the client). Reads a `LoadSpec` as JSON from argv[2],
 * runs the warm-up and the measured run, and prints a `LoadResult` as JSON on its last line.
 *
 * `decodeBodies: false` turns off what autocannon 9.0 does with every response body, appending it
 * to a string (`pipelinedRequestsQueue.addBody`: a UTF-8 decode per answer), kept only for its
 * `onResponse` / `verifyBody` / `expectBody` options, which these loads do not use. The bytes are
 * still received, parsed and counted.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import autocannon from 'autocannon';
import { processCpuSeconds } from './proc-cpu.ts';

export interface LoadSpec {
  url: string;
  body: string;
  headers: Record<string, string>;
  connections: number;
  warmupSeconds: number;
  seconds: number;
  /** Instead of running `seconds`: send exactly this many requests and wait for every answer. */
  amount?: number;
  decodeBodies: boolean;
  /** The server answering (its CPU time over the measured run is reported). */
  serverPid?: number;
  /** A new query each request: `pathPrefix` + 0, 1, 2, … (modulo `pages`). */
  cycle?: { pathPrefix: string; pages: number };
  /** A replayed log: a JSON-lines file of `{ path, body }` requests, sent in order (wrapping around). */
  logFile?: string;
}

export interface LoadResult {
  reqPerSec: number;
  p50: number;
  p99: number;
  total: number;
  /** Answers with a 2xx status. */
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  wallSeconds: number;
  clientCpuSeconds: number;
  serverCpuSeconds: number | null;
}

const spec = JSON.parse(process.argv[2] ?? '') as LoadSpec;
if (!spec.decodeBodies) {
  const queue = createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js') as {
    prototype: { addBody(data: Buffer): void };
  };
  queue.prototype.addBody = () => {};
}
let next = 0;
const cycle = spec.cycle;
const replay = spec.logFile
  ? readFileSync(spec.logFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { path: string; body: string })
  : null;
const options = {
  url: spec.url,
  method: 'POST' as const,
  headers: spec.headers,
  body: spec.body,
  connections: spec.connections,
  ...(cycle
    ? {
        requests: [
          {
            setupRequest: (request: autocannon.Request) => ({
              ...request,
              path: `${cycle.pathPrefix}${next++ % cycle.pages}`,
            }),
          },
        ],
      }
    : {}),
  ...(replay
    ? {
        requests: [
          {
            setupRequest: (request: autocannon.Request) => {
              const entry = replay[next++ % replay.length]!;
              return { ...request, path: entry.path, body: entry.body };
            },
          },
        ],
      }
    : {}),
};
if (spec.warmupSeconds > 0) await autocannon({ ...options, duration: spec.warmupSeconds });
const server0 = spec.serverPid ? processCpuSeconds(spec.serverPid) : Number.NaN;
const client0 = process.cpuUsage();
const t0 = performance.now();
const r = await autocannon({
  ...options,
  ...(spec.amount === undefined ? { duration: spec.seconds } : { amount: spec.amount }),
});
const wallSeconds = (performance.now() - t0) / 1000;
const client = process.cpuUsage(client0);
const result: LoadResult = {
  reqPerSec: r.requests.average,
  p50: r.latency.p50,
  p99: r.latency.p99,
  total: r.requests.total,
  ok: r['2xx'],
  non2xx: r.non2xx,
  errors: r.errors,
  timeouts: r.timeouts,
  wallSeconds,
  clientCpuSeconds: (client.user + client.system) / 1e6,
  serverCpuSeconds: spec.serverPid ? processCpuSeconds(spec.serverPid) - server0 : null,
};
process.stdout.write(`${JSON.stringify(result)}\n`);
