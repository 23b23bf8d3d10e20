import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppPage, openAppPage } from './support/app-page.ts';
import { SCREENSHOT_DIR } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';

interface Alternatives {
  perfume: { id: string; allergens: { chemical_id: string }[] };
  excluded: { chemical_ids: string[] }[];
  items: {
    perfume: { id: string; chemicals: { chemical_id: string }[]; allergens: { chemical_id: string }[] };
    shares: { accords: string[]; notes: Record<string, string[]> };
  }[];
}

/** Safe alternatives, patch-test profiles, the shareable profile and offline use, end to end. */
describe('beyond the catalogue: alternatives, patch tests, sharing, offline', () => {
  let app: AppPage;
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const shot = (p: Page, name: string) => p.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });

  beforeAll(async () => {
    app = await openAppPage();
    ({ server, browser, page } = app);
  });

  afterAll(async () => {
    await app?.close();
  });

  it('answers the alternatives API on the real catalogue: similar, complete, free of what is excluded', async () => {
    const list = (await (await fetch(`${server.url}/api/perfumes/enhanced?limit=5`)).json()) as {
      perfumes: { id: string }[];
    };
    const id = list.perfumes[0]!.id;
    const url = `${server.url}/api/perfumes/${encodeURIComponent(id)}/alternatives?exclude_chemicals=Linalool,Geraniol&limit=5`;
    // The vectors are built in the background after start: the first answer may wait for them.
    const res = await fetch(url);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Alternatives;
    expect(body.items.length).toBeGreaterThan(0);
    const excluded = new Set(body.excluded.flatMap((e) => e.chemical_ids));
    expect(excluded.has('chem-78-70-6')).toBe(true);
    for (const item of body.items) {
      expect(item.perfume.id).not.toBe(id);
      const ids = [...item.perfume.chemicals, ...item.perfume.allergens].map((c) => c.chemical_id);
      expect(ids.filter((c) => excluded.has(c))).toEqual([]);
      const shared = item.shares.accords.length + Object.values(item.shares.notes).flat().length;
      expect(shared).toBeGreaterThan(0);
    }
    const bad = await fetch(`${server.url}/api/perfumes/${encodeURIComponent(id)}/alternatives?limit=0`);
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()) as object).sort()).toEqual(['code', 'detail']);
    const unknown = await fetch(`${server.url}/api/perfumes/no-such-perfume/alternatives`);
    expect(unknown.status).toBe(404);
  });

  it('takes patch-test entries, expands fragrance mix II, offers cross-reactions, and filters with them', async () => {
    await page.getByTestId('open-allergen-profile').click();
    const dialog = page.getByTestId('allergen-profile-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('patch-fm2').click();
    await expect(dialog.getByTestId('patch-expands-fm2').textContent()).resolves.toMatch(
      /Citral.*Farnesol.*HICC/s,
    );
    await dialog.getByTestId('patch-oakmoss').click();
    // Oakmoss suggests treemoss, with its source; adding it is the person's choice.
    const cross = dialog.getByTestId('cross-reactions');
    await expect(cross.textContent()).resolves.toMatch(/treemoss/i);
    await expect(cross.textContent()).resolves.toMatch(/Contact Dermatitis/);
    await shot(page, 'patch-test-profile');
    await dialog.getByTestId('cross-add-treemoss').click();
    await expect(dialog.getByTestId('patch-treemoss').getAttribute('aria-pressed')).resolves.toBe('true');

    // "Safe for me" asks the server to exclude the constituents, not the mix's name.
    const request = page.waitForRequest(
      (r) => r.url().includes('/api/perfumes/filter') || r.url().includes('exclude'),
    );
    await dialog.getByRole('button', { name: /done/i }).click();
    await page.getByTestId('safe-for-me').check();
    const sent = await request;
    const body = `${sent.url()} ${sent.postData() ?? ''}`;
    expect(body).toContain('chem-5392-40-5'); // citral, from fragrance mix II
    expect(body).toContain('chem-90028-67-4'); // treemoss, opted in
    expect(body).not.toContain('patch:');
    await page.getByTestId('perfume-card').first().waitFor();
  });

  it('finds a safe alternative from a card, saying what each shares and avoids', async () => {
    const card = page.getByTestId('perfume-card').first();
    await card.getByTestId('find-alternative').click();
    const dialog = page.getByTestId('alternatives-dialog');
    await dialog.waitFor();
    await dialog
      .getByTestId('alternatives-list')
      .or(dialog.getByTestId('alternatives-empty'))
      .waitFor({ timeout: 30_000 });
    const items = dialog.getByTestId('alternative');
    expect(await items.count()).toBeGreaterThan(0);
    await expect(items.first().textContent()).resolves.toMatch(/Shares:/);
    await shot(page, 'alternatives-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'alternatives-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.keyboard.press('Escape');
  });

  it('compares two perfumes side by side from their cards', async () => {
    const cards = page.getByTestId('perfume-card');
    await cards.nth(0).getByTestId('compare-toggle').click();
    await cards.nth(1).getByTestId('compare-toggle').click();
    await expect(cards.nth(0).getByTestId('compare-toggle').getAttribute('aria-pressed')).resolves.toBe(
      'true',
    );
    const tray = page.getByTestId('compare-tray');
    await tray.getByTestId('compare-open').click();
    const dialog = page.getByTestId('compare-dialog');
    await dialog.locator('table').waitFor({ timeout: 20_000 });
    // Two perfume columns, and the rows for allergens by evidence and regulatory flags.
    expect(await dialog.locator('thead th').count()).toBe(2);
    await dialog.getByTestId('compare-declared').waitFor();
    await dialog.getByTestId('compare-inferred').waitFor();
    await dialog.getByTestId('compare-flags').waitFor();
    await shot(page, 'compare-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'compare-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.keyboard.press('Escape');
    await tray.getByRole('button', { name: /clear/i }).click();
    await expect(tray.count()).resolves.toBe(0);
  });

  it('shares the profile as a link and QR code that open the product with it preset and Safe for me on', async () => {
    await page.getByTestId('open-allergen-profile').click();
    const dialog = page.getByTestId('allergen-profile-dialog');
    await dialog.getByTestId('share-profile').click();
    const share = page.getByTestId('share-profile-dialog');
    await share.waitFor();
    await share.getByTestId('share-qr').waitFor();
    const link = await share.getByTestId('share-url').inputValue();
    expect(link).toContain('allergy_profile=');
    await shot(page, 'share-profile-1280');
    await page.emulateMedia({ media: 'print' });
    await shot(page, 'share-profile-print');
    await page.emulateMedia({ media: 'screen' });

    // A patient's phone: no stored profile, opens the link.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const p2 = await phone.newPage();
    await p2.goto(link);
    await p2.getByTestId('perfume-card').first().waitFor();
    await expect(p2.getByTestId('safe-for-me').isChecked()).resolves.toBe(true);
    await expect(p2.getByTestId('shared-profile-notice').textContent()).resolves.toMatch(/3 entries/);
    expect(p2.url()).not.toContain('allergy_profile');
    const stored = await p2.evaluate(() => localStorage.getItem('scentinel.allergenProfile'));
    expect(stored).toContain('patch:fm2');
    await shot(p2, 'shared-profile-opened-390');
    await phone.close();
  });

  it('is installable and opens offline with the last results', async () => {
    const manifest = await (await fetch(`${server.url}/manifest.webmanifest`)).json();
    expect(manifest).toMatchObject({ display: 'standalone', start_url: '/' });
    const offline = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const p3 = await offline.newPage();
    await p3.goto(server.url);
    await p3.getByTestId('perfume-card').first().waitFor();
    await p3.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // The first visit installed the worker; a second one goes through it and fills its caches.
    await p3.reload();
    await p3.getByTestId('perfume-card').first().waitFor();
    const firstName = await p3.getByTestId('perfume-card').first().locator('h3').textContent();
    await offline.setOffline(true);
    await p3.reload();
    await p3.getByTestId('perfume-card').first().waitFor({ timeout: 20_000 });
    await expect(p3.getByTestId('perfume-card').first().locator('h3').textContent()).resolves.toBe(firstName);
    await shot(p3, 'offline-390');
    await offline.setOffline(false);
    await offline.close();
  });
});
