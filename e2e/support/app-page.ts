import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './browser.ts';
import { type RunningServer, removeDir, startServer } from './server.ts';

export interface AppPage {
  server: RunningServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Closes the page's context and Chromium, stops the server and removes its data. */
  close(): Promise<void>;
}

/**
 * The product on a copy of the seeded catalogue, its main page open in Chromium at desktop size
 * with the first card shown: the starting point of most browser suites.
 */
export async function openAppPage(): Promise<AppPage> {
  const server = await startServer();
  const browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(server.url);
  await page.getByTestId('perfume-card').first().waitFor();
  return {
    server,
    browser,
    context,
    page,
    async close() {
      await context.close();
      await browser.close();
      await server.stop();
      removeDir(server.dataDir);
    },
  };
}
