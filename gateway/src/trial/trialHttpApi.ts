/**
 * The live trial's small HTTP API, as a fastify plugin (validated by JSON schemas compiled at
 * start-up; docs/STYLE.md#protocol-and-io-edges):
 *
 *   GET  /api/robots   every robot: kind, online, link, pose, battery, last seen
 *   GET  /api/robots/conflicts  robot ids refused at admission (id, link, channel, reason,
 *                      first and last time, count): a physical robot that claimed a virtual
 *                      robot's id, another robot's online id, an invalid id or one not in the fleet
 *   GET  /api/trial    tick, robots, explored fraction, pacing and overruns
 *   POST /api/estop    {"robotId"?: string, "reason"?: string}: one robot, or all without robotId
 *   POST /api/estop/release  {"robotId": string} or {"all": true}, "reason"?: string: release
 *                      one robot or all -> {released, offline}. Explicit on purpose: an empty
 *                      body stops everything, but releases nothing (400), so a stray request
 *                      cannot restart a fleet. Offline physical robots stay stopped.
 */
import Fastify, { type FastifyInstance, type FastifySchemaValidationError } from 'fastify';
import type { HilGateway } from '../hil/HilGateway.js';
import { installHttpGuard, type HttpGuardOptions } from '../web/httpGuard.js';
import type { LiveTrial } from './LiveTrial.js';

export interface TrialHttpApiOptions {
  readonly live: LiveTrial;
  readonly hil: HilGateway | null;
}

export interface TrialHttpServerOptions extends TrialHttpApiOptions {
  /** Token, Host and Origin checks (httpGuard); default: no token, any Host. */
  readonly access?: HttpGuardOptions;
}

const estopSchema = {
  body: {
    type: 'object',
    additionalProperties: false,
    properties: {
      robotId: { type: 'string', minLength: 1, maxLength: 64 },
      reason: { type: 'string', maxLength: 200 },
    },
  },
} as const;

interface EstopBody {
  robotId?: string;
  reason?: string;
}

const releaseSchema = {
  body: {
    type: 'object',
    additionalProperties: false,
    properties: {
      robotId: { type: 'string', minLength: 1, maxLength: 64 },
      all: { type: 'boolean', const: true },
      reason: { type: 'string', maxLength: 200 },
    },
    oneOf: [{ required: ['robotId'] }, { required: ['all'] }],
  },
} as const;

interface ReleaseBody {
  robotId?: string;
  all?: true;
  reason?: string;
}

/**
 * A 400's message names the field: Ajv's "must NOT have additional properties" gets the
 * property's name, and a failed oneOf (reported as "must match exactly one schema in oneOf"
 * plus one line per branch) says which fields the body needs instead.
 */
function bodyErrorMessage(errors: FastifySchemaValidationError[], dataVar: string): Error {
  const oneOf = errors.some((e) => e.keyword === 'oneOf');
  const lines = errors
    .filter((e) => e.keyword !== 'oneOf' && !(oneOf && e.keyword === 'required'))
    .map((e) => {
      const extra = e.keyword === 'additionalProperties' ? `: ${String(e.params.additionalProperty)}` : '';
      return `${dataVar}${e.instancePath} ${e.message}${extra}`;
    });
  if (oneOf) lines.push(`${dataVar} needs exactly one of robotId (one robot) or all: true (every robot)`);
  return new Error(lines.join(', '));
}

export async function trialHttpApi(app: FastifyInstance, options: TrialHttpApiOptions): Promise<void> {
  const { live, hil } = options;

  app.get('/api/robots', async () =>
    live.robots().map((robot) => {
      const record = hil?.registry.get(robot.id);
      return {
        ...robot,
        link: record?.link ?? 'virtual',
        model: record?.model ?? null,
        firmwareVersion: record?.firmwareVersion ?? null,
        batteryFraction: record?.batteryFraction ?? null,
        lastSeenMs: record?.lastSeenMs ?? null,
      };
    }),
  );

  app.get('/api/robots/conflicts', async () => hil?.registry.conflicts() ?? []);

  app.get('/api/trial', async () => live.status());

  app.post<{ Body: EstopBody }>('/api/estop', { schema: estopSchema, schemaErrorFormatter: bodyErrorMessage }, async (request, reply) => {
    const { robotId, reason } = request.body ?? {};
    if (robotId !== undefined && !live.robots().some((r) => r.id === robotId)) {
      return reply.code(404).send({ error: `no robot ${robotId} in this trial` });
    }
    const stopped = live.emergencyStop(robotId, reason ?? 'HTTP emergency stop');
    return { stopped };
  });

  app.post<{ Body: ReleaseBody }>('/api/estop/release', { schema: releaseSchema, schemaErrorFormatter: bodyErrorMessage }, async (request, reply) => {
    const { robotId, reason } = request.body;
    if (robotId !== undefined && !live.robots().some((r) => r.id === robotId)) {
      return reply.code(404).send({ error: `no robot ${robotId} in this trial` });
    }
    return live.releaseEmergencyStop(robotId, reason ?? 'HTTP release');
  });
}

/**
 * Responses that are a client's fault or ours, counted in `faults.http`: a refusal by the guard
 * (401 token, 403 origin, 415 content type, 421 host), a body that is too large or fails its
 * schema (413, 400), or a handler that failed (5xx). A 404 answers a question and is not one.
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
  // Root-level, before the guard and every route: the guard's refusals, the schemas' 400s and
  // a handler's 5xx are all seen here, the web UI's routes included.
  app.addHook('onResponse', async (request, reply) => {
    if (!isClientFault(reply.statusCode)) return;
    options.live.httpFault(reply.statusCode, { client: request.ip, method: request.method, url: request.url });
  });
  await installHttpGuard(app, options.access ?? { token: null, hosts: null });
  await app.register(trialHttpApi, options);
  return app;
}
