import { gunzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { request as httpRequest } from 'node:http';
import Fastify from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_COMPRESSING, acceptsGzip, sendBinary } from './binaryBody.js';
import { LARGE_RESPONSE_BYTES } from './largeResponseBudget.js';

describe('acceptsGzip', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['gzip', true],
    ['GZIP', true],
    ['deflate, gzip;q=0.5', true],
    ['gzip;q=0', false],
    ['gzip; q=0.0', false],
    ['*', true],
    ['*;q=0', false],
    ['br, *', true],
    ['*, gzip;q=0', false],
    ['x-gzip', true],
    ['identity', false],
    ['gzip;q=nonsense', false],
    [['deflate', 'gzip'], true],
  ] as const)('%j -> %s', (header, expected) => {
    expect(acceptsGzip(header as string | string[] | undefined)).toBe(expected);
  });

  it('never throws on any header, and a gzip weight of 0 always refuses', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (header) => {
        expect(typeof acceptsGzip(header)).toBe('boolean');
        expect(acceptsGzip(`${header},gzip;q=0`)).toBe(false);
      }),
    );
  });
});

describe('sendBinary over HTTP', () => {
  const app = Fastify();
  // A SLAM map's look: long runs of one value, some structure.
  const large = Uint8Array.from({ length: 4 * LARGE_RESPONSE_BYTES }, (_, i) => (i % 1000 < 700 ? (i % 37 === 0 ? 2 : 1) : 0));
  const small = Uint8Array.from({ length: 100 }, (_, i) => i);
  // 16 MB: a 2000 x 2000 SLAM map, tens of milliseconds of zlib each, so a flood overlaps.
  const huge = new Uint8Array(16_000_000);
  for (let i = 0; i < huge.length; i += 7) huge[i] = i % 3;
  let port = 0;
  // A flood that truly overlaps: every request of it waits at this gate until all have arrived,
  // then all ask for their body in the same turn, whatever the machine's load.
  const FLOOD = 8;
  let arrived = 0;
  let openGate = (): void => {};
  const gate = new Promise<void>((resolve) => (openGate = resolve));

  beforeAll(async () => {
    app.get('/flood', async (request, reply) => {
      if (++arrived === FLOOD) openGate();
      await gate;
      return sendBinary(request, reply, huge, 'no-store');
    });
    app.get('/large', (request, reply) => sendBinary(request, reply, large, 'no-store'));
    app.get('/small', (request, reply) => sendBinary(request, reply, small, 'no-store'));
    app.get('/huge', (request, reply) => sendBinary(request, reply, huge, 'no-store'));
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(() => app.close());

  /** Raw bytes as sent, with the headers (node's http client does not decode). */
  function get(path: string, acceptEncoding?: string): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
    return new Promise((resolve, reject) => {
      const req = httpRequest({ port, host: '127.0.0.1', path, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('gzips a large body for a client that takes gzip, and the bytes come back the same', async () => {
    const r = await get('/large', 'gzip, deflate');
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(r.headers.vary).toMatch(/accept-encoding/i);
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.body.length).toBeLessThan(large.length / 20);
    expect(new Uint8Array(gunzipSync(r.body))).toEqual(large);
  });

  it('sends a large body as it is to a client that does not take gzip, and a small one to anyone', async () => {
    for (const header of [undefined, 'identity', 'gzip;q=0']) {
      const r = await get('/large', header);
      expect(r.headers['content-encoding']).toBeUndefined();
      expect(new Uint8Array(r.body)).toEqual(large);
    }
    const r = await get('/small', 'gzip');
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(new Uint8Array(r.body)).toEqual(small);
  });

  it('compresses at most MAX_COMPRESSING bodies at once; the rest of a flood goes as it is, every body whole', async () => {
    const answers = await Promise.all(Array.from({ length: FLOOD }, () => get('/flood', 'gzip')));
    const gzipped = answers.filter((r) => r.headers['content-encoding'] === 'gzip');
    expect(gzipped.length).toBe(MAX_COMPRESSING);
    for (const r of answers) expect(Buffer.compare(r.headers['content-encoding'] === 'gzip' ? gunzipSync(r.body) : r.body, Buffer.from(huge.buffer))).toBe(0);
    // Once they are done, the next is compressed again.
    expect((await get('/huge', 'gzip')).headers['content-encoding']).toBe('gzip');
  });

  it("is decoded unseen by fetch, a browser's way of asking", async () => {
    const response = await fetch(`http://127.0.0.1:${port}/large`);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(large);
  });
});
