/**
 * The trial controls of the HTTP API on a paced trial with a manual clock: pause stops the
 * tick counter, step advances it by exactly one, speed changes how many ticks a wall-clock
 * second holds, stop ends the trial for good; refusals are 409s saying why.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '@swarmgate/protocols';
import { MemoryLogger } from '../hil/Logger.js';
import { borderedRoom } from '../sim/testing/testGrids.js';
import { DEFAULT_TWIN_OPTIONS, LiveTrial } from './LiveTrial.js';
import { createTrialHttpServer } from './trialHttpApi.js';
import { testTrialConfig } from './testing/testTrialConfig.js';

let clock: ManualClock;
let live: LiveTrial;
let app: FastifyInstance;

beforeEach(async () => {
  clock = new ManualClock();
  const trial = { ...testTrialConfig(borderedRoom(16), 2), seed: 2, maxTicks: Infinity };
  live = new LiveTrial({ trial, hil: null, twins: DEFAULT_TWIN_OPTIONS, realtime: true, clock, logger: new MemoryLogger() });
  app = await createTrialHttpServer({ trials: { live }, hil: null });
  live.start();
});

afterEach(async () => {
  live.stop();
  await app.close();
});

const control = async (action: string, body?: object) => {
  const response = await app.inject({ method: 'POST', url: `/api/trial/${action}`, ...(body ? { payload: body } : {}) });
  return { status: response.statusCode, json: response.json() as { state?: string; tick?: number; speed?: number; error?: string; message?: string } };
};

describe('trial controls', () => {
  it('pause holds the tick, step adds exactly one, start resumes', async () => {
    clock.advance(1000);
    const running = live.world.tick;
    expect(running).toBeGreaterThanOrEqual(9);
    expect((await control('pause')).json).toMatchObject({ state: 'paused', tick: running });
    clock.advance(2000);
    expect(live.world.tick).toBe(running);
    expect((await control('step')).json).toMatchObject({ state: 'paused', tick: running + 1 });
    expect((await control('step')).json.tick).toBe(running + 2);
    expect((await control('start')).json.state).toBe('running');
    clock.advance(1000);
    expect(live.world.tick).toBeGreaterThanOrEqual(running + 11);
  });

  it('refuses a step while running (409) and a speed out of range (400 naming it)', async () => {
    const step = await control('step');
    expect(step.status).toBe(409);
    expect(step.json.error).toMatch(/running: pause it before stepping/);
    const speed = await control('speed', { speed: 1000 });
    expect(speed.status).toBe(400);
    expect(speed.json.message).toMatch(/body\/speed must be <= 100/);
  });

  it('speed sets how many ticks a wall-clock second holds', async () => {
    expect((await control('speed', { speed: 4 })).json.speed).toBe(4);
    const from = live.world.tick;
    clock.advance(1000);
    // 0.1 s ticks at 4x: 40 a second (one more may be due at the boundary).
    expect(live.world.tick - from).toBeGreaterThanOrEqual(39);
    expect(live.world.tick - from).toBeLessThanOrEqual(41);
  });

  it('stop ends the trial: no more ticks, and every control is refused', async () => {
    expect((await control('stop')).json.state).toBe('stopped');
    const tick = live.world.tick;
    clock.advance(1000);
    expect(live.world.tick).toBe(tick);
    for (const action of ['start', 'pause', 'step']) {
      const reply = await control(action);
      expect(reply.status).toBe(409);
      expect(reply.json.error).toMatch(/stopped.*create a new trial/);
    }
  });
});

describe('trial samples', () => {
  type Samples = { tickS: number; samples: { tick: number; exploredFraction: number; coveredFraction: number; messagesSent: number }[] };
  const samples = async (query: string) => (await app.inject({ method: 'GET', url: `/api/trial/samples${query}` })).json() as Samples;

  it("serves the metrics series after a tick, the trial's own samples", async () => {
    clock.advance(5000);
    const all = await samples('');
    const expected = live.trial.metrics.samples;
    expect(expected.length).toBeGreaterThanOrEqual(3);
    expect(all.samples.map((s) => s.tick)).toEqual(expected.map((s) => s.tick));
    expect(all.samples[2]).toEqual({
      tick: expected[2].tick,
      exploredFraction: expected[2].exploredFraction,
      coveredFraction: expected[2].coveredFraction,
      messagesSent: expected[2].messagesSent,
    });
    expect(all.tickS).toBeCloseTo(live.trial.simSeconds / live.world.tick, 9);
    // Only what came after the tick asked for: a poller gets the new samples alone.
    const after = expected[1].tick;
    expect((await samples(`?after=${after}`)).samples.map((s) => s.tick)).toEqual(expected.slice(2).map((s) => s.tick));
    expect((await samples(`?after=${expected[expected.length - 1].tick}`)).samples).toEqual([]);
  });

  it('refuses a tick that is not an integer, naming the parameter', async () => {
    const reply = await app.inject({ method: 'GET', url: '/api/trial/samples?after=soon' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toMatch(/querystring\/after/);
  });
});

describe('trial tags', () => {
  it('serves the tags deposited after an id, with their depositor, place and payload', async () => {
    clock.advance(200);
    live.world.robot('r1').depositTag('here');
    clock.advance(200);
    const store = live.world.comms.tags;
    expect(store.count).toBe(1);
    const reply = await app.inject({ method: 'GET', url: '/api/trial/tags' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual([
      {
        id: 0,
        robot: 'r1',
        tick: store.tickOf(0),
        xM: store.xOf(0),
        yM: store.yOf(0),
        payloadBase64: Buffer.from(store.payload(0)).toString('base64'),
      },
    ]);
    expect((await app.inject({ method: 'GET', url: '/api/trial/tags?after=0' })).json()).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/api/trial/tags?after=x' })).json().message).toMatch(/querystring\/after/);
  });
});
