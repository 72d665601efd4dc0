/**
 * The live trial's HTTP API, as fastify plugins (validated by JSON schemas compiled at start-up,
 * docs/STYLE.md#protocol-and-io-edges, and served as OpenAPI at /docs): the trial resource
 * (trialsApi: state, create, start, pause, step, speed, stop) and the robots resource
 * (robotsApi: list, one robot's decoded state, conflicts, emergency stop and release), and
 * recording the trial at run time when the host can (recordingApi). The service adds maps, recordings, experiments and the web UI on the same server (LiveService).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { HilGateway } from '../hil/HilGateway.js';
import { installApiDocs } from '../web/apiDocs.js';
import { installHttpGuard, type HttpGuardOptions } from '../web/httpGuard.js';
import { installJsonBody } from '../web/jsonBody.js';
import { installLargeResponseBudget, largeResponseBudget, type LargeResponseBudget } from '../web/largeResponseBudget.js';
import { DEFAULT_REQUEST_TIMEOUT_MS, installRequestDeadline } from '../web/requestDeadline.js';
import { recordingApi } from './recordingApi.js';
import { robotsApi } from './robotsApi.js';
import { trialsApi, type TrialHost } from './trialsApi.js';

export type { TrialHost };

export interface TrialHttpApiOptions {
  readonly trials: TrialHost;
  readonly hil: HilGateway | null;
}

export interface TrialHttpServerOptions extends TrialHttpApiOptions {
  /** Token, Host and Origin checks (httpGuard); default: no token, any Host. */
  readonly access?: HttpGuardOptions;
  /** How long a client may take to send a request's body; default DEFAULT_REQUEST_TIMEOUT_MS (requestDeadline). */
  readonly requestTimeoutMs?: number;
  /**
   * Large responses in flight across all clients, and how long a client may stall one
   * (largeResponseBudget); default DEFAULT_MAX_LARGE_RESPONSE_BYTES, DEFAULT_RESPONSE_STALL_MS.
   */
  readonly largeResponses?: LargeResponseBudget;
}

/** The trial and robots resources, as one plugin. */
export async function trialHttpApi(app: FastifyInstance, options: TrialHttpApiOptions): Promise<void> {
  await app.register(trialsApi, options);
  await app.register(robotsApi, options);
  const recording = options.trials.recording;
  if (recording) await app.register(recordingApi, { recording });
}

/**
 * Responses that are a client's fault or ours, counted in `faults.http`: a refusal by the guard
 * (401 token, 403 origin, 415 content type, 421 host), a body that is too large or fails its
 * schema (413, 400), a live-stream client over the budget (503, liveClientBudget), a large
 * response over the budget (503, largeResponseBudget), or a handler that failed (5xx). A 404
 * answers a question and is not one.
 */
const CLIENT_FAULT_STATUSES = new Set([400, 401, 403, 413, 415, 421]);

function isClientFault(statusCode: number): boolean {
  return statusCode >= 500 || CLIENT_FAULT_STATUSES.has(statusCode);
}

/**
 * A fastify app serving the API behind the httpGuard checks. Unknown body fields are refused
 * with 400 (fastify's default Ajv silently strips them, which would let a typo such as
 * `robotID` stop every robot), and types are not coerced (its default would turn
 * `{"all": "true"}` into a release of every robot).
 */
export async function createTrialHttpServer(options: TrialHttpServerOptions): Promise<FastifyInstance> {
  const app = Fastify({ ajv: { customOptions: { removeAdditional: false, coerceTypes: false } } });
  installRequestDeadline(app, options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS);
  installJsonBody(app);
  const live = () => options.trials.live;
  // Root-level, before the guard and every route: the guard's refusals, the schemas' 400s and
  // a handler's 5xx are all seen here, the web UI's routes included.
  app.addHook('onResponse', async (request, reply) => {
    if (!isClientFault(reply.statusCode)) return;
    live().httpFault(reply.statusCode, { client: request.ip, method: request.method, url: request.url });
  });
  installLargeResponseBudget(app, options.largeResponses ?? largeResponseBudget());
  await installHttpGuard(app, options.access ?? { token: null, hosts: null });
  // Before every route: the OpenAPI document is collected from the routes registered after it.
  await installApiDocs(app, { bearer: options.access?.token != null });
  await app.register(trialHttpApi, options);
  return app;
}
