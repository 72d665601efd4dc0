/**
 * The maps resource of the HTTP API: the bundled maps and those uploaded to the maps folder.
 *
 *   GET  /api/maps                     [{name, source, doc, map}]: `map` is the value a trial
 *                                      configuration takes (POST /api/trial)
 *   POST /api/maps                     {"name", "format": "pgm"|"png", "dataBase64"}: an image
 *                                      map (MAES's rule: a sample < 125 is a wall; 1 m per pixel),
 *                                      checked against the cell budget from its header before
 *                                      any pixel is decoded, then decoded in full, then kept
 *   GET  /api/maps/{name}/preview.png  the map rendered as the page draws it
 *
 * An upload is JSON like every mutating request (the HTTP guard refuses any other body type),
 * so the image travels as base64. Decoding an upload and rendering a preview run on a map thread
 * (mapThread.ts: about a second each on a 2000 x 2000 image, which the event loop no longer
 * waits for); previews are made once and kept (MAP_PREVIEW_CACHE_BYTES), 2 made at once, a 503
 * past it.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { BUNDLED_MAPS, DEFAULT_MAX_FILE_CELLS, findBundledMap } from '@swarmgate/maps';
import { errorCode } from '@swarmgate/protocols';
import { bodyErrorFormatter, errorSchema } from './apiSchemas.js';
import { overLargeResponseBudgetSchema } from './largeResponseBudget.js';
import { listFolder } from './apiFiles.js';
import { KeptResults } from './keptResults.js';
import { ownMapThread } from './mapThread.js';

export interface MapsApiOptions {
  readonly folder: string;
  /** Most cells an uploaded map may declare (default DEFAULT_MAX_FILE_CELLS, as `--max-cells`). */
  readonly maxCells?: number;
}

/** How a trial configuration names an uploaded map: `upload:<name>`. */
export const UPLOADED_MAP_PREFIX = 'upload:';

const MAP_NAME_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$';
const MAP_NAME = new RegExp(MAP_NAME_PATTERN);
const UPLOAD_FORMATS = ['pgm', 'png'] as const;
type UploadFormat = (typeof UPLOAD_FORMATS)[number];

/** Previews made at once; one more is a 503 (each is up to a second of the map thread's work). */
export const MAX_PREVIEWS_MADE = 2;
/** Previews kept: a 2000 x 2000 cave's is about 1.2 MB, a bundled map's under 1 KB. */
export const MAP_PREVIEW_CACHE_BYTES = 16 * 1024 * 1024;

/** Base64 of the largest image accepted: a 4-million-cell P5 PGM is about 4 MB, 5.4 MB as base64. */
const UPLOAD_BODY_LIMIT = 8 * 1024 * 1024;

/** The file of the uploaded map `name` in `folder`, or null when there is none (or the name is not one). */
export function uploadedMapFile(folder: string, name: string): string | null {
  if (!MAP_NAME.test(name)) return null;
  for (const format of UPLOAD_FORMATS) {
    const file = join(folder, `${name}.${format}`);
    if (existsSync(file)) return file;
  }
  return null;
}

interface UploadBody {
  name: string;
  format: UploadFormat;
  dataBase64: string;
}

