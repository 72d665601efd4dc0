/**
 * The robots resource of the HTTP API (a fastify plugin; schemas at the edge, served as OpenAPI):
 *
 *   GET  /api/robots            every robot: kind, link, model, firmware, battery, last seen,
 *                               status, online, emergency stop, and whether its id was contested
 *   GET  /api/robots/conflicts  robot ids refused at admission (id, link, channel, reason, first
 *                               and last time, count): a physical robot that claimed a virtual
 *                               robot's id, another robot's online id, an invalid id or one not in the fleet
 *   GET  /api/robots/{id}       one robot: its row, its Error reports, and its full State decoded
 *                               from the wire message remote controllers read (JSON, enums by name)
 *   GET  /api/robots/{id}/slam  its own SLAM map, binary: u32 width, u32 height (little-endian), then
 *                               one byte a cell, row 0 at the bottom (0 unknown, 1 open, 2 solid);
 *                               16 MB on a 2000 x 2000 map, gzipped to a client that takes it
 *                               (web/binaryBody.ts: ~16 KB); it takes from the large-response
 *                               budget (web/largeResponseBudget.ts): 503 when that is full.
 *                               Its `x-slam-version` header names what it holds; `?since=` that
 *                               version asks for the cells changed since (slamVersions.ts), which
 *                               come with `x-slam-base` naming the version they apply to
 *   POST /api/estop             {"robotId"?: string, "reason"?: string}: one robot, or all without robotId
 *                               (no body at all is {}: a bare `curl -X POST` stops everything)
 *   POST /api/estop/release     {"robotId": string} or {"all": true}, "reason"?: string: release
 *                               one robot or all -> {released, offline}. Explicit on purpose: an empty
 *                               body stops everything, but releases nothing (400), so a stray request
 *                               cannot restart a fleet. Offline physical robots stay stopped.
 */
import type { FastifyInstance } from 'fastify';
import { swarmgate } from '@swarmgate/protocols';
import { robotStateToWire, type RobotState } from '@swarmgate/sdk';
import type { HilGateway } from '../hil/HilGateway.js';
import { bodyErrorFormatter, errorSchema, noBodyAsEmptyObject } from '../web/apiSchemas.js';
import { overLargeResponseBudgetSchema } from '../web/largeResponseBudget.js';
import { sendBinary } from '../web/binaryBody.js';
import type { LiveTrial } from './LiveTrial.js';
import { SLAM_VERSION_PATTERN, SlamVersions } from './slamVersions.js';

export interface RobotsApiOptions {
  readonly trials: { readonly live: LiveTrial };
  readonly hil: HilGateway | null;
}

const robotIdSchema = { type: 'string', minLength: 1, maxLength: 64 } as const;
const nullable = <T extends object>(schema: T) => ({ ...schema, nullable: true }) as const;

const robotRowSchema = {
  type: 'object',
  required: ['id', 'kind', 'link', 'online', 'pose', 'status', 'emergencyStopped', 'idConflict'],
  properties: {
    id: { type: 'string' },
    kind: { type: 'string', enum: ['virtual', 'physical'] },
    link: { type: 'string', description: 'virtual, mqtt or serial' },
    online: { type: 'boolean' },
    remoteControlled: { type: 'boolean' },
    pose: {
      type: 'object',
      description: 'ground truth in the map frame (metres, radians)',
      properties: { xM: { type: 'number' }, yM: { type: 'number' }, headingRad: { type: 'number' } },
    },
    status: { type: 'string', enum: ['idle', 'moving', 'rotating', 'driving'] },
    emergencyStopped: { type: 'boolean' },
    model: nullable({ type: 'string' }),
    firmwareVersion: nullable({ type: 'string' }),
    batteryFraction: nullable({ type: 'number' }),
    lastSeenMs: nullable({ type: 'number', description: 'wall clock of its last traffic (ms since the epoch)' }),
    idConflict: { type: 'boolean', description: 'a Birth under this id was refused (GET /api/robots/conflicts says why)' },
  },
} as const;

const conflictSchema = {
  type: 'object',
  properties: {
    robotId: { type: 'string' },
    link: { type: 'string' },
    channel: { type: 'string' },
    reason: { type: 'string' },
    firstMs: { type: 'number' },
    lastMs: { type: 'number' },
    count: { type: 'integer' },
  },
} as const;

