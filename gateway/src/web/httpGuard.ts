/**
 * Who may use the gateway's HTTP side, checked before any route runs (root-level hooks, so the
 * 404 handler and the event stream are covered too):
 *
 * - Host: a request whose Host header is not one the gateway serves gets 421. A DNS-rebinding
 *   page reaches the gateway under the attacker's name, so its Host gives it away.
 * - Origin: a mutating request (anything but GET / HEAD / OPTIONS) or a live stream (a
 *   WebSocket is not bound by the same-origin policy) from a browser page of another origin
 *   gets 403. Requests without Origin (curl, scripts) pass this check.
 * - Content type: a mutating request with a body must be application/json (415 otherwise): an
 *   HTML form can only send form-urlencoded, multipart or text/plain.
 * - Token: with a token, every mutating request and the live stream need
 *   `Authorization: Bearer <token>` (401 otherwise). The live streams (events and WebSocket)
 *   may carry it as `?token=` instead, because a browser's EventSource and WebSocket cannot
 *   set headers; no other route reads the query.
 * - Headers on every response (@fastify/helmet): a Content-Security-Policy allowing only the
 *   gateway's own scripts, styles, images and connections and no framing, nosniff,
 *   X-Frame-Options DENY, Referrer-Policy no-referrer.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface HttpGuardOptions {
  /** Bearer token for mutating requests and the live stream; null: none required. */
  readonly token: string | null;
  /**
   * Host header values served, lower-case `host:port` (read per request, so the caller may
   * fill it once the port is known); a page's Origin must be `http://` one of them.
   * null: any Host and Origin (in-process tests).
   */
  readonly hosts: ReadonlySet<string> | null;
}

/** The one route that takes its token from the query too (EventSource sends no headers). */
export const LIVE_STREAM_PATH = '/api/live';
/** The binary stream: a browser's WebSocket cannot set headers either. */
export const LIVE_SOCKET_PATH = '/api/live/ws';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Constant-time: both sides hashed to 32 bytes first, so not even the length leaks. */
function tokenMatches(candidate: string, expected: Buffer): boolean {
  return timingSafeEqual(digest(candidate), expected);
}

function presentedToken(request: FastifyRequest, stream: boolean): string | null {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    return match ? match[1] : null;
  }
  if (!stream) return null;
  const token = (request.query as Record<string, unknown> | undefined)?.['token'];
  return typeof token === 'string' ? token : null;
}

/** `http://<served host>` exactly (the gateway serves no https, and an origin has no path). */
function isServedOrigin(origin: string, hosts: ReadonlySet<string>): boolean {
  if (!origin.toLowerCase().startsWith('http://')) return false;
  return hosts.has(origin.slice('http://'.length).toLowerCase());
}

/** A request node handed over as an upgrade (its parser sets `upgrade`, which @types/node leaves out). */
function isUpgrade(request: FastifyRequest): boolean {
  return (request.raw as { upgrade?: boolean }).upgrade === true;
}

function refuse(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).send({ error: message });
}

/**
 * Installs the checks on `app` itself, not as an encapsulated plugin: the hooks must see every
 * route, the web UI's included. Call it before registering routes.
 */
export async function installHttpGuard(app: FastifyInstance, options: HttpGuardOptions): Promise<void> {
  const expected = options.token === null ? null : digest(options.token);

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        // data: for the images Swagger UI's style sheet inlines (GET /docs); never a remote origin.
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Plain HTTP: an HSTS header would be ignored, and upgrade-insecure-requests (left out of
    // the CSP above) would break the page on a lab address.
    strictTransportSecurity: false,
  });

  // An upgrade request (Upgrade and Connection: upgrade, as `curl --http2` sends on any route):
  // node hands its socket over and no longer tracks it, and nothing reads it, so once answered it
  // stayed open for good: no keep-alive or header timeout, not even the client leaving was seen
  // (CLOSE-WAIT), and the server's close waited for it. Only the WebSocket route upgrades (its
  // reply is hijacked and never gets here); every other answer to an upgrade request ends its
  // connection: a refusal at once, an answer once sent.
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode >= 400 && request.headers.upgrade !== undefined) request.raw.socket.destroy();
    else if (isUpgrade(request)) request.raw.socket.destroySoon();
  });

  app.addHook('onRequest', async (request, reply) => {
    if (isUpgrade(request) && request.routeOptions.url !== LIVE_SOCKET_PATH) {
      // Its connection is closed once answered (the onResponse hook above): the client is told so.
      reply.header('connection', 'close');
      // Nor does node pass the socket's 'drain' on to the response as it does on the connections it
      // tracks: a body written in pieces (largeResponseBudget, 64 KiB and more) stopped at its first.
      const socket = request.raw.socket;
      const response = reply.raw;
      const drain = (): void => void response.emit('drain');
      socket.on('drain', drain);
      response.once('close', () => socket.off('drain', drain));
    }
    // The matched route, not the raw path: the router also matches a percent-encoded path
    // (/api/%6Cive), which a string comparison would let past the token check.
    const stream = request.routeOptions.url === LIVE_STREAM_PATH || request.routeOptions.url === LIVE_SOCKET_PATH;
    const host = (request.headers.host ?? '').toLowerCase();
    if (options.hosts !== null && !options.hosts.has(host)) {
      return refuse(reply, 421, `Host '${host.slice(0, 100)}' is not a name this gateway serves (serve --public-host NAME adds one)`);
    }
    const mutating = !SAFE_METHODS.has(request.method);
    const origin = request.headers.origin;
    // A WebSocket is not bound by the same-origin policy: any page could open one and read the
    // stream, so the live streams check Origin as a change does.
    if ((mutating || stream) && origin !== undefined && options.hosts !== null && !isServedOrigin(origin, options.hosts)) {
      return refuse(reply, 403, `Origin '${origin}' may not change this gateway`);
    }
    if (expected !== null && (mutating || stream)) {
      const token = presentedToken(request, stream);
      if (token === null || !tokenMatches(token, expected)) {
        reply.header('www-authenticate', 'Bearer');
        return refuse(reply, 401, token === null ? 'this gateway needs Authorization: Bearer <token> (printed by serve at start)' : 'wrong token');
      }
    }
    if (mutating) {
      const type = request.headers['content-type'];
      const hasBody = type !== undefined || Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
      if (hasBody && type?.split(';', 1)[0].trim().toLowerCase() !== 'application/json') {
        return refuse(reply, 415, `content-type must be application/json, got '${type ?? '(none)'}'`);
      }
    }
    return undefined;
  });
}
