/**
 * The trial resource of the HTTP API (a fastify plugin; schemas at the edge, served as OpenAPI):
 *
 *   GET  /api/trial        state, speed, tick, robots, explored fraction, pacing, faults
 *   GET  /api/trial/samples  ?after=TICK: the metrics time series after that tick (explored and
 *                          covered fractions, messages sent), for the page's charts
 *   GET  /api/trial/tags   ?after=ID: the environment tags deposited after that id (position,
 *                          depositor, tick, payload in base64), for the page's map
 *   GET  /api/trial/options  what a configuration may name: its options, the registered
 *                          algorithms, radio models and robot profiles (the page's new-trial form)
 *   POST /api/trial        a new trial from a configuration (`swarmgate run`'s option names);
 *                          it replaces the current one and starts paused (`record: true`:
 *                          recorded from its first tick, recordingApi.ts)
 *   POST /api/trial/start  start or resume ticking
 *   POST /api/trial/pause  no more ticks until start or step
 *   POST /api/trial/step   one tick of a paused trial
 *   POST /api/trial/speed  {"speed": S}: simulated per wall-clock seconds (1 with physical robots)
 *   POST /api/trial/stop   end the trial for good (a new one replaces it); finishes its recording
 *
 * A control the trial's state refuses is a 409 naming why; a configuration refused is a 400
 * naming the option.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { errorCode } from '@swarmgate/protocols';
import { algorithms } from '@swarmgate/sdk';
import { RADIO_MODELS } from '../sim/radio/index.js';
import { ROBOT_PROFILES } from '../sim/robotProfiles.js';
import { bodyErrorFormatter, errorSchema } from '../web/apiSchemas.js';
import { MAX_TRIAL_SPEED, MIN_TRIAL_SPEED, type LiveTrial } from './LiveTrial.js';
import type { RecordingSwitch } from './RecordingSwitch.js';
import type { ReplaceOptions, TrialRequest } from './TrialSlot.js';

/** The trial the API serves now, and (when the service can) how a request replaces it: TrialSlot. */
export interface TrialHost {
  readonly live: LiveTrial;
  /** Options a POST /api/trial body may give; absent or null: the route is not offered. */
  readonly requestOptions?: readonly string[] | null;
  replace?(request: TrialRequest, options?: ReplaceOptions): Promise<LiveTrial>;
  /** Recordings started at run time (recordingApi.ts); absent or null: those routes are not offered. */
  readonly recording?: RecordingSwitch | null;
}

const countSchema = { type: 'integer', minimum: 0 } as const;

export const trialStatusSchema = {
  type: 'object',
  required: ['state', 'speed', 'tick', 'simSeconds', 'exploredFraction', 'paced'],
  properties: {
    state: { type: 'string', enum: ['running', 'paused', 'stopped'] },
    speed: { type: 'number', description: 'simulated seconds per wall-clock second asked for (paced trials)' },
    tick: countSchema,
    simSeconds: { type: 'number' },
    virtualRobots: countSchema,
    physicalRobots: countSchema,
    physicalOnline: countSchema,
    exploredFraction: { type: 'number', minimum: 0, maximum: 1 },
    paced: { type: 'boolean' },
    overruns: countSchema,
    maxLatenessMs: { type: 'number' },
    emergencyStopped: { type: 'array', items: { type: 'string' } },
    faults: { type: 'object', additionalProperties: countSchema, description: 'faults contained so far, by where they started (docs/ARCHITECTURE.md)' },
  },
} as const;

const controlResponses = { 200: trialStatusSchema, 409: errorSchema } as const;

/** The trial's state refused the control (SG_TRIAL_STATE): 409 with the reason; anything else is ours. */
function control(reply: FastifyReply, live: LiveTrial, act: () => void): unknown {
  try {
    act();
  } catch (error) {
    if (errorCode(error) !== 'SG_TRIAL_STATE') throw error;
    return reply.code(409).send({ error: (error as Error).message });
  }
  return live.status();
}

const MAX_SAMPLES_A_REPLY = 2000;

