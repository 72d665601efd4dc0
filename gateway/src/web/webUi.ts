/**
 * The gateway's web UI, a fastify plugin beside the trial HTTP API (trialHttpApi: the page
 * reads GET /api/trial and sends POST /api/estop there):
 *
 *   GET /               the page (static/index.html); plain ES modules, no build step
 *   GET /static/<file>  every other file of static/ (scripts, style sheet), and uPlot's (the charts)
 *   GET /api/map.png    the trial's ground-truth map, rendered on first request (a large one on the map thread) and kept
 *   GET /api/live       Server-Sent Events: meta, frame (frameHz), explored and fleet (1 Hz); see LiveStream
 *   GET /api/live/ws    the same views as a binary WebSocket at up to 10 Hz, only what changed; see LiveSocket
 *   GET /static/protocol.js  the protocols package's live codec, bundled for the page
 *
 * Parameters: `frameHz` robot frames per second (default 5, at most 30), `heartbeatMs` quiet
 * time before an SSE keepalive comment (default 15 000 ms), `maxLiveClients` the two live
 * streams' clients at once (default 64; one more gets 503, liveClientBudget), `clock` for
 * lastSeen and speed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { extname, join } from 'node:path';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { errorSchema } from './apiSchemas.js';
import { overLargeResponseBudgetSchema } from './largeResponseBudget.js';
import type { Grid } from '@swarmgate/maps';
import { SwarmgateError } from '../errors.js';
import { type Clock } from '@swarmgate/protocols';
import type { HilGateway } from '../hil/HilGateway.js';
import type { LiveView } from './LiveView.js';
import { LiveFeed } from './LiveFeed.js';
import { LiveStream } from './LiveStream.js';
import { LiveSocket, MAX_SOCKET_FRAME_HZ } from './LiveSocket.js';
import { LIVE_SOCKET_PATH } from './httpGuard.js';
import { DEFAULT_MAX_LIVE_CLIENTS, MAX_LIVE_CLIENTS_CEILING, liveClientBudget, liveClientsRefusal } from './liveClientBudget.js';
import { ownMapThread } from './mapThread.js';
import { protocolBundle } from './protocolBundle.js';

export interface WebUiOptions {
  /** The trial shown now (asked on every read: a trial created through the API replaces it). */
  readonly live: () => LiveView;
  readonly hil: HilGateway | null;
  readonly frameHz?: number;
  /** Frames per second of the binary WebSocket stream (default and most 10). */
  readonly socketHz?: number;
  readonly heartbeatMs?: number;
  /** Clients of /api/live and /api/live/ws together (default DEFAULT_MAX_LIVE_CLIENTS, as `serve --max-live-clients`). */
  readonly maxLiveClients?: number;
  readonly clock?: Clock;
}

const STATIC_DIR = join(import.meta.dirname, 'static');
/** Libraries the page loads from the gateway, never a CDN: static name -> the installed file. */
const VENDOR_ASSETS: ReadonlyArray<readonly [string, string]> = [
  ['uPlot.esm.js', 'uplot/dist/uPlot.esm.js'],
  ['uPlot.min.css', 'uplot/dist/uPlot.min.css'],
];
const MAX_FRAME_HZ = 30;

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

interface Asset {
  readonly contentType: string;
  readonly body: Buffer;
}

/** Reads static/ once at registration: a missing or unservable file fails start-up, not a request. */
function loadAssets(): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  for (const name of readdirSync(STATIC_DIR)) {
    const contentType = CONTENT_TYPES[extname(name)];
    if (!contentType) throw new SwarmgateError('SG_WEB_CONFIG', `web UI: no content type for static file '${name}'`);
    assets.set(name, { contentType, body: readFileSync(join(STATIC_DIR, name)) });
  }
  const resolve = createRequire(import.meta.url).resolve;
  for (const [name, file] of VENDOR_ASSETS) assets.set(name, { contentType: CONTENT_TYPES[extname(name)], body: readFileSync(resolve(file)) });
  if (!assets.has('index.html')) throw new SwarmgateError('SG_WEB_CONFIG', `web UI: ${STATIC_DIR} has no index.html`);
  return assets;
}

