/**
 * The recordings resource of the HTTP API: the MCAP files in the recordings folder.
 *
 *   GET /api/recordings         [{name, bytes, modifiedMs}], newest last by name
 *   GET /api/recordings/{name}  the file, as a download
 *   GET /api/recordings/{name}/replay   the recording as a live-stream track, which the page replays (record/replayTrack.ts)
 *   GET /api/recordings/{name}/map.png  its recorded ground truth, the replay's map image
 *
 * A name is a plain file name ending in .mcap of the folder (apiFiles.ts): anything else is a 400
 * (the pattern) or a 404; a file that is not a readable recording is a 422 naming what is wrong.
 * A replay track and a map image are made once per version of a file and kept (KeptResults:
 * at most MAX_RECORDING_READS files read at once, a 503 past it); a large map image is rendered
 * on the map thread (mapThread.ts).
 */
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { McapTypes } from '@mcap/core';
import { errorCode } from '@swarmgate/protocols';
import { errorSchema } from './apiSchemas.js';
import { overLargeResponseBudgetSchema } from './largeResponseBudget.js';
import { sendBinary } from './binaryBody.js';
import { FILE_NAME_PATTERN, fileInfo, isPlainName, listFolder } from './apiFiles.js';
import { KeptResults } from './keptResults.js';
import { ownMapThread } from './mapThread.js';
import { readRecordedMap, readReplayTrack, type ReplayReadOptions } from '../record/replayTrack.js';
import { withRecordingFile } from '../record/trialRecording.js';

export interface RecordingsApiOptions {
  readonly folder: string;
  /** Decompressors for compressed chunks, by compression name (@mcap/core's), for the replay reader (default: those recordings are written with). */
  readonly decompressHandlers?: McapTypes.DecompressHandlers;
  /** Replay tracks and map images made and kept, and how many recordings are read at once (default: recordingReads()). */
  readonly reads?: KeptResults;
}

/** Recordings read at once (a page replaying one asks for its track and its map together). */
export const MAX_RECORDING_READS = 2;
/** Results kept: a few replays' tracks and maps. */
export const RECORDING_RESULT_CACHE_BYTES = 64 * 1024 * 1024;

/** The recordings routes' reads: `maxReads` at once, results kept; an unreadable file's refusal is kept too (it is the file's). */
export function recordingReads(maxReads = MAX_RECORDING_READS): KeptResults {
  return new KeptResults(maxReads, RECORDING_RESULT_CACHE_BYTES, (error) => errorCode(error) === 'SG_RECORDING_FORMAT');
}

const RECORDING_EXTENSION = '.mcap';

export async function recordingsApi(app: FastifyInstance, options: RecordingsApiOptions): Promise<void> {
  const { folder } = options;
  const tags = ['recordings'];

  app.get(
    '/api/recordings',
    {
      schema: {
        tags,
        summary: 'Recordings (MCAP files) in the recordings folder',
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              required: ['name', 'bytes', 'modifiedMs'],
              properties: { name: { type: 'string' }, bytes: { type: 'integer' }, modifiedMs: { type: 'number' } },
            },
          },
        },
      },
    },
    async () =>
      listFolder(folder)
        .filter((entry) => entry.isFile() && entry.name.endsWith(RECORDING_EXTENSION))
        .flatMap((entry) => {
          const info = fileInfo(folder, entry.name);
          return info ? [{ name: entry.name, ...info }] : [];
        }),
  );

  const nameParams = { type: 'object', required: ['name'], properties: { name: { type: 'string', pattern: FILE_NAME_PATTERN } } } as const;
  const notFound = (name: string): { error: string } => ({ error: `no recording '${name}' (GET /api/recordings lists them)` });
  const readOptions: ReplayReadOptions = { decompressHandlers: options.decompressHandlers };
  const reads = options.reads ?? recordingReads();
  // A large recorded map is rendered there, not on the event loop (0.7 s for 2000 x 2000).
  const mapThread = ownMapThread(app);

  /**
   * What `make` makes of a recording (made once per file version and kept, KeptResults), sent
   * with `send`; a file that is not a readable recording is a 422 naming why, and a read over the
   * budget of reads at once a 503.
   */
  async function fromRecording(
    what: string,
    name: string,
    reply: FastifyReply,
    make: (readable: McapTypes.IReadable) => Promise<Uint8Array>,
    send: (value: Uint8Array) => FastifyReply | Promise<FastifyReply>,
  ): Promise<FastifyReply> {
    const info = isPlainName(name) && name.endsWith(RECORDING_EXTENSION) ? fileInfo(folder, name) : null;
    if (info === null) return reply.code(404).send(notFound(name));
    const path = join(folder, name);
    const result = reads.get(`${what}\0${name}\0${info.bytes}\0${info.modifiedMs}`, () => withRecordingFile(path, make));
    if (result === null) {
      const max = reads.maxMakes;
      return reply
        .code(503)
        .send({ error: `${max} recordings are being read already (the recordings routes read at most ${max} at once): try again in a moment` });
    }
    let value: Uint8Array;
    try {
      value = await result;
    } catch (error) {
      if (errorCode(error) !== 'SG_RECORDING_FORMAT') throw error;
      return reply.code(422).send({ error: (error as Error).message.replace(path, name) });
    }
    return send(value);
  }

  const busy = {
    description: `${overLargeResponseBudgetSchema.description}; or ${MAX_RECORDING_READS} recordings are being read already (KeptResults)`,
    ...errorSchema,
  };
  const unreadable = { description: 'not a readable recording (not MCAP, truncated or corrupt, or without the channels a replay needs)', ...errorSchema };

  app.get<{ Params: { name: string } }>(
    '/api/recordings/:name/replay',
    {
      schema: {
        tags,
        summary: 'A recording as a replay track: live-stream messages (meta, roster, full frames, explored), each after its u32 length',
        params: nameParams,
        response: {
          200: {
            description: 'the track (@swarmgate/protocols/live decodeLiveTrack)',
            content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
          },
          400: errorSchema,
          404: errorSchema,
          422: unreadable,
          503: busy,
        },
      },
    },
    (request, reply) =>
      fromRecording(
        'replay',
        request.params.name,
        reply,
        (readable) => readReplayTrack(readable, request.params.name, readOptions),
        (track) => sendBinary(request, reply, track, 'no-cache'),
      ),
  );

  app.get<{ Params: { name: string } }>(
    '/api/recordings/:name/map.png',
    {
      schema: {
        tags,
        summary: "A recording's ground-truth map as a PNG (the replay's map image)",
        params: nameParams,
        response: {
          200: { description: 'PNG image', content: { 'image/png': { schema: { type: 'string', format: 'binary' } } } },
          400: errorSchema,
          404: errorSchema,
          422: unreadable,
          503: busy,
        },
      },
    },
    (request, reply) =>
      fromRecording(
        'map.png',
        request.params.name,
        reply,
        async (readable) => mapThread.render(await readRecordedMap(readable, request.params.name, readOptions)),
        (png) => reply.type('image/png').header('cache-control', 'no-cache').send(png),
      ),
  );

  app.get<{ Params: { name: string } }>(
    '/api/recordings/:name',
    {
      schema: {
        tags,
        summary: 'Download one recording',
        params: nameParams,
        response: {
          200: { description: 'the MCAP file', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } },
          404: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      const info = isPlainName(name) && name.endsWith(RECORDING_EXTENSION) ? fileInfo(folder, name) : null;
      if (!info) return reply.code(404).send(notFound(name));
      return reply
        .type('application/octet-stream')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('content-length', info.bytes)
        .send(createReadStream(join(folder, name)));
    },
  );
}
