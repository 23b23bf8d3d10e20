/**
 * A contributed concentration reaches the chemical detail: a manufacturer (approved by the admin)
 * contributes Linalool with a concentration range for a perfume, the admin approves it, and a
 * visitor who opens Linalool from that perfume's card reads the range there, in German number
 * format, with where it comes from. List cards carry no concentrations: the detail reads the
 * full perfume.
 */
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, SCREENSHOT_DIR } from './support/browser.ts';
import { type RunningServer, removeDir, startServer } from './support/server.ts';

const ADMIN_EMAIL = 'admin@scentinel.e2e';
const ADMIN_PASSWORD = 'e2e-admin-password-42';
const MAKER = {
  email: 'lab@concentration.e2e',
  username: 'concentration-lab',
  password: 'concentration-pw-1',
};

describe('a contributed concentration on the chemical detail (browser)', () => {
  let server: RunningServer;
  let browser: Browser;

  const call = async (method: string, url: string, body?: unknown, token?: string) => {
    const response = await fetch(`${server.url}${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const signIn = async (email: string, password: string) => {
    const answer = await call('POST', '/api/auth/login', { email, password });
    expect(answer.status).toBe(200);
    return String(answer.body.session_token);
  };

  beforeAll(async () => {
    server = await startServer({ env: { ADMIN_EMAIL, ADMIN_PASSWORD } });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) removeDir(server.dataDir);
  });

  it('shows the approved range where Linalool is opened from the perfume, formatted for the language', async () => {
    // A perfume without chemical data yet, so Linalool's only link is the contributed one.
    const list = await call('GET', '/api/perfumes/enhanced?limit=100&skip=0&category=unspecific');
    const perfumes = list.body.perfumes as { id: string; name: string }[];
    const perfume = perfumes.find((p) => /^[\p{L}\d ]+$/u.test(p.name)) ?? perfumes[0]!;

    const registered = await call('POST', '/api/auth/register', { ...MAKER, role: 'manufacturer' });
    expect(registered.status).toBe(201);
    const makerId = String((registered.body.user as { id: string }).id);
    const admin = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(
      (await call('POST', `/api/admin/accounts/${encodeURIComponent(makerId)}/approve`, {}, admin)).status,
    ).toBe(200);

    const maker = await signIn(MAKER.email, MAKER.password);
    const submitted = await call(
      'POST',
      '/api/contributions/submit-chemical-data',
      {
        contribution: {
          perfume_id: perfume.id,
          chemical_data: [
            { name: 'Linalool', cas_number: '78-70-6', concentration_min: 0.25, concentration_max: 1.5 },
          ],
          contributor_notes: 'From our formula sheet (e2e)',
        },
      },
      maker,
    );
    expect(submitted.status).toBe(201);
    const contributionId = String((submitted.body.contribution as { id: string | number }).id);
    const approved = await call(
      'POST',
      `/api/admin/contributions/${encodeURIComponent(contributionId)}/approve`,
      {},
      admin,
    );
    expect(approved.status).toBe(200);

    // The full perfume carries the range; the list card does not.
    const full = await call('GET', `/api/perfumes/${encodeURIComponent(perfume.id)}`);
    const link = (full.body.chemicals as Record<string, unknown>[]).find((c) => c.name === 'Linalool');
    expect(link).toMatchObject({ concentration_min: 0.25, concentration_max: 1.5, source: 'contribution' });

    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      serviceWorkers: 'block',
    });
    await context.addInitScript(() => localStorage.setItem('scentinel.language', 'de'));
    const page = await context.newPage();
    await page.goto(`${server.url}/?q=${encodeURIComponent(perfume.name)}`);
    const card = page.locator(`[data-testid="perfume-card"][data-perfume-id="${perfume.id}"]`).first();
    await card.waitFor({ timeout: 60_000 });
    const chip = card
      .locator('[data-testid="chemical-chip"][data-kind="declared"]')
      .filter({ hasText: 'Linalool' });
    await chip.first().waitFor();
    await chip.first().click();
    const detail = page.getByTestId('chemical-detail');
    await detail.waitFor();
    // "Konzentration in <perfume>: 0,25–1,5 %" with its origin, read from the full perfume.
    await expect.poll(() => detail.getByTestId('chemical-concentration').textContent()).toBe('0,25–1,5 %');
    await expect(detail.textContent()).resolves.toContain(`Konzentration in ${perfume.name}`);
    await expect(detail.getByTestId('chemical-concentration-source').textContent()).resolves.toContain(
      'aus einem freigegebenen Beitrag',
    );
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, 'chemical-detail-contributed-concentration-de.png'),
    });
    await context.close();
  });
});
