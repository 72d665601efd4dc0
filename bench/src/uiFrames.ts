/**
 * The web UI's map canvas with 500 robots: frames per second in headless Chromium (Debian's
 * /usr/bin/chromium driven by playwright-core, as the UI's browser tests launch it), measured
 * in the page from requestAnimationFrame timestamps while a real-time trial streams over the
 * WebSocket. The gateway runs in this process, so page and gateway share the machine's cores.
 * Two views: the default layers at fit zoom, then every layer on while following a robot
 * zoomed in (labels, heatmaps and the SLAM map fetched once a second).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { LiveService, MemoryLogger } from '@swarmgate/gateway';
import type { BenchReport } from './BenchReport.js';
import { randomWalkSwarm, SWARM_MAP, SWARM_ROBOTS } from './randomWalkSwarm.js';

const SAMPLE_MS = 10_000;

export interface FrameStats {
  readonly fps: number;
  /** Map redraws per second (clearRect calls on the map canvas): rAF runs on regardless, so this says the canvas kept up. */
  readonly drawsPerS: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly maxMs: number;
}

/** Counts the map's redraws in `window.mapDraws` (an init script): each starts with one clearRect on its canvas. */
export const COUNT_MAP_DRAWS = `window.mapDraws = 0;
  const clearRect = CanvasRenderingContext2D.prototype.clearRect;
  CanvasRenderingContext2D.prototype.clearRect = function (...args) {
    if (this.canvas.id === 'map') window.mapDraws++;
    return clearRect.apply(this, args);
  };`;

/** rAF timestamps over `ms` in the page (COUNT_MAP_DRAWS installed): the page's own draws share these frames, so a slow draw stretches them. */
export async function sampleFrames(page: Page, ms: number): Promise<FrameStats> {
  // A string: this package's TypeScript has no DOM types; the code runs in the page.
  const { stamps, draws } = (await page.evaluate(`new Promise((resolve) => {
    const stamps = [];
    const drawsBefore = window.mapDraws;
    const tick = (now) => {
      stamps.push(now);
      if (now - stamps[0] < ${ms}) requestAnimationFrame(tick);
      else resolve({ stamps, draws: window.mapDraws - drawsBefore });
    };
    requestAnimationFrame(tick);
  })`)) as { stamps: number[]; draws: number };
  const gaps = stamps.slice(1).map((t, i) => t - stamps[i]);
  const sorted = [...gaps].sort((a, b) => a - b);
  const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const spanMs = stamps[stamps.length - 1] - stamps[0];
  return { fps: (gaps.length * 1000) / spanMs, drawsPerS: (draws * 1000) / spanMs, p50Ms: at(0.5), p95Ms: at(0.95), maxMs: sorted[sorted.length - 1] };
}

/**
 * Waits until the map canvas drew `count` robots (its data-robots). Polled from here: Playwright's
 * waitForFunction evaluates its predicate with eval, which the page's CSP refuses.
 */
export async function waitForRobots(page: Page, count: number, timeoutMs: number): Promise<void> {
  const drawn = async (): Promise<number> => ((await page.locator('canvas#map').getAttribute('data-robots')) ?? '').split(',').length;
  for (const deadline = Date.now() + timeoutMs; (await drawn()) !== count; await page.waitForTimeout(250)) {
    if (Date.now() > deadline) throw new Error(`the page drew no ${count} robots in ${timeoutMs / 1000} s`);
  }
}

export async function benchUiFrames(): Promise<BenchReport> {
  const service = await LiveService.start({
    trial: randomWalkSwarm(),
    mqttPort: 0,
    fleet: null,
    fleetName: 'bench',
    keepaliveMs: 1000,
    twins: { poseSource: 'odometry', transform: { scale: 1, rotationRad: 0, offsetXM: 0, offsetYM: 0 } },
    httpPort: 0,
    realtime: true,
    logger: new MemoryLogger(),
  });
  const profileDir = mkdtempSync(join(tmpdir(), 'swarmgate-bench-chromium-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1366, height: 768 },
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.addInitScript(COUNT_MAP_DRAWS);
    await page.goto(`http://127.0.0.1:${service.httpPort}/`);
    await waitForRobots(page, SWARM_ROBOTS, 60_000);
    await page.waitForTimeout(2000);
    const fit = await sampleFrames(page, SAMPLE_MS);
    const fitTicks = Number(await page.locator('body').getAttribute('data-tick'));

    for (const layer of ['exploration', 'coverage']) await page.locator(`input[data-layer="${layer}"]`).check();
    // Select the first robot from the table, follow it, zoom in until labels show.
    await page.locator('#fleet tbody tr').first().click();
    await page.locator('#follow').check();
    const box = (await page.locator('canvas#map').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    for (let i = 0; i < 6; i++) await page.mouse.wheel(0, -300);
    await page.waitForTimeout(2000);
    const zoomed = await sampleFrames(page, SAMPLE_MS);
    if (errors.length > 0) throw new Error(`page errors: ${errors.join('; ')}`);

    const row = (name: string, s: FrameStats): string =>
      `| ${name} | ${s.fps.toFixed(1)} | ${s.drawsPerS.toFixed(1)} | ${s.p50Ms.toFixed(1)} | ${s.p95Ms.toFixed(1)} | ${s.maxMs.toFixed(1)} |`;
    return {
      name: 'ui-frames',
      title: `Web UI map canvas: ${SWARM_ROBOTS} robots in headless Chromium`,
      markdown: [
        `${SWARM_ROBOTS} robots (random walk, real time) on ${SWARM_MAP}, streamed at 10 Hz over /api/live/ws to /usr/bin/chromium (headless, --disable-gpu: software canvas) at 1366 x 768; ` +
          `frame intervals from requestAnimationFrame timestamps in the page over ${SAMPLE_MS / 1000} s per view; gateway and browser on the same machine. ` +
          `The trial was at tick ${fitTicks} after the first view.`,
        '',
        '| view | frames/s | map redraws/s | p50 interval, ms | p95 interval, ms | max interval, ms |',
        '|---|---:|---:|---:|---:|---:|',
        row('fit zoom: ground truth, fog, robots', fit),
        row('zoomed in, following a robot: + its SLAM map, exploration and coverage heat, labels', zoomed),
      ].join('\n'),
    };
  } finally {
    await context.close();
    rmSync(profileDir, { recursive: true, force: true });
    await service.stop();
  }
}
