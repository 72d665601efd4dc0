import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { PNG } from 'pngjs';
import { loadMap } from '@swarmgate/maps';
import { decodeLiveTrack } from '@swarmgate/protocols/live';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decompressHandlers } from '../record/compression.js';
import { RECORDED_MAP, recordTestTrial } from '../record/testing/recordTestTrial.js';
import { recordTrial } from '../record/recordTrial.js';
import { Trial } from '../sim/Trial.js';
import { borderedRoom } from '../sim/testing/testGrids.js';
import { recordingReads, recordingsApi } from './recordingsApi.js';
import { longestStallDuring } from './testing/eventLoopStall.js';

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

describe('recordingsApi: many clients asking at once', () => {
  it('reads a recording once for every client asking for its replay or map at once, and refuses a read past the budget with a 503 naming it', async () => {
    copyFileSync(join(folder, 'good.mcap'), join(folder, 'twin-a.mcap'));
    copyFileSync(join(folder, 'good.mcap'), join(folder, 'twin-b.mcap'));
    copyFileSync(join(folder, 'good.mcap'), join(folder, 'twin-c.mcap'));
    // Chunks decompressed: the measure of the work done reading recordings.
    let chunks = 0;
    const counting = { zstd: (buffer: Uint8Array, size: bigint) => (chunks++, decompressHandlers.zstd(buffer, size)) };
    const server = Fastify();
    await server.register(recordingsApi, { folder, decompressHandlers: counting, reads: recordingReads(2) });
    try {
      const one = await server.inject({ method: 'GET', url: '/api/recordings/good.mcap/map.png' });
      expect(one.statusCode).toBe(200);
      const perRead = chunks;
      expect(perRead).toBeGreaterThan(0);
      // Before, each of these read the file and rendered its map again (a second of the event loop's time each on a large map).
      const again = await Promise.all(Array.from({ length: 20 }, () => server.inject({ method: 'GET', url: '/api/recordings/good.mcap/map.png' })));
      expect(again.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
      expect(again.every((r) => r.rawPayload.equals(one.rawPayload))).toBe(true);
      expect(chunks).toBe(perRead);
      const replays = await Promise.all(Array.from({ length: 20 }, () => server.inject({ method: 'GET', url: '/api/recordings/good.mcap/replay' })));
      expect(replays.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
      expect(replays.every((r) => r.rawPayload.equals(replays[0].rawPayload))).toBe(true);
      const afterReplays = chunks;
      // Three files never read, at once: two are read, the third is refused, not queued.
      const distinct = await Promise.all(
        ['twin-a', 'twin-b', 'twin-c'].map((name) => server.inject({ method: 'GET', url: `/api/recordings/${name}.mcap/replay` })),
      );
      expect(distinct.map((r) => r.statusCode).sort()).toEqual([200, 200, 503]);
      expect(distinct.find((r) => r.statusCode === 503)!.json().error).toMatch(
        /^2 recordings are being read already \(the recordings routes read at most 2 at once\)/,
      );
      expect(chunks).toBeGreaterThan(afterReplays);
      // Once they are done, the refused one is served.
      expect((await server.inject({ method: 'GET', url: '/api/recordings/twin-c.mcap/replay' })).statusCode).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('recordingsApi: a large recorded map', () => {
  it("renders a 2000 x 2000 recording's map.png on the map thread: the event loop turns while it is drawn", async () => {
    const large = borderedRoom(2000);
    const trial = new Trial({
      grid: large,
      robots: 1,
      algorithm: 'random',
      comm: 'global',
      spawn: { kind: 'together' },
      seed: 1,
      targetExplored: 1,
      maxTicks: 2,
    });
    await recordTrial(trial, join(folder, 'large.mcap'), { map: 'room:2000x2000' });
    const {
      result: response,
      tookMs,
      longestStallMs,
    } = await longestStallDuring(() => app.inject({ method: 'GET', url: '/api/recordings/large.mcap/map.png' }));
    expect(response.statusCode).toBe(200);
    const png = PNG.sync.read(response.rawPayload);
    expect([png.width, png.height]).toEqual([2000, 2000]);
    // Before, the event loop waited the whole rendering (renderPng: about 0.6 s here, any client, no
    // token); now its longest wait is a small part of the request.
    expect(longestStallMs).toBeLessThan(tookMs / 2);
  }, 60_000);
});
