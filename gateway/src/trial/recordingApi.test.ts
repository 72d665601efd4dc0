/**
 * Recording the live trial at run time over HTTP: bad bodies are 400s naming the field, the
 * state's refusals 409s, and a stopped recording (by its route, by ending the trial) is a valid
 * MCAP that @mcap/core reads with its summary, holding the ticks recorded while it ran.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { MemoryLogger } from '../hil/Logger.js';
import { bytesReadable, openRecording } from '../record/trialRecording.js';
import { borderedRoom } from '../sim/testing/testGrids.js';
import { DEFAULT_TWIN_OPTIONS, LiveTrial } from './LiveTrial.js';
import { RecordingSwitch, type RecordingStatus } from './RecordingSwitch.js';
import { TrialSlot } from './TrialSlot.js';
import { createTrialHttpServer } from './trialHttpApi.js';
import { testTrialConfig } from './testing/testTrialConfig.js';

const root = mkdtempSync(join(tmpdir(), 'swarmgate-recording-api-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let app: FastifyInstance | null = null;
let live: LiveTrial | null = null;
afterEach(async () => {
  live?.stop();
  await app?.close();
  app = null;
});

let served = 0;
/** A paused virtual trial (steps run by the test) behind the API's own server, recording into a fresh folder. */
async function serve(token: string | null = null) {
  const folder = join(root, `recordings-${served++}`);
  const trial = new LiveTrial({ trial: testTrialConfig(borderedRoom(20), 2), hil: null, twins: DEFAULT_TWIN_OPTIONS, logger: new MemoryLogger() });
  live = trial;
  const recording = new RecordingSwitch({ folder, live: () => trial, everyS: 0.5 });
  app = await createTrialHttpServer({ trials: { live: trial, recording }, hil: null, access: { token, hosts: null } });
  return { app, live: trial, folder };
}

/** What @mcap/core's indexed reader (summary, chunk indexes) finds in the file: messages per topic. */
async function readBack(path: string): Promise<{ topics: Map<string, number>; messageCount: bigint | undefined }> {
  const reader = await openRecording(bytesReadable(readFileSync(path)));
  const topics = new Map<string, number>();
  for await (const message of reader.readMessages()) {
    const topic = reader.channelsById.get(message.channelId)!.topic;
    topics.set(topic, (topics.get(topic) ?? 0) + 1);
  }
  return { topics, messageCount: reader.statistics?.messageCount };
}

