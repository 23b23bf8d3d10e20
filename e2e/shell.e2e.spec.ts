import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, SCREENSHOT_DIR } from './support/browser.ts';
import { type RunningServer, removeDir, startServer } from './support/server.ts';

describe('npm start serves the product (embedded default)', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) removeDir(server.dataDir);
  });

  it('answers /api/health with the event log position and projection lag', async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; mode: string; event_log: { position: number } };
    expect(body.mode).toBe('embedded');
    expect(body.event_log.position).toBeGreaterThanOrEqual(0);
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const res = await fetch(`${server.url}/api/docs/json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/health');
  });

  it('loads the page in Chromium with the title and the header', async () => {
    const page = await browser.newPage();
    await page.goto(server.url);
    await expect(page.title()).resolves.toBe('Scentinel - Fragrance Analysis & Allergen Detection');
    const header = page.locator('header');
    await header.waitFor();
    await expect(header.locator('h1').textContent()).resolves.toContain('Scentinel');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'shell.png'), fullPage: false });
    const axe = await new AxeBuilder({ page }).analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await page.close();
  });
});
