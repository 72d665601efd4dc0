/**
 * The binary live stream over a real WebSocket: a client decoding with the protocols package's
 * LiveWireState holds the trial's robots, tick and explored cells; a paused trial sends nothing;
 * a step sends one delta; the guard's token and Origin checks cover the socket.
 */
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ManualClock } from '@swarmgate/protocols';
import { LiveWireState, decodeLiveMessage, type LiveMessage } from '@swarmgate/protocols/live';
import { MemoryLogger } from '../hil/Logger.js';
import { borderedRoom } from '../sim/testing/testGrids.js';
import type { TrialConfig } from '../sim/Trial.js';
import { DEFAULT_TWIN_OPTIONS, LiveTrial } from '../trial/LiveTrial.js';
import { installHttpGuard } from './httpGuard.js';
import { webUi } from './webUi.js';

let app: FastifyInstance | null = null;
const sockets: WebSocket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.terminate();
  await app?.close();
  app = null;
});

async function serve(token: string | null = null, radio: Pick<TrialConfig, 'comm' | 'spawn'> = { comm: 'global', spawn: { kind: 'together' } }) {
  const clock = new ManualClock();
  const liveTrial = (seed: number, robots = 4) => {
    const trial = {
      grid: borderedRoom(20),
      robots,
      algorithm: 'frontier',
      ...radio,
      seed,
      targetExplored: 0.99,
      maxTicks: Infinity,
    } as const;
    return new LiveTrial({ trial, hil: null, twins: DEFAULT_TWIN_OPTIONS, logger: new MemoryLogger(), clock });
  };
  let live = liveTrial(3);
  app = Fastify();
  const hosts = new Set<string>();
  await installHttpGuard(app, { token, hosts });
  await app.register(webUi, { live: () => live, hil: null, clock });
  await app.listen({ port: 0, host: '127.0.0.1' });
  hosts.add(`127.0.0.1:${(app.server.address() as AddressInfo).port}`);
  /** A new trial in the old one's place, as POST /api/trial makes: the same map frame and robot ids. */
  const replace = (seed: number, robots?: number): LiveTrial => (live = liveTrial(seed, robots));
  return { live, clock, replace, url: `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/live/ws` };
}

/** The explored bitmap of a trial, as LiveFeed builds it from the lidar's cells. */
function exploredBits(live: LiveTrial): Uint8Array {
  const seen = live.world.sensing.lidar.lastSeenTick;
  const bits = new Uint8Array(Math.ceil(seen.length / 8));
  for (let i = 0; i < seen.length; i++) if (seen[i] !== 0) bits[i >> 3] |= 1 << (i & 7);
  return bits;
}

