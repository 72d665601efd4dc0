/**
 * The web UI in a real browser: a live trial (6 virtual robots and a mona-sim over MQTT on the
 * embedded broker) served by LiveService as `swarmgate serve --port` does, opened in headless
 * Chromium through playwright-core. Screenshots go to test/out/ (gitignored) for a person to look at.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveService, MemoryLogger, parseFleetFile } from '@swarmgate/gateway';
import { loadMap } from '@swarmgate/maps';
import { PROTOCOL_VERSION } from '@swarmgate/protocols';
import { FLEET, startLive, startMonaSim, terminate, waitFor } from '../trial/liveHarness.js';
import { launchChromium, openPage, type TestBrowser, type TestPage } from './chromium.js';

const OUT_DIR = join(import.meta.dirname, '..', '..', 'out');
const VIRTUAL = ['r0', 'r1', 'r2', 'r3', 'r4', 'r5'];
const PHYSICAL = 'mona-07';
const ALL = [...VIRTUAL, PHYSICAL];

/** Reads a number the page keeps in a data attribute of <body> (0 before the first frame). */
async function bodyNumber(page: Page, name: 'frames' | 'tick'): Promise<number> {
  return Number((await page.locator('body').getAttribute(`data-${name}`)) ?? 0);
}

describe('web UI in headless Chromium', () => {
  let service: LiveService;
  let sim: (ChildProcess & { output(): string }) | null = null;
  let browser: TestPage;
  let page: Page;
  let pageErrors: string[];
  /** Bodies of the emergency stops the page sent. */
  const estopPosts: string[] = [];
  /** Bodies of the releases the page sent. */
  const releasePosts: string[] = [];

  beforeAll(async () => {
    ({ service } = await startLive({
      grid: loadMap('building:40x40:seed=7'),
      robots: VIRTUAL.length,
      spawn: { kind: 'apart' },
      seed: 5,
      service: {
        mqttPort: 0,
        httpPort: 0,
      },
    }));
    sim = startMonaSim(PHYSICAL, ['--mqtt', service.url, '--fleet', FLEET]);
    await waitFor(`${PHYSICAL} to join as a twin`, () => service.live.twins?.has(PHYSICAL) === true, 20_000).catch((error: Error) => {
      throw new Error(`${error.message}\nmona-sim output:\n${sim?.output()}`);
    });
    browser = await openPage();
    ({ page, errors: pageErrors } = browser);
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/estop')) estopPosts.push(request.postData() ?? '');
      if (request.method() === 'POST' && request.url().endsWith('/api/estop/release')) releasePosts.push(request.postData() ?? '');
    });
    mkdirSync(OUT_DIR, { recursive: true });
    await page.goto(`http://127.0.0.1:${service.httpPort}/`);
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    if (sim) await terminate(sim);
    await service?.stop();
  });

  it('draws every robot, virtual and physical, and the tick advances', async () => {
    const drawnIds = async (): Promise<string[]> => ((await page.locator('canvas#map').getAttribute('data-robots')) ?? '').split(',').sort();
    await expect.poll(drawnIds, { timeout: 20_000 }).toEqual([...ALL].sort());
    const firstTick = await bodyNumber(page, 'tick');
    const firstFrames = await bodyNumber(page, 'frames');
    await expect.poll(() => bodyNumber(page, 'tick'), { timeout: 20_000 }).toBeGreaterThanOrEqual(firstTick + 5);
    expect(await bodyNumber(page, 'frames')).toBeGreaterThan(firstFrames);
    await expect.poll(() => page.locator('#connection').getAttribute('data-state')).toBe('live');
    // The header reads the same tick the page last drew, and a plausible explored share.
    // Both read in one evaluation: a frame arriving between two reads would update both.
    const [shown, drawn] = (await page.evaluate(`[document.getElementById('tick').textContent, document.body.dataset.tick]`)) as [string, string];
    expect(Number(shown.replace(/,/g, ''))).toBe(Number(drawn));
    expect(await page.locator('#explored').textContent()).toMatch(/^\d+\.\d %$/);
    // The map image is the trial's, loaded and decoded by the browser.
    // (A string: this package's TypeScript has no DOM types; the code runs in the page.)
    const imageWidth = await page.evaluate(`(async () => {
      const image = new Image();
      image.src = 'api/map.png';
      await image.decode();
      return image.naturalWidth;
    })()`);
    expect(typeof imageWidth).toBe('number');
    expect((imageWidth as number) % 40).toBe(0);
  });

  it('lists the fleet: links, the physical robot identity, battery and last seen', async () => {
    const rows = page.locator('#fleet tbody tr');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(ALL.length);
    expect(await Promise.all((await rows.all()).map((row) => row.getAttribute('data-robot-id')))).toEqual(ALL);
    const physical = page.locator(`#fleet tr[data-robot-id="${PHYSICAL}"]`);
    const record = service.hil.registry.get(PHYSICAL)!;
    await expect.poll(() => physical.locator('td.battery').textContent(), { timeout: 10_000 }).toMatch(/^\d+%$/);
    expect(await physical.locator('td.link').textContent()).toBe('mqtt');
    expect(await physical.locator('td.firmware').textContent()).toBe(record.firmwareVersion);
    // Model and protocol are in the robot's detail (the table fits a 1280 px window without them).
    await physical.locator('td.id').click();
    await expect.poll(() => page.locator('#detail-id').textContent()).toBe(PHYSICAL);
    expect(await page.locator('#detail-model').textContent()).toBe(record.model);
    // mona-sim speaks this protocol; a zero minor is left out of the decoded Birth and must still read as .0.
    expect(await page.locator('#detail-protocol').textContent()).toBe(`${PROTOCOL_VERSION.major}.${PROTOCOL_VERSION.minor}`);
    await page.locator('#detail-close').click();
    expect(await physical.locator('td.state').textContent()).toBe('online');
    expect(await physical.locator('td.seen').textContent()).toMatch(/just now|s ago/);
    expect(await page.locator('#fleet tr[data-robot-id="r0"] td.link').textContent()).toBe('virtual');
    await page.screenshot({ path: join(OUT_DIR, 'web-ui.png') });
  });

  it('asks before an emergency stop: a dismissed confirm stops nothing, an accepted one stops that robot', async () => {
    page.once('dialog', (dialog) => void dialog.dismiss());
    await page.locator('#fleet tr[data-robot-id="r2"] button.stop-one').click();
    let question = '';
    page.once('dialog', (dialog) => {
      question = dialog.message();
      void dialog.accept();
    });
    await page.locator('#fleet tr[data-robot-id="r2"] button.stop-one').click();
    await waitFor('r2 to be emergency-stopped', () => service.live.status().emergencyStopped.includes('r2'));
    expect(question).toContain('robot r2');
    expect(service.live.status().emergencyStopped).toEqual(['r2']);
    // Only the accepted click sent anything (a dismissed one would have posted before it).
    expect(estopPosts.map((body) => JSON.parse(body))).toEqual([{ robotId: 'r2', reason: 'web UI' }]);
    await expect.poll(() => page.locator('#fleet tr[data-robot-id="r2"]').getAttribute('data-estop'), { timeout: 10_000 }).toBe('true');
    expect(await page.locator('#fleet tr[data-robot-id="r2"] button.stop-one').isVisible()).toBe(false);
    expect(await page.locator('#fleet tr[data-robot-id="r2"] .badge.estop').isVisible()).toBe(true);
  });

  it('emergency-stops every robot from the header button: the trial holds them all still', async () => {
    page.once('dialog', (dialog) => void dialog.accept());
    await page.locator('#estop-all').click();
    await waitFor('every robot to be emergency-stopped', () => service.live.status().emergencyStopped.length === ALL.length);
    expect([...service.live.status().emergencyStopped].sort()).toEqual([...ALL].sort());
    await expect.poll(() => page.locator('#fleet tbody tr[data-estop="true"]').count(), { timeout: 10_000 }).toBe(ALL.length);
    expect(await page.locator('#estop-all').isDisabled()).toBe(true);
    const tick = service.live.world.tick;
    await waitFor('two more ticks', () => service.live.world.tick >= tick + 2);
    for (const id of ALL) expect(service.live.world.robot(id).state().status, id).toBe('idle');
    // Held still, not merely idle: virtual robots do not move over the next ticks.
    const held = VIRTUAL.map((id) => service.live.world.truePose(id));
    await waitFor('five more ticks', () => service.live.world.tick >= tick + 7);
    VIRTUAL.forEach((id, i) => {
      const pose = service.live.world.truePose(id);
      expect(Math.hypot(pose.xM - held[i].xM, pose.yM - held[i].yM), id).toBeLessThan(1e-3);
    });
    await page.screenshot({ path: join(OUT_DIR, 'web-ui-estop.png') });
    expect(pageErrors).toEqual([]);
  });

  it('releases one robot from its row and the rest from the header after a confirm; they move again under their controllers', async () => {
    const r2Row = page.locator('#fleet tr[data-robot-id="r2"]');
    expect(await r2Row.locator('button.release-one').isVisible()).toBe(true);
    expect(await page.locator('#release-all').isDisabled()).toBe(false);
    let question = '';
    page.once('dialog', (dialog) => {
      question = dialog.message();
      void dialog.accept();
    });
    await r2Row.locator('button.release-one').click();
    await waitFor('r2 to be released', () => !service.live.status().emergencyStopped.includes('r2'));
    expect(question).toContain('Release the emergency stop of robot r2');
    await expect.poll(() => r2Row.getAttribute('data-estop'), { timeout: 10_000 }).toBe('false');
    expect(await r2Row.locator('button.stop-one').isVisible()).toBe(true);
    expect(await r2Row.locator('button.release-one').isVisible()).toBe(false);

    // A dismissed confirm releases nothing; every other robot is still held.
    page.once('dialog', (dialog) => void dialog.dismiss());
    await page.locator('#release-all').click();
    const stillStopped = ALL.filter((id) => id !== 'r2').sort();
    expect([...service.live.status().emergencyStopped].sort()).toEqual(stillStopped);
    const held = new Map(ALL.map((id) => [id, service.live.world.truePose(id)]));
    page.once('dialog', (dialog) => {
      question = dialog.message();
      void dialog.accept();
    });
    await page.locator('#release-all').click();
    await waitFor('every robot to be released', () => service.live.status().emergencyStopped.length === 0);
    expect(question).toMatch(/Release the emergency stop of ALL 6 stopped robots/);
    expect(releasePosts.map((body) => JSON.parse(body))).toEqual([
      { robotId: 'r2', reason: 'web UI' },
      { all: true, reason: 'web UI: release all' },
    ]);
    await expect.poll(() => page.locator('#fleet tbody tr[data-estop="true"]').count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => page.locator('#release-all').isDisabled(), { timeout: 10_000 }).toBe(true);
    expect(await page.locator('#estop-all').isDisabled()).toBe(false);

    // Under their controllers again: the physical twin moves only if mona-sim cleared its
    // latch and accepts MotorCommands; the frontier robots move as they pick frontiers.
    const movedM = (id: string) => {
      const now = service.live.world.truePose(id);
      const then = held.get(id)!;
      return Math.hypot(now.xM - then.xM, now.yM - then.yM);
    };
    const movingVirtual = () => VIRTUAL.filter((id) => id !== 'r2' && movedM(id) > 0.2).length;
    await waitFor(`${PHYSICAL} and most virtual robots to move again`, () => movedM(PHYSICAL) > 0.2 && movingVirtual() >= 3, 30_000);
    await page.screenshot({ path: join(OUT_DIR, 'web-ui-released.png') });
    expect(pageErrors).toEqual([]);
  });

  it('shows a physical robot going offline when its firmware stops', async () => {
    await terminate(sim!);
    sim = null;
    const row = page.locator(`#fleet tr[data-robot-id="${PHYSICAL}"]`);
    await expect.poll(() => row.getAttribute('data-online'), { timeout: 15_000 }).toBe('false');
    expect(await row.locator('td.state').textContent()).toBe('offline');
    await expect.poll(() => row.locator('td.seen').textContent(), { timeout: 10_000 }).toMatch(/^\d+\.\d s ago$/);
    expect(await page.locator('#fleet-summary').textContent()).toContain('1 physical, 0 online');
    await page.screenshot({ path: join(OUT_DIR, 'web-ui-offline.png') });
    expect(pageErrors).toEqual([]);
  });
});

