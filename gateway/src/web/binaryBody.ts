/**
 * A large binary body (a robot's SLAM map, a replay track) sent gzipped to a client that takes
 * gzip, as a browser's fetch does and decodes unseen. A SLAM map is a byte a cell, mostly
 * unknown or open in runs: 16 MB on a 2000 x 2000 map becomes 70-160 KB, which the page fetches
 * every second while a robot is selected. Compressed on libuv's thread pool (zlib's async
 * call), so the event loop does not wait; a body under LARGE_RESPONSE_BYTES fits the socket
 * buffers as it is and is sent unchanged.
 */
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LARGE_RESPONSE_BYTES } from './largeResponseBudget.js';

const gzipAsync = promisify(gzip);
/** zlib's fastest level: within a few per cent of level 6's size on these bodies, in less time. */
const GZIP_LEVEL = 1;

export async function sendBinary(request: FastifyRequest, reply: FastifyReply, body: Uint8Array, cacheControl: string): Promise<FastifyReply> {
  reply.type('application/octet-stream').header('cache-control', cacheControl).header('vary', 'accept-encoding');
  if (body.byteLength < LARGE_RESPONSE_BYTES || !acceptsGzip(request.headers['accept-encoding']))
    return reply.send(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
  return reply.header('content-encoding', 'gzip').send(await gzipAsync(body, { level: GZIP_LEVEL }));
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
