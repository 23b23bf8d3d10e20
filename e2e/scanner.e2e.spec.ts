import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, SCREENSHOT_DIR } from './support/browser.ts';
import { ROOT, type RunningServer, removeDir, startServer } from './support/server.ts';

type Styled = { getComputedStyle(el: unknown): Record<string, string> };
/** A computed CSS property of the located element (runs in the page). */
const cssOf = (locator: Locator, property: string) =>
  locator.evaluate((el, prop) => (globalThis as unknown as Styled).getComputedStyle(el)[prop], property);

const LABEL = path.join(ROOT, 'services/worker/fixtures/labels/label-001.jpg');
const NOT_AN_IMAGE = path.join(ROOT, 'services/worker/fixtures/labels/LICENSE.sensodyne');

/**
 * A label printed with the misspellings OCR makes and one made-up name, so the result holds
 * corrected and unrecognised readings, allergens listed after other ingredients, and warnings.
 */
async function labelWithMisreadings(): Promise<Buffer> {
  return labelImage(
    [
      '<span size="x-large" weight="bold">PURE SKIN</span>',
      'Body Wash 250 ml',
      '',
      '<b>INGREDIENTS:</b> Aqua, Sodium Laury Sulphate, Cocamidopropy Betaine, Glycerin, Qwrtzy Blorpex, Parfum, Linalool, Limonene, Citral, Benzyl Salicylate.',
      '',
      'Keep away from heat and flame. Avoid contact with eyes. For external use only.',
    ].join('\n'),
  );
}