export async function mapsApi(app: FastifyInstance, options: MapsApiOptions): Promise<void> {
  const { folder } = options;
  const maxCells = options.maxCells ?? DEFAULT_MAX_FILE_CELLS;
  const tags = ['maps'];
  const mapThread = ownMapThread(app);

  const uploaded = (): string[] =>
    listFolder(folder).flatMap((entry) => {
      const match = /^([A-Za-z0-9][A-Za-z0-9_-]{0,63})\.(pgm|png)$/.exec(entry.name);
      return entry.isFile() && match ? [match[1]] : [];
    });

  app.get(
    '/api/maps',
    {
      schema: {
        tags,
        summary: 'Bundled and uploaded maps',
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              required: ['name', 'source', 'map'],
              properties: {
                name: { type: 'string' },
                source: { type: 'string', enum: ['bundled', 'uploaded'] },
                doc: { type: 'string' },
                map: { type: 'string', description: "the value of a trial configuration's map" },
              },
            },
          },
        },
      },
    },
    async () => [
      ...BUNDLED_MAPS.map((m) => ({ name: m.name, source: 'bundled', doc: m.doc, map: m.name })),
      ...uploaded().map((name) => ({ name, source: 'uploaded', doc: 'uploaded image map, 1 m per pixel', map: UPLOADED_MAP_PREFIX + name })),
    ],
  );

  app.post<{ Body: UploadBody }>(
    '/api/maps',
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Upload an image map (PGM or PNG, base64), checked against the cell budget',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['name', 'format', 'dataBase64'],
          properties: {
            name: { type: 'string', pattern: MAP_NAME_PATTERN, description: 'letters, digits, _ and -; not a bundled map name' },
            format: { type: 'string', enum: [...UPLOAD_FORMATS] },
            dataBase64: { type: 'string', minLength: 1, pattern: '^[A-Za-z0-9+/]*={0,2}$' },
          },
        },
        response: {
          201: {
            type: 'object',
            properties: { name: { type: 'string' }, map: { type: 'string' }, width: { type: 'integer' }, height: { type: 'integer' } },
          },
          400: errorSchema,
          409: errorSchema,
        },
      },
      schemaErrorFormatter: bodyErrorFormatter(''),
    },
    async (request, reply) => {
      const { name, format, dataBase64 } = request.body;
      if (findBundledMap(name) || uploadedMapFile(folder, name)) {
        return reply.code(409).send({ error: `body/name: a map named '${name}' exists already` });
      }
      const bytes = Buffer.from(dataBase64, 'base64');
      let size: { width: number; height: number };
      try {
        // The header's size against the budget first, then every pixel: a bad file is refused here, not at trial start.
        size = await mapThread.imageSize(bytes, `${name}.${format}`, maxCells);
      } catch (error) {
        if (errorCode(error) === 'SG_MAP_THREAD') throw error;
        return reply.code(400).send({ error: `body/dataBase64: ${(error as Error).message}` });
      }
      mkdirSync(folder, { recursive: true });
      try {
        writeFileSync(join(folder, `${name}.${format}`), bytes, { flag: 'wx' });
      } catch (error) {
        // Another upload of the name was decoded beside this one and written first.
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        return reply.code(409).send({ error: `body/name: a map named '${name}' exists already` });
      }
      return reply.code(201).send({ name, map: UPLOADED_MAP_PREFIX + name, width: size.width, height: size.height });
    },
  );

  // Bundled maps never change and an upload is never replaced: a preview is made once per name.
  const previews = new KeptResults(MAX_PREVIEWS_MADE, MAP_PREVIEW_CACHE_BYTES);
  app.get<{ Params: { name: string } }>(
    '/api/maps/:name/preview.png',
    {
      schema: {
        tags,
        summary: 'A map rendered as a PNG',
        params: { type: 'object', required: ['name'], properties: { name: { type: 'string', pattern: MAP_NAME_PATTERN } } },
        response: {
          200: { description: 'PNG image', content: { 'image/png': { schema: { type: 'string', format: 'binary' } } } },
          404: errorSchema,
          422: { description: 'a file in the maps folder that is not a readable map', ...errorSchema },
          503: {
            ...overLargeResponseBudgetSchema,
            description: `${overLargeResponseBudgetSchema.description}; or ${MAX_PREVIEWS_MADE} previews are being made already`,
          },
        },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      const file = uploadedMapFile(folder, name);
      if (!findBundledMap(name) && file === null) return reply.code(404).send({ error: `no map '${name}' (GET /api/maps lists them)` });
      const made = previews.get(name, async () => {
        const png = await mapThread.preview(name, file, maxCells);
        if (png === null) throw new Error('it is no longer in the maps folder');
        return png;
      });
      if (made === null) {
        return reply.code(503).send({ error: `${MAX_PREVIEWS_MADE} map previews are being made already: try again in a moment` });
      }
      let png: Uint8Array;
      try {
        png = await made;
      } catch (error) {
        if (errorCode(error) === 'SG_MAP_THREAD') throw error;
        // A file put in the maps folder by hand is not checked as an upload is.
        return reply.code(422).send({ error: `map '${name}' cannot be drawn: ${(error as Error).message}` });
      }
      return reply.type('image/png').send(Buffer.from(png.buffer, png.byteOffset, png.byteLength));
    },
  );
}
