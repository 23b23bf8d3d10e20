import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppPage, openAppPage } from './support/app-page.ts';
import { pressButton, SCREENSHOT_DIR } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';

/** The main page's flows (issue: catalogue search and browse) on the real catalogue. */
describe('main page in Chromium', () => {
  let app: AppPage;
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  const shot = (name: string) => page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
  const search = async (text: string) => {
    await page.getByTestId('search-input').fill(text);
    await page.getByTestId('search-input').press('Enter');
  };
  /** Searches a CAS number and waits for the CAS modal to show the chemical found. */
  const openCas = async (cas: string) => {
    await search(cas);
    const modal = page.getByTestId('cas-modal');
    await page.getByTestId('cas-found').waitFor();
    return modal;
  };
  const closeCas = async () => {
    await page.getByTestId('cas-close').click();
    await page.getByTestId('cas-modal').waitFor({ state: 'hidden' });
  };
  const loadedCount = async () => (await page.getByTestId('loaded-count').textContent()) ?? '';
  const waitForLoadedCount = async (pattern: RegExp) => {
    const deadline = Date.now() + 20_000;
    let last = '';
    while (Date.now() < deadline) {
      last = await loadedCount();
      if (pattern.test(last)) return;
      await page.waitForTimeout(100);
    }
    throw new Error(`loaded count "${last}" never matched ${pattern}`);
  };

  beforeAll(async () => {
    app = await openAppPage();
    ({ server, browser, page } = app);
  });

  afterAll(async () => {
    await app?.close();
  });

  it('shows the real catalogue total and a page of 50 cards', async () => {
    const total = (await (await fetch(`${server.url}/api/categorize-perfumes`)).json()) as {
      complete_chemical_data: { count: number };
    };
    await expect(loadedCount()).resolves.toContain(
      `50 of ${total.complete_chemical_data.count.toLocaleString('en')}`,
    );
    await shot('main-page');
  });

  it('searches perfumes by name', async () => {
    await search('Chanel No 5');
    const first = page.getByTestId('perfume-card').first();
    await first.waitFor();
    await expect(first.textContent()).resolves.toMatch(/No\.? ?5/i);
    await expect(first.textContent()).resolves.toContain('Chanel');
  });

  it('suggests perfumes while typing and searches the one picked with the keyboard', async () => {
    const input = page.getByTestId('search-input');
    await input.fill('');
    await input.pressSequentially('Aventu', { delay: 40 });
    const options = page.getByTestId('search-suggestion');
    // On a loaded machine the keystrokes may be slower than the typing pause, so suggestions for a
    // shorter prefix may show first: wait for those of the whole text.
    await expect
      .poll(async () => ((await options.first().textContent({ timeout: 20_000 })) ?? '').toLowerCase(), {
        timeout: 20_000,
      })
      .toContain('aventu');
    await page.waitForLoadState('networkidle');
    await expect(input.getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(page.getByTestId('search-suggestions').textContent()).resolves.toMatch(/match/);
    await shot('search-suggestions');
    // Brands the text spells come before perfumes: arrow down to the first perfume.
    const kinds = await options.evaluateAll((els) => els.map((el) => el.getAttribute('data-kind')));
    const at = kinds.indexOf('perfume');
    expect(at).toBeGreaterThanOrEqual(0);
    const option = options.nth(at);
    const picked = ((await option.locator('.suggestions__name').textContent()) ?? '').trim();
    expect(picked.toLowerCase()).toContain('aventu');
    for (let i = 0; i <= at; i++) await input.press('ArrowDown');
    await expect(option.getAttribute('aria-selected')).resolves.toBe('true');
    await expect(input.getAttribute('aria-activedescendant')).resolves.toBe(await option.getAttribute('id'));
    await input.press('Enter');
    await page.getByTestId('search-suggestions').waitFor({ state: 'detached' });
    await expect(input.inputValue()).resolves.toBe(picked);
    // The search ran for the picked name: an exact name match comes first.
    await expect
      .poll(async () => (await page.locator('.perfume-card__name').first().textContent())?.trim(), {
        timeout: 20_000,
      })
      .toBe(picked);
  });

  it('suggests the brand a few letters spell before its perfumes, and chemicals by name or trade name', async () => {
    const input = page.getByTestId('search-input');
    await input.fill('');
    await input.pressSequentially('chan', { delay: 40 });
    const options = page.getByTestId('search-suggestion');
    await expect
      .poll(async () => (await options.first().textContent({ timeout: 20_000 })) ?? '', { timeout: 20_000 })
      .toMatch(/^Chanel/);
    await expect(options.first().getAttribute('data-kind')).resolves.toBe('brand');
    await input.press('ArrowDown');
    await input.press('Enter');
    await expect
      .poll(() => page.getByTestId('brand-select').inputValue(), { timeout: 20_000 })
      .toBe('Chanel');
    await expect
      .poll(async () => (await page.locator('.perfume-card__brand').first().textContent())?.trim(), {
        timeout: 20_000,
      })
      .toBe('Chanel');

    await page.getByTestId('brand-select').selectOption('');
    await input.fill('');
    await input.pressSequentially('linalo', { delay: 40 });
    const chemical = page.locator('[data-testid="search-suggestion"][data-kind="chemical"]');
    await expect
      .poll(async () => (await chemical.first().textContent({ timeout: 20_000 })) ?? '', { timeout: 20_000 })
      .toMatch(/Linalool.*CAS 78-70-6/);
    // A trade name finds the chemical it names, and says so.
    await input.fill('');
    await input.pressSequentially('hedion', { delay: 40 });
    await expect
      .poll(async () => (await chemical.first().textContent({ timeout: 20_000 })) ?? '', { timeout: 20_000 })
      .toMatch(/Methyl dihydrojasmonate.*CAS 24851-98-7 · also known as Hedione/);
    await input.press('Escape');
  });

  it('opens the CAS modal with linalool for 78-70-6', async () => {
    const modal = await openCas('78-70-6');
    const text = (await modal.textContent()) ?? '';
    expect(text).toContain('Linalool');
    expect(text).toContain('78-70-6');
    expect(text).toMatch(/EU Allergen/i);
    // Every regulatory status carries its source, by name and date (never a file path).
    const sources = (await modal.getByTestId('sources-block').textContent()) ?? '';
    expect(sources).toMatch(/EU CosIng, Cosmetics Regulation Annex III \(export of 25 Dec 2025\)/);
    expect(sources).not.toMatch(/COSING_Annex_III|\.csv|\.txt/);
    // The SCCS block gives the opinion's own category in words, and its source and date.
    const sccs = (await modal.getByTestId('sccs-block').textContent()) ?? '';
    expect(sccs).toMatch(
      /Opinion SCCS\/1459\/11 counts it among the established contact allergens in humans\./,
    );
    expect(sccs).toMatch(/Source: SCCS opinion SCCS\/1459\/11 on fragrance allergens \(2012\)/);
    expect(sccs).not.toMatch(/not the opinion's word/);
    await shot('cas-modal');
    await closeCas();
  });

  it("shows methyl eugenol's other names, IFRA standard and IARC group, each with its source", async () => {
    const modal = await openCas('93-15-2');
    expect(await modal.getByTestId('chemical-synonyms').textContent()).toMatch(/4-Allylveratrole/);
    const ifra = modal.getByTestId('ifra-block');
    expect(await ifra.getByTestId('ifra-kind').allTextContents()).toEqual(['IFRA restriction']);
    // IFRA's reason in plain words (it writes "DERMAL SENSITIZATION AND SYSTEMIC TOXICITY").
    expect(await ifra.getByTestId('ifra-reason').textContent()).toBe(
      'Reason given by IFRA: skin allergy (sensitisation) and harm to the body once absorbed (systemic toxicity).',
    );
    expect(await ifra.getByTestId('ifra-fine-fragrance').textContent()).toMatch(
      /Fine fragrance \(category 4\):\s+at most 0\.011\s%/,
    );
    // Every category's limit is one keyboard press away, in the order the standard prints them.
    await ifra.locator('summary').focus();
    await page.keyboard.press('Enter');
    const rows = await ifra.locator('[data-testid="ifra-limits"] tbody th').allTextContents();
    expect(rows[0]).toMatch(/^1 · /);
    expect(rows).toHaveLength(18);
    expect(await ifra.textContent()).toMatch(/Source: IFRA Standards, 51st Amendment \(2023\)/);
    const iarc = (await modal.getByTestId('iarc-block').textContent()) ?? '';
    expect(iarc).toMatch(/Group 2A: probably carcinogenic to humans/);
    expect(iarc).toMatch(/Agent as IARC names it: Methyleugenol/);
    // Where each field comes from, named in words, never as the data's field keys.
    const sources = (await modal.getByTestId('sources-block').textContent()) ?? '';
    expect(sources).toMatch(/IARC classification — IARC Monographs/);
    expect(sources).not.toMatch(/cas_number|inci_name|iarc —|ifra —/);
    await shot('cas-modal-ifra-iarc');
    await closeCas();
  });

  it('says a banned risk level is the EU prohibition, not the SCCS opinion, for lilial (80-54-6)', async () => {
    const modal = await openCas('80-54-6');
    const sccs = (await modal.getByTestId('sccs-block').textContent()) ?? '';
    expect(sccs).toMatch(/Risk level\s*Banned/);
    expect(sccs).toMatch(/"Banned" is not the opinion's word: the EU has since prohibited the substance/);
    expect(sccs).toMatch(/Source: SCCS opinion SCCS\/1459\/11/);
    expect(await modal.getByTestId('regulatory-block').textContent()).toMatch(/EU Annex II, entry 1666/);
    await closeCas();
  });

  it("shows benzene's Prop 65 listings with their safe harbour levels, each kind with its own toxicity", async () => {
    const modal = await openCas('71-43-2');
    const prop65 = modal.getByTestId('prop65');
    // Each listing with its own date: the reproductive endpoints joined the list ten years later.
    expect(await prop65.locator('p').first().textContent()).toMatch(
      /listed for cancer since Feb\u00a027,\u00a01987; for developmental toxicity, male reproductive toxicity since Dec\u00a026,\u00a01997\./,
    );
    expect(await prop65.getByTestId('prop65-scope').count()).toBe(0);
    expect(await prop65.getByTestId('safe-harbor-levels').locator('li').allTextContents()).toEqual([
      'No significant risk level (NSRL), cancer: 6.4\u00a0µg a day by mouth; 13\u00a0µg a day inhaled',
      'Maximum allowable dose level (MADL), developmental toxicity, male reproductive toxicity: 24\u00a0µg a day by mouth; 49\u00a0µg a day inhaled',
    ]);
    expect(await prop65.textContent()).toMatch(/Source: OEHHA Proposition 65 list \(29 Dec 2023\)/);
    await shot('cas-modal-prop65');
    await closeCas();
  });

  it("keeps an Annex II ban's own condition: a petroleum distillate is banned only above 0.1 % benzene", async () => {
    const modal = await openCas('64742-48-9');
    const condition = modal.getByTestId('eu-prohibition-condition');
    expect(await condition.textContent()).toBe(
      'The law limits the ban to: if they contain ≥ 0.1 % w/w benzene',
    );
    expect(await condition.locator('q').getAttribute('lang')).toBe('en');
    await closeCas();
  });

  it('shows beta-damascone under the Rose Ketones entry that covers it by name, with that entry’s limit', async () => {
    const modal = await openCas('35044-68-9');
    const states = await modal.getByTestId('regulatory-state').allTextContents();
    expect(states).toEqual(['EU restricted (Annex III)', 'EU labelled allergen']);
    expect(await modal.getByTestId('eu-allergen-covered').textContent()).toMatch(
      /^Annex III entry 157 takes it in by its chemical name, though it does not list its CAS number/,
    );
    expect(await modal.textContent()).toMatch(/EU Annex III entry 157: .*0\.02%/);
    await shot('cas-modal-covered-by-name');
    await closeCas();
  });

  it("says ethylene glycol's Prop 65 listing covers it only when ingested", async () => {
    const modal = await openCas('107-21-1');
    const prop65 = modal.getByTestId('prop65');
    expect(await prop65.locator('p').first().textContent()).toMatch(
      /listed for developmental toxicity since Jun\u00a019,\u00a02015\./,
    );
    expect(await prop65.getByTestId('prop65-scope').textContent()).toBe('The listing covers only: ingested');
    await closeCas();
  });

  it('lists prohibited chemicals as cards for the keyword "prohibited"', async () => {
    await search('prohibited');
    await page.getByTestId('chemical-results').waitFor();
    const cards = page.getByTestId('chemical-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBeGreaterThan(5);
  });

  it('filters by a chemical that must be present and a note that must be absent', async () => {
    await page.getByTestId('reset-all').click();
    await page.getByTestId('open-filters').click();
    const dialog = page.getByTestId('filters-dialog');
    await dialog.waitFor();
    // Each list answers the typed text after a moment, and until then still shows the previous
    // list: a button found there can be gone from under the pointer when the answer arrives. So
    // wait for the answer (the exact name first), then press the button from the keyboard.
    const pick = async (kind: 'chemicals' | 'notes', text: string, button: string) => {
      await page.getByTestId(`filter-search-${kind}`).fill(text);
      const first = page.getByTestId(`filter-list-${kind}`).locator('.pick-list__name').first();
      await expect
        .poll(async () => (await first.textContent({ timeout: 20_000 })) ?? '', { timeout: 20_000 })
        .toMatch(new RegExp(`^${text}( ·|$)`));
      await pressButton(dialog.getByRole('button', { name: button, exact: true }));
    };
    await pick('chemicals', 'Coumarin', 'Must contain Coumarin');
    await page.getByTestId('filters-tab-notes').click();
    await pick('notes', 'Vanilla', 'Must not contain Vanilla');
    await expect(page.getByTestId('filters-dialog-count').textContent()).resolves.toContain('2');
    await shot('filter-dialog');
    await page.getByTestId('filters-apply').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect(page.getByTestId('active-filter-count').textContent()).resolves.toContain('2');
    const cards = page.getByTestId('perfume-card');
    await cards.first().waitFor();
    // Every card shown contains coumarin and no vanilla note.
    const texts = await cards.allTextContents();
    expect(texts.length).toBeGreaterThan(0);
    for (const t of texts) {
      expect(t).toContain('Coumarin');
      expect(t).not.toMatch(/\bVanilla\b/);
    }
  });

  it("opens a card's chemical", async () => {
    const chip = page.getByTestId('perfume-card').first().getByTestId('chemical-chip').first();
    const name = ((await chip.textContent()) ?? '').trim();
    await chip.click();
    const detail = page.getByTestId('cas-modal').or(page.getByTestId('chemical-detail'));
    await detail.first().waitFor();
    expect(name.length).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await detail.first().waitFor({ state: 'hidden' });
  });

  /** The default list's loaded count ("50 of 56,769"): the grid shows it only once a reset took effect. */
  const defaultListCount = async (loaded: string) => {
    const total = (await (await fetch(`${server.url}/api/categorize-perfumes`)).json()) as {
      complete_chemical_data: { count: number };
    };
    return new RegExp(`^${loaded} of ${total.complete_chemical_data.count.toLocaleString('en')}$`);
  };

  it('loads 50 more and appends them', async () => {
    await page.getByTestId('reset-all').click();
    // Wait for the default list itself: the filtered list before it also reads "50 of …".
    await waitForLoadedCount(await defaultListCount('50'));
    await pressButton(page.getByTestId('load-more'));
    await waitForLoadedCount(await defaultListCount('100'));
  });

  it("says where each card's allergens come from: a declared label, or estimates from the notes", async () => {
    await search('Colonia Pura');
    const labelled = page.getByTestId('perfume-card').first();
    await labelled.waitFor();
    const evidence = labelled.getByTestId('allergen-evidence');
    await expect(evidence.getAttribute('data-knowledge')).resolves.toBe('declared_list');
    await expect(evidence.textContent()).resolves.toMatch(/declared on the label \(Sephora/);
    await expect(evidence.locator('[data-basis="declared"]').count()).resolves.toBeGreaterThan(0);
    await expect(evidence.locator('[data-basis="likely"]').count()).resolves.toBe(0);

    // No label and no specific note: the estimates are said to come from similar perfumes.
    await search('Black Cherry Kisser');
    const guessed = page.getByTestId('perfume-card').first().getByTestId('allergen-evidence');
    await expect.poll(() => guessed.getAttribute('data-knowledge')).toBe('none');
    await expect(guessed.getByTestId('evidence-short').textContent()).resolves.toBe(
      'No ingredient list or notes: allergens guessed from similar perfumes',
    );
    await expect(guessed.textContent()).resolves.toContain('not facts about this one');
    await expect(guessed.locator('[data-basis="likely"]').count()).resolves.toBeGreaterThan(0);

    await page.getByTestId('reset-all').click();
    // The default list comes back as loaded before (one page, or two after "Load More").
    await waitForLoadedCount(await defaultListCount('(50|100)'));
    const estimated = page.getByTestId('perfume-card').first().getByTestId('allergen-evidence');
    await expect(estimated.getAttribute('data-knowledge')).resolves.toBe('notes_resolved');
    await expect(estimated.textContent()).resolves.toMatch(
      /Estimated from all \d+ notes?; no label list known/,
    );
    // Every estimated allergen says in words how likely it is (no meaning hidden in a colour).
    const likely = estimated.locator('[data-basis="likely"]');
    await expect(likely.count()).resolves.toBeGreaterThan(0);
    await expect(likely.first().textContent()).resolves.toMatch(/likely \(about \d+%\)/);
  });

  it('keeps "Safe for me" to perfumes with known contents unless incomplete data is included (phone)', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const p = await phone.newPage();
    await p.addInitScript(
      `localStorage.setItem('scentinel.allergenProfile', ${JSON.stringify(JSON.stringify([{ id: 'chem-97-53-0', name: 'Eugenol' }]))});` +
        `localStorage.setItem('scentinel.safeForMe', 'true');`,
    );
    await p.goto(server.url);
    await p.getByTestId('perfume-card').first().waitFor();
    const leftOut = p.getByTestId('incomplete-left-out');
    await leftOut.waitFor();
    await expect(leftOut.textContent()).resolves.toMatch(/perfumes? with incomplete data (is|are) left out/);
    const cards = p.getByTestId('perfume-card');
    const knowledge = await cards
      .locator('[data-testid="allergen-evidence"]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-knowledge')));
    expect(knowledge.length).toBeGreaterThan(0);
    expect(knowledge.every((k) => k === 'declared_list' || k === 'notes_resolved')).toBe(true);
    await p.screenshot({ path: path.join(SCREENSHOT_DIR, 'safe-for-me-phone.png') });

    await p.getByTestId('include-incomplete').check();
    await leftOut.waitFor({ state: 'detached' });
    await phone.close();
  });

  it('switches the interface to Swedish', async () => {
    await page.getByTestId('language-button').click();
    await page.getByTestId('language-dialog').waitFor();
    await Promise.all([page.waitForEvent('load'), page.getByTestId('language-option-sv').click()]);
    await page.getByTestId('search-button').waitFor();
    await expect(page.getByTestId('search-button').textContent()).resolves.toContain('Sök');
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('sv');
    await shot('main-page-sv');
  });

  it("words toluene's odour, Prop 65 level and removed endpoint in Swedish, quoting OEHHA's note as English", async () => {
    const modal = await openCas('108-88-3');
    expect(await modal.getByTestId('safe-harbor-levels').textContent()).toBe(
      'Högsta tillåtna dos (MADL), utvecklingstoxicitet: 7\u00a0000\u00a0µg per dag',
    );
    // The odour glossary's "sweet", in Swedish once its words have arrived.
    await expect.poll(() => modal.getByTestId('chemical-odour').textContent()).toBe('söt');
    expect(await modal.getByTestId('prop65').locator('q[lang="en"]').textContent()).toMatch(
      /^Level represents absorbed dose/,
    );
    expect(await modal.getByTestId('regulatory-history').locator('li').allTextContents()).toContainEqual(
      expect.stringMatching(
        /^US · .*\(till 7\u00a0mars\u00a02014\): listningen för kvinnlig reproduktionstoxicitet \(sedan 7\u00a0aug\.\u00a02009\) togs bort; övriga listningar gäller\./,
      ),
    );
    await shot('cas-modal-history-sv');
    await closeCas();
  });
});