/** A label drawn from Pango markup, black on white. */
async function labelImage(text: string): Promise<Buffer> {
  const { data, info } = await sharp({
    text: { text, font: 'DejaVu Sans 15', width: 1100, dpi: 72, rgba: true, wrap: 'word', spacing: 6 },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return sharp({
    create: { width: info.width + 120, height: info.height + 120, channels: 3, background: '#ffffff' },
  })
    .composite([{ input: data, left: 60, top: 60 }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

type Box = { x: number; y: number; width: number; height: number };
/** Whether `inner` lies wholly inside `outer` (to the pixel). */
const inside = (inner: Box | null, outer: Box | null) =>
  inner !== null &&
  outer !== null &&
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;

describe('Fragrance Scanner (embedded default: in-process queue, local OCR)', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    // The scanner needs no catalogue: start on an empty log, without the import, to be quick.
    server = await startServer({ seeded: false, env: { CATALOGUE_AUTOLOAD: 'false' } });
    browser = await launchChromium();
    // A context of its own (axe needs one), as a visitor's tab.
    page = await (await browser.newContext()).newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) removeDir(server.dataDir);
  });

  it('opens from the Scan button, loaded lazily, and offers the upload area without a camera', async () => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(server.url);
    await page.getByTestId('scan-button').waitFor();
    const before = scripts.length;
    await page.getByTestId('scan-button').click();
    const dialog = page.getByTestId('scanner-dialog');
    await dialog.waitFor();
    // The dialog's code arrives only now, in its own chunk.
    expect(scripts.length).toBeGreaterThan(before);
    await expect(dialog.getByRole('heading', { name: 'Fragrance Scanner' }).isVisible()).resolves.toBe(true);
    // Headless Chromium has no camera: the camera message and the upload area.
    await dialog.getByText('Failed to access camera. Please check permissions or use file upload.').waitFor();
    await dialog.getByRole('button', { name: 'Choose image' }).waitFor();
    await expect(dialog.getByLabel('Analysis type').inputValue()).resolves.toBe('comprehensive');
  });

  it('refuses a file that is not an image before uploading it', async () => {
    const dialog = page.getByTestId('scanner-dialog');
    await page.getByTestId('scanner-file-input').setInputFiles(NOT_AN_IMAGE);
    await dialog.getByText('Please select a valid image file (JPEG, PNG, or WebP).').waitFor();
  });

  it('analyses an uploaded label and shows the result with allergens in red', async () => {
    const dialog = page.getByTestId('scanner-dialog');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/camera/scan/product'), {
      timeout: 120_000,
    });
    await page.getByTestId('scanner-file-input').setInputFiles(LABEL);
    await dialog.getByText('Analyzing image with AI...').waitFor();
    await expect(dialog.getByLabel('Analysis type').isDisabled()).resolves.toBe(true);
    expect((await answer).status()).toBe(200);

    const panel = dialog.getByTestId('scan-result');
    await panel.waitFor({ timeout: 120_000 });
    await panel.getByRole('heading', { name: 'Analysis Complete' }).waitFor();
    const allergen = panel.locator('.scan-ingredient--allergen', { hasText: 'Linalool' });
    await allergen.waitFor();
    await expect(cssOf(allergen, 'color')).resolves.toBe('rgb(179, 38, 30)');
    const other = panel.locator('.scan-ingredient--other').first();
    await expect(cssOf(other, 'color')).resolves.toBe('rgb(28, 90, 166)');
    await expect(panel.getByTestId('scan-confidence').textContent()).resolves.toMatch(/^\d{1,3}\.\d%$/);
    await panel.getByText('100 ml').waitFor();
    await expect(panel.getByTestId('scan-no-allergens').count()).resolves.toBe(0);
    await expect(cssOf(panel, 'maxHeight')).resolves.toBe('384px');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'scanner-result.png') });

    const axe = await new AxeBuilder({ page }).include('[data-testid="scanner-dialog"]').analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  it('on a 390 px phone: allergens first, readings in words, and every control and warning fits the dialog', async () => {
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const mobile = await phone.newPage();
    await mobile.goto(server.url);
    await mobile.getByTestId('scan-button').click();
    const dialog = mobile.getByTestId('scanner-dialog');
    await dialog.getByRole('button', { name: 'Choose image' }).waitFor();
    await mobile.getByTestId('scanner-file-input').setInputFiles({
      name: 'label.jpg',
      mimeType: 'image/jpeg',
      buffer: await labelWithMisreadings(),
    });
    const panel = dialog.getByTestId('scan-result');
    await panel.waitFor({ timeout: 120_000 });

    const chips = panel.locator('.scan-ingredient');
    const allergenFlags = await chips.evaluateAll((els) =>
      els.map((el) => (el as unknown as { dataset: { allergen: string } }).dataset.allergen),
    );
    expect(allergenFlags.filter((f) => f === 'true').length).toBeGreaterThanOrEqual(3);
    // Allergens first: no allergen after the first other ingredient.
    expect(allergenFlags.indexOf('false')).toBe(allergenFlags.lastIndexOf('true') + 1);
    const corrected = panel.locator('[data-reading="corrected"]', { hasText: 'Sodium Lauryl Sulfate' });
    await corrected.getByText('corrected', { exact: true }).waitFor();
    await corrected.getByText('Read as “Sodium Laury Sulphate”').waitFor();
    const unknown = panel.locator('[data-reading="unrecognised"]', { hasText: 'Qwrtzy' });
    await unknown.getByText('check this', { exact: true }).waitFor();

    // Fits: the dialog within the screen, the Remove button and each warning within the dialog.
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    const remove = dialog.getByRole('button', { name: 'Remove' });
    await remove.scrollIntoViewIfNeeded();
    expect(inside(await remove.boundingBox(), await dialog.boundingBox())).toBe(true);
    const body = dialog.locator('.modal__body');
    for (const warning of await panel.locator('.scan-warning, .scan-result__allergen-warnings li').all()) {
      await warning.scrollIntoViewIfNeeded();
      expect(inside(await warning.boundingBox(), await body.boundingBox())).toBe(true);
      const clipped = await warning.evaluate((el) => {
        const e = el as unknown as {
          scrollWidth: number;
          clientWidth: number;
          scrollHeight: number;
          clientHeight: number;
        };
        return e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1;
      });
      expect(clipped).toBe(false);
    }
    // The result is not a scroll box of its own on a phone: the dialog body scrolls.
    await expect(cssOf(panel, 'overflowY')).resolves.toBe('visible');
    await panel.scrollIntoViewIfNeeded();
    await mobile.screenshot({ path: path.join(SCREENSHOT_DIR, 'scanner-result-390.png'), fullPage: true });
    await dialog.locator('.modal__body').evaluate((el) => {
      (el as unknown as { scrollTop: number }).scrollTop = 0;
    });
    await mobile.screenshot({ path: path.join(SCREENSHOT_DIR, 'scanner-result-390-top.png') });
    await phone.close();
  });

  it('words the warnings and notes in the visitor’s language, the label’s own text as printed', async () => {
    const german = await browser.newContext();
    await german.addInitScript(() => localStorage.setItem('scentinel.language', 'de'));
    const de = await german.newPage();
    await de.goto(server.url);
    await de.getByTestId('scan-button').click();
    const dialog = de.getByTestId('scanner-dialog');
    await de.getByTestId('scanner-file-input').setInputFiles({
      name: 'label.jpg',
      mimeType: 'image/jpeg',
      buffer: await labelWithMisreadings(),
    });
    const panel = dialog.getByTestId('scan-result');
    await panel.waitFor({ timeout: 120_000 });
    const warnings = await panel.locator('.scan-result__allergen-warnings li').allTextContents();
    expect(warnings).toContain(
      'Linalool ist ein Duftstoffallergen, das in der EU auf dem Etikett angegeben werden muss.',
    );
    expect(warnings.filter((w) => /fragrance allergen/.test(w))).toEqual([]);
    expect(await panel.textContent()).toMatch(
      /\d+ von \d+ Inhaltsstoffen wurden in der Chemikaliendatenbank gefunden\./,
    );
    await panel.locator('.scan-result__allergen-warnings').scrollIntoViewIfNeeded();
    await de.screenshot({ path: path.join(SCREENSHOT_DIR, 'scanner-result-de.png') });
    await german.close();
  });

  it('says a label naming no allergen is not thereby allergen-free', async () => {
    const dialog = page.getByTestId('scanner-dialog');
    await dialog.getByRole('button', { name: 'Scan Another' }).click();
    await page.getByTestId('scanner-file-input').setInputFiles({
      name: 'plain.jpg',
      mimeType: 'image/jpeg',
      buffer: await labelImage(
        '<b>INGREDIENTS:</b> Alcohol Denat., Parfum (Fragrance), Aqua (Water), Glycerin.',
      ),
    });
    const panel = dialog.getByTestId('scan-result');
    await panel.waitFor({ timeout: 120_000 });
    await expect(panel.getByTestId('scan-no-allergens').textContent()).resolves.toMatch(
      /^No allergen is named on this label\. That does not mean there is none/,
    );
    await panel.getByTestId('scan-no-allergens').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'scanner-result-no-allergens.png') });
  });

  it('scans another, and clears everything on close', async () => {
    const dialog = page.getByTestId('scanner-dialog');
    await dialog.getByRole('button', { name: 'Scan Another' }).click();
    await expect(dialog.getByTestId('scan-result').count()).resolves.toBe(0);
    await expect(dialog.getByLabel('Analysis type').isDisabled()).resolves.toBe(false);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(page.getByTestId('scanner-dialog').count()).resolves.toBe(0);
    await page.getByTestId('scan-button').click();
    await page.getByTestId('scanner-dialog').waitFor();
    await expect(page.getByTestId('scan-result').count()).resolves.toBe(0);
  });
});

