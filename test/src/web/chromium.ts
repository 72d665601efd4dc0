/** Headless Chromium for the web UI's browser tests: Debian's chromium, driven by playwright-core. */
import { existsSync } from 'node:fs';
import { chromium, type BrowserContext } from 'playwright-core';

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
