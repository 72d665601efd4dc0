/**
 * Replaying a recording in headless Chromium: a trial recorded to MCAP (recordTrial, as
 * `swarmgate run --record`) is opened from the page's recordings list; after a seek the canvas
 * draws every robot at the pose and heading the MCAP holds for that time (read here with
 * @mcap/core's indexed reader, not through the replay reader) and the fog of that time's explored cells, pause
 * holds the replay clock, play moves it, "Back to live" shows the live trial again, and a file
 * that is not a recording is refused with its problem named.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Trial, bytesReadable, messageType, openRecording, recordTrial, type LiveService } from '@swarmgate/gateway';
import { loadMap, type Grid } from '@swarmgate/maps';
import { startLive } from '../trial/liveHarness.js';
import { countPixels, pixelsNear, ROBOT_BLUE, screenOf } from './canvas.js';
import { openPage, type TestPage } from './chromium.js';

const OUT_DIR = join(import.meta.dirname, '..', '..', 'out');
const MAP = 'cave:40x40:seed=3';
const TICKS = 60;
const RECORDING = 'trial-replay.mcap';
/** A recorded tick's time in the replay: seconds since the first (tick 1 at 0 s, 0.1 s a tick). */
const timeOf = (tick: number): number => (tick - 1) * 0.1;

interface Pose {
  readonly xM: number;
  readonly yM: number;
  readonly headingRad: number;
}

/** Every robot's recorded pose at each tick, by robot id, read from the MCAP with @mcap/core's indexed reader (openRecording: with the zstd decompressor). */
async function recordedPoses(file: Uint8Array): Promise<Map<string, Pose[]>> {
  const reader = await openRecording(bytesReadable(file));
  const type = messageType('foxglove.PoseInFrame');
  const out = new Map<string, Pose[]>();
  const topics = [...reader.channelsById.values()].filter((c) => c.topic.endsWith('/pose'));
  for await (const message of reader.readMessages({ topics: topics.map((c) => c.topic) })) {
    const id = reader.channelsById.get(message.channelId)!.topic.split('/')[1];
    const { pose } = type.toObject(type.decode(message.data)) as { pose: { position: { x: number; y: number }; orientation: { z?: number; w: number } } };
    // A rotation about z: the quaternion (0, 0, sin h/2, cos h/2).
    const headingRad = 2 * Math.atan2(pose.orientation.z ?? 0, pose.orientation.w);
    out.set(id, [...(out.get(id) ?? []), { xM: pose.position.x, yM: pose.position.y, headingRad }]);
  }
  return out;
}

