/**
 * POST /api/trial and POST /api/maps against bodies of every shape (fast-check): each answers a
 * success or a 400 (409 for a taken map name) whose message names the field or option, never a
 * 5xx, and the server keeps serving. A trial body is checked by serve's own flag parsers
 * (requestTrialFactory), so its messages are the command line's.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeMapImage, loadMapFile, renderPng } from '@swarmgate/maps';
import { MemoryLogger } from '../hil/Logger.js';
import { borderedRoom } from '../sim/testing/testGrids.js';
import { DEFAULT_TWIN_OPTIONS } from '../trial/LiveTrial.js';
import { TrialSlot, type LiveTrialConfig } from '../trial/TrialSlot.js';
import { createTrialHttpServer } from '../trial/trialHttpApi.js';
import { mapsApi } from '../web/mapsApi.js';
import { trialConfigOf } from './trialFlags.js';
import { requestTrialFactory } from './trialRequest.js';

const liveConfig = (config: Pick<LiveTrialConfig, 'grid' | 'robots' | 'algorithm' | 'comm' | 'network' | 'spawn' | 'seed'>): LiveTrialConfig => ({
  ...config,
  targetExplored: 0.99,
  maxTicks: Number.POSITIVE_INFINITY,
});

let app: FastifyInstance;
let folder: string;
let slot: TrialSlot;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'swarmgate-request-'));
  slot = new TrialSlot({
    first: liveConfig({ grid: borderedRoom(12), robots: 1, algorithm: 'frontier', comm: 'global', spawn: { kind: 'together' }, seed: 0 }),
    joints: { hil: null, twins: DEFAULT_TWIN_OPTIONS, logger: new MemoryLogger() },
    factory: requestTrialFactory({
      mapsFolder: folder,
      maxCells: 10_000,
      controller: null,
      fleet: null,
      build: (flags, grid) => liveConfig(trialConfigOf(flags, grid)),
    }),
    registry: null,
    logger: new MemoryLogger(),
  });
  app = await createTrialHttpServer({ trials: slot, hil: null });
  await app.register(mapsApi, { folder, maxCells: 10_000 });
});

afterAll(async () => {
  await app?.close();
  rmSync(folder, { recursive: true, force: true });
});

const post = async (url: string, body: unknown) => {
  const response = await app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  const json = response.json() as { error?: string; message?: string };
  return { status: response.statusCode, message: json.message ?? json.error ?? '' };
};

describe('POST /api/trial: a configuration as the command line takes it', () => {
  it('builds the trial a good body describes, paused, and serves it from then on', async () => {
    const reply = await app.inject({ method: 'POST', url: '/api/trial', payload: { map: 'blank', robots: 3, seed: 4, comm: 'range:10' } });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ state: 'paused', tick: 0, virtualRobots: 3 });
    expect(slot.live.world.grid.width).toBe(50);
    expect((await app.inject({ method: 'GET', url: '/api/robots' })).json()).toHaveLength(3);
  });

  it('refuses a bad value with the flag parser message, and a server-side file or module', async () => {
    const cases: [unknown, RegExp][] = [
      [{ map: 'blank', robots: -1 }, /--robots/],
      [{ map: 'blank', comm: 'smoke-signals' }, /--comm/],
      [{ map: 'blank', algorithm: 'teleport' }, /--algorithm/],
      [{ map: 'nowhere:9x9' }, /--map/],
      [{ map: '/etc/passwd' }, /--map: '\/etc\/passwd' is a file path/],
      [{ map: 'upload:missing' }, /--map: no uploaded map/],
      [{ map: 'blank', controller: '/tmp/evil.mjs' }, /--controller: over HTTP only/],
      [{ map: 'blank', robot: 2 }, /body must NOT have additional properties: robot/],
      [{ robots: 2 }, /body must have required property 'map'/],
      [{ map: 'blank', seed: { $gt: 1 } }, /body\/seed/],
    ];
    const before = slot.live;
    for (const [body, message] of cases) {
      const reply = await post('/api/trial', body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.message).toMatch(message);
    }
    // A refused configuration leaves the running trial as it was.
    expect(slot.live).toBe(before);
  });

  it("holds a generated map to serve's cell budget, as an uploaded one, and a request cannot raise it", async () => {
    const before = slot.live;
    // Generators alone accept up to 25,000,000 cells: many GB and a minute's stall of the event loop as a trial.
    const over = await post('/api/trial', { map: 'cave:5000x5000:seed=1', robots: 1 });
    expect(over.status).toBe(400);
    expect(over.message).toMatch(/^SG_TRIAL_REQUEST: --map: cave:5000x5000:seed=1 is 5000 x 5000 = 25000000 cells, over this gateway's budget of 10000 cells/);
    const raised = await post('/api/trial', { map: 'blank', 'max-cells': 1_000_000_000 });
    expect(raised.status).toBe(400);
    expect(raised.message).toMatch(/--max-cells: .*10000.*got 1000000000/);
    expect(slot.live).toBe(before);
    expect((await post('/api/trial', { map: 'cave:100x100:seed=1', robots: 1 })).status).toBe(201);
    expect(slot.live.world.grid.width * slot.live.world.grid.height).toBeLessThanOrEqual(10_000);
  });

  it('answers any body with 201 or a 400 naming what was wrong, never a server error', async () => {
    const value = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.integer({ min: -3, max: 6 }),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.integer(), { maxLength: 2 }),
    );
    const body = fc.record(
      {
        map: fc.oneof(fc.constantFrom('blank', 'hallway', 'cave:12x12:seed=1', '../x.pgm', 'upload:', '', 'building:0x0'), fc.string({ maxLength: 20 }), value),
        robots: value,
        algorithm: fc.oneof(fc.constantFrom('frontier', 'random', 'frontier:bogus=1'), value),
        comm: fc.oneof(fc.constantFrom('global', 'range:5', 'los:-1'), value),
        seed: value,
        spawn: fc.oneof(fc.constantFrom('apart', 'at:1,1', 'at:x'), value),
        loss: value,
        nope: value,
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(body, fc.jsonValue()), async (candidate) => {
        const reply = await post('/api/trial', candidate);
        if (reply.status === 201) return;
        expect(reply.status).toBe(400);
        expect(reply.message).toMatch(/body|--[a-z-]+|unknown option/);
      }),
      { numRuns: 150 },
    );
    expect((await app.inject({ method: 'GET', url: '/api/trial' })).statusCode).toBe(200);
  }, 60_000);
});

describe('POST /api/maps: an image map within the cell budget', () => {
  const pgm = (grid = borderedRoom(12)) => encodeMapImage(grid, 'pgm').toString('base64');

  it('keeps a good map, lists it, previews it and lets a trial use it', async () => {
    expect(await post('/api/maps', { name: 'room', format: 'pgm', dataBase64: pgm() })).toMatchObject({ status: 201 });
    const list = (await app.inject({ method: 'GET', url: '/api/maps' })).json() as { name: string; map: string }[];
    expect(list).toContainEqual(expect.objectContaining({ name: 'room', map: 'upload:room' }));
    const preview = await app.inject({ method: 'GET', url: '/api/maps/room/preview.png' });
    expect(preview.statusCode).toBe(200);
    expect(preview.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect((await post('/api/trial', { map: 'upload:room', robots: 1 })).status).toBe(201);
    expect(slot.live.world.grid.width).toBe(12);
    // A taken name, bundled or uploaded, is not overwritten.
    expect((await post('/api/maps', { name: 'room', format: 'pgm', dataBase64: pgm() })).status).toBe(409);
    expect((await post('/api/maps', { name: 'blank', format: 'pgm', dataBase64: pgm() })).status).toBe(409);
  });

  it('keeps one of two uploads of a name sent at once (the other a 409), and serves its preview to every asker at once', async () => {
    const [a, b] = await Promise.all([
      post('/api/maps', { name: 'twin', format: 'pgm', dataBase64: pgm() }),
      post('/api/maps', { name: 'twin', format: 'pgm', dataBase64: pgm(borderedRoom(14)) }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const previews = await Promise.all([1, 2, 3].map(() => app.inject({ method: 'GET', url: '/api/maps/twin/preview.png' })));
    expect(previews.map((p) => p.statusCode)).toEqual([200, 200, 200]);
    expect(previews[1].rawPayload.equals(previews[0].rawPayload) && previews[2].rawPayload.equals(previews[0].rawPayload)).toBe(true);
    expect(previews[0].rawPayload.equals(renderPng(loadMapFile(join(folder, 'twin.pgm'))))).toBe(true);
  });

  it('answers a preview of a file put in the folder by hand that is not a map with a 422 naming why', async () => {
    writeFileSync(join(folder, 'by-hand.pgm'), 'P5\n4 4\n255\n');
    const reply = await app.inject({ method: 'GET', url: '/api/maps/by-hand/preview.png' });
    expect(reply.statusCode).toBe(422);
    expect(reply.json().error).toMatch(/^map 'by-hand' cannot be drawn: .*by-hand\.pgm/);
    expect((await app.inject({ method: 'GET', url: '/api/maps/nothing-here/preview.png' })).statusCode).toBe(404);
  });

  it('refuses a map over the cell budget from its header, and a body naming a path', async () => {
    const huge = Buffer.from('P5\n100000 100000\n255\n').toString('base64');
    const over = await post('/api/maps', { name: 'huge', format: 'pgm', dataBase64: huge });
    expect(over.status).toBe(400);
    expect(over.message).toMatch(/^body\/dataBase64: .*10000/);
    expect((await post('/api/maps', { name: '../escape', format: 'pgm', dataBase64: pgm() })).message).toMatch(/body\/name must match pattern/);
    expect((await post('/api/maps', { name: 'x', format: 'gif', dataBase64: pgm() })).message).toMatch(/body\/format/);
  });

  it('answers any body with 201, 409 or a 400 naming the field, never a server error', async () => {
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 64 }),
      fc.tuple(fc.constantFrom('P5', 'P2', '\x89PNG\r\n\x1a\n'), fc.string({ maxLength: 24 })).map(([magic, rest]) => Buffer.from(magic + rest, 'latin1')),
    );
    const body = fc.record(
      {
        name: fc.oneof(fc.stringMatching(/^[a-z][a-z0-9-]{0,8}$/), fc.string({ maxLength: 12 })),
        format: fc.oneof(fc.constantFrom('pgm', 'png'), fc.string({ maxLength: 4 })),
        dataBase64: fc.oneof(
          bytes.map((b) => Buffer.from(b).toString('base64')),
          fc.string({ maxLength: 20 }),
        ),
        extra: fc.jsonValue(),
      },
      { requiredKeys: ['name', 'format', 'dataBase64'] },
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(body, fc.jsonValue()), async (candidate) => {
        const reply = await post('/api/maps', candidate);
        if (reply.status === 201 || reply.status === 409) return;
        expect(reply.status).toBe(400);
        expect(reply.message).toMatch(/^body/);
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});

describe('JSON bodies with prototype-poisoning keys', () => {
  it("are refused with a 400 naming the key, as fastify's own parser refuses them; broken JSON keeps fastify's answer", async () => {
    for (const payload of ['{"__proto__":null}', '{"map":"blank","nope":{"__proto__":{"x":1}}}', '{"constructor":{"prototype":{}}}']) {
      const reply = await app.inject({ method: 'POST', url: '/api/trial', headers: { 'content-type': 'application/json' }, payload });
      expect(reply.statusCode, payload).toBe(400);
      expect(reply.json(), payload).toMatchObject({
        code: 'FST_ERR_CTP_INVALID_JSON_BODY',
        message: expect.stringMatching(/^body: a '__proto__' key.*prototype poisoning/) as string,
      });
    }
    const broken = await app.inject({ method: 'POST', url: '/api/maps', headers: { 'content-type': 'application/json' }, payload: '{"name":' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 'FST_ERR_CTP_INVALID_JSON_BODY', message: expect.stringMatching(/not valid JSON/) as string });
    // A body too large is still refused before parsing, with its own code.
    const large = await app.inject({
      method: 'POST',
      url: '/api/trial',
      headers: { 'content-type': 'application/json' },
      payload: `{"map":"${'x'.repeat(2_000_000)}"}`,
    });
    expect(large.statusCode).toBe(413);
  });
});
