/**
 * Accounts, approval, contribution and curation through the real browser and the real server
 * (`npm start`, embedded default): a manufacturer registers (pending), the admin approves them,
 * they contribute chemical data for a perfume, the admin approves the contribution, and the
 * perfume's card shows the chemicals as declared with the Complete badge. An anonymous visitor
 * who tries to delete a chemical is refused by the server and sees why. Then a contributed
 * concentration reaches the chemical detail: a visitor who opens Linalool from the perfume it was
 * contributed for reads the range there, in German number format, with where it comes from (list
 * cards carry no concentrations: the detail reads the full perfume). One server serves both.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, SCREENSHOT_DIR } from './support/browser.ts';
import { type RunningServer, removeDir, startServer } from './support/server.ts';

const ADMIN_EMAIL = 'admin@scentinel.e2e';
const ADMIN_PASSWORD = 'e2e-admin-password-42';
const MAKER = { email: 'lab@maison.e2e', username: 'maison-e2e', password: 'maison-password-1' };
const CONCENTRATION_MAKER = {
  email: 'lab@concentration.e2e',
  username: 'concentration-lab',
  password: 'concentration-pw-1',
};
const NEW_CHEMICAL = 'Testonal E2E';

interface PerfumeSummary {
  id: string;
  name: string;
  brand: string;
  data_category: string;
}

let server: RunningServer;
let browser: Browser;
/** Perfumes a test here contributed to: the next one picks another. */
const contributedTo = new Set<string>();

beforeAll(async () => {
  server = await startServer({ env: { ADMIN_EMAIL, ADMIN_PASSWORD } });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (server) removeDir(server.dataDir);
});

