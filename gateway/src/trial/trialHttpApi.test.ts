/**
 * The HTTP server against a client that sends its request body a byte at a time, on a real
 * port: fastify's default is no request timeout, so such a client held its connection (and a
 * file descriptor the broker and recordings share) for as long as it liked.
 */
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryLogger } from '../hil/Logger.js';
import { borderedRoom } from '../sim/testing/testGrids.js';
import { DEFAULT_TWIN_OPTIONS, LiveTrial } from './LiveTrial.js';
import { createTrialHttpServer } from './trialHttpApi.js';
import { testTrialConfig } from './testing/testTrialConfig.js';

const REQUEST_TIMEOUT_MS = 500;

let live: LiveTrial;
let app: FastifyInstance;

beforeEach(async () => {
  live = new LiveTrial({
    trial: { ...testTrialConfig(borderedRoom(16), 1), maxTicks: Infinity },
    hil: null,
    twins: DEFAULT_TWIN_OPTIONS,
    logger: new MemoryLogger(),
  });
  app = await createTrialHttpServer({ trials: { live }, hil: null, requestTimeoutMs: REQUEST_TIMEOUT_MS });
  await app.listen({ port: 0, host: '127.0.0.1' });
});

afterEach(async () => {
  await app.close();
});

/** Sends a POST's headers declaring a 100 kB body, then a byte every 50 ms: never idle, never done. */
async function trickle(port: number, headers = ''): Promise<{ closed: boolean; answer: string }> {
  const socket = connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
  socket.on('error', () => undefined); // a reset while trickling is the end this waits for
  const whenClosed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  let closed = false;
  void whenClosed.then(() => (closed = true));
  socket.write(`POST /api/trial/speed HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\ncontent-type: application/json\r\ncontent-length: 100000\r\n${headers}\r\n`);
  const startMs = performance.now();
  while (!closed && performance.now() - startMs < 20 * REQUEST_TIMEOUT_MS) {
    socket.write(' ');
    await Promise.race([whenClosed, new Promise((resolve) => setTimeout(resolve, 50))]);
  }
  socket.destroy();
  return { closed, answer };
}

describe('a client that never finishes its request', () => {
  it('leaves a request injected in this process untimed: it has no connection to close', async () => {
    const thrown: unknown[] = [];
    const onThrown = (error: unknown): void => void thrown.push(error);
    process.on('uncaughtException', onThrown);
    try {
      // Without a body, answered before its body is read (an unknown route), and read (a route's JSON body).
      expect((await app.inject({ method: 'POST', url: '/api/trial/pause' })).statusCode).toBe(200);
      const unknown = await app.inject({ method: 'POST', url: '/api/no-such-route', headers: { 'content-type': 'application/json' }, payload: '{"speed": 2}' });
      expect(unknown.statusCode).toBe(404);
      const speed = await app.inject({ method: 'POST', url: '/api/trial/speed', headers: { 'content-type': 'application/json' }, payload: '{"speed": 2}' });
      expect(speed.statusCode).toBe(200);
      // Past the deadline nothing fired at the injected request's stand-in socket.
      await new Promise((resolve) => setTimeout(resolve, 2 * REQUEST_TIMEOUT_MS));
      expect(thrown).toEqual([]);
    } finally {
      process.off('uncaughtException', onThrown);
    }
  });

  it('gets 408 and its connection closed once the deadline has passed, while it still trickles', async () => {
    const { port } = app.server.address() as AddressInfo;
    const { closed, answer } = await trickle(port);
    expect(closed).toBe(true);
    expect(answer).toMatch(/^HTTP\/1\.1 408 [^]*request body not received within 500 ms/);
    // Well-behaved requests, with a body and without, are served as before.
    const speed = await fetch(`http://127.0.0.1:${port}/api/trial/speed`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"speed": 2}',
    });
    expect(speed.status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/api/trial`)).status).toBe(200);
  }, 30_000);

  it('loses its connection too when it was refused before its body (401), instead of trickling on', async () => {
    const guarded = await createTrialHttpServer({
      trials: { live },
      hil: null,
      access: { token: 'secret', hosts: null },
      requestTimeoutMs: REQUEST_TIMEOUT_MS,
    });
    try {
      await guarded.listen({ port: 0, host: '127.0.0.1' });
      const { closed, answer } = await trickle((guarded.server.address() as AddressInfo).port);
      expect(closed).toBe(true);
      expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    } finally {
      await guarded.close();
    }
  }, 30_000);
});
