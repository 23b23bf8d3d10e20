import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Locator } from 'playwright-core';
import { ROOT } from './paths.ts';

export const SCREENSHOT_DIR = path.join(ROOT, 'test-results/screenshots');

/**
 * Debian's Chromium, never a downloaded browser. `classicScrollbars`: show scrollbars that take
 * room, as a desktop browser does (headless Chromium hides them by default).
 */
export async function launchChromium({ classicScrollbars = false } = {}): Promise<Browser> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    ...(classicScrollbars && { ignoreDefaultArgs: ['--hide-scrollbars'] }),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Activates a button from the keyboard (focused, then Enter). A pointer click lands wherever the
 * button is at that instant: below the virtualised result grid it can still move for a frame or
 * two while the rows a jump brought into view are measured, and a click aimed at it then hits a
 * card instead. Focus follows the button wherever it goes.
 */
export function pressButton(button: Locator): Promise<void> {
  return button.press('Enter');
}
