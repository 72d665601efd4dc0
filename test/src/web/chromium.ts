/** Headless Chromium for the web UI's browser tests: Debian's chromium, driven by playwright-core. */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';

/** A browser of a test's own: closing it also removes its profile folder. */
export interface TestBrowser {
  readonly context: BrowserContext;
  close(): Promise<void>;
}

/** Headless Chromium with a fresh profile in a temporary folder, at a common laptop screen size. */
export async function launchChromium(viewport = { width: 1366, height: 768 }): Promise<TestBrowser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run scripts/ensure-deps.mjs as root (apt-get install chromium)`);
  const profileDir = mkdtempSync(join(tmpdir(), 'swarmgate-chromium-'));
  const removeProfile = (): void => rmSync(profileDir, { recursive: true, force: true });
  try {
    const context = await chromium.launchPersistentContext(profileDir, {
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
    return {
      context,
      async close() {
        await context.close();
        removeProfile();
      },
    };
  } catch (error) {
    removeProfile();
    throw error;
  }
}

/** A browser page for a test, every uncaught page error and console error it has logged (a test expects none), and the browser's close. */
export interface TestPage {
  readonly page: Page;
  readonly errors: string[];
  close(): Promise<void>;
}

/** launchChromium's first page, its errors gathered from the start so that none logged before the first assertion is missed. */
export async function openPage(viewport?: { width: number; height: number }): Promise<TestPage> {
  const browser = await launchChromium(viewport);
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { page, errors, close: browser.close };
}
