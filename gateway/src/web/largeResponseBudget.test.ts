/**
 * The budget of large responses on a real server, built as `serve` builds it
 * (createTrialHttpServer: the guard, the faults hook), over TCP: raw sockets that send
 * `GET /api/robots/r0/slam` (9 MB on this 1500 x 1500 room: far more than the kernel's socket
 * buffers take) and then never read. Past the budget a further large response is a 503 naming it
 * while small ones are served; what the stalled readers hold never passes the budget; a reader
 * that stopped is cut off (a slow one is not), and once the stalled readers are gone a client is
 * served again.
 */
import { once } from 'node:events';
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '@swarmgate/protocols';
import { MemoryLogger } from '../hil/Logger.js';
import { borderedRoom } from '../sim/testing/testGrids.js';
import { DEFAULT_TWIN_OPTIONS, LiveTrial } from '../trial/LiveTrial.js';
import { testTrialConfig } from '../trial/testing/testTrialConfig.js';
import { createTrialHttpServer } from '../trial/trialHttpApi.js';
import { LARGE_RESPONSE_BYTES, largeResponseBudget, type LargeResponseBudget } from './largeResponseBudget.js';

const SLAM_PATH = '/api/robots/r0/slam';

let live: LiveTrial;
/** The size of GET /api/robots/r0/slam's body. */
let slamBytes: number;
let app: FastifyInstance | null = null;
const sockets: Socket[] = [];
/** The server's ends of the connections, to see which the server closed (a paused client does not read its close). */
const serverSockets: Socket[] = [];

beforeAll(() => {
  const trial = { ...testTrialConfig(borderedRoom(1500), 2), maxTicks: Infinity };
  live = new LiveTrial({ trial, hil: null, twins: DEFAULT_TWIN_OPTIONS, logger: new MemoryLogger(), clock: new ManualClock() });
  slamBytes = 8 + live.world.sensing.slamMaps[live.world.slotOf('r0')]!.cells.length;
});

afterAll(() => live.stop());

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  serverSockets.length = 0;
  await app?.close();
  app = null;
});

async function serve(budget: LargeResponseBudget, routes: (app: FastifyInstance) => void = () => undefined): Promise<number> {
  app = await createTrialHttpServer({ trials: { live }, hil: null, largeResponses: budget });
  routes(app);
  app.server.on('connection', (socket: Socket) => serverSockets.push(socket));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

/** A client that sends the GET and never reads: `cutOff()` says whether the server has closed its end. */
async function stalledReader(port: number, path = SLAM_PATH) {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  socket.on('error', () => undefined);
  await once(socket, 'connect');
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
  socket.pause();
  const serverEnd = () => serverSockets.find((s) => s.remotePort === socket.localPort);
  await expect.poll(() => serverEnd()).toBeDefined();
  return { socket, cutOff: () => serverEnd()!.destroyed };
}

/**
 * A client that reads the whole response at once. It takes no gzip (as curl without
 * --compressed), so the SLAM map comes whole, at its 9 MB (gzipped it would be small).
 */
async function promptGet(port: number, path = SLAM_PATH) {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { 'accept-encoding': 'identity' } });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, body };
}

function expectWholeSlamMap(result: { status: number; body: Buffer }): void {
  expect(result.status).toBe(200);
  expect(result.body.length).toBe(slamBytes);
  const map = live.world.sensing.slamMaps[live.world.slotOf('r0')]!;
  expect([result.body.readUInt32LE(0), result.body.readUInt32LE(4)]).toEqual([map.width, map.height]);
}

/**
 * A raw client that reads the response in bursts, pausing `pauseMs` after each `burstBytes`:
 * slower in total than the stall deadline, but never still for that long. Resolves with the body.
 */