describe('replay of a recording in headless Chromium', () => {
  let service: LiveService;
  let browser: TestPage;
  let page: Page;
  let folder: string;
  let poses: Map<string, Pose[]>;
  let grid: Grid;
  let robotRadiusCells: number;
  let pageErrors: string[];

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'swarmgate-replay-ui-'));
    const recordings = join(folder, 'recordings');
    mkdirSync(recordings);
    const recorded = new Trial({
      grid: loadMap(MAP),
      robots: 3,
      algorithm: 'frontier',
      comm: 'global',
      spawn: { kind: 'apart' },
      seed: 11,
      targetExplored: 1,
      maxTicks: TICKS,
    });
    await recordTrial(recorded, join(recordings, RECORDING), { map: MAP });
    // The canvas draws in the simulation's grid (the map resampled to --cell): its geometry, as the recording holds it.
    grid = recorded.world.grid;
    robotRadiusCells = recorded.world.config.robot.radiusM / grid.cellSizeM;
    poses = await recordedPoses(new Uint8Array(readFileSync(join(recordings, RECORDING))));
    // The live trial: another map and fleet, so what the canvas shows tells which one it is.
    ({ service } = await startLive({
      grid: loadMap('cave:30x30:seed=8'),
      robots: 2,
      spawn: { kind: 'apart' },
      seed: 2,
      service: { mqttPort: 0, httpPort: 0, folders: { maps: join(folder, 'maps'), recordings, experiments: join(folder, 'experiments') } },
    }));
    browser = await openPage();
    ({ page, errors: pageErrors } = browser);
    mkdirSync(OUT_DIR, { recursive: true });
    await page.goto(`http://127.0.0.1:${service.httpPort}/`);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await service?.stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  const attribute = async (selector: string, name: string): Promise<string | null> => page.locator(selector).getAttribute(name);

  /** Robot blue within 12 a channel in the square of side 2 * half + 1 on CSS pixel (x, y). */
  const bluePixelsNear = (x: number, y: number, half = 3): Promise<number> => pixelsNear(page, x, y, ROBOT_BLUE, 12, half);
  /** Where the canvas draws a pose of the recorded map. */
  const screenOfPose = (pose: Pose): Promise<{ x: number; y: number }> => screenOf(page, grid, pose);

  /** Every robot drawn at its recorded pose of `tick` (polled: the canvas draws on the next animation frame). */
  const expectRobotsAt = async (tick: number): Promise<void> => {
    for (const [id, track] of poses) {
      await expect
        .poll(
          async () => {
            const { x, y } = await screenOfPose(track[tick - 1]);
            return bluePixelsNear(x, y);
          },
          { timeout: 5000, message: `robot ${id} at its recorded pose of tick ${tick}` },
        )
        .toBeGreaterThanOrEqual(20);
    }
  };

  it('lists the recording, and opens it paused at its first tick, marked REPLAY', async () => {
    expect([...poses.keys()]).toEqual(['r0', 'r1', 'r2']);
    expect(poses.get('r0')).toHaveLength(TICKS);
    // The live trial is on the canvas first.
    await expect.poll(() => attribute('canvas#map', 'data-robots'), { timeout: 20_000 }).toBe('r0,r1');
    // Two robots on a global radio: one link, drawn live.
    await expect.poll(() => attribute('canvas#map', 'data-links'), { timeout: 10_000 }).toBe('1');
    const row = page.locator(`#recordings li[data-recording="${RECORDING}"]`);
    await row.locator('button').click();
    await expect.poll(() => attribute('body', 'data-mode')).toBe('replay');
    expect(await page.locator('.replay-badge').textContent()).toBe('REPLAY');
    expect(await page.locator('#replay-bar').isVisible()).toBe(true);
    await expect.poll(() => attribute('canvas#map', 'data-robots')).toBe('r0,r1,r2');
    // A recording holds no links: the live trial's are not drawn over it.
    expect(await attribute('canvas#map', 'data-links')).toBe('0');
    expect(await attribute('body', 'data-replay-tick')).toBe('1');
    expect(await attribute('body', 'data-replay-time')).toBe('0.000');
    expect(await page.locator('#replay-play').textContent()).toBe('Play');
    await expectRobotsAt(1);
  }, 60_000);

  it('seeks to the time asked for and draws every robot at its recorded pose of that time, not of another', async () => {
    const tick = 45;
    await page.locator('#replay-seek').fill(String(timeOf(tick)));
    await expect.poll(() => attribute('body', 'data-replay-time')).toBe(timeOf(tick).toFixed(3));
    expect(await attribute('body', 'data-replay-tick')).toBe(String(tick));
    expect(await page.locator('#tick').textContent()).toBe(String(tick));
    await expectRobotsAt(tick);
    // Each heading as recorded: zoomed in on the robot (the wheel zooms about the pointer), the
    // white heading line runs from its centre forwards (canvas y points down), the disc behind it stays blue.
    const box = (await page.locator('canvas#map').boundingBox())!;
    for (const [id, track] of poses) {
      const pose = track[tick - 1];
      const at = await screenOfPose(pose);
      const fit = await attribute('canvas#map', 'data-transform');
      await page.mouse.move(box.x + at.x, box.y + at.y);
      await page.mouse.wheel(0, -1000);
      await expect.poll(() => attribute('canvas#map', 'data-transform')).not.toBe(fit);
      const scale = Number(((await attribute('canvas#map', 'data-transform')) ?? '').split(',')[0]);
      const radiusPx = Math.max(5, robotRadiusCells * scale);
      expect(radiusPx, 'zoomed in, a robot is big enough to see its heading').toBeGreaterThanOrEqual(8);
      const { x, y } = await screenOfPose(pose);
      const dx = Math.cos(pose.headingRad) * 0.6 * radiusPx;
      const dy = -Math.sin(pose.headingRad) * 0.6 * radiusPx;
      expect(await pixelsNear(page, x + dx, y + dy, [255, 255, 255], 60, 1), `${id}'s heading line ahead`).toBeGreaterThan(0);
      expect(await pixelsNear(page, x - dx, y - dy, [255, 255, 255], 60, 1), `nothing white behind ${id}`).toBe(0);
      expect(await bluePixelsNear(x - dx, y - dy, 1), `${id}'s disc behind its centre`).toBeGreaterThan(0);
      await page.mouse.wheel(0, 1000);
      // Back to the fit view (up to rounding).
      const numbers = (t: string | null): number[] => (t ?? '').split(',').map(Number);
      await expect.poll(async () => numbers(await attribute('canvas#map', 'data-transform')).every((v, i) => Math.abs(v - numbers(fit)[i]) < 1e-6)).toBe(true);
    }
    // Where a robot stood at tick 1, far from any robot now, the canvas draws no robot.
    const now = await Promise.all([...poses.values()].map((track) => screenOfPose(track[tick - 1])));
    const before = (await Promise.all([...poses.values()].map((track) => screenOfPose(track[0])))).filter((p) =>
      now.every((q) => Math.hypot(p.x - q.x, p.y - q.y) > 20),
    );
    expect(before.length, 'a robot moved well away from its start').toBeGreaterThan(0);
    for (const p of before) expect(await bluePixelsNear(p.x, p.y)).toBe(0);
    // And back: a seek before the shown frame lands on its own tick too.
    await page.locator('#replay-seek').fill(String(timeOf(10)));
    await expect.poll(() => attribute('body', 'data-replay-tick')).toBe('10');
    await expectRobotsAt(10);
    await page.screenshot({ path: join(OUT_DIR, 'replay-canvas.png') });
  }, 60_000);

  it('plays from where it is, and pause holds the replay clock while the page keeps drawing', async () => {
    await page.locator('#replay-speed').selectOption('0.5');
    await page.locator('#replay-play').click();
    await expect.poll(async () => Number(await attribute('body', 'data-replay-time')), { timeout: 10_000 }).toBeGreaterThan(timeOf(10) + 0.2);
    await page.locator('#replay-play').click();
    expect(await page.locator('#replay-play').textContent()).toBe('Play');
    const held = await attribute('body', 'data-replay-time');
    const tick = await attribute('body', 'data-replay-tick');
    // Sixty more animation frames of the player: a second at 60 Hz, in which a running clock would have moved.
    const loops = Number(await attribute('body', 'data-replay-loops'));
    await expect.poll(async () => Number(await attribute('body', 'data-replay-loops')), { timeout: 10_000 }).toBeGreaterThan(loops + 60);
    expect(await attribute('body', 'data-replay-time')).toBe(held);
    expect(await attribute('body', 'data-replay-tick')).toBe(tick);
    await expectRobotsAt(Number(tick));
    // At 8x it plays to the end and stops there, on the last tick.
    await page.locator('#replay-speed').selectOption('8');
    await page.locator('#replay-play').click();
    await expect.poll(() => attribute('body', 'data-replay-tick'), { timeout: 15_000 }).toBe(String(TICKS));
    await expect.poll(() => page.locator('#replay-play').textContent()).toBe('Play');
    expect(await attribute('body', 'data-replay-time')).toBe(timeOf(TICKS).toFixed(3));
    await expectRobotsAt(TICKS);
  }, 60_000);

  it('draws the fog of the recorded explored cells of the time shown, going back as well as forwards', async () => {
    // Floor the fog has lifted from is drawn white; the fog makes it grey.
    const countWhite = (): Promise<number> => countPixels(page, [255, 255, 255], 0);
    /** The white count once two reads a few frames apart agree (the canvas redraws on animation frames). */
    const settledWhite = async (): Promise<number> => {
      let last = -1;
      await expect
        .poll(async () => {
          const now = await countWhite();
          const same = now === last;
          last = now;
          return same;
        })
        .toBe(true);
      return last;
    };
    expect(await attribute('body', 'data-replay-tick')).toBe(String(TICKS));
    const atEnd = await settledWhite();
    await page.locator('#replay-seek').fill('0');
    await expect.poll(() => attribute('body', 'data-replay-tick')).toBe('1');
    const atStart = await settledWhite();
    expect(atStart).toBeGreaterThan(0);
    expect(atEnd, 'more floor explored at the end than at the start').toBeGreaterThan(atStart * 1.2);
    await page.locator('#replay-seek').fill(String(timeOf(TICKS)));
    await expect.poll(() => attribute('body', 'data-replay-tick')).toBe(String(TICKS));
    await expect.poll(countWhite).toBe(atEnd);
  }, 60_000);

  it('goes back to the live trial, and the page logged no error', async () => {
    await page.locator('#replay-exit').click();
    await expect.poll(() => attribute('body', 'data-mode')).toBeNull();
    expect(await page.locator('#replay-bar').isVisible()).toBe(false);
    await expect.poll(() => attribute('canvas#map', 'data-robots'), { timeout: 10_000 }).toBe('r0,r1');
    await expect.poll(() => attribute('canvas#map', 'data-links'), { timeout: 10_000 }).toBe('1');
    expect(pageErrors).toEqual([]);
  }, 30_000);

  it('names the problem of a file it cannot replay, and stays on the live trial', async () => {
    writeFileSync(join(folder, 'recordings', 'broken.mcap'), 'not really MCAP');
    await page.locator('#recordings-refresh').click();
    await page.locator('#recordings li[data-recording="broken.mcap"] button').click();
    await expect
      .poll(() => page.locator('#toast').textContent())
      .toMatch(/^Replay of broken\.mcap FAILED: SG_RECORDING_FORMAT: broken\.mcap is not a readable MCAP recording/);
    expect(await attribute('body', 'data-mode')).toBeNull();
    await expect.poll(() => attribute('canvas#map', 'data-robots'), { timeout: 10_000 }).toBe('r0,r1');
    // The browser's own line for the refused request is the only one.
    expect(pageErrors).toHaveLength(1);
    expect(pageErrors[0]).toMatch(/status of 422/);
  }, 30_000);
});
