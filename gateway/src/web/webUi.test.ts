import { request as httpGet, type IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { PNG } from 'pngjs';
import { renderPng } from '@swarmgate/maps';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '@swarmgate/protocols';
import { MemoryLogger } from '../hil/Logger.js';
import { borderedRoom } from '../sim/testing/testGrids.js';
import { DEFAULT_TWIN_OPTIONS, LiveTrial } from '../trial/LiveTrial.js';
import { testTrialConfig } from '../trial/testing/testTrialConfig.js';
import { trialHttpApi } from '../trial/trialHttpApi.js';
import { webUi, type WebUiOptions } from './webUi.js';
import { longestStallDuring } from './testing/eventLoopStall.js';
import { applyExploredFrame, type ExploredFrame } from './exploredFrame.js';

const grid = borderedRoom(20);

function liveTrial(on = grid): LiveTrial {
  return new LiveTrial({ trial: testTrialConfig(on, 2), hil: null, twins: DEFAULT_TWIN_OPTIONS, logger: new MemoryLogger() });
}

let app: FastifyInstance | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

/** The page's server: the trial API and the web UI, as `swarmgate serve --port` runs them (on `on`, default a 20 x 20 room). */
async function serve(
  options: Partial<WebUiOptions> = {},
  on = grid,
): Promise<{ app: FastifyInstance; live: LiveTrial; clock: ManualClock; replace: () => LiveTrial }> {
  const trials = { live: liveTrial(on) };
  const clock = new ManualClock();
  // As the trial API's own server: unknown body fields are refused, not stripped.
  app = Fastify({ ajv: { customOptions: { removeAdditional: false } } });
  await app.register(trialHttpApi, { trials, hil: null });
  await app.register(webUi, { live: () => trials.live, hil: null, clock, ...options });
  // A new trial in the old one's place, as POST /api/trial makes (here on the same map).
  return { app, live: trials.live, clock, replace: () => (trials.live = liveTrial()) };
}

interface SseEvent {
  readonly event: string;
  readonly data: string;
}

/** Reads SSE text as it arrives: complete events are parsed, comments kept as event ':'. */
class SseReader {
  readonly events: SseEvent[] = [];
  private buffer = '';

  constructor(stream: Readable) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      this.buffer += chunk;
      let end: number;
      while ((end = this.buffer.indexOf('\n\n')) >= 0) {
        const block = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        if (block.startsWith(':')) this.events.push({ event: ':', data: block.slice(1).trim() });
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event !== undefined && data !== undefined) this.events.push({ event, data });
      }
    });
  }

  named(event: string): unknown[] {
    return this.events.filter((e) => e.event === event).map((e) => JSON.parse(e.data));
  }
}

