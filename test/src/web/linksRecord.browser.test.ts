/**
 * The operator's view in headless Chromium: the radio links of the tick are drawn as lines
 * between two robots placed in range (pixels read back along the segment, through the transform
 * the canvas publishes), hidden by their layer toggle, and absent when the same two robots are
 * out of range; the record switch starts and stops a recording of the running trial, which then
 * reads back through openRecording (@mcap/core's indexed reader, its summary included) holding the robots' poses.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesReadable, openRecording, type LiveService } from '@swarmgate/gateway';
import { loadMap } from '@swarmgate/maps';
import { servedFolders } from '../harness/trialFactory.js';
import { startLive } from '../trial/liveHarness.js';
import { screenOf } from './canvas.js';
import { openPage, type TestPage } from './chromium.js';

const OUT_DIR = join(import.meta.dirname, '..', '..', 'out');
const MAP = 'blank';
const GRID = loadMap(MAP);
/** Two robots on the middle row, 40 % of the map apart. */
const ROW_M = GRID.originM.y + (GRID.height * GRID.cellSizeM) / 2;
const A_M = { x: GRID.originM.x + 0.3 * GRID.width * GRID.cellSizeM, y: ROW_M };
const B_M = { x: GRID.originM.x + 0.7 * GRID.width * GRID.cellSizeM, y: ROW_M };
const APART_M = B_M.x - A_M.x;
/** The link colour (mapView.js LINK_COLOUR, #0d9488). */
const LINK_RGB = [0x0d, 0x94, 0x88];

interface Row {
  readonly id: string;
  readonly pose: { readonly xM: number; readonly yM: number };
}