export async function trialsApi(app: FastifyInstance, options: { readonly trials: TrialHost }): Promise<void> {
  const { trials } = options;
  const tags = ['trial'];

  app.get(
    '/api/trial',
    { schema: { tags, summary: 'The current trial: state, tick, explored fraction, faults', response: { 200: trialStatusSchema } } },
    async () => trials.live.status(),
  );

  app.get<{ Querystring: { after?: string } }>(
    '/api/trial/samples',
    {
      schema: {
        tags,
        summary: "The trial's metrics samples after a tick (every sampleEveryTicks ticks), oldest first, at most 2000 a reply",
        // A string pattern: this server's validator does not coerce query strings to numbers.
        querystring: {
          type: 'object',
          properties: { after: { type: 'string', pattern: '^(-1|\\d{1,15})$', description: 'a tick; default -1 (every sample)' } },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              tickS: { type: 'number', description: 'simulated seconds a tick' },
              samples: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    tick: { type: 'integer' },
                    exploredFraction: { type: 'number' },
                    coveredFraction: { type: 'number' },
                    messagesSent: { type: 'integer', description: 'radio messages sent since the start' },
                  },
                },
              },
            },
          },
          400: errorSchema,
        },
      },
    },
    async (request) => {
      const { trial } = trials.live;
      const all = trial.metrics.samples;
      // Samples are in tick order and a poller asks for the newest few: search from the end.
      const after = Number(request.query.after ?? -1);
      let from = all.length;
      while (from > 0 && all[from - 1].tick > after) from--;
      const samples = all.slice(from, from + MAX_SAMPLES_A_REPLY).map(({ tick, exploredFraction, coveredFraction, messagesSent }) => ({
        tick,
        exploredFraction,
        coveredFraction,
        messagesSent,
      }));
      const { physicsStepS, stepsPerTick } = trial.world.config;
      return { tickS: physicsStepS * stepsPerTick, samples };
    },
  );

  app.get<{ Querystring: { after?: string } }>(
    '/api/trial/tags',
    {
      schema: {
        tags,
        summary: 'Environment tags deposited after a tag id (ids count up from 0), oldest first, at most 2000 a reply',
        querystring: {
          type: 'object',
          properties: { after: { type: 'string', pattern: '^(-1|\\d{1,15})$', description: 'a tag id; default -1 (every tag)' } },
        },
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                id: { type: 'integer' },
                robot: { type: 'string', description: 'the depositor' },
                tick: { type: 'integer' },
                xM: { type: 'number' },
                yM: { type: 'number' },
                payloadBase64: { type: 'string' },
              },
            },
          },
          400: errorSchema,
        },
      },
    },
    async (request) => {
      const { world } = trials.live;
      const store = world.comms.tags;
      const from = Number(request.query.after ?? -1) + 1;
      const out = [];
      for (let id = from; id < Math.min(store.count, from + MAX_SAMPLES_A_REPLY); id++) {
        out.push({
          id,
          robot: world.idOf(store.robotOf(id)),
          tick: store.tickOf(id),
          xM: store.xOf(id),
          yM: store.yOf(id),
          payloadBase64: Buffer.from(store.payload(id)).toString('base64'),
        });
      }
      return out;
    },
  );

  const named = { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, doc: { type: 'string' } } } } as const;
  app.get(
    '/api/trial/options',
    {
      schema: {
        tags,
        summary: 'What a trial configuration may name (registries: algorithms, radio models, robot profiles)',
        response: {
          200: {
            type: 'object',
            properties: {
              options: { type: 'array', items: { type: 'string' }, description: 'option names POST /api/trial takes; empty when it is not offered' },
              algorithms: named,
              radioModels: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: { name: { type: 'string' }, doc: { type: 'string' }, specs: { type: 'array', items: { type: 'string' } } },
                },
              },
              robotProfiles: named,
            },
          },
        },
      },
    },
    async () => ({
      options: trials.requestOptions ?? [],
      algorithms: algorithms.map((a) => ({ name: a.name, doc: a.summary })),
      // With the --comm spellings a configuration writes (R: a range in metres).
      radioModels: RADIO_MODELS.filter((m) => m.specs.length > 0).map((m) => ({ name: m.name, doc: m.doc, specs: m.specs })),
      robotProfiles: ROBOT_PROFILES.map((p) => ({ name: p.name, doc: p.doc })),
    }),
  );

  const requestOptions = trials.requestOptions;
  if (requestOptions && trials.replace) {
    const replace = trials.replace.bind(trials);
    const value = { anyOf: [{ type: 'string', maxLength: 500 }, { type: 'number' }] } as const;
    const body = {
      type: 'object',
      additionalProperties: false,
      required: ['map'],
      properties: {
        ...Object.fromEntries(requestOptions.map((name) => [name, value])),
        ...(trials.recording ? { record: { type: 'boolean', description: 'record the new trial from its first tick (GET /api/trial/recording)' } } : {}),
      },
      description: "`swarmgate run`'s options without the dashes, checked as the command line is (`swarmgate run --help`)",
    };
    app.post<{ Body: TrialRequest & { record?: boolean } }>(
      '/api/trial',
      {
        schema: { tags, summary: 'Replace the trial with a new one (paused)', body, response: { 201: trialStatusSchema, 400: errorSchema } },
        schemaErrorFormatter: bodyErrorFormatter(''),
      },
      async (request, reply) => {
        try {
          const { record, ...configuration } = request.body;
          const live = await replace(configuration, { record });
          return reply.code(201).send(live.status());
        } catch (error) {
          if (errorCode(error) !== 'SG_TRIAL_REQUEST') throw error;
          return reply.code(400).send({ error: (error as Error).message });
        }
      },
    );
  }

  const post = (path: string, summary: string, act: (live: LiveTrial) => void): void => {
    app.post(path, { schema: { tags, summary, response: controlResponses } }, async (_request, reply) => control(reply, trials.live, () => act(trials.live)));
  };
  post('/api/trial/start', 'Start or resume ticking', (live) => live.start());
  post('/api/trial/pause', 'Pause: no ticks until start or step (physical robots halt at their command deadline)', (live) => live.pause());
  post('/api/trial/step', 'Run one tick of a paused trial', (live) => live.step());
  app.post(
    '/api/trial/stop',
    { schema: { tags, summary: 'End the trial for good (and finish its recording); a new trial (POST /api/trial) replaces it', response: controlResponses } },
    async (_request, reply) => {
      const live = trials.live;
      live.end();
      await trials.recording?.stop();
      return reply.send(live.status());
    },
  );

  app.post<{ Body: { speed: number } }>(
    '/api/trial/speed',
    {
      schema: {
        tags,
        summary: 'Set the paced speed, simulated seconds per wall-clock second',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['speed'],
          properties: { speed: { type: 'number', minimum: MIN_TRIAL_SPEED, maximum: MAX_TRIAL_SPEED } },
        },
        response: { ...controlResponses, 400: errorSchema },
      },
      schemaErrorFormatter: bodyErrorFormatter(''),
    },
    async (request, reply) => control(reply, trials.live, () => trials.live.setSpeed(request.body.speed)),
  );
}