describe('web UI in headless Chromium, on a gateway that requires a token (fleet file)', () => {
  const ROBOTS = ['r0', 'r1', 'r2'];
  let service: LiveService;
  let browser: TestBrowser;

  beforeAll(async () => {
    service = await LiveService.start({
      trial: {
        grid: loadMap('building:40x40:seed=7'),
        robots: ROBOTS.length,
        algorithm: 'frontier',
        comm: 'global',
        spawn: { kind: 'apart' },
        seed: 5,
        targetExplored: 0.99,
        maxTicks: Number.POSITIVE_INFINITY,
      },
      mqttPort: 0,
      fleet: parseFleetFile(`fleet: ${FLEET}\ngateway: { username: gw, password: gw-secret }\nvirtualRobots: [${ROBOTS.join(', ')}]\n`),
      fleetName: FLEET,
      username: 'gw',
      password: 'gw-secret',
      keepaliveMs: 1000,
      twins: { poseSource: 'odometry', transform: { scale: 25, rotationRad: 0, offsetXM: 0, offsetYM: 0 } },
      httpPort: 0,
      realtime: true,
      logger: new MemoryLogger(),
    });
    browser = await launchChromium();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  it('without the token: no live data, and its emergency stop is refused', async () => {
    const page = await browser.context.newPage();
    await page.goto(`http://127.0.0.1:${service.httpPort}/`);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.locator('#estop-all').click();
    await expect.poll(() => page.locator('#toast').textContent(), { timeout: 10_000 }).toMatch(/Emergency stop FAILED: .*Authorization: Bearer/);
    expect(service.live.status().emergencyStopped).toEqual([]);
    expect(await bodyNumber(page, 'frames')).toBe(0);
    expect(await page.locator('#connection').getAttribute('data-state')).not.toBe('live');
    await page.close();
  });

  it('opened with the printed #token URL: keeps the token, shows the live map, stops every robot', async () => {
    const page = await browser.context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
    const [url] = service.httpUrls;
    expect(url).toMatch(/#token=[A-Za-z0-9_-]{43}$/);
    await page.goto(url);
    const drawnIds = async (): Promise<string[]> => ((await page.locator('canvas#map').getAttribute('data-robots')) ?? '').split(',').sort();
    await expect.poll(drawnIds, { timeout: 20_000 }).toEqual(ROBOTS);
    await expect.poll(() => page.locator('#connection').getAttribute('data-state')).toBe('live');
    const firstTick = await bodyNumber(page, 'tick');
    await expect.poll(() => bodyNumber(page, 'tick'), { timeout: 20_000 }).toBeGreaterThanOrEqual(firstTick + 3);
    // The token left the address bar (no bookmark or screenshot carries it).
    expect(page.url()).toBe(`http://127.0.0.1:${service.httpPort}/`);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.locator('#estop-all').click();
    await waitFor('every robot to be emergency-stopped', () => service.live.status().emergencyStopped.length === ROBOTS.length);
    await expect.poll(() => page.locator('#fleet tbody tr[data-estop="true"]').count(), { timeout: 10_000 }).toBe(ROBOTS.length);
    // A reload keeps the tab's token: still live.
    await page.reload();
    await expect.poll(() => page.locator('#connection').getAttribute('data-state'), { timeout: 10_000 }).toBe('live');
    await page.screenshot({ path: join(OUT_DIR, 'web-ui-token.png') });
    expect(pageErrors).toEqual([]);
  });
});
