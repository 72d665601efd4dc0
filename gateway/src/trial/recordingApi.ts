/**
 * Recording the live trial at run time (a fastify plugin of the trial API, behind its guard):
 *
 *   GET  /api/trial/recording        {recording, name, bytes, startedMs}: the web UI's record switch
 *   POST /api/trial/recording/start  {"name"?: "x.mcap"}: records the trial into the recordings
 *                                    folder (GET /api/recordings); the server names the file when
 *                                    the body does not
 *   POST /api/trial/recording/stop   finishes the file (a valid MCAP, summary included)
 *
 * A bad name is a 400 naming `name`; a recording already running, a file of that name, a
 * stopped trial or nothing to stop is a 409 saying which.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { errorCode } from '@swarmgate/protocols';
import { bodyErrorFormatter, errorSchema, noBodyAsEmptyObject } from '../web/apiSchemas.js';
import { RECORDING_NAME_PATTERN, type RecordingSwitch } from './RecordingSwitch.js';

const nullable = (type: string) => ({ anyOf: [{ type }, { type: 'null' }] }) as const;

export const recordingStatusSchema = {
  type: 'object',
  required: ['recording', 'name', 'bytes', 'startedMs'],
  properties: {
    recording: { type: 'boolean' },
    name: { ...nullable('string'), description: "the file in the recordings folder (the last one once stopped); null for `serve --record`'s own file" },
    bytes: { ...nullable('integer'), description: 'its size on disk so far' },
    startedMs: { ...nullable('number'), description: 'wall-clock start, ms since the epoch' },
  },
} as const;

/** SG_TRIAL_REQUEST is 400, SG_TRIAL_STATE 409, both with the reason; anything else is ours. */
async function answer(reply: FastifyReply, act: () => Promise<unknown>): Promise<unknown> {
  try {
    return await act();
  } catch (error) {
    const code = errorCode(error);
    if (code === 'SG_TRIAL_REQUEST') return reply.code(400).send({ error: (error as Error).message });
    if (code === 'SG_TRIAL_STATE') return reply.code(409).send({ error: (error as Error).message });
    throw error;
  }
}

export async function recordingApi(app: FastifyInstance, options: { readonly recording: RecordingSwitch }): Promise<void> {
  const { recording } = options;
  const tags = ['trial'];

  app.get(
    '/api/trial/recording',
    { schema: { tags, summary: 'Whether the trial is being recorded, into which file, how big', response: { 200: recordingStatusSchema } } },
    async () => recording.status(),
  );

  app.post<{ Body: { name?: string } }>(
    '/api/trial/recording/start',
    {
      schema: {
        tags,
        summary: 'Start recording the trial into the recordings folder',
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            name: { type: 'string', pattern: RECORDING_NAME_PATTERN, description: 'a plain file name ending in .mcap (default: trial-<start time>.mcap)' },
          },
        },
        response: { 200: recordingStatusSchema, 400: errorSchema, 409: errorSchema },
      },
      schemaErrorFormatter: bodyErrorFormatter(''),
      preValidation: noBodyAsEmptyObject,
    },
    async (request, reply) => answer(reply, () => recording.start(request.body.name)),
  );

  app.post(
    '/api/trial/recording/stop',
    { schema: { tags, summary: 'Stop recording: finishes the MCAP file', response: { 200: recordingStatusSchema, 409: errorSchema } } },
    async (_request, reply) =>
      answer(
        reply,
        async () => (await recording.stop()) ?? reply.code(409).send({ error: 'no recording started here is running (serve --record stops with the service)' }),
      ),
  );
}
