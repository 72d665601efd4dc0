/** Headless Chromium for the web UI's browser tests: Debian's chromium, driven by playwright-core. */
import { existsSync } from 'node:fs';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';

/** Headless Chromium with a fresh profile in `profileDir`, at a common laptop screen size. */
export function launchChromium(profileDir: string, viewport = { width: 1366, height: 768 }): Promise<BrowserContext> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run scripts/ensure-deps.mjs as root (apt-get install chromium)`);
  return chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    headless: true,
    viewport,
    args: [
      '--headless',
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

/** A browser page for a test, and every uncaught page error and console error it has logged (a test expects none). */
export interface TestPage {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly errors: string[];
}

/** launchChromium's first page, its errors gathered from the start so that none logged before the first assertion is missed. */
export async function openPage(profileDir: string, viewport?: { width: number; height: number }): Promise<TestPage> {
  const context = await launchChromium(profileDir, viewport);
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { context, page, errors };
}