describe('recording API: /api/trial/recording', () => {
  it('refuses bad bodies with 400 naming the field, and writes nothing', async () => {
    const { app, folder } = await serve();
    const cases: [unknown, RegExp][] = [
      [{ name: '../escape.mcap' }, /name must match pattern/],
      [{ name: 'sub/dir.mcap' }, /name must match pattern/],
      [{ name: 'notes.txt' }, /name must match pattern/],
      [{ name: 7 }, /name must be string/],
      [{ nmae: 'x.mcap' }, /additional properties: nmae/],
      // Past the pattern, the plain-name check: no '..' anywhere.
      [{ name: 'a..mcap' }, /name: 'a\.\.mcap' is not a plain file name/],
    ];
    for (const [payload, message] of cases) {
      const response = await app.inject({ method: 'POST', url: '/api/trial/recording/start', payload: payload as object });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const body = response.json() as { message?: string; error?: string };
      expect(body.message ?? body.error).toMatch(message);
    }
    expect(existsSync(folder)).toBe(false);
    expect((await app.inject({ method: 'GET', url: '/api/trial/recording' })).json()).toEqual({ recording: false, name: null, bytes: null, startedMs: null });
  });

  it('starts (a name of its own), refuses a second start, stops into a valid MCAP with the ticks recorded, then 409 on a second stop', async () => {
    const { app, live, folder } = await serve();
    live.step();
    // No body at all: every field is optional (the second start below sends {}).
    const started = await app.inject({ method: 'POST', url: '/api/trial/recording/start' });
    expect(started.statusCode).toBe(200);
    const status = started.json() as RecordingStatus;
    expect(status).toMatchObject({ recording: true, name: expect.stringMatching(/^trial-\d{4}-\d\d-\d\dT[\d-]+Z\.mcap$/) });
    expect(live.recording).toBe(true);
    const again = await app.inject({ method: 'POST', url: '/api/trial/recording/start', payload: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/recorded already/);
    for (let k = 0; k < 5; k++) live.step();
    expect((await app.inject({ method: 'GET', url: '/api/trial/recording' })).json()).toMatchObject({ recording: true, name: status.name });

    const stopped = await app.inject({ method: 'POST', url: '/api/trial/recording/stop' });
    expect(stopped.statusCode).toBe(200);
    const done = stopped.json() as RecordingStatus;
    expect(done).toMatchObject({ recording: false, name: status.name });
    expect(live.recording).toBe(false);
    const path = join(folder, status.name!);
    expect(done.bytes).toBe(readFileSync(path).length);
    const { topics, messageCount } = await readBack(path);
    // Five ticks recorded, each with both robots' poses; none from before the start or after the stop.
    expect(topics.get('/r0/pose')).toBe(5);
    expect(topics.get('/r1/pose')).toBe(5);
    expect(messageCount).toBe(BigInt([...topics.values()].reduce((a, b) => a + b, 0)));
    live.step();
    expect((await readBack(path)).topics.get('/r0/pose')).toBe(5);
    const none = await app.inject({ method: 'POST', url: '/api/trial/recording/stop' });
    expect(none.statusCode).toBe(409);
    expect(none.json().error).toMatch(/no recording/);
  });

  it('takes a valid name, refuses to overwrite it, and ending the trial finishes the file', async () => {
    const { app, live, folder } = await serve();
    expect((await app.inject({ method: 'POST', url: '/api/trial/recording/start', payload: { name: 'run-1.mcap' } })).statusCode).toBe(200);
    live.step();
    live.step();
    const ended = await app.inject({ method: 'POST', url: '/api/trial/stop' });
    expect(ended.json()).toMatchObject({ state: 'stopped' });
    expect((await app.inject({ method: 'GET', url: '/api/trial/recording' })).json()).toMatchObject({ recording: false, name: 'run-1.mcap' });
    expect((await readBack(join(folder, 'run-1.mcap'))).topics.get('/r1/pose')).toBe(2);
    // A stopped trial cannot be recorded; an existing file is never overwritten.
    const afterEnd = await app.inject({ method: 'POST', url: '/api/trial/recording/start', payload: { name: 'run-2.mcap' } });
    expect(afterEnd.statusCode).toBe(409);
    expect(afterEnd.json().error).toMatch(/trial was stopped/);
    expect(readdirSync(folder)).toEqual(['run-1.mcap']);
  });

  it('refuses an existing name with 409', async () => {
    const { app } = await serve();
    expect((await app.inject({ method: 'POST', url: '/api/trial/recording/start', payload: { name: 'same.mcap' } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/trial/recording/stop' })).statusCode).toBe(200);
    const again = await app.inject({ method: 'POST', url: '/api/trial/recording/start', payload: { name: 'same.mcap' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/'same\.mcap' exists already/);
  });

  it('sits behind the token guard: starting and stopping need the token (reading the state, like every GET, does not)', async () => {
    const { app } = await serve('sesame');
    expect((await app.inject({ method: 'GET', url: '/api/trial/recording' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/trial/recording/start', payload: {} })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/trial/recording/stop' })).statusCode).toBe(401);
    const authorized = await app.inject({ method: 'POST', url: '/api/trial/recording/start', payload: {}, headers: { authorization: 'Bearer sesame' } });
    expect(authorized.statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/trial/recording/stop', headers: { authorization: 'Bearer sesame' } })).statusCode).toBe(200);
  });
});

describe('POST /api/trial with record', () => {
  it('records the new trial from its first tick; replacing it finishes that file; a record that is not a boolean is a 400 naming it', async () => {
    const folder = join(root, 'slot');
    const config = (robots: number) => ({ ...testTrialConfig(borderedRoom(20), robots), maxTicks: Number.POSITIVE_INFINITY });
    const slot = new TrialSlot({
      first: config(2),
      joints: { hil: null, twins: DEFAULT_TWIN_OPTIONS, logger: new MemoryLogger() },
      factory: { options: ['map', 'robots'], build: async (request) => config(Number(request.robots)) },
      registry: null,
      logger: new MemoryLogger(),
      recordings: { folder },
    });
    app = await createTrialHttpServer({ trials: slot, hil: null });
    try {
      const bad = await app.inject({ method: 'POST', url: '/api/trial', payload: { map: 'room', robots: 3, record: 'yes' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/body\/record must be boolean/);
      expect(slot.live.recording).toBe(false);

      const created = await app.inject({ method: 'POST', url: '/api/trial', payload: { map: 'room', robots: 3, record: true } });
      expect(created.statusCode).toBe(201);
      const first = slot.live;
      expect(first.recording).toBe(true);
      const { name } = slot.recording!.status();
      for (let k = 0; k < 3; k++) first.step();
      // The next trial, not recorded: the first one's file is finished as it is replaced.
      expect((await app.inject({ method: 'POST', url: '/api/trial', payload: { map: 'room', robots: 1 } })).statusCode).toBe(201);
      expect(slot.live.recording).toBe(false);
      const { topics } = await readBack(join(folder, name!));
      expect(['/r0/pose', '/r1/pose', '/r2/pose'].map((topic) => topics.get(topic))).toEqual([3, 3, 3]);
      expect((await app.inject({ method: 'GET', url: '/api/trial/recording' })).json()).toMatchObject({ recording: false, name });
    } finally {
      slot.live.stop();
    }
  });
});
