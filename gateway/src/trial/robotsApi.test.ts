/**
 * GET /api/robots, /api/robots/{id} and its /slam: the rows, one robot's SLAM map, and one robot's detail with its Error reports
 * (from a link's robotError events) and its State decoded from the wire message.
 */
import { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock, swarmgate, type ErrorMessage } from '@swarmgate/protocols';
import { MemoryLogger } from '../hil/Logger.js';
import { borderedRoom } from '../sim/testing/testGrids.js';
import { DEFAULT_TWIN_OPTIONS, LiveTrial } from './LiveTrial.js';
import { createTrialHttpServer } from './trialHttpApi.js';
import { testTrialConfig } from './testing/testTrialConfig.js';

let live: LiveTrial;
let app: FastifyInstance;
const link = new EventEmitter<{ robotError: [robotId: string, error: ErrorMessage] }>();
const clock = new ManualClock(5000);

beforeEach(async () => {
  const trial = { ...testTrialConfig(borderedRoom(16), 2), seed: 4, maxTicks: Infinity };
  live = new LiveTrial({ trial, hil: null, twins: DEFAULT_TWIN_OPTIONS, uplinks: [link], clock, logger: new MemoryLogger() });
  app = await createTrialHttpServer({ trials: { live }, hil: null });
});

afterEach(async () => {
  live.stop();
  await app.close();
});