async function slowReader(port: number, burstBytes: number, pauseMs: number): Promise<Buffer> {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  await once(socket, 'connect');
  socket.write(`GET ${SLAM_PATH} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
  const chunks: Buffer[] = [];
  let received = 0;
  let sincePause = 0;
  return new Promise<Buffer>((resolve, reject) => {
    socket.on('error', reject);
    socket.on('close', () => reject(new Error(`cut off after ${received} bytes`)));
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
      sincePause += chunk.length;
      const all = Buffer.concat(chunks);
      const headEnd = all.indexOf('\r\n\r\n');
      if (headEnd >= 0) {
        const length = Number(/content-length: (\d+)/i.exec(all.subarray(0, headEnd).toString('latin1'))?.[1]);
        if (all.length >= headEnd + 4 + length) {
          socket.removeAllListeners('close');
          resolve(all.subarray(headEnd + 4));
          return;
        }
      }
      if (sincePause >= burstBytes) {
        sincePause = 0;
        socket.pause();
        setTimeout(() => socket.resume(), pauseMs);
      }
    });
  });
}

describe('large responses budget', () => {
  it('refuses a large response past the budget with 503 naming it, serves small ones, and serves again once the stalled readers are gone', async () => {
    const budget = largeResponseBudget({ maxBytes: Math.floor(2.5 * slamBytes), stallMs: 60_000 });
    const port = await serve(budget);
    expect(slamBytes).toBeGreaterThan(8_000_000);

    // Below the budget a prompt client is served in full, and frees what it held once done.
    expectWholeSlamMap(await promptGet(port));
    await expect.poll(() => budget.heldBytes()).toBe(0);

    // Two readers that never read: each holds its whole response.
    const stalled = [await stalledReader(port)];
    await expect.poll(() => budget.heldBytes()).toBe(slamBytes);
    // With one stalled, there is room for one more: prompt clients still get the whole map.
    for (let k = 0; k < 3; k++) expectWholeSlamMap(await promptGet(port));
    stalled.push(await stalledReader(port));
    await expect.poll(() => budget.heldBytes()).toBe(2 * slamBytes);

    // Past the budget: 503 with the budget named, counted as a refusal; more stalled readers hold nothing more.
    const refused = await promptGet(port);
    expect(refused.status).toBe(503);
    const { error } = JSON.parse(refused.body.toString('utf8')) as { error: string };
    expect(error).toContain('the large-response budget of this gateway is full');
    expect(error).toContain(`of the ${(budget.maxBytes / 1024 / 1024).toFixed(1)} MiB it sends at once`);
    await expect.poll(() => live.status().faults.http).toBe(1);
    for (let k = 0; k < 5; k++) stalled.push(await stalledReader(port));
    await expect.poll(() => live.status().faults.http).toBe(6);
    expect(budget.heldBytes()).toBe(2 * slamBytes);
    expect(budget.peakBytes()).toBeLessThanOrEqual(budget.maxBytes);
    // Small responses take nothing from the budget.
    expect((await promptGet(port, '/api/trial')).status).toBe(200);
    // Nor does the SLAM map gzipped for a client that takes it (a browser): a few kB, whole.
    const gzipped = await fetch(`http://127.0.0.1:${port}${SLAM_PATH}`);
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(Number(gzipped.headers.get('content-length'))).toBeLessThan(LARGE_RESPONSE_BYTES);
    expectWholeSlamMap({ status: gzipped.status, body: Buffer.from(await gzipped.arrayBuffer()) });
    expect(live.status().faults.http).toBe(6);
    expect(stalled.every((s) => !s.cutOff())).toBe(true);

    // The stalled readers leave: their share is free, and a client is served again.
    for (const { socket } of stalled) socket.destroy();
    await expect.poll(() => budget.heldBytes()).toBe(0);
    expectWholeSlamMap(await promptGet(port));
    expect(budget.peakBytes()).toBeLessThanOrEqual(budget.maxBytes);
  });

  it('cuts off a reader that takes nothing for stallMs, not one that reads slowly, and serves again once they are cut off', async () => {
    const budget = largeResponseBudget({ maxBytes: Math.floor(2.5 * slamBytes), stallMs: 1000 });
    const port = await serve(budget);
    const stalled = await stalledReader(port);
    // Bursts of 256 KiB with 100 ms pauses: several seconds in all (longer than the kernel buffers take to fill), never still for a second.
    const slow = slowReader(port, 256 * 1024, 100);
    slow.catch(() => undefined); // awaited below; a failure before that must not go unhandled
    await expect.poll(() => budget.heldBytes()).toBe(2 * slamBytes);
    expect((await promptGet(port)).status).toBe(503);

    // The stalled reader is cut off within the deadline (and a check period); its share is freed.
    const cutAt = Date.now();
    await expect.poll(() => stalled.cutOff(), { timeout: 5000 }).toBe(true);
    expect(Date.now() - cutAt).toBeLessThan(2000);
    await expect.poll(() => budget.heldBytes()).toBeLessThanOrEqual(slamBytes);
    // The client sees its connection closed once it reads again.
    const closed = once(stalled.socket, 'close');
    stalled.socket.resume();
    await closed;
    expectWholeSlamMap({ status: 200, body: await slow });
    await expect.poll(() => budget.heldBytes()).toBe(0);
    expectWholeSlamMap(await promptGet(port));
  }, 30_000);

  it('sends a large JSON body whole, with its length, and frees its share once sent', async () => {
    const budget = largeResponseBudget({ stallMs: 60_000 });
    const list = Array.from({ length: 20_000 }, (_, i) => ({ id: i, name: `entry-${i}` }));
    const port = await serve(budget, (server) => server.get('/big', async () => list));
    const expected = JSON.stringify(list);
    expect(expected.length).toBeGreaterThan(LARGE_RESPONSE_BYTES);
    const response = await fetch(`http://127.0.0.1:${port}/big`);
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(expected)));
    expect(await response.text()).toBe(expected);
    expect(budget.peakBytes()).toBe(Buffer.byteLength(expected));
    await expect.poll(() => budget.heldBytes()).toBe(0);
  });

  it('cuts off a stalled reader of a streamed body (a file), which takes nothing from the budget', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'swarmgate-large-'));
    try {
      const file = join(folder, 'big.bin');
      writeFileSync(file, Buffer.alloc(20 * 1024 * 1024, 7));
      const budget = largeResponseBudget({ stallMs: 1000 });
      const port = await serve(budget, (server) =>
        server.get('/file', (_request, reply) => reply.type('application/octet-stream').send(createReadStream(file))),
      );
      const stalled = await stalledReader(port, '/file');
      await expect.poll(() => stalled.cutOff(), { timeout: 5000 }).toBe(true);
      expect(budget.peakBytes()).toBe(0);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
