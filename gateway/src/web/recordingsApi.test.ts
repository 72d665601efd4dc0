import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { PNG } from 'pngjs';
import { loadMap } from '@swarmgate/maps';
import { decodeLiveTrack } from '@swarmgate/protocols/live';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORDED_MAP, recordTestTrial } from '../record/testing/recordTestTrial.js';
import { recordingsApi } from './recordingsApi.js';

const folder = mkdtempSync(join(tmpdir(), 'swarmgate-recordings-api-'));
let app: FastifyInstance;

beforeAll(async () => {
  const { bytes: good } = await recordTestTrial(join(folder, 'good.mcap'), { robots: 2, seed: 3, maxTicks: 12 });
  writeFileSync(join(folder, 'cut.mcap'), good.subarray(0, good.length - 200));
  writeFileSync(join(folder, 'junk.mcap'), 'not really MCAP');
  writeFileSync(join(folder, 'notes.txt'), 'a file of the folder, not a recording');
  app = Fastify();
  await app.register(recordingsApi, { folder });
}, 60_000);

afterAll(async () => {
  await app?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('recordingsApi: replay', () => {
  it('serves a recording as a live-stream track: its map frame, roster and one frame per tick', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/recordings/good.mcap/replay' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/octet-stream');
    const messages = decodeLiveTrack(new Uint8Array(response.rawPayload));
    const grid = loadMap(RECORDED_MAP);
    expect(messages[0]).toMatchObject({ kind: 'meta', meta: { width: grid.width, height: grid.height } });
    expect(messages[1]).toMatchObject({ kind: 'roster', robots: [{ id: 'r0' }, { id: 'r1' }] });
    expect(messages.filter((m) => m.kind === 'frame')).toHaveLength(12);
  });

  it("serves a recording's ground truth as a PNG of the map's proportions", async () => {
    const response = await app.inject({ method: 'GET', url: '/api/recordings/good.mcap/map.png' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    const png = PNG.sync.read(response.rawPayload);
    const grid = loadMap(RECORDED_MAP);
    expect(png.width * grid.height).toBe(png.height * grid.width);
  });

  it('answers a name that is not a plain file name with a 400 naming the parameter', async () => {
    for (const name of ['..%2F..%2Fetc%2Fpasswd', '%2Fetc%2Fpasswd.mcap', '.hidden.mcap', 'a%20b.mcap']) {
      for (const route of ['replay', 'map.png']) {
        const response = await app.inject({ method: 'GET', url: `/api/recordings/${name}/${route}` });
        expect(response.statusCode, `${name}/${route}`).toBe(400);
        expect(response.json().message, name).toMatch(/params\/name must match pattern/);
      }
    }
  });

  it('answers a name of no recording of the folder with a 404 naming it', async () => {
    for (const name of ['missing.mcap', 'notes.txt', 'a..mcap']) {
      for (const route of ['replay', 'map.png']) {
        const response = await app.inject({ method: 'GET', url: `/api/recordings/${name}/${route}` });
        expect(response.statusCode, `${name}/${route}`).toBe(404);
        expect(response.json().error).toBe(`no recording '${name}' (GET /api/recordings lists them)`);
      }
    }
  });

  it('answers a file that is not a readable recording with a 422 naming it and the problem, and goes on serving', async () => {
    for (const name of ['junk.mcap', 'cut.mcap']) {
      for (const route of ['replay', 'map.png']) {
        const response = await app.inject({ method: 'GET', url: `/api/recordings/${name}/${route}` });
        expect(response.statusCode, `${name}/${route}`).toBe(422);
        const { error } = response.json() as { error: string };
        expect(error).toMatch(new RegExp(`^SG_RECORDING_FORMAT: ${name.replace('.', '\\.')} is not a readable MCAP recording`));
        // The folder's path stays on the server.
        expect(error).not.toContain(folder);
      }
    }
    expect((await app.inject({ method: 'GET', url: '/api/recordings/good.mcap/replay' })).statusCode).toBe(200);
  });
});
