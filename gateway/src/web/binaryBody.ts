/**
 * A large binary body (a robot's SLAM map, a replay track) sent gzipped to a client that takes
 * gzip, as a browser's fetch does and decodes unseen. A SLAM map is a byte a cell, mostly
 * unknown or open in runs: 16 MB on a 2000 x 2000 map becomes about 16 KB, which the page
 * fetches every second while a robot is selected. Compressed on libuv's thread pool (zlib's
 * async call), so the event loop does not wait; a body under LARGE_RESPONSE_BYTES fits the
 * socket buffers as it is and is sent unchanged.
 *
 * At most MAX_COMPRESSING bodies are compressed at once: each waits whole in memory until its
 * turn, so a flood of requests would otherwise pile them up before the large-response budget
 * (an onSend hook, after this) could refuse any. Past it a body goes as it is, to that budget.
 */
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LARGE_RESPONSE_BYTES } from './largeResponseBudget.js';

const gzipAsync = promisify(gzip);
/** Bodies being compressed at once: two of libuv's four threads, the rest left to file I/O. */
export const MAX_COMPRESSING = 2;
let compressing = 0;

export async function sendBinary(request: FastifyRequest, reply: FastifyReply, body: Uint8Array, cacheControl: string): Promise<FastifyReply> {
  reply.type('application/octet-stream').header('cache-control', cacheControl).header('vary', 'accept-encoding');
  const asIs = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (body.byteLength < LARGE_RESPONSE_BYTES || compressing >= MAX_COMPRESSING || !acceptsGzip(request.headers['accept-encoding'])) {
    return reply.send(asIs);
  }
  compressing++;
  try {
    // zlib's default level: a 2000 x 2000 SLAM map in 32 ms to 16 KB (level 1: 21 ms, 70 KB).
    return reply.header('content-encoding', 'gzip').send(await gzipAsync(asIs));
  } finally {
    compressing--;
  }
}

/**
 * Whether an Accept-Encoding header takes gzip (RFC 9110, 12.5.3): `gzip` or `*` listed with a
 * weight above 0; `gzip;q=0` refuses it even where `*` is listed.
 */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  if (header === undefined) return false;
  const weights = new Map<string, number>();
  for (const entry of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [coding = '', ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    if (coding === '') continue;
    const q = params.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(coding, Number.isFinite(weight) ? weight : 0);
  }
  const gzipWeight = weights.get('gzip') ?? weights.get('x-gzip') ?? weights.get('*');
  return gzipWeight !== undefined && gzipWeight > 0;
}