describe('Fragrance Scanner with a camera (Chromium fake camera)', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ seeded: false, env: { CATALOGUE_AUTOLOAD: 'false' } });
    // launchChromium() plus a fake camera that shows a test pattern.
    browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) removeDir(server.dataDir);
  });

  it('shows the rear camera, captures a JPEG frame and sends it at once', async () => {
    const context = await browser.newContext();
    await context.grantPermissions(['camera'], { origin: server.url });
    const page = await context.newPage();
    await page.addInitScript(() => {
      type Upload = { name: string; type: string; magic: number[] };
      const g = globalThis as unknown as {
        cameraAsked: unknown;
        upload: Upload | null;
        fetch: (input: unknown, init?: { body?: unknown }) => Promise<unknown>;
        FormData: new () => { get(name: string): unknown };
        navigator: { mediaDevices: { getUserMedia: (c: unknown) => unknown } };
      };
      // Record what the dialog asks the camera for, and the file it uploads.
      const media = g.navigator.mediaDevices;
      const getUserMedia = media.getUserMedia.bind(media);
      media.getUserMedia = (constraints: unknown) => {
        g.cameraAsked = constraints;
        return getUserMedia(constraints);
      };
      const fetch = g.fetch.bind(globalThis);
      g.fetch = async (input, init) => {
        if (init?.body instanceof g.FormData) {
          const file = (init.body as { get(name: string): unknown }).get('file') as {
            name: string;
            type: string;
            arrayBuffer(): Promise<ArrayBuffer>;
          };
          g.upload = {
            name: file.name,
            type: file.type,
            magic: [...new Uint8Array(await file.arrayBuffer()).slice(0, 3)],
          };
        }
        return fetch(input, init);
      };
    });
    await page.goto(server.url);
    await page.getByTestId('scan-button').click();
    const dialog = page.getByTestId('scanner-dialog');
    await dialog.locator('video').waitFor();
    await expect(
      page.evaluate(() => (globalThis as unknown as { cameraAsked: unknown }).cameraAsked),
    ).resolves.toEqual({
      video: { facingMode: 'environment', width: { ideal: 1920 }, height: { ideal: 1080 } },
      audio: false,
    });
    await expect(cssOf(dialog.locator('video'), 'maxHeight')).resolves.toBe('400px');
    // Wait for frames before capturing.
    await page.waitForFunction(
      () =>
        ((
          globalThis as unknown as { document: { querySelector(s: string): { videoWidth: number } | null } }
        ).document.querySelector('video')?.videoWidth ?? 0) > 0,
    );
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/camera/scan/product'));
    await dialog.getByRole('button', { name: 'Capture' }).click();
    await sent;
    await expect(page.evaluate(() => (globalThis as unknown as { upload: unknown }).upload)).resolves.toEqual(
      {
        name: 'capture.jpg',
        type: 'image/jpeg',
        magic: [0xff, 0xd8, 0xff],
      },
    );
    await dialog.getByRole('img', { name: 'The image being analysed' }).waitFor();
    // A test pattern has no ingredient list: the panel says so (or the failure box explains).
    await dialog
      .locator('[data-testid="scan-result"], [data-testid="scan-error"]')
      .first()
      .waitFor({ timeout: 120_000 });
    await context.close();
  });
});
