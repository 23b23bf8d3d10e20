import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AppPage, openAppPage } from './support/app-page.ts';
import { SCREENSHOT_DIR } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';

const PHONE = { width: 390, height: 844 };

/** Serious or critical WCAG A/AA violations inside `selector`. */
async function seriousViolations(page: Page, selector: string): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .include(selector)
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The chemical-list requests a page makes from now on (`/api/chemicals` itself, any query). */
function watchChemicalLists(page: Page) {
  const urls: string[] = [];
  const onRequest = (request: { url: () => string }) => {
    if (/\/api\/chemicals(\?|$)/.test(request.url())) urls.push(request.url());
  };
  page.on('request', onRequest);
  return {
    urls,
    /** Stops watching and gives the requests seen. */
    stop() {
      page.off('request', onRequest);
      return urls;
    },
  };
}

/** Closes a dialog with its header's Close button (Escape in a filled search box only clears it). */
async function closeDialog(dialog: Locator) {
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await dialog.waitFor({ state: 'detached' });
}

/** The first list item's text, once a search has put `name` first. */
async function expectFirst(items: Locator, name: RegExp) {
  await expect.poll(() => items.first().textContent(), { timeout: 20_000 }).toMatch(name);
}

/**
 * The pickers reach the whole catalogue in Chromium: typing "rose" under Fragrance Notes offers
 * the plain "Rose" note first (not the first alphabetical matches), and bulk assign lists every
 * perfume of a brand with more than one page of them, page after page; My allergens, quick assign,
 * bulk assign's chemical picker and the chemical manager find a chemical by name or CAS number
 * among all of them (one far past the first 100 by name) without downloading the list; a
 * regulatory keyword search reaches every chemical of its status page by page.
 */