/** A client that decodes every message into a LiveWireState and keeps the kinds it received. */
function connect(url: string, headers: Record<string, string> = {}) {
  const socket = new WebSocket(url, { headers });
  sockets.push(socket);
  const state = new LiveWireState();
  const received: LiveMessage[] = [];
  socket.on('message', (data: Buffer) => {
    const message = decodeLiveMessage(new Uint8Array(data));
    received.push(message);
    state.apply(message);
  });
  const opened = new Promise<void>((resolve, reject) => {
    socket.on('open', () => resolve());
    socket.on('unexpected-response', (request, response) => {
      // The refusal's connection is not left open (the server's close would wait for it).
      request.destroy();
      reject(new Error(`HTTP ${response.statusCode}`));
    });
    socket.on('error', reject);
  });
  return { socket, state, received, opened };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('WebSocket /api/live/ws', () => {
  it('gives a new client the full state, then only what changed', async () => {
    const { live, clock, url } = await serve();
    const client = connect(url);
    await client.opened;
    await expect.poll(() => client.received.length).toBe(6);
    expect(client.received.map((m) => m.kind)).toEqual(['meta', 'roster', 'frame', 'links', 'explored', 'fleet']);
    expect(client.state.roster.map((r) => r.id)).toEqual(['r0', 'r1', 'r2', 'r3']);

    for (let i = 0; i < 5; i++) live.world.step();
    client.received.length = 0;
    clock.advance(100);
    await expect.poll(() => client.received.length).toBeGreaterThan(0);
    const frame = client.received.find((m) => m.kind === 'frame');
    expect(frame).toMatchObject({ kind: 'frame', tick: 5 });
    // What the client holds is where the trial says the robots are (to the wire's float32).
    for (const [i, robot] of live.robots().entries()) {
      expect(client.state.robots![i].x).toBeCloseTo(robot.pose.xM, 3);
      expect(client.state.robots![i].y).toBeCloseTo(robot.pose.yM, 3);
    }

    // Nothing changed (the trial is not ticking; the measured speed fell to 0 in the first second): nothing is sent.
    for (let second = 0; second < 2; second++) {
      clock.advance(1000);
      await settle();
    }
    client.received.length = 0;
    clock.advance(1000);
    await settle();
    expect(client.received).toEqual([]);

    // One tick: one frame, a delta of the robots that moved, and (at 1 Hz) the new explored bytes only.
    live.world.step();
    clock.advance(1000);
    await expect.poll(() => client.received.some((m) => m.kind === 'frame')).toBe(true);
    const delta = client.received.find((m) => m.kind === 'frame');
    expect(delta).toMatchObject({ tick: 6 });
    expect(client.state.frame?.tick).toBe(6);
  });

  it('starts its clients over when a new trial replaces the shown one, even on a map frame and robot ids like the old ones', async () => {
    const { live, clock, replace, url } = await serve();
    for (let i = 0; i < 20; i++) live.world.step();
    const client = connect(url);
    await client.opened;
    await expect.poll(() => client.received.length).toBe(6);
    const oldExplored = exploredBits(live);
    expect(oldExplored.some((b) => b !== 0)).toBe(true);
    expect(client.state.explored).toEqual(oldExplored);

    // Same size of map, same cell size, same ids: only the trial is another one (tick 0, nothing explored yet).
    const next = replace(4);
    client.received.length = 0;
    clock.advance(1000);
    await expect.poll(() => client.received.some((m) => m.kind === 'explored')).toBe(true);
    // The page reloads its map image and forgets the old explored cells, heat and SLAM map on a meta.
    expect(client.received.map((m) => m.kind)).toEqual(['meta', 'roster', 'frame', 'links', 'explored', 'fleet']);
    expect(client.received[4]).toMatchObject({ kind: 'explored', full: true });
    expect(client.state.explored).toEqual(exploredBits(next));
    expect(client.state.frame?.tick).toBe(0);

    // A client joining now gets the new trial, and the others no second start over.
    client.received.length = 0;
    const late = connect(url);
    await late.opened;
    await expect.poll(() => late.received.length).toBe(6);
    expect(late.state.explored).toEqual(exploredBits(next));
    expect(client.received.filter((m) => m.kind === 'meta')).toEqual([]);
  });

  it('tells its clients when a new trial has no robots (physical ones yet to join): an empty roster, then frames of none', async () => {
    const { clock, replace, url } = await serve();
    const client = connect(url);
    await client.opened;
    await expect.poll(() => client.received.length).toBe(6);
    expect(client.state.roster).toHaveLength(4);
    // Before, the empty roster equalled the reset one and was never sent: the clients kept the old
    // four, and the first frame of none failed to decode against them (the page reconnected).
    replace(4, 0);
    client.received.length = 0;
    clock.advance(1000);
    await expect.poll(() => client.received.some((m) => m.kind === 'fleet')).toBe(true);
    expect(client.received.find((m) => m.kind === 'roster')).toEqual({ kind: 'roster', robots: [] });
    expect(client.state.roster).toEqual([]);
    expect(client.state.robots).toEqual([]);
  });

  it('holds the radio links of the tick: the pairs within range, sent again only as they change', async () => {
    const RANGE_M = 9;
    const { live, clock, url } = await serve(null, { comm: `range:${RANGE_M}`, spawn: { kind: 'apart' } });
    /** Pairs a < b of robots within the range, from the trial's own poses. */
    const inRange = () => {
      const robots = live.robots();
      const pairs: { a: number; b: number }[] = [];
      for (let a = 0; a < robots.length; a++) {
        for (let b = a + 1; b < robots.length; b++) {
          if (Math.hypot(robots[a].pose.xM - robots[b].pose.xM, robots[a].pose.yM - robots[b].pose.yM) <= RANGE_M) pairs.push({ a, b });
        }
      }
      return pairs;
    };
    live.world.step();
    const client = connect(url);
    await client.opened;
    await expect.poll(() => client.state.links).not.toBeNull();
    const expected = inRange();
    // Apart in a 20 m room: some pairs in range, some not (the case is not trivial).
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(6);
    expect(client.state.links).toEqual(expected);
    expect(client.state.linksTotal).toBe(expected.length);

    // A period with no new tick: no links message.
    client.received.length = 0;
    clock.advance(100);
    await settle();
    expect(client.received.filter((m) => m.kind === 'links')).toEqual([]);
    // Ticks until the set changes: the client follows, whatever the message (delta or full).
    let ticks = 0;
    const start = JSON.stringify(expected);
    while (JSON.stringify(inRange()) === start && ticks < 2000) {
      live.world.step();
      ticks++;
    }
    expect(ticks).toBeLessThan(2000);
    clock.advance(100);
    await expect.poll(() => client.state.links).toEqual(inRange());
    expect(client.received.filter((m) => m.kind === 'links')).toHaveLength(1);
  });

  it('answers a plain HTTP request with 426', async () => {
    const { url } = await serve();
    const response = await fetch(url.replace('ws:', 'http:'));
    expect(response.status).toBe(426);
    expect(((await response.json()) as { error: string }).error).toMatch(/is a WebSocket/);
  });

  it('needs the token when the gateway has one (query or header), and refuses a foreign page', async () => {
    const { url } = await serve('sesame');
    await expect(connect(url).opened).rejects.toThrow('HTTP 401');
    await expect(connect(`${url}?token=wrong`).opened).rejects.toThrow('HTTP 401');
    await connect(`${url}?token=sesame`).opened;
    await connect(url, { authorization: 'Bearer sesame' }).opened;
    // A WebSocket is not bound by the same-origin policy: another site's page is refused by its Origin.
    await expect(connect(`${url}?token=sesame`, { origin: 'http://evil.example' }).opened).rejects.toThrow('HTTP 403');
    await connect(`${url}?token=sesame`, { origin: new URL(url.replace('ws:', 'http:')).origin }).opened;
  });
});
