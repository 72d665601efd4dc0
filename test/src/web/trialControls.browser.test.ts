/**
 * The web UI's trial controls in headless Chromium at 1280 x 800 (a common laptop window): a
 * virtual-only live trial served as `swarmgate serve --port` serves it, with serve's own
 * builder of trials from requests. The page loads with no console error; pause stops the tick
 * counter and step advances it by exactly one; emergency stop and release work from the fleet
 * table, whose Stop column fits the window; a new trial from the dialog replaces the map and
 * robots; a robot's row opens its detail.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveService } from '@swarmgate/gateway';
import { servedFolders } from '../harness/trialFactory.js';
import { loadMap } from '@swarmgate/maps';
import { startLive } from '../trial/liveHarness.js';
import { openPage, type TestPage } from './chromium.js';

const OUT_DIR = join(import.meta.dirname, '..', '..', 'out');
const WIDTH = 1280;

async function bodyNumber(page: Page, name: 'tick'): Promise<number> {
  return Number((await page.locator('body').getAttribute(`data-${name}`)) ?? 0);
}

describe('trial controls in headless Chromium (1280 px)', () => {
  let service: LiveService;
  let browser: TestPage;
  let page: Page;
  let consoleErrors: string[];
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'swarmgate-controls-'));
    ({ service } = await startLive({
      grid: loadMap('building:40x40:seed=7'),
      robots: 8,
      spawn: { kind: 'apart' },
      seed: 5,
      service: {
        ...servedFolders(dataDir),
        mqttPort: 0,
        httpPort: 0,
      },
    }));
    browser = await openPage({ width: WIDTH, height: 800 });
    ({ page, errors: consoleErrors } = browser);
    mkdirSync(OUT_DIR, { recursive: true });
    await page.goto(`http://127.0.0.1:${service.httpPort}/`);
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await service?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('loads with no console error and follows the live trial', async () => {
    await expect.poll(() => bodyNumber(page, 'tick'), { timeout: 20_000 }).toBeGreaterThan(3);
    await expect.poll(() => page.locator('body').getAttribute('data-trial-state')).toBe('running');
    expect(consoleErrors).toEqual([]);
  });

  it('fits the fleet table, Stop column included, in a 1280 px window', async () => {
    const rows = page.locator('#fleet tbody tr');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(8);
    const panel = page.locator('.fleet-panel');
    // No horizontal scrolling in the panel, and every Stop button inside the window.
    const [scrollWidth, clientWidth] = await panel.evaluate((el: { scrollWidth: number; clientWidth: number }) => [el.scrollWidth, el.clientWidth]);
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    for (const button of await page.locator('#fleet button.stop-one').all()) {
      const box = await button.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x + box!.width).toBeLessThanOrEqual(WIDTH);
      expect(await button.isVisible()).toBe(true);
    }
    await page.screenshot({ path: join(OUT_DIR, 'web-ui-1280.png') });
  }, 20_000);

  it('pause stops the tick counter, step advances it by exactly one, start resumes', async () => {
    await page.locator('#run-toggle').click();
    await expect.poll(() => page.locator('body').getAttribute('data-trial-state')).toBe('paused');
    expect(service.live.state).toBe('paused');
    // The page shows the tick the trial holds, and it holds still.
    await expect.poll(() => bodyNumber(page, 'tick')).toBe(service.live.world.tick);
    const paused = await bodyNumber(page, 'tick');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await bodyNumber(page, 'tick')).toBe(paused);
    expect(service.live.world.tick).toBe(paused);

    await page.locator('#step').click();
    await expect.poll(() => bodyNumber(page, 'tick')).toBe(paused + 1);
    await page.locator('#step').click();
    await expect.poll(() => bodyNumber(page, 'tick')).toBe(paused + 2);
    expect(service.live.world.tick).toBe(paused + 2);

    await page.locator('#run-toggle').click();
    await expect.poll(() => bodyNumber(page, 'tick'), { timeout: 10_000 }).toBeGreaterThan(paused + 5);
  }, 30_000);

  it('sets the speed from its menu', async () => {
    await page.locator('#speed-select').selectOption('2');
    await expect.poll(() => service.live.status().speed).toBe(2);
    await page.locator('#speed-select').selectOption('1');
    await expect.poll(() => service.live.status().speed).toBe(1);
  });

  it('emergency-stops a robot from its row and releases it, both after a confirm', async () => {
    page.once('dialog', (dialog) => void dialog.accept());
    await page.locator('#fleet tr[data-robot-id="r3"] button.stop-one').click();
    await expect.poll(() => service.live.status().emergencyStopped).toEqual(['r3']);
    const row = page.locator('#fleet tr[data-robot-id="r3"]');
    await expect.poll(() => row.getAttribute('data-estop'), { timeout: 5000 }).toBe('true');
    page.once('dialog', (dialog) => void dialog.accept());
    await row.locator('button.release-one').click();
    await expect.poll(() => service.live.status().emergencyStopped).toEqual([]);
    await expect.poll(() => row.getAttribute('data-estop'), { timeout: 5000 }).toBe('false');
  }, 20_000);

  it("opens a robot's detail from its row", async () => {
    await page.locator('#fleet tr[data-robot-id="r1"] td.id').click();
    await expect.poll(() => page.locator('body').getAttribute('data-detail')).toBe('r1');
    expect(await page.locator('#detail-link').textContent()).toBe('virtual · virtual');
    expect(await page.locator('#detail-model').textContent()).toBe('swarmgate-sim');
    expect(await page.locator('#detail-errors').textContent()).toBe('0');
    await page.locator('#detail-close').click();
    expect(await page.locator('#robot-detail').isHidden()).toBe(true);
  });

  it('creates a new trial from the dialog: another map and robot count, paused at tick 0', async () => {
    await page.locator('#new-trial').click();
    await page.locator('#form-map').selectOption('blank');
    await page.locator('#form-algorithm').selectOption('random');
    await page.locator('#trial-form input[name="robots"]').fill('3');
    await page.locator('#form-comm').fill('range:bogus');
    await page.locator('#form-create').click();
    // The server's refusal names the option, and the dialog stays open for a fix.
    await expect.poll(() => page.locator('#form-error').textContent()).toMatch(/--comm/);
    await page.locator('#form-comm').fill('range:10');
    await page.locator('#form-create').click();
    await expect.poll(() => page.locator('body').getAttribute('data-trial-state')).toBe('paused');
    expect(await page.locator('#trial-dialog').isVisible()).toBe(false);
    const drawnIds = async (): Promise<string> => (await page.locator('canvas#map').getAttribute('data-robots')) ?? '';
    await expect.poll(drawnIds, { timeout: 10_000 }).toBe('r0,r1,r2');
    expect(await bodyNumber(page, 'tick')).toBe(0);
    expect(service.live.world.grid.width).toBe(50);
    await expect.poll(() => page.locator('#fleet tbody tr').count()).toBe(3);
    await page.locator('#run-toggle').click();
    await expect.poll(() => bodyNumber(page, 'tick'), { timeout: 10_000 }).toBeGreaterThan(2);
    // The browser logs the refused request itself, and nothing else went wrong.
    expect(consoleErrors).toEqual([expect.stringMatching(/status of 400 \(Bad Request\)/)]);
  }, 40_000);
});
