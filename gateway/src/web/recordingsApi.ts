/**
 * The recordings resource of the HTTP API: the MCAP files in the recordings folder.
 *
 *   GET /api/recordings         [{name, bytes, modifiedMs}], newest last by name
 *   GET /api/recordings/{name}  the file, as a download
 */
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { errorSchema } from './apiSchemas.js';
import { FILE_NAME_PATTERN, fileInfo, isPlainName, listFolder } from './apiFiles.js';

export interface RecordingsApiOptions {
  readonly folder: string;
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

  app.get<{ Params: { name: string } }>(
    '/api/recordings/:name',
    {
      schema: {
        tags,
        summary: 'Download one recording',
        params: { type: 'object', required: ['name'], properties: { name: { type: 'string', pattern: FILE_NAME_PATTERN } } },
        response: {
          200: { description: 'the MCAP file', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } },
          404: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      const info = isPlainName(name) && name.endsWith(RECORDING_EXTENSION) ? fileInfo(folder, name) : null;
      if (!info) return reply.code(404).send({ error: `no recording '${name}' (GET /api/recordings lists them)` });
      return reply
        .type('application/octet-stream')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('content-length', info.bytes)
        .send(createReadStream(join(folder, name)));
    },
  );
}
