/**
 * The HTTP API's OpenAPI document (GET /docs/json) validates as OpenAPI 3, and every route in it
 * answers as documented: a status the document lists for it, with a body its schema accepts.
 * The walk covers every path and method the document holds, against a real LiveService.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeMapImage, loadMap } from '@swarmgate/maps';
import { MemoryLogger } from '../hil/Logger.js';
import { borderedRoom } from '../sim/testing/testGrids.js';
import { DEFAULT_TWIN_OPTIONS, LiveTrial } from './LiveTrial.js';
import { LiveService } from './LiveService.js';
import { createTrialHttpServer } from './trialHttpApi.js';
import { experimentsApi } from './experimentsApi.js';
import { mapsApi } from '../web/mapsApi.js';
import { recordingsApi } from '../web/recordingsApi.js';
import { webUi } from '../web/webUi.js';
import { RecordingSwitch } from './RecordingSwitch.js';
import { testTrialConfig } from './testing/testTrialConfig.js';
import { TrialRequestError, type LiveTrialConfig } from './TrialSlot.js';

interface Operation {
  readonly requestBody?: unknown;
  readonly responses: Record<string, { content?: Record<string, { schema?: object }> }>;
}
type OpenApiDocument = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** The live tests' small trial, running until stopped. */
const trialOf = (grid: LiveTrialConfig['grid'], robots: number): LiveTrialConfig => ({ ...testTrialConfig(grid, robots), maxTicks: Number.POSITIVE_INFINITY });

/** What the walk fills a path parameter with, by path. */
function fillPath(path: string): string {
  const name = path.startsWith('/api/maps') ? 'blank' : path.startsWith('/api/recordings') ? 'trial-1.mcap' : 'exp-1';
  return path.replace('{id}', 'r0').replace('{name}', name);
}

/** A body the route accepts, where it takes one (the walk also sends every route a body it must refuse). */
const GOOD_BODIES: Record<string, unknown> = {
  'POST /api/trial': { map: 'blank', robots: 2 },
  'POST /api/trial/speed': { speed: 2 },
  'POST /api/trial/recording/start': { name: 'walked.mcap' },
  'POST /api/estop': { robotId: 'r0' },
  'POST /api/estop/release': { all: true },
  'POST /api/maps': { name: 'uploaded-room', format: 'pgm', dataBase64: encodeMapImage(borderedRoom(12), 'pgm').toString('base64') },
};

