/**
 * The map canvas in headless Chromium: robots are drawn where the API says they are (pixels
 * read back from the canvas at the poses of GET /api/robots, through the transform the canvas
 * publishes), clicking a robot selects it and draws its own SLAM map (asked for one request at a time, then
 * kept by its changes), the charts fill from
 * GET /api/trial/samples, and the page logs no console error.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveService } from '@swarmgate/gateway';
import { loadMap } from '@swarmgate/maps';
import { startLive } from '../trial/liveHarness.js';
import { countPixels, pixelsNear, ROBOT_BLUE, screenOf } from './canvas.js';
import { openPage, type TestPage } from './chromium.js';

const OUT_DIR = join(import.meta.dirname, '..', '..', 'out');
const ROBOTS = 8;
const GRID = loadMap('cave:40x40:seed=3');
const SLAM_OPEN_RGB = [236, 253, 245];

interface Row {
  readonly id: string;
  readonly pose: { readonly xM: number; readonly yM: number; readonly headingRad: number };
}

describe('map canvas in headless Chromium', () => {
  let service: LiveService;
  let browser: TestPage;
  let page: Page;
  let pageErrors: string[];
  let base: string;

  beforeAll(async () => {
    ({ service } = await startLive({ grid: GRID, robots: ROBOTS, spawn: { kind: 'apart' }, seed: 9, service: { mqttPort: 0, httpPort: 0 } }));
    base = `http://127.0.0.1:${service.httpPort}`;
    browser = await openPage();
    ({ page, errors: pageErrors } = browser);
    mkdirSync(OUT_DIR, { recursive: true });
    await page.goto(`${base}/`);
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  /** Robot blue within 12 a channel in the 7 x 7 square on CSS pixel (x, y). */
  const bluePixelsNear = (x: number, y: number): Promise<number> => pixelsNear(page, x, y, ROBOT_BLUE, 12);
  /** Canvas pixels of the SLAM map's open colour, within 3 a channel (the layer is drawn translucent). */
  const slamOpenPixels = (): Promise<number> => countPixels(page, SLAM_OPEN_RGB, 3);

  it('draws every robot where GET /api/robots says it is', async () => {
    await expect.poll(async () => ((await page.locator('canvas#map').getAttribute('data-robots')) ?? '').split(',').length, { timeout: 20_000 }).toBe(ROBOTS);
    // Held still: the page's last frame and the API then agree, and interpolation has settled.
    expect((await fetch(`${base}/api/trial/pause`, { method: 'POST' })).status).toBe(200);
    const tick = ((await (await fetch(`${base}/api/trial`)).json()) as { tick: number }).tick;
    await expect.poll(async () => Number(await page.locator('body').getAttribute('data-tick')), { timeout: 10_000 }).toBe(tick);
    await page.waitForTimeout(700);
    const rows = (await (await fetch(`${base}/api/robots`)).json()) as Row[];
    expect(rows).toHaveLength(ROBOTS);
    // A disc of radius >= 5 px: most of the 7 x 7 square on its centre is its fill (the heading
    // line and a neighbour's label may cover some of it).
    const points = await Promise.all(rows.map((row) => screenOf(page, GRID, row.pose)));
    for (const [i, { x, y }] of points.entries()) {
      expect(await bluePixelsNear(x, y), `robot ${rows[i].id} at (${x.toFixed(1)}, ${y.toFixed(1)})`).toBeGreaterThanOrEqual(20);
    }
    // And not elsewhere: a square 20 px from every robot holds no robot blue.
    const empty = points.map((p) => ({ x: p.x + 20, y: p.y })).filter((q) => points.every((p) => Math.hypot(p.x - q.x, p.y - q.y) > 15));
    expect(empty.length).toBeGreaterThan(0);
    for (const q of empty) expect(await bluePixelsNear(q.x, q.y)).toBe(0);
    await page.screenshot({ path: join(OUT_DIR, 'map-canvas.png') });
  }, 30_000);

  it('clicking a robot selects it and draws its own SLAM map', async () => {
    // Only the SLAM layer and the robots: its colours cannot come from the ground truth or the fog.
    for (const layer of ['truth', 'explored']) await page.locator(`input[data-layer="${layer}"]`).uncheck();
    await page.waitForTimeout(100);
    expect(await slamOpenPixels()).toBe(0);
    const rows = (await (await fetch(`${base}/api/robots`)).json()) as Row[];
    const target = rows[3];
    const { x, y } = await screenOf(page, GRID, target.pose);
    const box = (await page.locator('canvas#map').boundingBox())!;
    const slam = page.waitForResponse((response) => response.url().endsWith(`/api/robots/${target.id}/slam`) && response.status() === 200);
    await page.mouse.click(box.x + x, box.y + y);
    await slam;
    await expect.poll(() => page.locator('body').getAttribute('data-detail')).toBe(target.id);
    await expect.poll(() => slamOpenPixels(), { timeout: 5000 }).toBeGreaterThan(100);
    await page.screenshot({ path: join(OUT_DIR, 'map-canvas-slam.png') });
    // Clicking empty map clears the selection and its map.
    await page.mouse.click(box.x + 3, box.y + 3);
    await expect.poll(() => page.locator('body').getAttribute('data-detail')).toBeNull();
    await expect.poll(() => slamOpenPixels()).toBe(0);
    for (const layer of ['truth', 'explored']) await page.locator(`input[data-layer="${layer}"]`).check();
  }, 30_000);

  it("keeps the selected robot's SLAM map by the changes since the version it holds, drawing what the whole map draws", async () => {
    for (const layer of ['truth', 'explored']) await page.locator(`input[data-layer="${layer}"]`).uncheck();
    const rows = (await (await fetch(`${base}/api/robots`)).json()) as Row[];
    const target = rows[5];
    const box = (await page.locator('canvas#map').boundingBox())!;
    const slamUrl = `/api/robots/${target.id}/slam`;
    /** The next answer to the page's request for the target's map: whether it held changes, and its size. */
    const nextSlam = async (): Promise<{ changes: boolean; bytes: number }> => {
      const response = await page.waitForResponse((r) => new URL(r.url()).pathname.endsWith(slamUrl) && r.status() === 200, { timeout: 10_000 });
      const changes = response.headers()['x-slam-base'] !== undefined;
      // A body of changes answers a request naming the version it applies to.
      if (changes) expect(new URL(response.url()).searchParams.get('since')).toBe(response.headers()['x-slam-base']);
      return { changes, bytes: (await response.body()).length };
    };
    expect((await fetch(`${base}/api/trial/start`, { method: 'POST' })).status).toBe(200);
    const { x, y } = await screenOf(page, GRID, target.pose);
    const whole = nextSlam();
    await page.mouse.click(box.x + x, box.y + y);
    expect((await whole).changes).toBe(false);
    // The robot maps as it goes: later answers are changes, some of them not empty.
    const later = [await nextSlam(), await nextSlam(), await nextSlam()];
    expect(later.every((a) => a.changes)).toBe(true);
    expect(later.some((a) => a.bytes > 8)).toBe(true);
    expect((await fetch(`${base}/api/trial/pause`, { method: 'POST' })).status).toBe(200);
    // One more answer after the pause brings the page to the map as it stays.
    await nextSlam();
    await nextSlam();
    const byChanges = await slamOpenPixels();
    expect(byChanges).toBeGreaterThan(100);
    // Deselected and selected again: the whole map, drawn over a cleared layer, looks the same.
    await page.mouse.click(box.x + 3, box.y + 3);
    await expect.poll(() => slamOpenPixels()).toBe(0);
    // Where the robot stopped.
    const stopped = ((await (await fetch(`${base}/api/robots`)).json()) as Row[]).find((r) => r.id === target.id)!;
    const at = await screenOf(page, GRID, stopped.pose);
    const again = nextSlam();
    await page.mouse.click(box.x + at.x, box.y + at.y);
    expect((await again).changes).toBe(false);
    await expect.poll(() => slamOpenPixels(), { timeout: 5000 }).toBe(byChanges);
    await page.mouse.click(box.x + 3, box.y + 3);
    await expect.poll(() => page.locator('body').getAttribute('data-detail')).toBeNull();
    for (const layer of ['truth', 'explored']) await page.locator(`input[data-layer="${layer}"]`).check();
  }, 60_000);

  it("asks for the selected robot's SLAM map one request at a time, however slow the answer", async () => {
    // Each answer held back 2.5 s (a 16 MB map on a 2000 x 2000 grid takes seconds): the page
    // polls every second, and must not stack requests the gateway then serves all at once.
    let inFlight = 0;
    let mostInFlight = 0;
    let asked = 0;
    // The map's requests, whole or ?since= a version.
    const slamRequests = /\/api\/robots\/[^/]+\/slam(\?.*)?$/;
    await page.route(slamRequests, async (route) => {
      asked++;
      mostInFlight = Math.max(mostInFlight, ++inFlight);
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await route.fulfill({ response });
      inFlight--;
    });
    try {
      const rows = (await (await fetch(`${base}/api/robots`)).json()) as Row[];
      const { x, y } = await screenOf(page, GRID, rows[2].pose);
      const box = (await page.locator('canvas#map').boundingBox())!;
      await page.mouse.click(box.x + x, box.y + y);
      await expect.poll(() => page.locator('body').getAttribute('data-detail')).toBe(rows[2].id);
      await page.waitForTimeout(6000);
      expect(mostInFlight).toBe(1);
      expect(asked).toBeGreaterThanOrEqual(2);
      expect(asked).toBeLessThanOrEqual(3);
      await page.mouse.click(box.x + 3, box.y + 3);
      await expect.poll(() => page.locator('body').getAttribute('data-detail')).toBeNull();
    } finally {
      // No robot is selected now, so no request starts; the one held back is answered before the
      // route goes (an answer after unroute is refused: "Route is already handled").
      await expect.poll(() => inFlight, { timeout: 10_000 }).toBe(0);
      await page.unroute(slamRequests);
    }
  }, 30_000);

  it("draws a robot's environment tag and shows its payload on hover", async () => {
    expect((await fetch(`${base}/api/trial/start`, { method: 'POST' })).status).toBe(200);
    const world = service.live.world;
    const store = world.comms.tags;
    const before = store.count;
    world.robot('r5').depositTag('beacon-42');
    // A deposit lands with the next tick.
    await expect.poll(() => store.count, { timeout: 5000 }).toBeGreaterThan(before);
    const id = store.count - 1;
    expect(world.idOf(store.robotOf(id))).toBe('r5');
    const { x, y } = await screenOf(page, GRID, { xM: store.xOf(id), yM: store.yOf(id) });
    const box = (await page.locator('canvas#map').boundingBox())!;
    // Tags are polled each second; hover until the page holds this one.
    await expect
      .poll(
        async () => {
          await page.mouse.move(box.x + x + 1, box.y + y + 1);
          await page.mouse.move(box.x + x, box.y + y);
          return page.locator('canvas#map').getAttribute('title');
        },
        { timeout: 10_000 },
      )
      .toMatch(/^tag by r5 at tick \d+: .*beacon-42/);
  }, 30_000);

  it('draws the exploration heatmap as soon as it is switched on, with the trial paused (recoloured only while shown)', async () => {
    // Running since the tag test: cells are explored. Paused, no new explored bitmap arrives, so
    // only switching the layer on can paint the heat.
    expect((await fetch(`${base}/api/trial/pause`, { method: 'POST' })).status).toBe(200);
    await page.waitForTimeout(1500);
    for (const layer of ['truth', 'explored']) await page.locator(`input[data-layer="${layer}"]`).uncheck();
    const drawn = (): Promise<number> =>
      page.evaluate(`(() => {
        const canvas = document.getElementById('map');
        const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
        let n = 0;
        for (let o = 3; o < data.length; o += 4) if (data[o] > 0) n++;
        return n;
      })()`) as Promise<number>;
    // Robots, links and the tag alone.
    await page.waitForTimeout(100);
    const before = await drawn();
    await page.locator('input[data-layer="exploration"]').check();
    await expect.poll(drawn, { timeout: 2000 }).toBeGreaterThan(before + 5000);
    await page.locator('input[data-layer="exploration"]').uncheck();
    for (const layer of ['truth', 'explored']) await page.locator(`input[data-layer="${layer}"]`).check();
    expect((await fetch(`${base}/api/trial/start`, { method: 'POST' })).status).toBe(200);
  }, 30_000);

  it('charts the trial samples, and the page logged no error', async () => {
    await expect.poll(async () => Number(await page.locator('body').getAttribute('data-chart-samples')), { timeout: 10_000 }).toBeGreaterThan(2);
    expect(await page.locator('#chart-progress canvas').count()).toBe(1);
    expect(await page.locator('#chart-messages canvas').count()).toBe(1);
    expect(pageErrors).toEqual([]);
  }, 30_000);
});
