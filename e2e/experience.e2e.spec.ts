/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * What a new visitor meets, at desktop and phone sizes, on the real catalogue: a failed Load More
 * keeps the cards, dialogs that save say who may save before any work, the retry screen's button
 * works, phones get an uncut layout, every view has an address, data values and counts read in
 * the visitor's language, and keyboard users get focus where the new content is.
 */
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, pressButton, SCREENSHOT_DIR } from './support/browser.ts';
import { type RunningServer, removeDir, startServer } from './support/server.ts';

const ADMIN_EMAIL = 'admin@scentinel.e2e';
const ADMIN_PASSWORD = 'e2e-admin-password-42';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

describe('the visitor experience in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  const open = async (
    viewport: { width: number; height: number },
    url = '/',
    storage?: Record<string, string>,
  ) => {
    // The service worker would answer requests itself, out of the tests' reach (page.route).
    const context = await browser.newContext({
      viewport,
      isMobile: viewport.width < 600,
      hasTouch: viewport.width < 600,
      serviceWorkers: 'block',
    });
    contexts.push(context);
    if (storage) {
      await context.addInitScript((entries: Record<string, string>) => {
        for (const [key, value] of Object.entries(entries)) {
          if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, value);
        }
      }, storage);
    }
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`${server.url}${url}`);
    return { page, errors };
  };
  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
  const firstCards = (page: Page) => page.getByTestId('perfume-card').first().waitFor({ timeout: 60_000 });
  const signIn = async (email: string, password: string) => {
    const response = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(response.status).toBe(200);
    return JSON.stringify(await response.json());
  };

  beforeAll(async () => {
    server = await startServer({ env: { ADMIN_EMAIL, ADMIN_PASSWORD } });
    browser = await launchChromium();
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
    if (server) removeDir(server.dataDir);
  });

  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`keeps the cards when Load More fails, retries inline and focuses the first new card (${size})`, async () => {
      const { page, errors } = await open(viewport);
      await firstCards(page);
      await expect(page.getByTestId('perfume-card').count()).resolves.toBeGreaterThan(0);
      const before = (await page.getByTestId('loaded-count').textContent()) ?? '';
      expect(before).toMatch(/^50 of /);
      const secondPage = (url: URL) =>
        url.pathname.startsWith('/api/perfumes') && url.searchParams.get('skip') === '50';
      await page.route(secondPage, (route) => route.abort('failed'));
      await pressButton(page.getByTestId('load-more'));
      await page.getByTestId('load-more-error').waitFor();
      // The 50 cards are still listed, nothing replaced them, and the failure was logged.
      await expect(page.getByTestId('results-error').count()).resolves.toBe(0);
      await expect(page.getByTestId('loaded-count').textContent()).resolves.toBe(before);
      expect(errors.some((text) => text.includes('Loading more perfumes failed'))).toBe(true);
      await shot(page, `load-more-failed-${size}`);
      await page.unroute(secondPage);
      const nextPage = page.waitForResponse((r) => r.url().includes('skip=50') && r.status() === 200);
      await pressButton(page.getByTestId('load-more-error').getByRole('button'));
      const { perfumes } = (await (await nextPage).json()) as { perfumes: { id: string | number }[] };
      await page.getByTestId('load-more-error').waitFor({ state: 'detached' });
      await expect.poll(() => page.getByTestId('loaded-count').textContent()).toMatch(/^100 of /);
      // Keyboard focus is on the 51st card (the first new one), not on the page body.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-perfume-id') ?? null))
        .toBe(String(perfumes[0]?.id));
    });
  }

  it('says who can save at the top of Manage Chemicals, Assign Chemicals and quick assign (signed out)', async () => {
    const { page } = await open(DESKTOP);
    await firstCards(page);
    for (const [button, dialogId] of [
      ['open-chemical-manager', 'chemical-manager-dialog'],
      ['open-bulk-assign', 'bulk-assign-dialog'],
    ] as const) {
      await page.getByTestId(button).click();
      const dialog = page.getByTestId(dialogId);
      await dialog.waitFor();
      const notice = dialog.getByTestId('save-permission');
      await expect(notice.textContent()).resolves.toMatch(/Only administrators can save here/);
      // Before any work: above the first field of the form.
      const noticeBox = await notice.boundingBox();
      const fieldBox = await dialog.locator('input, select').first().boundingBox();
      expect(noticeBox && fieldBox && noticeBox.y < fieldBox.y).toBe(true);
      await expect(notice.getByRole('button', { name: 'Login' }).count()).resolves.toBe(1);
      if (dialogId === 'chemical-manager-dialog') await shot(page, 'permission-manager');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
    await page.getByTestId('category-unspecific').click();
    await page.getByTestId('badge-needs-enhancement').first().click();
    const quick = page.getByTestId('quick-assign-dialog');
    await quick.waitFor();
    await expect(quick.getByTestId('save-permission').textContent()).resolves.toMatch(/administrators/);
    // Sign In from the notice opens the sign-in dialog on top.
    await quick.getByTestId('save-permission').getByRole('button', { name: 'Login' }).click();
    await page.getByTestId('sign-in-dialog').waitFor();
  });

  it('shows a pending manufacturer its status instead of the contribution form', async () => {
    const maker = { email: 'pending@maker.e2e', username: 'pending-maker', password: 'pending-password-1' };
    const registered = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...maker, role: 'manufacturer' }),
    });
    expect(registered.status).toBe(201);
    const session = await signIn(maker.email, maker.password);
    const { page } = await open(DESKTOP, '/', { 'scentinel.session': session });
    await firstCards(page);
    await page.getByTestId('contribute-button').click();
    const dialog = page.getByTestId('contribute-dialog');
    await dialog.waitFor();
    await expect(dialog.getByTestId('save-permission').textContent()).resolves.toMatch(
      /waiting for an administrator's approval/,
    );
    await expect(dialog.getByTestId('contribution-row').count()).resolves.toBe(0);
    await expect(dialog.locator('form').count()).resolves.toBe(0);
    await shot(page, 'contribute-pending');
  });

  it('offers Try Again, enabled, when the retry screen first appears', async () => {
    // The service worker would answer the retries itself, out of the test's reach.
    const context = await browser.newContext({ viewport: DESKTOP, serviceWorkers: 'block' });
    contexts.push(context);
    const page = await context.newPage();
    const list = (url: URL) => url.pathname.startsWith('/api/perfumes');
    await page.route(list, (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"detail":"down","code":"x"}' }),
    );
    await page.goto(server.url);
    // Three automatic retries (1 + 2 + 3 s), then the error screen.
    const button = page.getByTestId('try-again-button');
    await button.waitFor({ timeout: 30_000 }).catch(async (error: unknown) => {
      await shot(page, 'retry-screen-missing');
      throw error;
    });
    await expect(button.isEnabled()).resolves.toBe(true);
    await expect(button.textContent()).resolves.toBe('Try Again');
    await shot(page, 'retry-screen');
    await page.unroute(list);
    await button.click();
    await page.getByTestId('perfume-card').first().waitFor({ timeout: 30_000 });
  });

  it('says of a label that names only "Fragrance" that it tells nothing of allergens, on phones too', async () => {
    // A real perfume whose retail label reads "Sugarcane Alcohol Denat, Fragrance/Parfum, Water".
    const answer = (await (await fetch(`${server.url}/api/perfumes/phlur--phloria`)).json()) as {
      label: { names_fragrance: boolean } | null;
      hypoallergenic: boolean;
      allergens: { basis: string }[];
    };
    expect(answer.label?.names_fragrance).toBe(false);
    expect(answer.hypoallergenic).toBe(false);
    expect(answer.allergens.length).toBeGreaterThan(0);
    expect(answer.allergens.every((a) => a.basis === 'likely' || a.basis === 'possible')).toBe(true);
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const { page } = await open(viewport, '/?q=Phloria&perfume=phlur--phloria');
      await firstCards(page);
      const evidence = page.getByTestId('allergen-evidence').first();
      const visible = await evidence.evaluate((el) =>
        [...el.querySelectorAll('p')]
          .filter((p) => (p as HTMLElement).offsetParent !== null)
          .map((p) => p.textContent ?? '')
          .join(' '),
      );
      expect(visible).toContain('says only “Fragrance”');
      expect(visible).not.toMatch(/from the label|no label list/);
      await shot(page, `label-says-only-fragrance-${size}`);
    }
  });

  it('lays a phone page out uncut: filter tabs, search placeholder, photo-less cards, short chip lists', async () => {
    const context = await browser.newContext({
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      serviceWorkers: 'block',
    });
    contexts.push(context);
    const page = await context.newPage();
    // Photos come from a third-party host that often fails: every photo fails here.
    await page.route(/\.(jpe?g|png|webp|avif)(\?.*)?$/i, (route) => route.abort('failed'));
    await page.goto(server.url);
    await firstCards(page);
    // The placeholder's CAS example fits in the box.
    const placeholder = await page.getByTestId('search-input').evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const canvas = document.createElement('canvas').getContext('2d')!;
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const padding = Number.parseFloat(style.paddingLeft) + Number.parseFloat(style.paddingRight);
      return {
        text: input.placeholder,
        width: canvas.measureText(input.placeholder).width,
        room: input.clientWidth - padding,
      };
    });
    expect(placeholder.text).toMatch(/78-70-6/);
    expect(placeholder.width).toBeLessThanOrEqual(placeholder.room);
    // No 200 px empty block where a photo failed: a slim band.
    await expect
      .poll(() =>
        page.evaluate(() =>
          Math.max(
            ...[...document.querySelectorAll('.perfume-card__media')]
              .filter((el) => el.getBoundingClientRect().top < window.innerHeight)
              .map((el) => el.getBoundingClientRect().height),
          ),
        ),
      )
      .toBeLessThanOrEqual(60);
    // Long chemical lists show their allergens and "N more", not every chip.
    const chips = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid="perfume-card"]')].map(
        (card) => card.querySelectorAll('[data-testid="chemical-chip"]').length,
      ),
    );
    expect(Math.max(...chips)).toBeLessThanOrEqual(8);
    // Each card says in words where its allergens come from and, for each one shown, its basis:
    // visible at phone size, not on hover.
    const firstCard = page.getByTestId('perfume-card').first();
    const short = firstCard.getByTestId('evidence-short');
    await expect(short.isVisible()).resolves.toBe(true);
    await expect(short.textContent()).resolves.toMatch(/^Allergens (estimated from|from the label|unknown)/);
    const bases = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid="perfume-card"] .evidence__item')]
        .slice(0, 20)
        .map((item) => ({
          basis: item.getAttribute('data-basis'),
          shown: [...item.querySelectorAll('.evidence__basis')]
            .filter((el) => (el as HTMLElement).offsetParent !== null)
            .map((el) => el.textContent ?? '')
            .join(''),
          dashed: getComputedStyle(item).borderTopStyle === 'dashed',
        })),
    );
    expect(bases.length).toBeGreaterThan(0);
    for (const item of bases) {
      expect(item.shown).toMatch(item.basis === 'declared' ? /^on the label$/ : /^likely( \d+%)?$/);
      // A guess looks like one: a dashed edge; a label entry a solid one.
      expect(item.dashed).toBe(item.basis !== 'declared');
    }
    // The compact card keeps its chips, notes and counts behind Details, reachable by keyboard.
    const toggle = firstCard.getByTestId('card-details-toggle');
    await expect(firstCard.locator('.chem-list__chips').isVisible()).resolves.toBe(false);
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(firstCard.locator('.chem-list__chips').isVisible()).resolves.toBe(true);
    await expect(firstCard.getByTestId('perfume-counts').isVisible()).resolves.toBe(true);
    await shot(page, 'phone-card-details');
    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .include('[data-testid="perfume-grid"]')
      .analyze();
    expect(
      axe.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    await page.keyboard.press('Enter');
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    // 50 cards, every row drawn and measured (scrolled through), make a page under 12,000 px: the
    // full cards measured 28,300 px.
    await page.evaluate(async () => {
      for (let i = 0; i < 200; i++) {
        window.scrollBy(0, window.innerHeight);
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 30)));
        if (window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2) break;
      }
    });
    await expect(page.getByTestId('loaded-count').textContent()).resolves.toMatch(/^50 of /);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    console.info(`phone page of 50 cards: ${height} px`);
    expect(height).toBeLessThan(12_000);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'phone-main');
    // Every Advanced Filters tab is inside the dialog.
    await page.getByTestId('open-filters').click();
    const dialog = page.getByTestId('filters-dialog');
    await dialog.waitFor();
    const box = (await dialog.boundingBox())!;
    for (const tab of await dialog.getByRole('tab').all()) {
      const tabBox = (await tab.boundingBox())!;
      expect(tabBox.x).toBeGreaterThanOrEqual(box.x - 1);
      expect(tabBox.x + tabBox.width).toBeLessThanOrEqual(box.x + box.width + 1);
    }
    await shot(page, 'phone-filters');
  });

  it('gives every view an address: search, filters, chemical, perfume; Back works; unknown paths say so', async () => {
    const { page } = await open(DESKTOP);
    await firstCards(page);
    await page.getByTestId('search-input').fill('Chanel');
    await page.getByTestId('search-input').press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('Chanel');
    await page.getByTestId('category-complete').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('category')).toBe('complete');
    // A chemical opened from a card is in the address; Back closes it.
    await page.getByTestId('chemical-chip').first().click();
    await page.getByTestId('chemical-detail').waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('chemical')).not.toBeNull();
    const chemicalUrl = page.url();
    await page.goBack();
    await page.getByTestId('chemical-detail').waitFor({ state: 'detached' });
    await expect.poll(() => new URL(page.url()).searchParams.get('chemical')).toBeNull();
    // Back again undoes the category, then the search.
    await page.goBack();
    await expect.poll(() => new URL(page.url()).searchParams.get('category')).toBeNull();
    await page.goBack();
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBeNull();
    await expect(page.getByTestId('search-input').inputValue()).resolves.toBe('');
    // The shared address opens the same view in a new tab.
    const shared = await open(DESKTOP, new URL(chemicalUrl).pathname + new URL(chemicalUrl).search);
    await shared.page.getByTestId('chemical-detail').waitFor({ timeout: 60_000 });
    await expect(shared.page.getByTestId('search-input').inputValue()).resolves.toBe('Chanel');
    await expect(shared.page.getByTestId('category-complete').getAttribute('aria-pressed')).resolves.toBe(
      'true',
    );
    // A perfume's own address brings its card into view, outlined.
    await shared.page.keyboard.press('Escape');
    const link = shared.page.getByTestId('perfume-link').nth(2);
    const name = ((await link.textContent()) ?? '').trim();
    await link.click();
    await expect.poll(() => new URL(shared.page.url()).searchParams.get('perfume')).not.toBeNull();
    await expect.poll(() => new URL(shared.page.url()).searchParams.get('q')).toBe(name);
    await shared.page.locator('.perfume-card--highlighted').waitFor();
    // An unknown path shows a not-found screen with the way home.
    const lost = await open(DESKTOP, '/no/such/page');
    await lost.page.getByTestId('not-found').waitFor();
    await shot(lost.page, 'not-found');
    await lost.page.getByTestId('not-found-home').click();
    await firstCards(lost.page);
    expect(new URL(lost.page.url()).pathname).toBe('/');
  });

  it('reads data values, counts and numbers in the chosen language', async () => {
    const { page } = await open(DESKTOP, '/?cas=78-70-6', { 'scentinel.language': 'de' });
    const modal = page.getByTestId('cas-modal');
    await modal.waitFor({ timeout: 60_000 });
    await page.getByTestId('cas-found').waitFor();
    // Other names are quoted as the sources give them ("Linalool Synthetic" is a supplier's name),
    // so only the rest of the dialog has to speak German.
    const names = (await modal.getByTestId('chemical-synonyms').textContent()) ?? '';
    // So are the natural materials' names and references.
    const quoted = [names];
    for (const item of await modal.getByTestId('natural-occurrence-item').all()) {
      quoted.push((await item.locator('.occurrence-list__name').textContent()) ?? '');
      quoted.push(
        (await item.getByTestId('natural-occurrence-source').locator('[lang="en"]').textContent()) ?? '',
      );
    }
    const text = quoted.reduce((rest, q) => rest.replace(q, ''), (await modal.textContent()) ?? '');
    expect(await modal.getByTestId('natural-occurrence').locator('h3').textContent()).toBe(
      'Kommt natürlich vor in',
    );
    expect(names).toMatch(/Licareol/);
    expect(text).not.toMatch(/MODERATE[ _]RISK|LOW[ _]RISK|established allergen|synthetic/i);
    expect(text).toMatch(/Risiko|Kontaktallergen/);
    await shot(page, 'cas-modal-de');
    await page.keyboard.press('Escape');
    // A keyword search lists restricted chemicals with their regions in German.
    await page.getByTestId('search-input').fill('restricted');
    await page.getByTestId('search-input').press('Enter');
    await page.getByTestId('chemical-card').first().waitFor();
    const cards = (await page.getByTestId('chemical-results').textContent()) ?? '';
    expect(cards).toContain('Europäische Union');
    expect(cards).not.toMatch(/\bEU\b,|: EU\b/);
    // "Used in 61.872 Parfums": the chemical detail's count is grouped the German way.
    const { page: english } = await open(DESKTOP);
    await firstCards(english);
    await english.getByTestId('chemical-chip').first().click();
    const detail = english.getByTestId('chemical-detail');
    await detail.waitFor();
    await expect.poll(async () => (await detail.textContent()) ?? '').toMatch(/Used in\s*\d[\d,]* perfumes?/);
    const usedIn = (await detail.textContent()) ?? '';
    const count = /Used in\s*(\d[\d,]*) perfumes?/.exec(usedIn)?.[1] ?? '';
    if (Number(count.replaceAll(',', '')) >= 1000) expect(count).toContain(',');
  });

  it('says which naturals hold a molecule, and what a natural is made of, with shares and sources', async () => {
    const { page } = await open(DESKTOP, '/?cas=78-70-6');
    const block = page.getByTestId('cas-modal').getByTestId('natural-occurrence');
    await block.waitFor({ timeout: 60_000 });
    expect(await block.locator('h3').textContent()).toBe('Occurs naturally in');
    // Its type (an aroma chemical, "synthetic" by kind) no longer reads as "not in nature".
    expect(await page.getByTestId('cas-modal').textContent()).toContain(
      'Synthetic, also occurs in natural materials',
    );
    const lavender = block.getByTestId('natural-occurrence-item').filter({ hasText: /^Lavender oil —/ });
    expect(await lavender.textContent()).toMatch(
      /typically \d+(\.\d+)? %.*EU label allergen.*Source: .*ISO 3515/,
    );
    // The first eight, then every one on request.
    const items = block.getByTestId('natural-occurrence-item');
    expect(await items.count()).toBe(8);
    const more = block.getByRole('button', { name: /^Show all \d+$/ });
    const total = Number(/\d+/.exec((await more.textContent()) ?? '')?.[0]);
    expect(total).toBeGreaterThan(8);
    await more.click();
    await expect.poll(() => items.count()).toBe(total);
    expect(await block.getByRole('button', { name: 'Show fewer' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    // A material with a record of its own opens it: what lavender oil is made of, and back to linalool.
    await lavender.getByRole('button', { name: 'Lavender oil' }).click();
    const detail = page.getByTestId('chemical-detail');
    const madeOf = detail.getByTestId('natural-occurrence');
    await madeOf.waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).searchParams.get('chemical')).toBe('chem-8000-28-0');
    expect(await madeOf.locator('h3').textContent()).toBe('What it is made of');
    await expect.poll(() => detail.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await madeOf.getByRole('button', { name: 'Linalool', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('chemical')).toBe('chem-78-70-6');
    await expect
      .poll(() =>
        page.getByTestId('chemical-detail').getByTestId('natural-occurrence').locator('h3').textContent(),
      )
      .toBe('Occurs naturally in');
    // The next chemical is a new dialog: the focus is in it, not left on the button that went away.
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement?.closest('[data-testid="chemical-detail"]') !== null),
      )
      .toBe(true);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).not.toBe('Linalool');
    // On a phone, a natural material lists its constituents: its allergens are named in words.
    const phone = await open(PHONE, '/?cas=8000-28-0');
    const made = phone.page.getByTestId('cas-modal').getByTestId('natural-occurrence');
    await made.waitFor({ timeout: 60_000 });
    expect(await made.locator('h3').textContent()).toBe('What it is made of');
    const first = made.getByTestId('natural-occurrence-item').first();
    expect(await first.textContent()).toMatch(/^Linalool — typically [\d.]+ %\s*EU label allergen/);
    await made.scrollIntoViewIfNeeded();
    await shot(phone.page, 'natural-occurrence-phone');
  });

  it('gives admins a dashboard entry in the header (the logo gesture still works)', async () => {
    const session = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    const { page } = await open(DESKTOP, '/', { 'scentinel.session': session });
    await firstCards(page);
    await page.getByTestId('dashboard-button').click();
    await page.getByTestId('analytics-dashboard').waitFor({ timeout: 60_000 });
    await shot(page, 'admin-dashboard-entry');
    // Signed out, there is no such entry.
    const visitor = await open(DESKTOP);
    await firstCards(visitor.page);
    await expect(visitor.page.getByTestId('dashboard-button').count()).resolves.toBe(0);
  });

  it('lets a keyboard user skip past the results to Load More in one step', async () => {
    const { page } = await open(DESKTOP);
    await firstCards(page);
    const skip = page.getByTestId('skip-results');
    await skip.focus();
    await expect(skip.isVisible()).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).resolves.toBe(
      'load-more',
    );
    // A card's chips are one Tab stop; the arrow keys move between them.
    await page.evaluate(() => window.scrollTo(0, 0));
    const group = page.locator('.chem-list__chips').first();
    const chips = group.getByTestId('chemical-chip');
    if ((await chips.count()) > 1) {
      await expect(chips.nth(0).getAttribute('tabindex')).resolves.toBe('0');
      await expect(chips.nth(1).getAttribute('tabindex')).resolves.toBe('-1');
      await chips.nth(0).focus();
      await page.keyboard.press('ArrowRight');
      await expect
        .poll(() => chips.nth(1).evaluate((el) => el === document.activeElement), {
          message: 'ArrowRight moves to the next chip',
        })
        .toBe(true);
    }
  });

  it('names clean brands derived from the catalogue, with the allergens they avoid and how', async () => {
    const answer = (await (await fetch(`${server.url}/api/perfumes/clean-brands`)).json()) as {
      brands: { name: string; avoids: string[] }[];
      method: { hypoallergenic_perfumes: number };
    };
    const stats = (await (await fetch(`${server.url}/api/categorize-perfumes`)).json()) as {
      hypoallergenic: { count: number };
    };
    // The ranking reads the hypoallergenic perfumes; the shipped catalogue may hold none (a label
    // that says only "Fragrance" makes no perfume hypoallergenic), and then it names no brand.
    expect(answer.method.hypoallergenic_perfumes).toBe(stats.hypoallergenic.count);
    expect(answer.brands.length).toBeLessThanOrEqual(5);
    if (stats.hypoallergenic.count === 0) expect(answer.brands).toEqual([]);
    const { page } = await open(DESKTOP, '/?category=hypoallergenic&q=zzqxv-no-such-perfume');
    const dialog = page.getByTestId('clean-brands-dialog');
    await dialog.waitFor({ timeout: 60_000 });
    if (answer.brands.length === 0) {
      await expect(dialog.getByText('Consider brands that formulate without').isVisible()).resolves.toBe(
        true,
      );
      await expect(dialog.getByTestId('clean-brand').count()).resolves.toBe(0);
      await shot(page, 'clean-brands');
      return;
    }
    await dialog.getByTestId('clean-brand').first().waitFor();
    const names = await dialog.getByTestId('clean-brand').locator('strong').allTextContents();
    expect(names).toEqual(answer.brands.map((b) => b.name));
    const text = (await dialog.textContent()) ?? '';
    if (answer.brands[0]?.avoids.length) expect(text).toContain(answer.brands[0].avoids[0]);
    await expect(dialog.getByTestId('clean-brands-method').textContent()).resolves.toMatch(
      /How this list is made/,
    );
    await shot(page, 'clean-brands');
  });
});
