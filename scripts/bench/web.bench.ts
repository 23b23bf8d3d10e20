/**
 * Web bench, three figures of the main page:
 * - first-load JavaScript: the entry module and its `modulepreload` chunks from web/dist/index.html
 *   (freshly built), gzipped at level 9, against the 150 kB budget (lazily imported chunks are
 *   listed apart and not counted);
 * - LCP in headless Chromium (Debian's, through playwright-core) on localhost served by the real
 *   server: median of 5 cold loads (a new browser context, so an empty cache, each time), read
 *   from a `largest-contentful-paint` PerformanceObserver, against the 1.5 s target and beside a
 *   static hello page served by the same server (the floor). Also shown: when the first perfume
 *   card was painted (the first results; LCP may pick a larger element painted before them).
 *
 * - answer sizes: the JSON bytes (before compression) of page 1 of the list (50 cards) on the real
 *   catalogue, against the 60 kB target, and what the filter dialog downloads when it opens (its
 *   chemical list; the note list when its tab opens), beside the whole chemical and note lists the
 *   dialog used to download.
 *
 *   npx tsx scripts/bench/web.bench.ts      (BENCH_WEB_LOADS=5)
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../e2e/support/browser.ts';
import { benchApp, buildWeb, HELLO_PAGE, ROOT, stopBenchApp } from './lib/app-server.ts';
import { gzipSize, sizeFirstLoad } from './lib/first-load.ts';
import { formatRatio, median, printTable, type TableRow, verdict } from './lib/report.ts';

const JS_BUDGET_BYTES = 150_000;
const LIST_PAGE_TARGET_BYTES = 60_000;
const LCP_TARGET_MS = 1500;
const VIEWPORT = { width: 1280, height: 800 };

/** Records every LCP candidate from the very start of the page, before any of its scripts. */
const OBSERVE_LCP = `
  window.__lcp = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const el = e.element;
      const what = el
        ? el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? '.' + el.className.split(/\\s+/)[0] : '')
        : '(element since removed)';
      window.__lcp.push({ startTime: e.startTime, size: e.size, element: what });
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  // When the first perfume card is painted: the first results, whatever LCP picked as largest.
  new MutationObserver((_, observer) => {
    if (document.querySelector('[data-testid="perfume-card"]')) {
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => { window.__firstCard = performance.now(); }));
    }
  }).observe(document, { childList: true, subtree: true });
`;

interface LcpEntry {
  startTime: number;
  size: number;
  element: string;
}

interface LcpResult {
  ms: number;
  element: string;
  /** When the first perfume card was painted (main page only). */
  firstCardMs: number | undefined;
}

function positiveIntEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${name} must be a positive integer, got '${raw}'`);
  return value;
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function bundleSize(): void {
  buildWeb();
  const dist = path.join(ROOT, 'web/dist');
  const firstLoad = sizeFirstLoad(dist);
  const counted = new Set(firstLoad.map((a) => path.basename(a.href)));
  const lazy = readdirSync(path.join(dist, 'assets'))
    .filter((f) => f.endsWith('.js') && !counted.has(f))
    .map((f) => ({ file: f, gzip: gzipSize(readFileSync(path.join(dist, 'assets', f))) }));
  const totalGzip = firstLoad.reduce((sum, a) => sum + a.gzipBytes, 0);
  const totalRaw = firstLoad.reduce((sum, a) => sum + a.bytes, 0);
  const rows: TableRow[] = firstLoad.map((a) => ({
    script: `${path.basename(a.href)} (${a.kind})`,
    raw: kB(a.bytes),
    gzip: kB(a.gzipBytes),
  }));
  rows.push({
    script: 'first load total',
    raw: kB(totalRaw),
    gzip: kB(totalGzip),
    budget: kB(JS_BUDGET_BYTES),
    'of budget': formatRatio(totalGzip, JS_BUDGET_BYTES),
    ok: verdict(totalGzip <= JS_BUDGET_BYTES),
  });
  rows.push({
    script: `lazy chunks, not counted (${lazy.length})`,
    gzip: kB(lazy.reduce((s, l) => s + l.gzip, 0)),
  });
  printTable('First-load JavaScript of the main page (gzip -9; target <= 150 kB)', rows);
}

/** JSON bytes of one answer, uncompressed. */
async function jsonBytes(url: string): Promise<number> {
  const res = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
  return (await res.arrayBuffer()).byteLength;
}

async function answerSizes(): Promise<void> {
  const app = await benchApp();
  const api = `${app.url}/api`;
  const page = await jsonBytes(`${api}/perfumes/enhanced?limit=50&skip=0`);
  // What the filter dialog asks for (web/src/features/filters/api/search-options.ts).
  const chemicals = await jsonBytes(`${api}/chemicals?limit=100`);
  const notes = await jsonBytes(`${api}/notes?limit=100`);
  const allChemicals = await jsonBytes(`${api}/chemicals`);
  const allNotes = await jsonBytes(`${api}/notes`);
  printTable('Answer sizes, JSON before compression, real catalogue', [
    {
      answer: 'list page 1 (50 cards)',
      bytes: kB(page),
      target: `<= ${kB(LIST_PAGE_TARGET_BYTES)}`,
      'of target': formatRatio(page, LIST_PAGE_TARGET_BYTES),
      ok: verdict(page <= LIST_PAGE_TARGET_BYTES),
    },
    { answer: 'filter dialog opens: chemicals (100 ranked)', bytes: kB(chemicals) },
    { answer: 'filter dialog notes tab: notes (100 ranked)', bytes: kB(notes) },
    {
      answer: 'filter dialog initial download',
      bytes: kB(chemicals),
      'vs whole lists': formatRatio(chemicals, allChemicals + allNotes),
    },
    { answer: 'whole chemical list (no longer downloaded by the dialog)', bytes: kB(allChemicals) },
    { answer: 'whole note list (no longer downloaded by the dialog)', bytes: kB(allNotes) },
  ]);
}

async function lcpOnce(browser: Browser, url: string): Promise<LcpResult> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: OBSERVE_LCP });
    const res = await page.goto(url, { waitUntil: 'load', timeout: 30_000 });
    if (!res?.ok()) throw new Error(`GET ${url} answered ${res?.status()}`);
    // Let the page fetch and render its data; images from other hosts may never settle, so cap it.
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
    await page.waitForTimeout(250);
    const entries = (await page.evaluate('window.__lcp')) as LcpEntry[];
    const last = entries.at(-1);
    if (!last) throw new Error(`no largest-contentful-paint entry for ${url}`);
    const firstCardMs = (await page.evaluate('window.__firstCard')) as number | undefined;
    return { ms: last.startTime, element: `${last.element} ${Math.round(last.size)} px²`, firstCardMs };
  } finally {
    await context.close();
  }
}

async function lcp(loads: number): Promise<void> {
  const app = await benchApp();
  const browser = await launchChromium();
  try {
    const main: LcpResult[] = [];
    const hello: LcpResult[] = [];
    // Alternate the two pages so both see the same background noise.
    for (let i = 0; i < loads; i++) {
      hello.push(await lcpOnce(browser, `${app.url}${HELLO_PAGE}`));
      main.push(await lcpOnce(browser, `${app.url}/`));
    }
    const helloMs = median(hello.map((r) => r.ms));
    const mainMs = median(main.map((r) => r.ms));
    const summary = (results: LcpResult[]) => ({
      min: Math.round(Math.min(...results.map((r) => r.ms))),
      max: Math.round(Math.max(...results.map((r) => r.ms))),
      element: mostFrequent(results.map((r) => r.element)),
    });
    printTable(
      `LCP, median of ${loads} cold loads, Chromium ${browser.version()} headless ${VIEWPORT.width}x${VIEWPORT.height}, localhost (target <= ${LCP_TARGET_MS} ms)`,
      [
        { page: `${HELLO_PAGE} (floor)`, 'LCP ms': Math.round(helloMs), ...summary(hello) },
        {
          page: '/ (main page)',
          'LCP ms': Math.round(mainMs),
          ...summary(main),
          'first card ms': Math.round(
            median(main.flatMap((r) => (r.firstCardMs === undefined ? [] : [r.firstCardMs]))),
          ),
          target: `<= ${LCP_TARGET_MS}`,
          'vs floor': formatRatio(mainMs, helloMs),
          ok: verdict(mainMs <= LCP_TARGET_MS),
        },
      ],
    );
  } finally {
    await browser.close();
  }
}

function mostFrequent(values: string[]): string {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
}

export async function run(): Promise<void> {
  const loads = positiveIntEnv('BENCH_WEB_LOADS', 5);
  bundleSize();
  await answerSizes();
  await lcp(loads);
}

const isEntry = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (isEntry) {
  try {
    await run();
  } finally {
    await stopBenchApp();
  }
}