const robotDetailSchema = {
  type: 'object',
  required: ['robot', 'state', 'errors'],
  properties: {
    robot: robotRowSchema,
    errors: nullable({
      type: 'object',
      description: 'Error messages the robot reported: how many, and the last one',
      properties: {
        count: { type: 'integer' },
        last: { type: 'object', properties: { code: { type: 'string' }, message: { type: 'string' }, atMs: { type: 'number' } } },
      },
    }),
    state: {
      type: 'object',
      additionalProperties: true,
      description: 'the swarmgate.v1.State a remote controller reads, decoded (protobuf JSON: enums by name, bytes as base64)',
    },
  },
} as const;

const estopBody = {
  type: 'object',
  additionalProperties: false,
  properties: { robotId: robotIdSchema, reason: { type: 'string', maxLength: 200 } },
} as const;

const releaseBody = {
  type: 'object',
  additionalProperties: false,
  properties: { robotId: robotIdSchema, all: { type: 'boolean', const: true }, reason: { type: 'string', maxLength: 200 } },
  oneOf: [{ required: ['robotId'] }, { required: ['all'] }],
} as const;

interface EstopBody {
  robotId?: string;
  reason?: string;
}

interface ReleaseBody {
  robotId?: string;
  all?: true;
  reason?: string;
}

/**
 * The State a remote controller reads, through the wire and back (encoded and decoded, so it
 * is what the wire carries), as JSON: every field present (protobuf's defaults filled in),
 * enums by name, bytes as base64.
 */
function decodedState(state: RobotState) {
  const wire = swarmgate.v1.State.decode(swarmgate.v1.State.encode(robotStateToWire(state)).finish());
  const base64 = (bytes: Uint8Array | null | undefined): string => Buffer.from(bytes ?? []).toString('base64');
  const { pose, collision, scan, battery } = wire;
  return {
    tick: wire.tick,
    pose: pose ? { xM: pose.xM ?? 0, yM: pose.yM ?? 0, headingRad: pose.headingRad ?? 0 } : null,
    status: swarmgate.v1.RobotStatus[wire.status],
    collision: collision ? { started: collision.started ?? false, touching: collision.touching ?? false } : null,
    scan: scan
      ? {
          angleMinRad: scan.angleMinRad ?? 0,
          angleIncrementRad: scan.angleIncrementRad ?? 0,
          rangeMaxM: scan.rangeMaxM ?? 0,
          rangesM: Array.from(scan.rangesM ?? []),
        }
      : null,
    nearbyRobots: wire.nearbyRobots.map((r) => ({ id: r.id ?? '', distanceM: r.distanceM ?? 0, bearingRad: r.bearingRad ?? 0 })),
    inbox: wire.inbox.map((m) => ({ from: m.from ?? '', sentTick: m.sentTick ?? 0, payload: base64(m.payload) })),
    nearbyTags: wire.nearbyTags.map((t) => ({ id: t.id ?? '', xM: t.xM ?? 0, yM: t.yM ?? 0, distanceM: t.distanceM ?? 0, payload: base64(t.payload) })),
    battery: battery ? { volts: battery.volts ?? 0, fraction: battery.fraction ?? 0 } : null,
  };
}

const bodyError = bodyErrorFormatter('needs exactly one of robotId (one robot) or all: true (every robot)');