describe('robots API', () => {
  it("lists every robot with its status, and shows one robot's decoded State", async () => {
    for (let i = 0; i < 3; i++) live.world.step();
    const rows = (await app.inject({ method: 'GET', url: '/api/robots' })).json() as { id: string; status: string; idConflict: boolean }[];
    expect(rows.map((r) => r.id)).toEqual(['r0', 'r1']);
    expect(rows[0].idConflict).toBe(false);
    const reply = await app.inject({ method: 'GET', url: '/api/robots/r1' });
    expect(reply.statusCode).toBe(200);
    const { robot, errors, state } = reply.json() as {
      robot: { id: string; pose: { xM: number } };
      errors: unknown;
      state: { tick: number; status: string; pose: { xM: number }; scan: { rangesM: number[] } };
    };
    const sensed = live.world.robot('r1').state();
    expect(robot.id).toBe('r1');
    expect(errors).toBeNull();
    expect(state.tick).toBe(sensed.tick);
    expect(state.status).toBe(`ROBOT_STATUS_${sensed.status.toUpperCase()}`);
    expect(state.pose.xM).toBeCloseTo(sensed.pose.xM, 5);
    // Every lidar range, as float32 on the wire.
    expect(state.scan.rangesM).toEqual(Array.from(sensed.scan!.rangesM, (r) => Math.fround(r)));
  });

  it('counts the Error messages a robot reported and shows the last one', async () => {
    const error = (message: string): ErrorMessage => ({ code: swarmgate.v1.ErrorCode.ERROR_CODE_OUT_OF_RANGE, message, commandId: 0, refSeq: 0 });
    link.emit('robotError', 'r0', error('wheel stalled'));
    clock.advance(250);
    link.emit('robotError', 'r0', error('battery low'));
    const { errors } = (await app.inject({ method: 'GET', url: '/api/robots/r0' })).json() as { errors: { count: number; last: object } };
    expect(errors).toEqual({ count: 2, last: { code: 'ERROR_CODE_OUT_OF_RANGE', message: 'battery low', atMs: 5250 } });
    expect(live.status().faults.robotError).toBe(2);
  });

  it("serves a robot's own SLAM map: its size, then its cells as they are", async () => {
    for (let i = 0; i < 3; i++) live.world.step();
    const reply = await app.inject({ method: 'GET', url: '/api/robots/r1/slam' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('application/octet-stream');
    const map = live.world.sensing.slamMaps[live.world.slotOf('r1')]!;
    const body = reply.rawPayload;
    expect([body.readUInt32LE(0), body.readUInt32LE(4)]).toEqual([map.width, map.height]);
    expect(body.subarray(8)).toEqual(Buffer.from(map.cells));
    // The robot has scanned: some cells are known.
    expect(body.subarray(8).some((c) => c !== 0)).toBe(true);
    expect((await app.inject({ method: 'GET', url: '/api/robots/r9/slam' })).json().error).toMatch(/no SLAM map for robot r9/);
  });

  it("serves the SLAM map's changes since the version a client holds, which bring it to the map as it is", async () => {
    // The page's own decoder, loaded as the browser does (plain JS).
    const pageModule = '../web/static/slamCells.js';
    const page = (await import(pageModule)) as {
      decodeSlamCells: (buffer: ArrayBuffer) => { cells: Uint8Array };
      decodeSlamChanges: (buffer: ArrayBuffer) => { runs: { first: number; cells: Uint8Array }[] };
    };
    const asArrayBuffer = (b: Buffer): ArrayBuffer => new Uint8Array(b).buffer;
    const map = live.world.sensing.slamMaps[live.world.slotOf('r0')]!;
    const first = await app.inject({ method: 'GET', url: '/api/robots/r0/slam' });
    expect(first.headers['x-slam-base']).toBeUndefined();
    let held: Uint8Array = page.decodeSlamCells(asArrayBuffer(first.rawPayload)).cells.slice();
    let version = String(first.headers['x-slam-version']);
    let changedBodies = 0;
    for (let second = 0; second < 8; second++) {
      for (let i = 0; i < 10; i++) live.world.step();
      const reply = await app.inject({ method: 'GET', url: `/api/robots/r0/slam?since=${version}` });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['x-slam-base']).toBe(version);
      expect(reply.rawPayload.length).toBeLessThan(8 + map.cells.length);
      const { runs } = page.decodeSlamChanges(asArrayBuffer(reply.rawPayload));
      if (runs.length > 0) changedBodies++;
      for (const run of runs) held.set(run.cells, run.first);
      expect(Buffer.from(held).equals(Buffer.from(map.cells))).toBe(true);
      version = String(reply.headers['x-slam-version']);
    }
    expect(changedBodies).toBeGreaterThan(0);
    // Nothing changed since: a body of no runs.
    const same = await app.inject({ method: 'GET', url: `/api/robots/r0/slam?since=${version}` });
    expect(same.rawPayload.length).toBe(8);
    // A version never sent, or another robot's, is answered with the whole map.
    const unknown = await app.inject({ method: 'GET', url: '/api/robots/r0/slam?since=999.1' });
    expect(unknown.headers['x-slam-base']).toBeUndefined();
    held = page.decodeSlamCells(asArrayBuffer(unknown.rawPayload)).cells;
    expect(Buffer.from(held).equals(Buffer.from(map.cells))).toBe(true);
    const other = await app.inject({ method: 'GET', url: `/api/robots/r1/slam?since=${version}` });
    expect(other.headers['x-slam-base']).toBe(version);
    const otherMap = live.world.sensing.slamMaps[live.world.slotOf('r1')]!;
    held = Buffer.from(map.cells);
    for (const run of page.decodeSlamChanges(asArrayBuffer(other.rawPayload)).runs) held.set(run.cells, run.first);
    expect(Buffer.from(held).equals(Buffer.from(otherMap.cells))).toBe(true);
    for (const bad of ['x', '1', '1.2.3', `${'9'.repeat(16)}.1`, '1.-2']) {
      const reply = await app.inject({ method: 'GET', url: `/api/robots/r0/slam?since=${encodeURIComponent(bad)}` });
      expect(reply.statusCode, bad).toBe(400);
      expect(reply.json().message).toMatch(/querystring\/since/);
    }
  });

  it('answers an unknown robot with 404 and a bad id with 400', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/robots/r9' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/robots/${'x'.repeat(65)}` })).json().message).toMatch(/params\/id/);
  });
});