const flush = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('webUi: the page and its files', () => {
  it('serves the page at / and every module and style sheet it loads, with their content types', async () => {
    const { app } = await serve();
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const referenced = [...page.body.matchAll(/(?:src|href)="(static\/[^"]+)"/g)].map((m) => m[1]);
    expect(referenced).toEqual(['static/favicon.svg', 'static/uPlot.min.css', 'static/style.css', 'static/app.js']);
    // Follow the ES module imports from app.js: a missing file would break the page silently.
    const queue = ['app.js'];
    const seen = new Set<string>();
    while (queue.length > 0) {
      const name = queue.shift()!;
      if (seen.has(name)) continue;
      seen.add(name);
      const file = await app.inject({ method: 'GET', url: `/static/${name}` });
      expect(file.statusCode, name).toBe(200);
      expect(file.headers['content-type'], name).toBe('text/javascript; charset=utf-8');
      for (const m of file.body.matchAll(/from '\.\/([^']+)'/g)) queue.push(m[1]);
    }
    expect([...seen].sort()).toEqual([
      'app.js',
      'charts.js',
      'fleetTable.js',
      'mapView.js',
      'protocol.js',
      'rasterLayer.js',
      'replay.js',
      'slamCells.js',
      'uPlot.esm.js',
    ]);
    const css = await app.inject({ method: 'GET', url: '/static/style.css' });
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    // The charting library comes from the gateway's own install, never a CDN.
    const uplotCss = await app.inject({ method: 'GET', url: '/static/uPlot.min.css' });
    expect(uplotCss.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(uplotCss.body).toContain('.uplot');
    expect((await app.inject({ method: 'GET', url: '/static/favicon.svg' })).headers['content-type']).toBe('image/svg+xml');
    expect((await app.inject({ method: 'GET', url: '/static/../webUi.ts' })).statusCode).toBe(404);
  });

  it('renders the ground-truth map as a PNG once: walls dark, floor white, top row first', async () => {
    const { app } = await serve();
    const first = await app.inject({ method: 'GET', url: '/api/map.png' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.rawPayload.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const png = PNG.sync.read(first.rawPayload);
    const scale = png.width / grid.width;
    expect(Number.isInteger(scale) && png.height === grid.height * scale).toBe(true);
    const red = (x: number, y: number): number => png.data[(y * png.width + x) * 4];
    expect(red(0, 0)).toBeLessThan(100);
    expect(red(Math.floor(png.width / 2), Math.floor(png.height / 2))).toBe(255);
    const second = await app.inject({ method: 'GET', url: '/api/map.png' });
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('renders a large map on the map thread: the event loop, and the trial on it, turn while it is drawn', async () => {
    // 2000 x 2000, serve's default cell budget: renderPng takes about 0.6 s of whichever thread runs it.
    const large = borderedRoom(2000);
    const { app } = await serve({}, large);
    // Two clients at once (the page and a script): one rendering for both.
    const {
      result: [first, second],
      tookMs,
      longestStallMs,
    } = await longestStallDuring(() => Promise.all([0, 1].map(() => app.inject({ method: 'GET', url: '/api/map.png' }))));
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.rawPayload.equals(second.rawPayload)).toBe(true);
    // Before, the event loop waited the whole rendering (GET without a token: ticks 1 s late on a
    // 2000 x 2000 trial); now its longest wait is a small part of it (copying the grid and the PNG).
    expect(longestStallMs).toBeLessThan(tookMs / 2);
    const png = PNG.sync.read(first.rawPayload);
    expect([png.width, png.height]).toEqual([large.width, large.height]);
    expect(first.rawPayload.equals(renderPng(large))).toBe(true);
    // Kept: the next request is answered from it.
    expect((await app.inject({ method: 'GET', url: '/api/map.png' })).rawPayload.equals(first.rawPayload)).toBe(true);
  }, 30_000);

  it('refuses bad options at registration with SG_WEB_CONFIG naming the option', async () => {
    await expect(serve({ frameHz: 0 })).rejects.toThrow(/SG_WEB_CONFIG.*frameHz/);
    await app?.close();
    await expect(serve({ heartbeatMs: Number.NaN })).rejects.toThrow(/SG_WEB_CONFIG.*heartbeatMs/);
    await app?.close();
    await expect(serve({ maxLiveClients: 0 })).rejects.toThrow(/SG_WEB_CONFIG.*maxLiveClients must be an integer in \[1, 1024\], got 0/);
    await app?.close();
    await expect(serve({ maxLiveClients: 2.5 })).rejects.toThrow(/SG_WEB_CONFIG.*maxLiveClients/);
  });
});

describe('webUi: the emergency stop the page sends (POST /api/estop, trial API)', () => {
  it('refuses bad bodies with 400 naming the field, and stops all robots on a good one', async () => {
    const { app, live } = await serve();
    const emptyId = await app.inject({ method: 'POST', url: '/api/estop', payload: { robotId: '' } });
    expect(emptyId.statusCode).toBe(400);
    expect(emptyId.json().message).toMatch(/robotId/);
    const typo = await app.inject({ method: 'POST', url: '/api/estop', payload: { robotID: 'r0' } });
    expect(typo.statusCode).toBe(400);
    expect(typo.json().message).toMatch(/additional properties/);
    const tooLong = await app.inject({ method: 'POST', url: '/api/estop', payload: { reason: 'x'.repeat(201) } });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toMatch(/reason/);
    expect(live.status().emergencyStopped).toEqual([]);
    const all = await app.inject({ method: 'POST', url: '/api/estop', payload: { reason: 'web UI: stop all' } });
    expect(all.json()).toEqual({ stopped: ['r0', 'r1'] });
  });
});

describe('webUi: GET /api/live (Server-Sent Events)', () => {
  it('sends SSE headers and the current state at once: meta, frame, explored, fleet', async () => {
    const { app, live } = await serve();
    for (let k = 0; k < 3; k++) live.world.step();
    const response = await app.inject({ method: 'GET', url: '/api/live', payloadAsStream: true });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache, no-transform');
    const reader = new SseReader(response.stream());
    await flush();
    expect(reader.events.map((e) => e.event)).toEqual(['meta', 'frame', 'explored', 'fleet']);
    expect(reader.named('meta')[0]).toMatchObject({ width: 20, height: 20, cellSizeM: 1 });
    expect(reader.named('frame')[0]).toMatchObject({
      tick: 3,
      robots: [
        { id: 'r0', kind: 'virtual' },
        { id: 'r1', kind: 'virtual' },
      ],
    });
    expect(reader.named('fleet')[0]).toMatchObject([
      { id: 'r0', link: 'virtual' },
      { id: 'r1', link: 'virtual' },
    ]);
  });

  it('streams a frame per period while the trial moves, the overlay and fleet at 1 Hz when they change, and a heartbeat when quiet', async () => {
    const { app, live, clock } = await serve({ frameHz: 5, heartbeatMs: 15_000 });
    const reader = new SseReader((await app.inject({ method: 'GET', url: '/api/live', payloadAsStream: true })).stream());
    await flush();
    const initial = reader.events.length;
    for (let period = 0; period < 5; period++) {
      live.world.step();
      clock.advance(200);
    }
    await flush();
    const frames = reader.named('frame') as { tick: number }[];
    expect(frames.map((f) => f.tick)).toEqual([0, 1, 2, 3, 4, 5]);
    // One second in: the explored cells changed (tick 0 had none) and went out once.
    expect(reader.named('explored')).toHaveLength(2);

    // The fleet did not change: not sent again.
    expect(reader.named('fleet')).toHaveLength(1);
    live.emergencyStop('r0', 'test');
    clock.advance(1000);
    await flush();
    expect((reader.named('fleet').at(-1) as { estop: boolean }[]).map((r) => r.estop)).toEqual([true, false]);
    // Robots held still see nothing new: frames go on (the tick moves), the overlay does not.
    live.emergencyStop(undefined, 'test');
    const runPeriods = async (periods: number): Promise<void> => {
      for (let period = 0; period < periods; period++) {
        live.world.step();
        clock.advance(200);
      }
      await flush();
    };
    await runPeriods(10);
    const overlays = reader.named('explored').length;
    const framesBefore = reader.named('frame').length;
    await runPeriods(10);
    expect(reader.named('frame').length).toBe(framesBefore + 10);
    expect(reader.named('explored')).toHaveLength(overlays);
    const beforeQuiet = reader.events.length;
    expect(beforeQuiet).toBeGreaterThan(initial);
    // A paused trial: one frame saying the speed fell to 0, then nothing changes, so only heartbeats.
    clock.advance(31_000);
    await flush();
    const quiet = reader.events.slice(beforeQuiet);
    expect(quiet.map((e) => e.event)).toEqual(['frame', ':', ':']);
    expect(JSON.parse(quiet[0].data)).toMatchObject({ speed: 0 });
  });

  it('sends the meta again when a new trial replaces the shown one, even on the same map, then its explored cells', async () => {
    const { app, live, clock, replace } = await serve({ frameHz: 5 });
    for (let k = 0; k < 10; k++) live.world.step();
    const reader = new SseReader((await app.inject({ method: 'GET', url: '/api/live', payloadAsStream: true })).stream());
    await flush();
    expect(reader.named('meta')).toHaveLength(1);
    const oldExplored = (reader.named('explored')[0] as { bitsBase64: string }).bitsBase64;
    expect(Buffer.from(oldExplored, 'base64').some((b) => b !== 0)).toBe(true);

    replace();
    clock.advance(1000);
    await flush();
    // A client reloads its map image and starts its overlay over on a meta: the new trial's comes first.
    const since = reader.events.slice(4).filter((e) => e.event !== ':');
    expect(since[0].event).toBe('meta');
    expect(reader.named('meta')).toHaveLength(2);
    expect(reader.named('frame').at(-1)).toMatchObject({ tick: 0 });
    const explored = Buffer.from((reader.named('explored').at(-1) as { bitsBase64: string }).bitsBase64, 'base64');
    expect(explored.every((b) => b === 0)).toBe(true);
  });

  it("sends a 2000 x 2000 map's explored cells whole once, then only what changed: the client's bitmap is the lidar's", async () => {
    const { app, live, clock } = await serve({ frameHz: 5 }, borderedRoom(2000));
    const reader = new SseReader((await app.inject({ method: 'GET', url: '/api/live', payloadAsStream: true })).stream());
    await flush();
    let held: Uint8Array | null = null;
    for (let second = 0; second < 3; second++) {
      for (let period = 0; period < 5; period++) {
        live.world.step();
        clock.advance(200);
      }
      await flush();
    }
    const events = reader.events.filter((e) => e.event === 'explored');
    // On connecting, and once a second while the robots explore.
    expect(events).toHaveLength(4);
    const frames = events.map((e) => JSON.parse(e.data) as ExploredFrame);
    expect(frames.map((f) => f.full)).toEqual([true, false, false, false]);
    // The whole bitmap is 500,000 bytes (666,668 as base64); what two robots reveal in a second is a sliver of it.
    expect(events[0].data.length).toBeGreaterThan(666_668);
    for (const e of events.slice(1)) expect(e.data.length).toBeLessThan(20_000);
    for (const frame of frames) held = applyExploredFrame(held, frame);
    const seen = live.world.sensing.lidar.lastSeenTick;
    let explored = 0;
    let wrong = 0;
    for (let i = 0; i < seen.length; i++) {
      const bit = ((held?.[i >> 3] ?? 0) & (1 << (i & 7))) !== 0;
      if (bit) explored++;
      if (bit !== (seen[i] !== 0)) wrong++;
    }
    expect(wrong).toBe(0);
    expect(explored).toBeGreaterThan(100);
  }, 30_000);

  it('ends open streams when the server closes, and stops its timers', async () => {
    const { app, clock } = await serve();
    const response = await app.inject({ method: 'GET', url: '/api/live', payloadAsStream: true });
    const ended = new Promise<void>((resolve) => response.stream().on('end', resolve).resume());
    expect(clock.pendingTimers).toBe(2);
    await app.close();
    await ended;
    expect(clock.pendingTimers).toBe(0);
  });

  it('forgets a client that disconnects (real socket): no timers left', async () => {
    const { app, clock } = await serve();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const request = httpGet({ host: '127.0.0.1', port: address.port, path: '/api/live' });
    const response = await new Promise<IncomingMessage>((resolve, reject) => request.on('response', resolve).on('error', reject).end());
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(clock.pendingTimers).toBe(2);
    const closed = new Promise<void>((resolve) => response.on('close', resolve));
    request.destroy();
    await closed;
    for (let k = 0; k < 50 && clock.pendingTimers > 0; k++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(clock.pendingTimers).toBe(0);
  });
});
