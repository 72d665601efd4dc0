/**
 * The live streams' client budget on a real server: real WebSocket and event-stream clients
 * over TCP, the server built as `serve` builds it (createTrialHttpServer: the guard, the faults hook). At the cap a client of either stream
 * is refused with 503 naming the limit and the flag, the clients already in keep streaming,
 * and a client that leaves frees its slot.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ManualClock } from '@swarmgate/protocols';
import { LiveWireState, decodeLiveMessage } from '@swarmgate/protocols/live';
import { MemoryLogger } from '../hil/Logger.js';
import { borderedRoom } from '../sim/testing/testGrids.js';
import { DEFAULT_TWIN_OPTIONS, LiveTrial } from '../trial/LiveTrial.js';
import { createTrialHttpServer } from '../trial/trialHttpApi.js';
import { webUi } from './webUi.js';

const CAP = 3;

let app: FastifyInstance | null = null;
const closers: (() => void)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) close();
  await app?.close();
  app = null;
});

async function serve(token: string | null = null) {
  const clock = new ManualClock();
  const trial = {
    grid: borderedRoom(20),
    robots: 2,
    algorithm: 'frontier',
    comm: 'global',
    spawn: { kind: 'together' },
    seed: 5,
    targetExplored: 0.99,
    maxTicks: Infinity,
  } as const;
  const logger = new MemoryLogger();
  const live = new LiveTrial({ trial, hil: null, twins: DEFAULT_TWIN_OPTIONS, logger, clock });
  app = await createTrialHttpServer({ trials: { live }, hil: null, access: { token, hosts: null } });
  await app.register(webUi, { live: () => live, hil: null, clock, maxLiveClients: CAP });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  return { live, clock, port, logger };
}

/** A refusal as the client sees it: the status and the JSON body. */
interface Refused {
  readonly kind: 'refused';
  readonly status: number;
  readonly body: { error?: string };
}

async function bodyOf(response: IncomingMessage): Promise<{ error?: string }> {
  let text = '';
  response.setEncoding('utf8');
  for await (const chunk of response) text += chunk as string;
  return JSON.parse(text) as { error?: string };
}

/** A WebSocket client of /api/live/ws that decodes what it receives; resolves once open or refused. */
function openSocket(port: number, query = '') {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/api/live/ws${query}`);
  closers.push(() => socket.terminate());
  const state = new LiveWireState();
  socket.on('message', (data: Buffer) => state.apply(decodeLiveMessage(new Uint8Array(data))));
  return new Promise<{ kind: 'open'; socket: WebSocket; state: LiveWireState } | Refused>((resolve, reject) => {
    socket.on('open', () => resolve({ kind: 'open', socket, state }));
    socket.on('unexpected-response', (request, response) => {
      bodyOf(response).then((body) => {
        request.destroy();
        resolve({ kind: 'refused', status: response.statusCode ?? 0, body });
      }, reject);
    });
    socket.on('error', reject);
  });
}

/** An event-stream client of /api/live keeping the text it received; resolves on the response's head (or body, when refused). */
function openEvents(port: number, query = '') {
  const request = httpRequest({ host: '127.0.0.1', port, path: `/api/live${query}` });
  closers.push(() => request.destroy());
  return new Promise<{ kind: 'open'; request: typeof request; text: () => string } | Refused>((resolve, reject) => {
    request.on('error', reject);
    request.on('response', (response) => {
      if (response.statusCode !== 200) {
        bodyOf(response).then((body) => resolve({ kind: 'refused', status: response.statusCode ?? 0, body }), reject);
        return;
      }
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      resolve({ kind: 'open', request, text: () => text });
    });
    request.end();
  });
}

function expectOverBudget(result: { kind: string }): void {
  expect(result).toMatchObject({ kind: 'refused', status: 503 });
  const { error } = (result as Refused).body;
  expect(error).toContain(`all ${CAP} live-stream slots of this gateway are taken`);
  expect(error).toContain('serve --max-live-clients N');
}

function opened<T extends { kind: string }>(result: T): Extract<T, { kind: 'open' }> {
  expect(result.kind).toBe('open');
  return result as Extract<T, { kind: 'open' }>;
}

describe('live clients budget (WebSocket and event stream together)', () => {
  it('refuses the client over the cap with 503, keeps streaming to the others, and frees the slot of one that leaves', async () => {
    const { live, clock, port, logger } = await serve();
    const a = opened(await openSocket(port));
    const b = opened(await openSocket(port));
    const c = opened(await openEvents(port));
    await expect.poll(() => a.state.frame?.tick).toBe(0);
    await expect.poll(() => b.state.frame?.tick).toBe(0);
    await expect.poll(() => c.text()).toMatch(/event: frame\ndata: \{"tick":0,/);

    // Full: a fourth client of either stream is refused before it streams anything.
    expectOverBudget(await openSocket(port));
    expectOverBudget(await openEvents(port));
    // Counted as refusals (faults.http), logged as a warning: the gateway did not fail.
    await expect.poll(() => live.status().faults.http).toBe(2);
    expect(logger.entries.filter((e) => e.message === 'http: request answered 503').map((e) => e.level)).toEqual(['warn']);

    // The three already in still stream: the next tick reaches each.
    live.world.step();
    clock.advance(200);
    await expect.poll(() => a.state.frame?.tick).toBe(1);
    await expect.poll(() => b.state.frame?.tick).toBe(1);
    await expect.poll(() => c.text()).toMatch(/event: frame\ndata: \{"tick":1,/);

    // A WebSocket client leaves: its slot is free once the server sees its socket close.
    a.socket.close();
    let d: WebSocket | null = null;
    await expect
      .poll(
        async () => {
          const next = await openSocket(port);
          if (next.kind === 'open') d = next.socket;
          return next.kind;
        },
        { timeout: 10_000 },
      )
      .toBe('open');
    expect(d).not.toBeNull();
    expectOverBudget(await openEvents(port));

    // An event-stream client leaves: the same for its slot.
    c.request.destroy();
    await expect.poll(async () => (await openEvents(port)).kind, { timeout: 10_000 }).toBe('open');
    expectOverBudget(await openSocket(port));
  });

  it('counts only clients the guard let through: refused ones (no token) take no slot', async () => {
    const { port } = await serve('sesame');
    for (let k = 0; k < CAP + 1; k++) {
      expect(await openSocket(port)).toMatchObject({ kind: 'refused', status: 401 });
      expect(await openEvents(port)).toMatchObject({ kind: 'refused', status: 401 });
    }
    for (let k = 0; k < CAP; k++) opened(await openSocket(port, '?token=sesame'));
    expectOverBudget(await openEvents(port, '?token=sesame'));
  });
});
