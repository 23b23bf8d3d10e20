import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppPage, openAppPage } from './support/app-page.ts';
import type { RunningServer } from './support/server.ts';

/**
 * The pickers reach the whole catalogue in Chromium: typing "rose" under Fragrance Notes offers
 * the plain "Rose" note first (not the first alphabetical matches), and bulk assign lists every
 * perfume of a brand with more than one page of them, page after page; My allergens finds a
 * chemical by name or CAS number among all of them without downloading the list.
 */
describe('pickers reach everything (browser)', () => {
  let app: AppPage;
  let server: RunningServer;
  let page: Page;

  beforeAll(async () => {
    app = await openAppPage();
    ({ server, page } = app);
  });

  afterAll(async () => {
    await app?.close();
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
    await expect(page.getByTestId('filter-count-notes').textContent()).resolves.toBe(
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
    await expect.poll(() => names.first().textContent()).toMatch(/^Linalool/);
    await dialog.getByTestId('allergen-search').fill('eugenol');
    await expect.poll(() => names.first().textContent()).toMatch(/^Eugenol/);
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
  });
});
