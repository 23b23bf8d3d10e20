import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, SCREENSHOT_DIR } from './support/browser.ts';
import { FIRST_START, type FirstStart } from './support/seed.ts';
import { type RunningServer, removeDir, startServer } from './support/server.ts';

interface Categorization {
  total_perfumes: number;
  complete_chemical_data: { count: number; percentage: number };
  unspecific_chemical_ingredients: { count: number; percentage: number };
}

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

describe('npm start serves the product (embedded default)', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    // A copy of the data dir the e2e setup's first `npm start` left behind: this start is a restart.
    server = await startServer();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) removeDir(server.dataDir);
  });

  it('loads the real catalogue on first start and keeps it across a restart', async () => {
    // The e2e setup's first start on an empty data dir imported the shipped catalogue by itself.
    const first = JSON.parse(readFileSync(FIRST_START, 'utf8')) as FirstStart;
    const before = first.categorization as Categorization;
    expect(before.total_perfumes).toBeGreaterThan(50_000);
    expect(before.complete_chemical_data.count + before.unspecific_chemical_ingredients.count).toBe(
      before.total_perfumes,
    );
    expect(first.head).toBeGreaterThan(before.total_perfumes);

    // This server restarted on that data dir: the same catalogue, and nothing was imported twice.
    const after = await getJson<Categorization>(`${server.url}/api/categorize-perfumes`);
    expect(after).toEqual(before);
    const health = await getJson<{ event_log: { position: number } }>(`${server.url}/api/health`);
    expect(health.event_log.position).toBe(first.head);
  });

  it('answers /api/health with the event log position and projection lag', async () => {
    interface Health {
      status: string;
      mode: string;
      event_log: { position: number };
      projections: { name: string; active: boolean; position: number; lag: number; status: string }[];
    }
    const health = () => getJson<Health>(`${server.url}/api/health`);
    const caughtUp = (h: Health) =>
      h.projections.every((p) => !p.active || (p.lag === 0 && p.position === h.event_log.position));

    const before = await health();
    expect(before.status).toBe('ok');
    expect(before.mode).toBe('embedded');
    // The server answers only once its read models hold what the log held at start.
    expect(before.event_log.position).toBeGreaterThan(0);
    expect(before.projections.filter((p) => p.active).map((p) => p.name)).toEqual(
      expect.arrayContaining(['accounts', 'catalogue', 'contributions', 'usage_rollup']),
    );
    for (const p of before.projections.filter((q) => q.active)) {
      expect(p.status, p.name).not.toBe('failed');
      // Lag is the events between the projection's checkpoint and the head of the log.
      expect(p.lag, p.name).toBe(before.event_log.position - p.position);
    }
    expect(caughtUp(before)).toBe(true);

    // A write moves the head; every projection reports it applied up to the new head.
    const tracked = await fetch(`${server.url}/api/analytics/track/page-view`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session-id': 'e2e-health-lag' },
      body: JSON.stringify({ page: '/health-check' }),
    });
    expect(tracked.status).toBe(202);
    let after = await health();
    expect(after.event_log.position).toBeGreaterThan(before.event_log.position);
    for (let tries = 0; !caughtUp(after) && tries < 100; tries += 1) {
      for (const p of after.projections.filter((q) => q.active))
        expect(p.lag, p.name).toBe(after.event_log.position - p.position);
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await health();
    }
    expect(caughtUp(after)).toBe(true);
    expect(after.status).toBe('ok');
  });

  it('serves hashed assets pre-compressed and immutable, API JSON compressed, and 404 for a missing asset', async () => {
    const html = await (await fetch(server.url)).text();
    const asset = /\/assets\/index-[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeDefined();
    const res = await fetch(`${server.url}${asset}`, { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('cache-control')).toContain('immutable');
    const api = await fetch(`${server.url}/api/perfumes/enhanced?limit=50`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(api.headers.get('content-encoding')).toBe('gzip');
    const missing = await fetch(`${server.url}/assets/missing.js`);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { code: string }).code).toBe('not_found');
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const res = await fetch(`${server.url}/api/docs/json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/health');
  });

  it('loads the page in Chromium with the title and the header', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(server.url);
    await expect(page.title()).resolves.toBe('Scentinel - Fragrance Analysis & Allergen Detection');
    const header = page.locator('header');
    await header.waitFor();
    await expect(header.locator('h1').textContent()).resolves.toContain('Scentinel');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'shell.png'), fullPage: false });
    const axe = await new AxeBuilder({ page }).analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await context.close();
  });
});