export async function webUi(app: FastifyInstance, options: WebUiOptions): Promise<void> {
  const frameHz = options.frameHz ?? 5;
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  if (!(frameHz > 0 && frameHz <= MAX_FRAME_HZ)) {
    throw new SwarmgateError('SG_WEB_CONFIG', `web UI: frameHz must be in (0, ${MAX_FRAME_HZ}], got ${frameHz}`);
  }
  if (!(heartbeatMs >= 1 && Number.isFinite(heartbeatMs))) {
    throw new SwarmgateError('SG_WEB_CONFIG', `web UI: heartbeatMs must be a finite number >= 1, got ${heartbeatMs}`);
  }
  const maxLiveClients = options.maxLiveClients ?? DEFAULT_MAX_LIVE_CLIENTS;
  if (!(Number.isInteger(maxLiveClients) && maxLiveClients >= 1 && maxLiveClients <= MAX_LIVE_CLIENTS_CEILING)) {
    throw new SwarmgateError('SG_WEB_CONFIG', `web UI: maxLiveClients must be an integer in [1, ${MAX_LIVE_CLIENTS_CEILING}], got ${maxLiveClients}`);
  }

  const assets = loadAssets();
  // The page decodes the WebSocket with the protocols package's own codec, bundled once at start
  // (esbuild, from the package's exports): the browser runs the code the gateway encodes with.
  assets.set('protocol.js', { contentType: CONTENT_TYPES['.js'], body: await protocolBundle() });
  for (const [name, asset] of assets) {
    // Files change with the gateway's version; no-cache makes the browser revalidate after an upgrade.
    app.get(name === 'index.html' ? '/' : `/static/${name}`, { schema: { hide: true } }, (_request, reply) =>
      reply.type(asset.contentType).header('cache-control', 'no-cache').send(asset.body),
    );
  }

  // Rendering a large map holds a thread for up to a second (0.7 s for 2000 x 2000): on the map
  // thread, not the event loop the trial's ticks, the broker and every client share.
  const mapThread = ownMapThread(app);
  let mapPng: { readonly grid: Grid; readonly png: Promise<Buffer> } | null = null;
  const mapSchema = {
    tags: ['live'],
    summary: "The current trial's ground-truth map as a PNG",
    response: {
      200: { description: 'PNG image', content: { 'image/png': { schema: { type: 'string', format: 'binary' } } } },
      503: overLargeResponseBudgetSchema,
    },
  };
  app.get('/api/map.png', { schema: mapSchema }, async (_request, reply) => {
    // The ground truth never changes during a trial: rendered once per trial, on first use; the
    // requests that come while it is being rendered wait for that rendering.
    const grid = options.live().world.grid;
    if (mapPng?.grid !== grid) {
      const png = mapThread.render(grid);
      const made = { grid, png };
      mapPng = made;
      // A rendering that failed (the map thread died) is not kept: the next request tries again.
      png.catch(() => {
        if (mapPng === made) mapPng = null;
      });
    }
    const png = await mapPng.png;
    return reply.type('image/png').header('cache-control', 'no-cache').send(png);
  });

  const feed = new LiveFeed({ live: options.live, hil: options.hil, clock: options.clock });
  const stream = new LiveStream({
    feed,
    frameHz,
    heartbeatMs,
    clock: options.clock,
  });
  // preClose, not onClose: the server waits for open connections before onClose runs, and an
  // event stream never ends by itself.
  const socket = new LiveSocket({ feed, frameHz: options.socketHz ?? MAX_SOCKET_FRAME_HZ, clock: options.clock });
  app.addHook('preClose', (done) => {
    stream.close();
    socket.close();
    done();
  });
  // Checked after the guard's Host, Origin and token checks (onRequest): only a client allowed to
  // watch can take a slot. A refusal is a plain 503 before any stream state exists.
  const holdLiveSlot = liveClientBudget(maxLiveClients);
  const overBudget = { error: liveClientsRefusal(maxLiveClients) };
  const overBudgetSchema = { description: `over the live clients budget (${maxLiveClients}, serve --max-live-clients)`, ...errorSchema };
  const liveSchema = {
    tags: ['live'],
    summary: 'Server-Sent Events: meta, frame, explored, fleet (JSON); the binary WebSocket is /api/live/ws',
    response: { 200: { description: 'text/event-stream', content: { 'text/event-stream': { schema: { type: 'string' } } } }, 503: overBudgetSchema },
  };
  app.get('/api/live', { schema: liveSchema }, (_request, reply) => {
    if (!holdLiveSlot(reply.raw)) {
      reply.code(503).send(overBudget);
      return;
    }
    // The response is ours from here on (fastify would otherwise try to send a body).
    reply.hijack();
    stream.attach(reply.raw);
  });

  await app.register(websocket, { options: { maxPayload: 1024 } });
  app.route({
    method: 'GET',
    url: LIVE_SOCKET_PATH,
    schema: {
      tags: ['live'],
      summary: 'The binary live stream (WebSocket, up to 10 Hz): @swarmgate/protocols/live messages, only what changed',
      response: { 426: { description: 'a plain HTTP request: this route is a WebSocket', ...errorSchema }, 503: overBudgetSchema },
    },
    // Refused before the upgrade, so a client over the budget never costs a WebSocket; the slot is
    // the upgraded socket's, freed when it closes (a handshake that fails closes it too).
    preHandler: async (request, reply) => {
      if (request.ws && !holdLiveSlot(request.raw.socket)) return reply.code(503).send(overBudget);
      return undefined;
    },
    handler: (_request, reply) =>
      reply
        .code(426)
        .header('upgrade', 'websocket')
        .send({ error: `${LIVE_SOCKET_PATH} is a WebSocket: connect with Upgrade: websocket` }),
    // The stream only speaks: anything a client sends is ignored.
    wsHandler: (client) => socket.attach(client),
  });
}