describe('pickers reach everything (browser)', () => {
  let app: AppPage;
  let server: RunningServer;
  let page: Page;

  /** A chemical that alphabetical order puts past the first 100 (a list cut there never shows it). */
  let far: { name: string; cas: string };

  beforeAll(async () => {
    app = await openAppPage();
    ({ server, page } = app);
    // The whole list, read by the test itself (never by the browser), to pick the chemical.
    const res = await fetch(`${server.url}/api/chemicals`);
    const { chemicals } = (await res.json()) as { chemicals: { name: string; cas_number: string | null }[] };
    const firstHundred = new Set(
      chemicals
        .map((c) => c.name)
        .sort((a, b) => a.localeCompare(b))
        .slice(0, 100),
    );
    const vanillin = chemicals.find((c) => c.name === 'Vanillin');
    if (!vanillin?.cas_number || firstHundred.has(vanillin.name))
      throw new Error('The catalogue has no Vanillin past the first 100 chemicals by name');
    far = { name: vanillin.name, cas: vanillin.cas_number };
  });

  afterAll(async () => {
    await app?.close();
  });

  // Every test starts on the page itself: one that fails with its dialog open must not leave the
  // dialog over the buttons the next tests press.
  afterEach(async () => {
    if ((await page.locator('dialog[open]').count()) > 0) await page.reload({ waitUntil: 'networkidle' });
  });

  it('offers the plain "Rose" note first when typing "rose" under Fragrance Notes, with how many more match', async () => {
    const downloads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) downloads.push(request.url());
    });
    await page.getByTestId('open-filters').click();
    const dialog = page.getByTestId('filters-dialog');
    await dialog.waitFor();
    await page.getByTestId('filters-tab-notes').click();
    await page.getByTestId('filter-search-notes').pressSequentially('rose', { delay: 30 });
    const list = page.getByTestId('filter-list-notes');
    await expect
      .poll(
        async () => (await list.locator('.pick-list__name').first().textContent({ timeout: 20_000 })) ?? '',
        {
          timeout: 20_000,
        },
      )
      .toMatch(/^Rose( ·|$)/);
    // The cap is kept, and the dialog says how many more match.
    const answer = await fetch(`${server.url}/api/notes?q=rose&limit=1`);
    const { total } = (await answer.json()) as { total: number };
    // Typed a key at a time, "ro" and "ros" put Rose first too: the count is polled until it is the
    // one for "rose", not read once while the answer to a shorter prefix may still be shown.
    await expect
      .poll(() => page.getByTestId('filter-count-notes').textContent(), { timeout: 20_000 })
      .toBe(
        total > 100
          ? `100 of ${total.toLocaleString('en')} matches shown: type to narrow them.`
          : `${total.toLocaleString('en')} matches`,
      );
    await dialog.getByRole('button', { name: 'Must contain Rose', exact: true }).click();
    await expect(page.getByTestId('filters-dialog-count').textContent()).resolves.toContain('1');
    // Neither list was downloaded whole.
    expect(downloads.some((url) => /\/api\/(chemicals|notes)(\?|$)/.test(url) && !/limit=/.test(url))).toBe(
      false,
    );
    await page.getByTestId('filters-apply').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('perfume-card').first().waitFor();
  });

  it('finds a chemical by name or CAS number in My allergens, searched on the server', async () => {
    const downloads: string[] = [];
    const onRequest = (request: { url: () => string }) => {
      if (request.url().includes('/api/chemicals')) downloads.push(request.url());
    };
    page.on('request', onRequest);
    await page.getByTestId('open-allergen-profile').click();
    const dialog = page.getByTestId('allergen-profile-dialog');
    await dialog.waitFor();
    const names = dialog.getByTestId('allergen-list').locator('li');
    await names.first().waitFor();
    // Before typing: the first page, allergens first, and how many more there are.
    await expect(dialog.getByTestId('allergen-count').textContent()).resolves.toMatch(
      /^100 of [\d,]+ matches shown: type to narrow them\.$/,
    );
    await dialog.getByTestId('allergen-search').fill('78-70-6');
    await expectFirst(names, /^Linalool/);
    await dialog.getByTestId('allergen-search').fill('eugenol');
    await expectFirst(names, /^Eugenol/);
    await dialog.getByRole('button', { name: /done/i }).click();
    page.off('request', onRequest);
    expect(downloads.length).toBeGreaterThan(0);
    expect(downloads.every((url) => /[?&]limit=100\b/.test(url))).toBe(true);
  });

  it('lists every perfume of a brand in bulk assign, 50 at a time', async () => {
    // A brand with more than two pages of perfumes (the biggest would take many clicks).
    const res = await fetch(`${server.url}/api/brands?limit=5000`);
    const { brands } = (await res.json()) as { brands: { name: string; perfume_count: number }[] };
    const brand = brands.find((b) => b.perfume_count > 100 && b.perfume_count <= 300);
    if (!brand) throw new Error('No brand with 101 to 300 perfumes in the catalogue');
    await page.getByTestId('open-bulk-assign').click();
    const dialog = page.getByTestId('bulk-assign-dialog');
    await dialog.waitFor();
    // The brand field searches every brand on the server; typing the whole name picks it.
    await page.getByTestId('bulk-brand').fill(brand.name);
    await expect
      .poll(() => page.getByTestId('bulk-brand-options').locator('option').first().getAttribute('value'))
      .toBe(brand.name);
    const items = page.getByTestId('bulk-perfumes').locator('li');
    await expect.poll(() => items.count(), { timeout: 20_000 }).toBe(50);
    const more = page.getByTestId('bulk-perfumes-more-button');
    while (await more.isVisible()) {
      const before = await items.count();
      await more.click();
      await expect.poll(() => items.count(), { timeout: 20_000 }).toBeGreaterThan(before);
    }
    await expect(items.count()).resolves.toBe(brand.perfume_count);
    await expect(page.getByTestId('bulk-perfumes-more').textContent()).resolves.toContain(
      `of ${brand.perfume_count.toLocaleString('en')}`,
    );
    await closeDialog(dialog);
  });

  it('finds a chemical past the first 100 by name in bulk assign, with how many more match', async () => {
    const watch = watchChemicalLists(page);
    await page.getByTestId('open-bulk-assign').click();
    const dialog = page.getByTestId('bulk-assign-dialog');
    await dialog.waitFor();
    const items = dialog.getByTestId('bulk-chemicals').locator('li');
    await items.first().waitFor();
    // Before typing: 50 of them, and how many more there are.
    await expect(items.count()).resolves.toBe(50);
    await expect(dialog.getByTestId('bulk-chemicals-count').textContent()).resolves.toMatch(
      /^50 of [\d,]+ matches shown: type to narrow them\.$/,
    );
    await dialog.getByTestId('bulk-chemical-search').fill(far.name.toLowerCase());
    await expectFirst(items, new RegExp(`^${far.name}\\b`));
    await items.first().locator('input[type="checkbox"]').check();
    // The pick keeps its name after the search moves on.
    await dialog.getByTestId('bulk-chemical-search').fill(far.cas);
    await expectFirst(items, new RegExp(`^${far.name}\\b`));
    await dialog.getByTestId('bulk-chemical-search').fill('eugenol');
    await expectFirst(items, /^Eugenol\b/);
    await expect(dialog.getByRole('list', { name: 'Selected chemicals' }).textContent()).resolves.toContain(
      far.name,
    );
    expect(await seriousViolations(page, '[data-testid="bulk-assign-dialog"]')).toEqual([]);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'pickers-bulk-assign.png') });
    await closeDialog(dialog);
    const urls = watch.stop();
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.filter((url) => !/[?&]limit=\d+/.test(url))).toEqual([]);
  });

  it('finds a chemical past the first 100 by name or CAS number in the chemical manager, and pages through the rest', async () => {
    const watch = watchChemicalLists(page);
    await page.getByTestId('open-chemical-manager').click();
    const dialog = page.getByTestId('chemical-manager-dialog');
    await dialog.waitFor();
    const items = dialog.getByTestId('manager-list').locator('li');
    await items.first().waitFor();
    await expect(items.count()).resolves.toBe(100);
    const count = dialog.getByTestId('manager-count');
    const all = Number(
      ((await count.textContent()) ?? '').match(/of ([\d,]+) chemicals/)?.[1]?.replace(/,/g, ''),
    );
    expect(all).toBeGreaterThan(200);
    await expect(count.textContent()).resolves.toBe(`Showing 100 of ${all.toLocaleString('en')} chemicals`);
    // "Load more" reaches the next page, and says how many are left.
    const more = dialog.getByTestId('manager-more');
    await expect(more.textContent()).resolves.toBe(`Load more (${(all - 100).toLocaleString('en')} left)`);
    await more.click();
    await expect.poll(() => items.count(), { timeout: 20_000 }).toBe(200);
    await expect(count.textContent()).resolves.toBe(`Showing 200 of ${all.toLocaleString('en')} chemicals`);
    await more.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'pickers-chemical-manager-more.png') });
    // A search by name or CAS number over every chemical.
    await dialog.getByTestId('manager-search').fill(far.name.toLowerCase());
    await expectFirst(items, new RegExp(`^${far.name}\\b`));
    await dialog.getByTestId('manager-search').fill(far.cas);
    await expectFirst(items, new RegExp(`^${far.name}\\b`));
    expect(await seriousViolations(page, '[data-testid="chemical-manager-dialog"]')).toEqual([]);
    await dialog.getByTestId('manager-search').fill(far.name.toLowerCase());
    await expectFirst(items, new RegExp(`^${far.name}\\b`));
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'pickers-chemical-manager.png') });
    await closeDialog(dialog);
    const urls = watch.stop();
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.filter((url) => !/[?&]limit=\d+/.test(url))).toEqual([]);
  });

  it('finds a chemical past the first 100 by name in quick assign, with how many more match', async () => {
    const watch = watchChemicalLists(page);
    await page.getByTestId('category-unspecific').click();
    await page.getByTestId('badge-needs-enhancement').first().click();
    const dialog = page.getByTestId('quick-assign-dialog');
    await dialog.waitFor();
    const items = dialog.getByTestId('assign-list').locator('li');
    await items.first().waitFor();
    await expect(items.count()).resolves.toBe(50);
    await expect(dialog.getByTestId('assign-match-count').textContent()).resolves.toMatch(
      /^50 of [\d,]+ matches shown: type to narrow them\.$/,
    );
    await dialog.getByTestId('assign-search').fill(far.name.toLowerCase());
    await expectFirst(items, new RegExp(`^${far.name}\\b`));
    await expect(dialog.getByTestId('assign-match-count').textContent()).resolves.toMatch(/^\d+ match(es)?$/);
    await items.first().locator('input[type="checkbox"]').check();
    await dialog.getByTestId('assign-search').fill('linalool');
    await expectFirst(items, /^Linalool\b/);
    await expect(dialog.getByRole('list', { name: 'Selected chemicals' }).textContent()).resolves.toContain(
      far.name,
    );
    expect(await seriousViolations(page, '[data-testid="quick-assign-dialog"]')).toEqual([]);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'pickers-quick-assign.png') });
    await closeDialog(dialog);
    const urls = watch.stop();
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.filter((url) => !/[?&]limit=\d+/.test(url))).toEqual([]);
    await page.getByTestId('category-all').click();
  });

  it('shows the three chemical pickers whole on a phone', async () => {
    const context = await app.browser.newContext({
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      serviceWorkers: 'block',
    });
    try {
      const phone = await context.newPage();
      const watch = watchChemicalLists(phone);
      await phone.goto(server.url);
      await phone.getByTestId('perfume-card').first().waitFor({ timeout: 60_000 });
      for (const [button, dialogId, search, list] of [
        ['open-chemical-manager', 'chemical-manager-dialog', 'manager-search', 'manager-list'],
        ['open-bulk-assign', 'bulk-assign-dialog', 'bulk-chemical-search', 'bulk-chemicals'],
      ] as const) {
        await phone.getByTestId(button).click();
        const dialog = phone.getByTestId(dialogId);
        await dialog.waitFor();
        await dialog.getByTestId(search).fill(far.name.toLowerCase());
        await expectFirst(dialog.getByTestId(list).locator('li'), new RegExp(`^${far.name}\\b`));
        // The search box at the top of the screen, the matches under it.
        await dialog.getByTestId(search).evaluate((el) => el.scrollIntoView({ block: 'start' }));
        // Nothing wider than the screen.
        await expect(dialog.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).resolves.toBe(true);
        expect(await seriousViolations(phone, `[data-testid="${dialogId}"]`)).toEqual([]);
        await phone.screenshot({ path: path.join(SCREENSHOT_DIR, `pickers-phone-${dialogId}.png`) });
        await closeDialog(dialog);
      }
      await phone.getByTestId('category-unspecific').click();
      await phone.getByTestId('badge-needs-enhancement').first().click();
      const quick = phone.getByTestId('quick-assign-dialog');
      await quick.waitFor();
      await quick.getByTestId('assign-search').fill(far.name.toLowerCase());
      await expectFirst(quick.getByTestId('assign-list').locator('li'), new RegExp(`^${far.name}\\b`));
      await expect(quick.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).resolves.toBe(true);
      expect(await seriousViolations(phone, '[data-testid="quick-assign-dialog"]')).toEqual([]);
      await phone.screenshot({ path: path.join(SCREENSHOT_DIR, 'pickers-phone-quick-assign-dialog.png') });
      const urls = watch.stop();
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.filter((url) => !/[?&]limit=\d+/.test(url))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('reaches every chemical of a regulatory status from the keyword search, 50 at a time', async () => {
    const res = await fetch(`${server.url}/api/chemicals/by-status/restricted?limit=1`);
    const { total } = (await res.json()) as { total: number };
    expect(total).toBeGreaterThan(100);
    await page.getByTestId('search-input').fill('restricted');
    await page.getByTestId('search-input').press('Enter');
    await page.getByTestId('chemical-card').first().waitFor();
    const shown = page.getByTestId('chemical-results-more');
    await expect(shown.textContent()).resolves.toMatch(
      new RegExp(`^Showing 50 of ${total.toLocaleString('en')}Load more`),
    );
    // Operated from the keyboard: focus stays on the button while each page loads, and a key press
    // does not depend on where the button is drawn (the grid above it measures its rows as they come
    // into view, which can move it between a pointer's aim and its click).
    const more = page.getByTestId('chemical-results-more-button');
    await more.focus();
    let clicks = 0;
    while (await more.isVisible()) {
      await expect(more.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
      await page.keyboard.press('Enter');
      clicks += 1;
      await expect
        .poll(() => shown.textContent(), { timeout: 20_000 })
        .toMatch(new RegExp(`^Showing ${Math.min(total, 50 * (clicks + 1)).toLocaleString('en')} of`));
    }
    expect(clicks).toBe(Math.ceil(total / 50) - 1);
    await shown.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'pickers-status-results.png') });
    await expect(shown.textContent()).resolves.toBe(
      `Showing ${total.toLocaleString('en')} of ${total.toLocaleString('en')}`,
    );
  });
});