describe('radio links and the record switch in headless Chromium', () => {
  let service: LiveService;
  let browser: TestPage;
  let page: Page;
  let dataDir: string;
  let base: string;
  let pageErrors: string[];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'swarmgate-links-record-'));
    ({ service } = await startLive({
      grid: GRID,
      robots: 2,
      spawn: { kind: 'apart' },
      service: {
        ...servedFolders(dataDir),
        mqttPort: 0,
        httpPort: 0,
      },
    }));
    base = `http://127.0.0.1:${service.httpPort}`;
    browser = await openPage();
    ({ page, errors: pageErrors } = browser);
    await page.goto(`${base}/`);
    // Only the robots and the links on the canvas: no map or fog colour can pass for a link.
    for (const layer of ['truth', 'explored']) await page.locator(`input[data-layer="${layer}"]`).uncheck();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await service?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const post = async (path: string, body?: unknown): Promise<Response> =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  /** A new paused trial of the two robots at A and B under `comm`, stepped once (the radio links exist from the first tick). */
  async function placeRobots(comm: string): Promise<Row[]> {
    const created = await post('/api/trial', { map: MAP, robots: 2, comm, spawn: `at:${A_M.x},${A_M.y};${B_M.x},${B_M.y}`, seed: 1 });
    expect(created.status, await created.clone().text()).toBe(201);
    expect((await post('/api/trial/step')).status).toBe(200);
    const rows = (await (await fetch(`${base}/api/robots`)).json()) as Row[];
    await expect.poll(async () => Number(await page.locator('body').getAttribute('data-tick')), { timeout: 10_000 }).toBe(1);
    return rows;
  }

  /** Of 9 points along the middle of the segment from a to b (away from the robots' discs and labels), how many have link-coloured pixels within 2 px. */
  async function linkedPoints(rows: readonly Row[]): Promise<number> {
    const [a, b] = await Promise.all(rows.map((row) => screenOf(page, GRID, row.pose)));
    const points = Array.from({ length: 9 }, (_, k) => {
      const f = 0.3 + (0.4 * k) / 8;
      return { x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f };
    });
    // As a string: this package's TypeScript has no DOM types.
    return page.evaluate(`(() => {
      const canvas = document.getElementById('map');
      const dpr = canvas.width / canvas.clientWidth;
      const ctx = canvas.getContext('2d');
      const rgb = ${JSON.stringify(LINK_RGB)};
      return ${JSON.stringify(points)}.filter(({ x, y }) => {
        const side = Math.round(5 * dpr);
        const data = ctx.getImageData(Math.round((x - 2) * dpr), Math.round((y - 2) * dpr), side, side).data;
        for (let o = 0; o < data.length; o += 4) {
          if (data[o + 3] > 60 && Math.abs(data[o] - rgb[0]) <= 24 && Math.abs(data[o + 1] - rgb[1]) <= 24 && Math.abs(data[o + 2] - rgb[2]) <= 24) return true;
        }
        return false;
      }).length;
    })()`) as Promise<number>;
  }

  it('draws a link between two robots in radio range, and its layer toggle hides it', async () => {
    const rows = await placeRobots(`range:${(1.5 * APART_M).toFixed(1)}`);
    expect(Math.hypot(rows[0].pose.xM - rows[1].pose.xM, rows[0].pose.yM - rows[1].pose.yM)).toBeLessThan(1.5 * APART_M);
    await expect.poll(() => page.locator('canvas#map').getAttribute('data-links'), { timeout: 10_000 }).toBe('1');
    await expect.poll(() => linkedPoints(rows), { timeout: 5000 }).toBe(9);
    mkdirSync(OUT_DIR, { recursive: true });
    await page.screenshot({ path: join(OUT_DIR, 'radio-links.png') });
    await page.locator('input[data-layer="links"]').uncheck();
    await expect.poll(() => linkedPoints(rows), { timeout: 5000 }).toBe(0);
    await page.locator('input[data-layer="links"]').check();
    await expect.poll(() => linkedPoints(rows), { timeout: 5000 }).toBe(9);
  }, 60_000);

  it('draws none between the same two robots out of range', async () => {
    const rows = await placeRobots(`range:${(0.5 * APART_M).toFixed(1)}`);
    expect(Math.hypot(rows[0].pose.xM - rows[1].pose.xM, rows[0].pose.yM - rows[1].pose.yM)).toBeGreaterThan(0.5 * APART_M);
    await expect.poll(() => page.locator('canvas#map').getAttribute('data-links'), { timeout: 10_000 }).toBe('0');
    // The robots are drawn where the check looks (the links layer is on): only the line is missing.
    expect(await page.locator('input[data-layer="links"]').isChecked()).toBe(true);
    expect(await linkedPoints(rows)).toBe(0);
  }, 60_000);

  it('the record switch records the running trial into a valid MCAP with the robots’ poses', async () => {
    expect((await post('/api/trial/start')).status).toBe(200);
    const toggle = page.locator('#record-toggle');
    await expect.poll(() => toggle.textContent()).toBe('Record');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    const name = (await page.locator('body').getAttribute('data-recording')) ?? '';
    expect(name).toMatch(/^trial-.*\.mcap$/);
    await expect.poll(() => page.locator('#record-status').textContent()).toContain(name);
    await page.screenshot({ path: join(OUT_DIR, 'recording.png') });
    // Ten more ticks recorded, as the page sees them.
    const from = Number(await page.locator('body').getAttribute('data-tick'));
    await expect.poll(async () => Number(await page.locator('body').getAttribute('data-tick')), { timeout: 10_000 }).toBeGreaterThan(from + 10);
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => page.locator('#record-status').textContent()).toMatch(new RegExp(`^saved \\d+\\.\\d kB ${name.replace(/[.]/g, '\\.')}$`));

    const listed = (await (await fetch(`${base}/api/recordings`)).json()) as { name: string; bytes: number }[];
    const file = readFileSync(join(dataDir, 'recordings', name));
    expect(listed).toEqual([expect.objectContaining({ name, bytes: file.length })]);
    const reader = await openRecording(bytesReadable(file));
    const poses = new Map<string, number>();
    let messages = 0;
    for await (const message of reader.readMessages()) {
      messages++;
      const topic = reader.channelsById.get(message.channelId)!.topic;
      if (topic.endsWith('/pose')) poses.set(topic, (poses.get(topic) ?? 0) + 1);
    }
    expect(reader.statistics?.messageCount).toBe(BigInt(messages));
    expect(poses.get('/r0/pose')).toBeGreaterThan(10);
    expect(poses.get('/r1/pose')).toBe(poses.get('/r0/pose'));
    expect(pageErrors).toEqual([]);
  }, 60_000);
});
