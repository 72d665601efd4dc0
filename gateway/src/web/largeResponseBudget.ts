/**
 * The HTTP API's budget of large responses in flight, across all clients. A response node cannot
 * hand to the kernel at once stays in the gateway's memory until the client reads it, and a
 * client that sends `GET /api/robots/r0/slam` (16 MB on a 2000 x 2000 map) and never reads held
 * all of it: 60 such sockets added about 900 MB to the gateway. Every response body of at least
 * `LARGE_RESPONSE_BYTES` (a SLAM map, a map image, a replay track, a long JSON list: whatever the
 * route, checked once in a root `onSend` hook) takes its size from one budget until its response
 * closes (sent, or its socket gone); one that would pass the budget is refused with 503 and a
 * message naming it (counted in `faults.http` like the other refusals). One response alone is
 * always served, so no route's largest answer becomes unservable.
 *
 * A client that stops reading is cut off: a large body is written in `CHUNK_BYTES` pieces, so a
 * reader that takes data, however slowly, shows progress; a socket with data waiting and no byte
 * taken for `stallMs` is destroyed, which closes its response and frees its share. Streamed
 * bodies (a recording's download, read from its file) hold no more than a chunk or two, so they
 * take nothing from the budget, but a stalled reader of one is cut off all the same (it holds an
 * open file).
 */
import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { SwarmgateError } from '../errors.js';
import { errorSchema } from './apiSchemas.js';
import type { LiveClientCarrier } from './liveClientBudget.js';

/** A body at least this large takes from the budget: smaller ones fit in the kernel's socket buffers. */
export const LARGE_RESPONSE_BYTES = 64 * 1024;
/** Eight of the largest SLAM maps (16 MB on a 4,000,000-cell map, at the `--max-cells` budget). */
export const DEFAULT_MAX_LARGE_RESPONSE_BYTES = 128 * 1024 * 1024;
/** A client with a response waiting that takes no byte of it for this long is cut off. */
export const DEFAULT_RESPONSE_STALL_MS = 30_000;
/** The pieces a large body is written in: each one a reader takes shows its progress. */
const CHUNK_BYTES = 64 * 1024;

export interface LargeResponseBudgetOptions {
  /** Bytes of large responses in flight at once, all clients together (default DEFAULT_MAX_LARGE_RESPONSE_BYTES). */
  readonly maxBytes?: number;
  /** How long a client may take no byte of a waiting response (default DEFAULT_RESPONSE_STALL_MS). */
  readonly stallMs?: number;
}

export interface LargeResponseBudget {
  readonly maxBytes: number;
  readonly stallMs: number;
  /** Takes `bytes` until `carrier` closes; false, taking nothing, when that would pass `maxBytes` (one response alone always fits). */
  hold(bytes: number, carrier: LiveClientCarrier): boolean;
  /** Bytes of large responses in flight now. */
  heldBytes(): number;
  /** The most held at once so far. */
  peakBytes(): number;
}

export function largeResponseBudget(options: LargeResponseBudgetOptions = {}): LargeResponseBudget {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_LARGE_RESPONSE_BYTES;
  const stallMs = options.stallMs ?? DEFAULT_RESPONSE_STALL_MS;
  if (!(Number.isInteger(maxBytes) && maxBytes >= LARGE_RESPONSE_BYTES)) {
    throw new SwarmgateError('SG_WEB_CONFIG', `large responses: maxBytes must be an integer >= ${LARGE_RESPONSE_BYTES}, got ${maxBytes}`);
  }
  if (!(stallMs >= 1 && Number.isFinite(stallMs))) {
    throw new SwarmgateError('SG_WEB_CONFIG', `large responses: stallMs must be a finite number >= 1, got ${stallMs}`);
  }
  let held = 0;
  let peak = 0;
  return {
    maxBytes,
    stallMs,
    hold(bytes, carrier) {
      if (held > 0 && held + bytes > maxBytes) return false;
      held += bytes;
      peak = Math.max(peak, held);
      carrier.once('close', () => (held -= bytes));
      return true;
    },
    heldBytes: () => held,
    peakBytes: () => peak,
  };
}

const mib = (bytes: number): string => `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;

/** The 503 a route with a large body documents (OpenAPI). */
export const overLargeResponseBudgetSchema = {
  description: 'the large-response budget is full (largeResponseBudget): try again once a response finishes',
  ...errorSchema,
} as const;

/** The refusal's message (a 503's `error`): the budget, what is held, and when to try again. */
export function largeResponsesRefusal(budget: LargeResponseBudget, bytes: number): string {
  return (
    `the large-response budget of this gateway is full: ${mib(budget.heldBytes())} of the ${mib(budget.maxBytes)} it sends at once ` +
    `(responses of ${LARGE_RESPONSE_BYTES / 1024} KiB or more, all clients together) are in flight, and this response is ${mib(bytes)}: ` +
    `try again once one finishes (a client that reads nothing for ${budget.stallMs / 1000} s is cut off)`
  );
}

/** `body` in CHUNK_BYTES views of it (no copy), pulled as the socket takes them. */
function inChunks(body: Buffer): Readable {
  let offset = 0;
  return new Readable({
    highWaterMark: CHUNK_BYTES,
    read() {
      const end = Math.min(offset + CHUNK_BYTES, body.length);
      this.push(body.subarray(offset, end));
      offset = end;
      if (offset >= body.length) this.push(null);
    },
  });
}

/**
 * Destroys the response's socket once it has had data waiting and taken none of it for `stallMs`
 * (checked four times a period). Progress is the socket's bytesWritten moving: the body's
 * pipe hands the socket another chunk only once it drained the last one.
 */
function cutOffWhenStalled(response: ServerResponse, stallMs: number): void {
  const socket = response.socket;
  if (socket === null) return;
  const periodMs = Math.max(1, Math.ceil(stallMs / 4));
  let written = socket.bytesWritten;
  let stalledMs = 0;
  const timer = setInterval(() => {
    const now = socket.bytesWritten;
    if (now !== written || socket.writableLength === 0) {
      written = now;
      stalledMs = 0;
      return;
    }
    stalledMs += periodMs;
    if (stalledMs >= stallMs) socket.destroy();
  }, periodMs);
  timer.unref();
  response.once('close', () => clearInterval(timer));
}

const isStream = (payload: unknown): payload is Readable =>
  typeof payload === 'object' && payload !== null && typeof (payload as { pipe?: unknown }).pipe === 'function';

/**
 * Installs the budget on `app` itself (a root hook: every route, the web UI's and the 404
 * handler's included). Call it before registering routes.
 */
export function installLargeResponseBudget(app: FastifyInstance, budget: LargeResponseBudget): void {
  app.addHook('onSend', async (request, reply, payload) => {
    // A HEAD response sends no body, whatever the route built.
    if (request.method === 'HEAD') return payload;
    const response = reply.raw;
    if (isStream(payload)) {
      cutOffWhenStalled(response, budget.stallMs);
      return payload;
    }
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const bytes = Buffer.byteLength(payload);
    if (bytes < LARGE_RESPONSE_BYTES) return payload;
    if (!budget.hold(bytes, response)) {
      reply.code(503).removeHeader('content-disposition').header('content-type', 'application/json; charset=utf-8');
      return JSON.stringify({ error: largeResponsesRefusal(budget, bytes) });
    }
    cutOffWhenStalled(response, budget.stallMs);
    reply.header('content-length', bytes);
    return inChunks(Buffer.isBuffer(payload) ? payload : Buffer.from(payload));
  });
}
