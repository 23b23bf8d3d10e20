/**
 * HTTP bench: `POST /api/perfumes/filter` throughput of the real app (scripts/start.ts as a child
 * process, embedded mode, the shipped catalogue) beside a Fastify hello-world (its own process too) parsing
 * the same request, each load run by autocannon in a fresh process of its own (`lib/load-runner.ts`)
 * with the same connections and duration. Target: the app serves >= 0.5x the hello-world's requests per second.
 *
 * Requests carry Chromium's `accept-encoding: gzip, deflate, br`, as the web client's do. The second
 * peer sends the bytes the app sends for the filter answer after its filter runs. App workloads,
 * as the web client sends them (paging and search in the query string):
 * - filter: include the most common chemical, exclude a common note, allergen_free false;
 * - filter + search: the same filter and a text query;
 * - filter, a new page each request: the same filter with a different `skip` every time, so no
 *   answer is ever reused from the app's answer cache (`services/api/src/http/answer-cache.ts`):
 *   what a query nobody asked before costs. Shown, not judged: repeated answers are the target's
 *   workload (autocannon repeats one request), this row keeps the cost of a first answer in view.
 *
 * Each row also shows the server's CPU time per answer and how busy the server and autocannon
 * were: on 2 cores the two share the machine, and a row whose autocannon is near 100 % while the
 * server is not is limited by the client, not by the server.
 *
 * autocannon as shipped (9.0) appends every response body to a string (`req.body += chunk`), a
 * UTF-8 decode of each answer, kept only for its `onResponse` / `verifyBody` / `expectBody` options,
 * which this bench does not use. For a 10 kB brotli answer that decode costs the client more than
 * the server spends answering, so the judged rows run with it turned off (the bytes are still
 * received and counted); a second table repeats hello-world, the ready-made answer and the app's
 * filter with autocannon as shipped, for comparison.
 *
 *   npx tsx scripts/bench/http.bench.ts      (BENCH_HTTP_SECONDS=10, BENCH_HTTP_CONNECTIONS=10)
 */

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { benchApp, ROOT, startScriptServer, stopBenchApp } from './lib/app-server.ts';
import type { LoadResult, LoadSpec } from './lib/load-runner.ts';
import { formatRatio, printTable, type TableRow, verdict } from './lib/report.ts';

const TARGET_RATIO = 0.5;

/** Whether the loads let autocannon decode and keep each response body (as shipped). */
let decodeBodies = false;
const LOAD_RUNNER = path.join(ROOT, 'scripts/bench/lib/load-runner.ts');
const SEARCH_TEXT = 'rose';
const WARMUP_SECONDS = 2;

interface Load {
  name: string;
  url: string;
  body: string;
  /** The server process answering (its CPU time is measured). */
  pid: number | undefined;
  /** A new query each request (see `LoadSpec.cycle`). */
  cycle?: { pathPrefix: string; pages: number };
}

/** What Chromium sends: the app may answer compressed, as it does to the web client. */
const ACCEPT_ENCODING = 'gzip, deflate, br';

interface Measured {
  reqPerSec: number;
  p50: number;
  p99: number;
  /** Server CPU time per answer (µs) and the share of the run the server / autocannon were busy. */
  serverUsPerReq: number;
  serverBusy: number;
  clientBusy: number;
}

interface CardSample {
  chemicals: { chemical_id: string; name: string }[];
  notes: { top: string[]; middle: string[]; base: string[]; unspecified: string[] };
}

function positiveIntEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${name} must be a positive integer, got '${raw}'`);
  return value;
}

function mostCommon(values: Iterable<string>, except: ReadonlySet<string> = new Set()): string {
  const counts = new Map<string, number>();
  for (const v of values) if (!except.has(v)) counts.set(v, (counts.get(v) ?? 0) + 1);
  const best = [...counts].sort((a, b) => b[1] - a[1])[0];
  if (!best) throw new Error('no value to choose from');
  return best[0];
}

/** The body the web client posts for one included chemical and one excluded note. */
async function filterBody(appUrl: string): Promise<{ body: string; chemical: string; note: string }> {
  const res = await fetch(`${appUrl}/api/perfumes/enhanced?limit=200`);
  if (!res.ok) throw new Error(`GET /api/perfumes/enhanced answered ${res.status}`);
  const { perfumes } = (await res.json()) as { perfumes: CardSample[] };
  const chemicalNames = new Map<string, string>();
  const chemicalId = mostCommon(
    perfumes.flatMap((p) =>
      p.chemicals.map((c) => {
        chemicalNames.set(c.chemical_id, c.name);
        return c.chemical_id;
      }),
    ),
  );
  const note = mostCommon(
    perfumes.flatMap((p) => [...p.notes.top, ...p.notes.middle, ...p.notes.base, ...p.notes.unspecified]),
  );
  const body = JSON.stringify({
    include_chemicals: [chemicalId],
    exclude_chemicals: [],
    include_notes: [],
    exclude_notes: [note],
    brands: [],
    allergen_free: false,
    category: null,
  });
  return { body, chemical: chemicalNames.get(chemicalId) ?? chemicalId, note };
}

/** Runs one load with autocannon in a fresh process (`lib/load-runner.ts`). */
async function load(target: Load, seconds: number, connections: number): Promise<Measured> {
  const spec: LoadSpec = {
    url: target.url,
    body: target.body,
    headers: { 'content-type': 'application/json', 'accept-encoding': ACCEPT_ENCODING },
    connections,
    warmupSeconds: WARMUP_SECONDS,
    seconds,
    decodeBodies,
    ...(target.pid ? { serverPid: target.pid } : {}),
    ...(target.cycle ? { cycle: target.cycle } : {}),
  };
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', LOAD_RUNNER, JSON.stringify(spec)], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.on('data', (d) => {
      stdout += String(d);
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`${target.name}: the load runner exited with ${code}`)),
    );
  });
  const r = JSON.parse(out.trim().split('\n').at(-1) ?? '') as LoadResult;
  if (r.non2xx > 0 || r.errors > 0) {
    throw new Error(
      `${target.name}: ${r.non2xx} non-2xx answers and ${r.errors} connection errors (${r.timeouts} timeouts) out of ${r.total}`,
    );
  }
  const server = r.serverCpuSeconds ?? Number.NaN;
  return {
    reqPerSec: r.reqPerSec,
    p50: r.p50,
    p99: r.p99,
    serverUsPerReq: (server * 1e6) / r.total,
    serverBusy: server / r.wallSeconds,
    clientBusy: r.clientCpuSeconds / r.wallSeconds,
  };
}

/** The app's answer, as JSON and as the bytes it sends a client accepting brotli. */
async function answer(
  url: string,
  body: string,
): Promise<{ total: number; text: string; encoded: Buffer; encoding: string }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${url} answered ${res.status}: ${text.slice(0, 300)}`);
  // fetch() would decode: node:http gives the bytes as sent.
  const { encoded, encoding } = await new Promise<{ encoded: Buffer; encoding: string }>(
    (resolve, reject) => {
      const req = http.request(
        url,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'accept-encoding': ACCEPT_ENCODING },
        },
        (r) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () =>
            resolve({
              encoded: Buffer.concat(chunks),
              encoding: String(r.headers['content-encoding'] ?? ''),
            }),
          );
          r.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    },
  );
  return { total: (JSON.parse(text) as { total: number }).total, text, encoded, encoding };
}