describe('accounts, approval, contribution and curation (browser)', () => {
  let page: Page;
  let perfume: PerfumeSummary;

  beforeAll(async () => {
    page = await browser.newPage();
    // The perfume to contribute to: from the picker's list (the first 100 of the catalogue),
    // preferably one without chemical data yet ("Needs Enhancement").
    const res = await fetch(`${server.url}/api/perfumes/enhanced?limit=100&skip=0&category=all`);
    const { perfumes } = (await res.json()) as { perfumes: PerfumeSummary[] };
    if (perfumes.length === 0) throw new Error('The catalogue is empty: the e2e needs the shipped data');
    perfume = perfumes.find((p) => p.data_category === 'unspecific') ?? perfumes[0]!;
    contributedTo.add(perfume.id);
  });

  afterAll(async () => {
    await page?.close();
  });

  const dialog = (testId: string) => page.getByTestId(testId);

  async function signIn(email: string, password: string) {
    await page.getByTestId('login-button').click();
    const form = dialog('sign-in-dialog');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill(password);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await page.getByTestId('current-user').waitFor();
  }

  async function signOut() {
    await page.getByTestId('logout-button').click();
    await page.getByTestId('login-button').waitFor();
  }

  it('registers a manufacturer, who waits for approval', async () => {
    await page.goto(server.url);
    await page.getByTestId('register-button').click();
    const form = dialog('register-dialog');
    await form.getByLabel('Email').fill(MAKER.email);
    await form.getByLabel('Username').fill(MAKER.username);
    await form.getByLabel('Password').fill(MAKER.password);
    await form.getByLabel('Account type').selectOption('manufacturer');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(
      form.getByText('Registration successful! Your account is pending admin approval.').textContent(),
    ).resolves.toBeTruthy();
    await form.getByRole('button', { name: 'Close' }).first().click();
    // Not signed in.
    await page.getByTestId('login-button').waitFor();
  });

  it('lets the admin approve the manufacturer', async () => {
    await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    await expect(page.getByTestId('role-badge').textContent()).resolves.toBe('Admin');
    await page.getByTestId('admin-panel-button').click();
    const row = dialog('admin-panel').getByTestId('admin-account').filter({ hasText: MAKER.username });
    await row.getByRole('button', { name: `Approve ${MAKER.username}` }).click();
    await expect(dialog('admin-panel').getByTestId('admin-message').textContent()).resolves.toBe(
      `${MAKER.username} approved`,
    );
    await page.keyboard.press('Escape');
    await signOut();
  });

  it('lets the approved manufacturer contribute chemical data', async () => {
    await signIn(MAKER.email, MAKER.password);
    await expect(page.getByTestId('role-badge').textContent()).resolves.toBe('Manufact');
    await page.getByTestId('contribute-button').click();
    const form = dialog('contribute-dialog');
    await expect(form.getByTestId('contribute-submit').isDisabled()).resolves.toBe(true);
    await form.getByTestId('contribute-perfume').selectOption(perfume.id);
    await form.getByLabel('Chemical name 1').fill('Linalool');
    await form.getByLabel('CAS number (optional)').first().fill('78-70-6');
    await form.getByTestId('contribute-add-row').click();
    await form.getByLabel('Chemical name 2').fill(NEW_CHEMICAL);
    await form.getByLabel('Max %').nth(1).fill('1.5');
    await form.getByLabel('Contributor notes').fill('From our formula sheet (e2e)');
    await form.getByTestId('contribute-submit').click();
    await expect(form.getByTestId('contribute-success').textContent()).resolves.toContain(
      'Contribution Submitted!',
    );
    await form.getByRole('button', { name: 'Close' }).first().click();
    await signOut();
  });

  it('lets the admin approve the contribution; the card shows the chemicals as declared and Complete', async () => {
    await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.getByTestId('admin-panel-button').click();
    const panel = dialog('admin-panel');
    await panel.getByTestId('admin-tab-contributions').click();
    const card = panel.getByTestId('admin-contribution').filter({ hasText: NEW_CHEMICAL });
    // Concentrations read as words: "not given" for the row without one, never "— – — %".
    const rows = card.locator('tbody tr');
    await expect(rows.filter({ hasText: 'Linalool' }).textContent()).resolves.toContain(
      'Concentration not given',
    );
    await expect(rows.filter({ hasText: NEW_CHEMICAL }).textContent()).resolves.toContain('at most 1.5 %');
    await expect(rows.allTextContents()).resolves.not.toContainEqual(expect.stringContaining('— – —'));
    await card.getByTestId('admin-contribution-approve').click();
    await expect(panel.getByTestId('admin-message').textContent()).resolves.toBe(
      `Contribution for ${perfume.name} approved`,
    );
    await page.keyboard.press('Escape');

    await page.getByTestId('search-input').fill(perfume.name);
    await page.getByTestId('search-input').press('Enter');
    const perfumeCard = page.locator(`[data-testid="perfume-card"][data-perfume-id="${perfume.id}"]`).first();
    await perfumeCard.waitFor();
    await perfumeCard.getByTestId('badge-complete').waitFor();
    // A long chip list shows its allergens first: open it whole.
    const more = perfumeCard.locator('.chem-list button[aria-expanded="false"]');
    if ((await more.count()) > 0) await more.click();
    const declared = perfumeCard.locator('[data-testid="chemical-chip"][data-kind="declared"]');
    await declared.filter({ hasText: NEW_CHEMICAL }).waitFor();
    await declared.filter({ hasText: 'Linalool' }).first().waitFor();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'curation-approved-card.png') });
    await signOut();
  });

  it('refuses an anonymous visitor who tries to delete a chemical, and shows why', async () => {
    const before = await fetch(`${server.url}/api/chemicals`).then((r) => r.json() as Promise<unknown>);
    await page.getByTestId('open-chemical-manager').click();
    const manager = dialog('chemical-manager-dialog');
    await manager.getByTestId('manager-search').fill(NEW_CHEMICAL);
    const row = manager.getByTestId('manager-list').getByRole('listitem').filter({ hasText: NEW_CHEMICAL });
    page.once('dialog', (confirm) => {
      expect(confirm.message()).toBe(`Are you sure you want to delete the chemical "${NEW_CHEMICAL}"?`);
      void confirm.accept();
    });
    await row.getByTestId('manager-delete').click();
    await expect(manager.getByTestId('manager-message').textContent()).resolves.toBe(
      'Error: Please sign in to delete chemicals',
    );
    // Nothing changed: the chemical is still listed.
    await expect(row.count()).resolves.toBe(1);
    const after = await fetch(`${server.url}/api/chemicals`).then((r) => r.json() as Promise<unknown>);
    expect(JSON.stringify(after)).toBe(JSON.stringify(before));
  });
});

describe('a contributed concentration on the chemical detail (browser)', () => {
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

  it('shows the approved range where Linalool is opened from the perfume, formatted for the language', async () => {
    // A perfume without chemical data yet, so Linalool's only link is the contributed one.
    const list = await call('GET', '/api/perfumes/enhanced?limit=100&skip=0&category=unspecific');
    const perfumes = list.body.perfumes as { id: string; name: string }[];
    const fresh = perfumes.filter((p) => !contributedTo.has(p.id));
    const perfume = fresh.find((p) => /^[\p{L}\d ]+$/u.test(p.name)) ?? fresh[0]!;
    contributedTo.add(perfume.id);

    const registered = await call('POST', '/api/auth/register', {
      ...CONCENTRATION_MAKER,
      role: 'manufacturer',
    });
    expect(registered.status).toBe(201);
    const makerId = String((registered.body.user as { id: string }).id);
    const admin = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(
      (await call('POST', `/api/admin/accounts/${encodeURIComponent(makerId)}/approve`, {}, admin)).status,
    ).toBe(200);

    const maker = await signIn(CONCENTRATION_MAKER.email, CONCENTRATION_MAKER.password);
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