export async function robotsApi(app: FastifyInstance, options: RobotsApiOptions): Promise<void> {
  const { trials, hil } = options;
  const tags = ['robots'];

  const rows = () => {
    const live = trials.live;
    const contested = new Set((hil?.registry.conflicts() ?? []).map((c) => c.robotId));
    return live.robots().map((robot) => {
      const record = hil?.registry.get(robot.id);
      return {
        ...robot,
        status: live.world.robot(robot.id).state().status,
        link: record?.link ?? 'virtual',
        model: record?.model ?? null,
        firmwareVersion: record?.firmwareVersion ?? null,
        batteryFraction: record?.batteryFraction ?? null,
        lastSeenMs: record?.lastSeenMs ?? null,
        idConflict: contested.has(robot.id),
      };
    });
  };

  app.get('/api/robots', { schema: { tags, summary: 'Every robot of the trial', response: { 200: { type: 'array', items: robotRowSchema } } } }, async () =>
    rows(),
  );

  app.get(
    '/api/robots/conflicts',
    { schema: { tags, summary: 'Robot ids refused at admission', response: { 200: { type: 'array', items: conflictSchema } } } },
    async () => hil?.registry.conflicts() ?? [],
  );

  app.get<{ Params: { id: string } }>(
    '/api/robots/:id',
    {
      schema: {
        tags,
        summary: 'One robot: its row, its Error reports and its decoded State',
        params: { type: 'object', required: ['id'], properties: { id: robotIdSchema } },
        response: { 200: robotDetailSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const robot = rows().find((r) => r.id === request.params.id);
      if (!robot) return reply.code(404).send({ error: `no robot ${request.params.id} in this trial` });
      const live = trials.live;
      return { robot, errors: live.robotErrors(robot.id), state: decodedState(live.world.robot(robot.id).state()) };
    },
  );

  const slamVersions = new SlamVersions();
  app.get<{ Params: { id: string }; Querystring: { since?: string } }>(
    '/api/robots/:id/slam',
    {
      schema: {
        tags,
        summary:
          "One robot's own SLAM map: u32 width, u32 height (little-endian), then a byte a cell, row 0 at the bottom: 0 unknown, 1 open, 2 solid. " +
          'With ?since=<its x-slam-version>, the cells changed since: the same header, then runs of u32 first cell, u32 count and the cells, ' +
          'with x-slam-base naming the version they apply to (without it, the body is the whole map)',
        params: { type: 'object', required: ['id'], properties: { id: robotIdSchema } },
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { since: { type: 'string', pattern: SLAM_VERSION_PATTERN, description: 'the x-slam-version of the map the client holds' } },
        },
        response: {
          200: {
            description: 'the map, or its changes since the version asked for',
            headers: {
              'x-slam-version': { type: 'string', description: 'the version this body brings the client to' },
              'x-slam-base': { type: 'string', description: 'present when the body holds changes: the version they apply to' },
            },
            content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
          },
          400: errorSchema,
          404: errorSchema,
          503: overLargeResponseBudgetSchema,
        },
      },
    },
    async (request, reply) => {
      const world = trials.live.world;
      // A physical robot keeps its map on board: the gateway holds none for it.
      const map = world.robotIds().includes(request.params.id) ? world.sensing.slamMaps[world.slotOf(request.params.id)] : null;
      if (!map) return reply.code(404).send({ error: `no SLAM map for robot ${request.params.id} in this trial` });
      const { body, version, base } = slamVersions.body(map, request.query.since);
      reply.header('x-slam-version', version);
      if (base !== null) reply.header('x-slam-base', base);
      return sendBinary(request, reply, body, 'no-store');
    },
  );

  app.post<{ Body: EstopBody }>(
    '/api/estop',
    {
      schema: {
        tags,
        summary: 'Emergency stop one robot, or every robot without robotId (latched until released)',
        body: estopBody,
        response: { 200: { type: 'object', properties: { stopped: { type: 'array', items: { type: 'string' } } } }, 400: errorSchema, 404: errorSchema },
      },
      schemaErrorFormatter: bodyError,
      preValidation: noBodyAsEmptyObject,
    },
    async (request, reply) => {
      const { robotId, reason } = request.body;
      const live = trials.live;
      if (robotId !== undefined && !live.robots().some((r) => r.id === robotId)) {
        return reply.code(404).send({ error: `no robot ${robotId} in this trial` });
      }
      return { stopped: live.emergencyStop(robotId, reason ?? 'HTTP emergency stop') };
    },
  );

  app.post<{ Body: ReleaseBody }>(
    '/api/estop/release',
    {
      schema: {
        tags,
        summary: 'Release the emergency stop of one robot or of all (the operator only; a release moves nothing)',
        body: releaseBody,
        response: {
          200: {
            type: 'object',
            properties: { released: { type: 'array', items: { type: 'string' } }, offline: { type: 'array', items: { type: 'string' } } },
          },
          400: errorSchema,
          404: errorSchema,
        },
      },
      schemaErrorFormatter: bodyError,
    },
    async (request, reply) => {
      const { robotId, reason } = request.body;
      const live = trials.live;
      if (robotId !== undefined && !live.robots().some((r) => r.id === robotId)) {
        return reply.code(404).send({ error: `no robot ${robotId} in this trial` });
      }
      return live.releaseEmergencyStop(robotId, reason ?? 'HTTP release');
    },
  );
}