export async function run(): Promise<void> {
  const seconds = positiveIntEnv('BENCH_HTTP_SECONDS', 10);
  const connections = positiveIntEnv('BENCH_HTTP_CONNECTIONS', 10);
  const app = await benchApp();
  const { body, chemical, note } = await filterBody(app.url);
  const filterUrl = `${app.url}/api/perfumes/filter?limit=50&skip=0`;
  const searchUrl = `${filterUrl}&search=${SEARCH_TEXT}`;
  const filtered = await answer(filterUrl, body);
  const searched = await answer(searchUrl, body);
  process.stdout.write(
    `  workload: include chemical '${chemical}', exclude note '${note}', allergen_free false, 50 per page:` +
      ` ${filtered.total} matches, ${kB(filtered.text.length)} answer;` +
      ` with search '${SEARCH_TEXT}': ${searched.total} matches, ${kB(searched.text.length)}\n` +
      `  autocannon: ${connections} connections, ${WARMUP_SECONDS} s warm-up + ${seconds} s per target, response bodies counted, not decoded; app LOG_LEVEL=warn\n`,
  );

  // The hello-world runs once before the app's rows and once after, and the peer is their mean, so
  // a quieter or busier stretch of the machine does not land on one side of the ratio only.
  const helloScript = path.join(ROOT, 'scripts/bench/lib/hello-world.server.ts');
  const plainHello = await startScriptServer(helloScript);
  try {
    await measureAll({
      name: 'hello-world',
      url: `${plainHello.url}/api/perfumes/filter`,
      body,
      pid: plainHello.pid,
    });
  } finally {
    await plainHello.stop();
  }

  async function measureAll(helloPeer: Load): Promise<void> {
    const helloBefore = await load(helloPeer, seconds, connections);

    // The app next; the ready-made answer's peer after, so it can send exactly the bytes the app
    // sends a client now (a hot answer's brotli is remade at a higher quality while the app is loaded).
    const measured: { name: string; m: Measured; judged: boolean }[] = [];
    const targets: Load[] = [
      { name: 'filter', url: filterUrl, body, pid: app.pid },
      { name: `filter + search '${SEARCH_TEXT}'`, url: searchUrl, body, pid: app.pid },
    ];
    for (const target of targets) {
      measured.push({
        name: `app: ${target.name}`,
        m: await load(target, seconds, connections),
        judged: true,
      });
    }
    // Before the next run fills the app's cache with other pages.
    const sentNow = await answer(filterUrl, body);
    // A different page every request (skip 0, 1, 2, …): never answered from the cache.
    const pages = Math.max(1, filtered.total - 50);
    const fresh: Load = {
      name: 'filter, a new page each request',
      url: filterUrl,
      body,
      pid: app.pid,
      cycle: { pathPrefix: '/api/perfumes/filter?limit=50&skip=', pages },
    };
    measured.push({ name: `app: ${fresh.name}`, m: await load(fresh, seconds, connections), judged: false });

    const tmp = mkdtempSync(path.join(os.tmpdir(), 'scentinel-http-bench-'));
    const payloadFile = path.join(tmp, 'filter-answer.bin');
    writeFileSync(payloadFile, sentNow.encoded);
    const hello = await startScriptServer(helloScript, {
      HELLO_PAYLOAD_FILE: payloadFile,
      HELLO_PAYLOAD_ENCODING: sentNow.encoding,
    });
    const sent = `${kB(sentNow.encoded.length)}${sentNow.encoding ? ` ${sentNow.encoding}` : ''}`;
    try {
      const helloAfter = await load(helloPeer, seconds, connections);
      const peer = mean(helloBefore, helloAfter);
      const payloadPeer = await load(
        { name: 'static answer', url: `${hello.url}/payload`, body, pid: hello.pid },
        seconds,
        connections,
      );
      printTable(
        `POST /api/perfumes/filter vs a Fastify hello-world (target >= ${TARGET_RATIO}x its req/s)`,
        [
          row('Fastify hello-world, before the app', helloBefore, peer, payloadPeer),
          row('Fastify hello-world, after the app', helloAfter, peer, payloadPeer),
          row('Fastify hello-world (peer: the mean of the two)', peer, peer, payloadPeer),
          row(`Fastify sending the app's filter answer ready-made (${sent})`, payloadPeer, peer, payloadPeer),
          ...measured.map(({ name, m, judged }) => row(name, m, peer, payloadPeer, judged)),
        ],
      );

      // For comparison: autocannon as shipped, decoding every body (not judged).
      decodeBodies = true;
      const stockApp = await load(targets[0]!, seconds, connections);
      const stockPeer = await load(helloPeer, seconds, connections);
      const stockPayload = await load(
        { name: 'static answer', url: `${hello.url}/payload`, body, pid: hello.pid },
        seconds,
        connections,
      );
      printTable('The same with autocannon as shipped (each response body decoded to a string; not judged)', [
        row('Fastify hello-world (peer)', stockPeer, stockPeer, stockPayload),
        row(
          `Fastify sending the app's filter answer ready-made (${sent})`,
          stockPayload,
          stockPeer,
          stockPayload,
        ),
        row('app: filter', stockApp, stockPeer, stockPayload),
      ]);
    } finally {
      decodeBodies = false;
      await hello.stop();
      rmSync(tmp, { recursive: true, force: true });
    }
  }
}

/** The mean of two measurements of one target. */
function mean(a: Measured, b: Measured): Measured {
  const avg = (x: number, y: number) => (x + y) / 2;
  return {
    reqPerSec: avg(a.reqPerSec, b.reqPerSec),
    p50: avg(a.p50, b.p50),
    p99: avg(a.p99, b.p99),
    serverUsPerReq: avg(a.serverUsPerReq, b.serverUsPerReq),
    serverBusy: avg(a.serverBusy, b.serverBusy),
    clientBusy: avg(a.clientBusy, b.clientBusy),
  };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const pct = (share: number) => (Number.isFinite(share) ? `${Math.round(share * 100)} %` : 'n/a');

function row(name: string, m: Measured, peer: Measured, payloadPeer: Measured, judged = false): TableRow {
  const ratio = m.reqPerSec / peer.reqPerSec;
  return {
    target: name,
    'req/s': Math.round(m.reqPerSec),
    'p50 ms': m.p50,
    'p99 ms': m.p99,
    'vs hello': formatRatio(m.reqPerSec, peer.reqPerSec, 3),
    'vs same payload': formatRatio(m.reqPerSec, payloadPeer.reqPerSec, 3),
    'server µs/req': m.serverUsPerReq.toFixed(1),
    'server busy': pct(m.serverBusy),
    'autocannon busy': pct(m.clientBusy),
    goal: judged ? `>= ${TARGET_RATIO}x` : '',
    ok: judged ? verdict(ratio >= TARGET_RATIO) : '',
  };
}

const isEntry = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (isEntry) {
  try {
    await run();
  } finally {
    await stopBenchApp();
  }
}
