/**
 * A deadline for receiving a request's body. Neither fastify (requestTimeout 0: none) nor node
 * (its requestTimeout stops counting once the headers are in) bounds it, so a client trickling a
 * body a byte at a time held its connection, and a file descriptor the MQTT broker and the
 * recordings share, for as long as it liked: a few thousand such clients and no robot could
 * connect. Past the deadline the client gets 408 (when nothing was answered yet) and its
 * connection is closed. A request without a body (every GET, the live streams) is complete once
 * its headers are in and is not timed; node's headersTimeout bounds those.
 */
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** 30 s takes the largest map upload (8 MiB) at under 300 kB/s. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

/** Installs the deadline on `app` itself (a root hook: every route, and the 404 handler). */
export function installRequestDeadline(app: FastifyInstance, timeoutMs: number): void {
  app.addHook('onRequest', async (request, reply) => {
    const raw = request.raw;
    // A request injected in this process (fastify's inject: tests, in-process clients) has no
    // connection to bound, and its stand-in socket has no destroySoon: its timer threw 30 s later.
    if (raw.complete || !(raw.socket instanceof Socket)) return;
    const timer = setTimeout(() => {
      const socket = raw.socket;
      if (raw.complete || socket.destroyed) return;
      // Straight onto the socket: the route still waits for the body, and its reply is the route's.
      if (!reply.raw.headersSent) {
        const body = JSON.stringify({ error: `request body not received within ${timeoutMs} ms` });
        socket.write(
          `HTTP/1.1 408 Request Timeout\r\nconnection: close\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
        );
      }
      socket.destroySoon();
    }, timeoutMs);
    // 'end' once the body was read (by the route's parser, or discarded after an early answer); 'close' if the client left.
    raw.once('end', () => clearTimeout(timer));
    raw.once('close', () => clearTimeout(timer));
  });
}
