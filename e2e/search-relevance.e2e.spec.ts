import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppPage, openAppPage } from './support/app-page.ts';
import { SCREENSHOT_DIR } from './support/browser.ts';

/**
 * Search relevance on the real catalogue, as a person types it: misspellings, brand after name,
 * number-sign spellings. The perfume meant must be the first card.
 */
describe('search relevance in Chromium', () => {
  let app: AppPage;
  let page: Page;

  beforeAll(async () => {
    app = await openAppPage();
    ({ page } = app);
  });

  afterAll(async () => {
    await app?.close();
  });

  /** Types the query, searches, and returns the first card's perfume id once the grid shows `wanted`'s answer. */
  const firstCardFor = async (text: string, wanted: RegExp): Promise<string> => {
    const input = page.getByTestId('search-input');
    await input.fill('');
    await input.pressSequentially(text, { delay: 20 });
    await input.press('Enter');
    const first = page.getByTestId('perfume-card').first();
    let id = '';
    // The grid keeps the previous answer until the new one arrives: wait for it to change.
    await expect
      .poll(
        async () => {
          id = (await first.getAttribute('data-perfume-id', { timeout: 20_000 })) ?? '';
          return wanted.test(id);
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    return id;
  };

  const cases: [string, RegExp][] = [
    ['dior sauvage', /^dior--sauvage$/],
    ['chanell', /^chanel--/],
    ['le male gaultier', /^jean-paul-gaultier--le-male$/],
    ['alien mugler', /^mugler--alien$/],
    ['chanel no 5', /^chanel--no-5$/],
    ['baccarat rogue 540', /^maison-francis-kurkdjian--baccarat-rouge-540$/],
  ];

  for (const [text, wanted] of cases) {
    it(`"${text}" shows the perfume meant first`, async () => {
      await expect(firstCardFor(text, wanted)).resolves.toMatch(wanted);
    });
  }

  it("lists the misspelled brand's perfumes", async () => {
    await firstCardFor('chanell', /^chanel--/);
    const cards = page.getByTestId('perfume-card');
    const shown = Math.min(5, await cards.count());
    expect(shown).toBeGreaterThan(0);
    for (let i = 0; i < shown; i++) {
      await expect(cards.nth(i).getAttribute('data-perfume-id')).resolves.toMatch(/^chanel--/);
    }
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'search-relevance-typo.png') });
  });
});