describe('the OpenAPI document and the routes it lists', () => {
  let service: LiveService;
  let base: string;
  let folder: string;
  let document: OpenApiDocument;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'swarmgate-api-'));
    mkdirSync(join(folder, 'recordings'));
    writeFileSync(join(folder, 'recordings', 'trial-1.mcap'), Buffer.from('not really MCAP'));
    mkdirSync(join(folder, 'experiments', 'exp-1'), { recursive: true });
    // No complete run line: its report cannot be written (422), and it has none yet (404).
    writeFileSync(join(folder, 'experiments', 'exp-1', 'results.jsonl'), '');
    service = await LiveService.start({
      trial: trialOf(borderedRoom(20), 3),
      trialFactory: {
        options: ['map', 'robots'],
        async build(request) {
          const robots = Number(request.robots ?? 1);
          if (!Number.isInteger(robots) || robots < 1) throw new TrialRequestError(`--robots must be a whole number >= 1, got '${request.robots}'`);
          return trialOf(loadMap(String(request.map)), robots);
        },
      },
      folders: { maps: join(folder, 'maps'), recordings: join(folder, 'recordings'), experiments: join(folder, 'experiments') },
      mqttPort: 0,
      fleet: null,
      fleetName: 'lab',
      keepaliveMs: 1000,
      twins: { poseSource: 'odometry', transform: { scale: 25, rotationRad: 0, offsetXM: 0, offsetYM: 0 } },
      httpPort: 0,
      realtime: true,
      logger: new MemoryLogger(),
    });
    base = `http://127.0.0.1:${service.httpPort}`;
    document = (await (await fetch(`${base}/docs/json`)).json()) as OpenApiDocument;
  }, 30_000);

  afterAll(async () => {
    await service?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('validates as an OpenAPI 3 document and lists every resource', async () => {
    const result = await new Validator().validate(document as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toMatch(/^3\./);
    const paths = Object.keys(document.paths);
    for (const path of [
      '/api/trial',
      '/api/trial/start',
      '/api/trial/pause',
      '/api/trial/step',
      '/api/trial/speed',
      '/api/trial/stop',
      '/api/trial/recording',
      '/api/trial/recording/start',
      '/api/trial/recording/stop',
      '/api/robots',
      '/api/robots/{id}',
      '/api/estop',
      '/api/estop/release',
      '/api/maps',
      '/api/maps/{name}/preview.png',
      '/api/recordings',
      '/api/recordings/{name}',
      '/api/recordings/{name}/replay',
      '/api/recordings/{name}/map.png',
      '/api/experiments',
      '/api/experiments/{name}/report',
      '/api/live',
    ]) {
      expect(paths).toContain(path);
    }
    // The page's own files are not API.
    expect(paths.some((p) => p.startsWith('/static'))).toBe(false);
  });

  it('serves Swagger UI at /docs from its own assets', async () => {
    const page = await fetch(`${base}/docs/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('swagger-ui');
    // Every script and style sheet it loads is relative: nothing from a CDN.
    for (const [, src] of html.matchAll(/(?:src|href)="([^"]+)"/g)) expect(src).not.toMatch(/^(https?:)?\/\//);
  });

  it('answers every route with a documented status and a body its schema accepts', async () => {
    const ajv = new Ajv({ strict: false });
    let checked = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const key = `${method.toUpperCase()} ${path}`;
        const bodies: (unknown | undefined)[] = operation.requestBody ? [{ unknownField: 1 }, GOOD_BODIES[key]] : [undefined];
        for (const body of bodies) {
          const abort = new AbortController();
          const response = await fetch(base + fillPath(path), {
            method: method.toUpperCase(),
            headers: body === undefined ? {} : { 'content-type': 'application/json' },
            body: body === undefined ? undefined : JSON.stringify(body),
            signal: abort.signal,
          });
          const documented = operation.responses[String(response.status)];
          expect(documented, `${key} answered ${response.status}, which the document does not list`).toBeDefined();
          const type = (response.headers.get('content-type') ?? '').split(';')[0];
          const content = documented.content ?? {};
          expect(Object.keys(content), `${key} ${response.status} sent ${type}`).toContain(type);
          const schema = content[type]?.schema;
          if (type === 'application/json' && schema) {
            const json: unknown = await response.json();
            const validate = ajv.compile(schema);
            expect(validate(json), `${key} ${response.status}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(json).slice(0, 300)}`).toBe(true);
          } else {
            // A stream (the live events) never ends by itself: its head is what is checked.
            abort.abort();
          }
          if (body !== undefined && body === bodies[0]) expect(response.status, `${key} took an unknown field`).toBe(400);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(25);
  });
});

describe('the token on every mutating route the document lists', () => {
  it('refuses each POST without the bearer token (401) and lets it through with it', async () => {
    const live = new LiveTrial({ trial: trialOf(borderedRoom(12), 2), hil: null, twins: DEFAULT_TWIN_OPTIONS, logger: new MemoryLogger() });
    const folder = mkdtempSync(join(tmpdir(), 'swarmgate-token-'));
    const recording = new RecordingSwitch({ folder, live: () => live });
    const app = await createTrialHttpServer({ trials: { live, recording }, hil: null, access: { token: 'sesame-sesame-sesame', hosts: null } });
    try {
      await app.register(mapsApi, { folder });
      await app.register(recordingsApi, { folder });
      await app.register(experimentsApi, { folder });
      await app.register(webUi, { live: () => live, hil: null });
      const paths = (await app.inject({ method: 'GET', url: '/docs/json' })).json().paths as OpenApiDocument['paths'];
      const posts = Object.entries(paths).flatMap(([path, operations]) => (operations.post ? [fillPath(path)] : []));
      expect(posts.length).toBeGreaterThanOrEqual(9);
      for (const url of posts) {
        const headers = { 'content-type': 'application/json' };
        const refused = await app.inject({ method: 'POST', url, headers, payload: '{}' });
        expect(refused.statusCode, url).toBe(401);
        const wrong = await app.inject({ method: 'POST', url, headers: { ...headers, authorization: 'Bearer nope' }, payload: '{}' });
        expect(wrong.statusCode, url).toBe(401);
        const allowed = await app.inject({ method: 'POST', url, headers: { ...headers, authorization: 'Bearer sesame-sesame-sesame' }, payload: '{}' });
        expect(allowed.statusCode, url).not.toBe(401);
      }
    } finally {
      await recording.stop();
      live.stop();
      await app.close();
      rmSync(folder, { recursive: true, force: true });
    }
  }, 30_000);
});
