import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync, inflateSync } from 'node:zlib';
import { McapStreamReader, McapWriter, TempBuffer, type McapTypes, type McapWriterOptions } from '@mcap/core';
import fc from 'fast-check';
import { Cell, isWall } from '@swarmgate/maps';
import { errorCode } from '@swarmgate/protocols';
import { decodeLiveTrack, type LiveFrameMessage, type LiveMessage } from '@swarmgate/protocols/live';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { Trial } from '../sim/Trial.js';
import { decompressHandlers } from './compression.js';
import { McapRecorder } from './McapRecorder.js';
import { messageType } from './recordingSchemas.js';
import { recordTestTrial } from './testing/recordTestTrial.js';
import { readRecordedMap, readReplayTrack, type ReplayMeta } from './replayTrack.js';
import { bytesReadable } from './trialRecording.js';

const dir = mkdtempSync(join(tmpdir(), 'swarmgate-replay-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const TICKS = 25;
const ROBOTS = 3;
let bytes: Uint8Array;
let trial: Trial;

beforeAll(async () => {
  ({ trial, bytes } = await recordTestTrial(join(dir, 'trial.mcap'), { robots: ROBOTS, seed: 7, maxTicks: TICKS }));
});

/** Every message of the file by topic, read front to back by the streaming reader (not the code under test). */
function messagesByTopic(file: Uint8Array): Map<string, McapTypes.Message[]> {
  const reader = new McapStreamReader({ decompressHandlers });
  reader.append(file);
  const topics = new Map<number, string>();
  const out = new Map<string, McapTypes.Message[]>();
  for (let record = reader.nextRecord(); record; record = reader.nextRecord()) {
    if (record.type === 'Channel') topics.set(record.id, record.topic);
    if (record.type === 'Message') {
      const topic = topics.get(record.channelId)!;
      out.set(topic, [...(out.get(topic) ?? []), record]);
    }
  }
  return out;
}

/** The records of an MCAP file written again by @mcap/core's writer with `options` (compression, no statistics). */
async function rewrite(file: Uint8Array, options: Omit<McapWriterOptions, 'writable'>): Promise<Uint8Array> {
  const out = new TempBuffer();
  const writer = new McapWriter({ ...options, writable: out });
  await writer.start({ profile: '', library: 'test' });
  const reader = new McapStreamReader({ decompressHandlers });
  reader.append(file);
  const channelIds = new Map<number, number>();
  const schemaIds = new Map<number, number>();
  for (let record = reader.nextRecord(); record; record = reader.nextRecord()) {
    // Schemas and channels come twice (in the data and in the summary): each is registered once.
    if (record.type === 'Schema' && !schemaIds.has(record.id)) schemaIds.set(record.id, await writer.registerSchema(record));
    if (record.type === 'Channel' && !channelIds.has(record.id))
      channelIds.set(record.id, await writer.registerChannel({ ...record, schemaId: schemaIds.get(record.schemaId)! }));
    if (record.type === 'Message') await writer.addMessage({ ...record, channelId: channelIds.get(record.channelId)! });
  }
  await writer.end();
  return out.get();
}

const track = async (file: Uint8Array, maxPoses?: number): Promise<LiveMessage[]> =>
  decodeLiveTrack(await readReplayTrack(bytesReadable(file), 'trial.mcap', { maxPoses }));
const framesOf = (messages: LiveMessage[]): LiveFrameMessage[] => messages.filter((m): m is LiveFrameMessage => m.kind === 'frame');

describe('readReplayTrack', () => {
  it('holds the map frame, the roster and one full frame per recorded tick, at the recorded poses', async () => {
    const messages = await track(bytes);
    const grid = trial.world.grid;
    expect(messages[0].kind).toBe('meta');
    const meta = (messages[0] as { meta: ReplayMeta }).meta;
    expect(meta).toMatchObject({ width: grid.width, height: grid.height, cellSizeM: grid.cellSizeM, originM: grid.originM });
    expect(meta.robotRadiusM).toBeCloseTo(trial.world.config.robot.radiusM, 9);
    expect(messages[1]).toEqual({ kind: 'roster', robots: ['r0', 'r1', 'r2'].map((id) => ({ id, physical: false })) });
    const frames = framesOf(messages);
    expect(frames.map((f) => f.tick)).toEqual(Array.from({ length: TICKS }, (_, k) => k + 1));
    expect(frames[TICKS - 1].simSeconds).toBeCloseTo((TICKS - 1) * 0.1, 9);
    expect(frames.every((f) => f.full && f.robots.length === ROBOTS && f.robots.every((r) => r.online))).toBe(true);
    const recorded = messagesByTopic(bytes);
    const poseType = messageType('foxglove.PoseInFrame');
    for (const [slot, id] of ['r0', 'r1', 'r2'].entries()) {
      const poses = recorded.get(`/${id}/pose`)!;
      expect(poses).toHaveLength(TICKS);
      for (const [k, message] of poses.entries()) {
        const { pose } = poseType.toObject(poseType.decode(message.data)) as {
          pose: { position: { x: number; y: number }; orientation: { z: number; w: number } };
        };
        const robot = frames[k].robots[slot];
        expect(frames[k].simSeconds).toBeCloseTo(Number(message.logTime - poses[0].logTime) / 1e9, 9);
        expect(robot.x).toBeCloseTo(pose.position.x, 4);
        expect(robot.y).toBeCloseTo(pose.position.y, 4);
        expect(Math.cos(robot.headingRad)).toBeCloseTo(pose.orientation.w ** 2 - pose.orientation.z ** 2, 4);
      }
    }
    // The last frame is where the trial ended.
    for (const [slot, id] of ['r0', 'r1', 'r2'].entries()) expect(frames[TICKS - 1].robots[slot].x).toBeCloseTo(trial.world.truePose(id).xM, 4);
  });

  it('ends with the explored cells of the last recorded /explored grid, applied before the frame of its time', async () => {
    const messages = await track(bytes);
    let bits: Uint8Array | null = null;
    let timeOfBits = -1;
    let framesBefore = 0;
    for (const m of messages) {
      if (m.kind === 'explored') {
        if (m.full) bits = m.bits.slice();
        else for (const c of m.changes) bits![c.index] = c.value;
        timeOfBits = framesBefore;
      }
      if (m.kind === 'frame') framesBefore++;
    }
    // Recorded on tick 1 and every 1 s (ticks 10 and 20): the last one stands before frame 20.
    expect(timeOfBits).toBe(19);
    const explored = messagesByTopic(bytes).get('/explored')!;
    expect(explored).toHaveLength(3);
    const gridType = messageType('foxglove.Grid');
    const { data } = gridType.toObject(gridType.decode(explored[2].data)) as { data: Uint8Array };
    expect(data).toHaveLength(trial.world.grid.cells.length);
    let set = 0;
    for (let i = 0; i < data.length; i++) {
      const bit = (bits![i >> 3] >> (i & 7)) & 1;
      expect(bit, `cell ${i}`).toBe(data[i] === 0 ? 0 : 1);
      set += bit;
      // Seen then: seen by now.
      if (bit) expect(trial.world.sensing.lidar.lastSeenTick[i]).toBeGreaterThan(0);
    }
    expect(set).toBeGreaterThan(50);
    // Its fraction comes from /metrics.
    expect(framesOf(messages)[TICKS - 1].exploredFraction).toBeGreaterThan(0);
  });

  it('thins frames evenly to stay within maxPoses, keeping the first and the last', async () => {
    const frames = framesOf(await track(bytes, 30));
    // 75 poses, at most 30: every 3rd tick, and the last.
    expect(frames.map((f) => f.tick)).toEqual([1, 4, 7, 10, 13, 16, 19, 22, 25]);
  });

  it('without a Statistics record to thin by, reads every tick within the budget and refuses a file beyond it, naming why', async () => {
    const bare = await rewrite(bytes, { useStatistics: false });
    expect(framesOf(await track(bare, 75))).toHaveLength(TICKS);
    await expect(track(bare, 74)).rejects.toThrow(
      /SG_RECORDING_FORMAT: trial\.mcap cannot be replayed: more than 74 robot poses, and no Statistics record to thin them by/,
    );
  });

  it('reads the recorded ground truth as a Grid: walls where the map has walls', async () => {
    const grid = await readRecordedMap(bytesReadable(bytes), 'trial.mcap');
    const truth = trial.world.grid;
    expect([grid.width, grid.height, grid.cellSizeM]).toEqual([truth.width, truth.height, truth.cellSizeM]);
    for (let i = 0; i < truth.cells.length; i++) expect(isWall(grid.cells[i]), `cell ${i}`).toBe(isWall(truth.cells[i]));
    expect(grid.cells.some((c) => c === Cell.Free)).toBe(true);
  });

  it('reads zstd chunks (as recordings are written) by default, other compressions with the decompressors it is given, and names one it lacks', async () => {
    // The same records, written again with deflated chunks (a compression of our own naming: the reader takes any it has a handler for).
    const compressed = await rewrite(bytes, { compressChunk: (data) => ({ compression: 'deflate', compressedData: deflateSync(data) }) });
    const read = (handlers?: McapTypes.DecompressHandlers): Promise<Uint8Array> =>
      readReplayTrack(bytesReadable(compressed), 'deflated.mcap', { decompressHandlers: handlers });
    expect(decodeLiveTrack(await read({ deflate: (data) => inflateSync(data) }))).toEqual(await track(bytes));
    await expect(read()).rejects.toThrow(/SG_RECORDING_FORMAT: deflated.mcap is not a readable MCAP recording.*deflate/);
  });

  it('replays wall-clock times from the first tick, and a robot that joined later is offline and nowhere until it did', async () => {
    // As `serve --record` writes: Unix nanoseconds; robot p1 (a physical robot) appears at the third tick.
    const path = join(dir, 'joined.mcap');
    const recorder = await McapRecorder.create(path);
    const t0 = 1_790_000_000_000_000_000n;
    const grid = messageType('foxglove.Grid');
    const pose = messageType('foxglove.PoseInFrame');
    const at = (x: number, headingRad: number): Uint8Array =>
      pose.encode({ pose: { position: { x, y: 2, z: 0 }, orientation: { x: 0, y: 0, z: Math.sin(headingRad / 2), w: Math.cos(headingRad / 2) } } }).finish();
    const cells = new Uint8Array(4 * 3).fill(1);
    recorder.add(
      '/map',
      'foxglove.Grid',
      t0,
      grid.encode({ column_count: 4, cell_size: { x: 0.5, y: 0.5 }, row_stride: 4, cell_stride: 1, data: cells }).finish(),
    );
    recorder.add(
      '/robots',
      'foxglove.SceneUpdate',
      t0,
      messageType('foxglove.SceneUpdate')
        .encode({ entities: [{ id: 'r0', cylinders: [{ size: { x: 0.3, y: 0.3, z: 0.1 } }] }] })
        .finish(),
    );
    for (let k = 0; k < 4; k++) {
      const ns = t0 + BigInt(k) * 120_000_000n;
      recorder.add('/r0/pose', 'foxglove.PoseInFrame', ns, at(k, 0.5));
      if (k >= 2) recorder.add('/p1/pose', 'foxglove.PoseInFrame', ns, at(10 + k, -1));
      if (k === 2) recorder.add('/p1/telemetry', 'swarmgate.v1.Telemetry', ns, messageType('swarmgate.v1.Telemetry').encode({}).finish());
    }
    await recorder.close();
    const messages = await track(new Uint8Array(readFileSync(path)));
    expect((messages[0] as { meta: ReplayMeta }).meta).toMatchObject({ width: 4, height: 3, cellSizeM: 0.5, robotRadiusM: 0.15 });
    expect(messages[1]).toEqual({
      kind: 'roster',
      robots: [
        { id: 'r0', physical: false },
        { id: 'p1', physical: true },
      ],
    });
    const frames = framesOf(messages);
    expect(frames.map((f) => f.simSeconds.toFixed(2))).toEqual(['0.00', '0.12', '0.24', '0.36']);
    expect(frames.map((f) => f.robots.map((r) => [r.x, r.online]))).toEqual([
      [
        [0, true],
        [Number.NaN, false],
      ],
      [
        [1, true],
        [Number.NaN, false],
      ],
      [
        [2, true],
        [12, true],
      ],
      [
        [3, true],
        [13, true],
      ],
    ]);
    expect(frames[3].robots[0].headingRad).toBeCloseTo(0.5, 6);
    expect(frames[3].robots[1].headingRad).toBeCloseTo(-1, 6);
    // No /explored or /metrics: no explored update, fraction 0.
    expect(messages.some((m) => m.kind === 'explored')).toBe(false);
    expect(frames[3].exploredFraction).toBe(0);
  });

  it('names what a recording lacks or gets wrong', async () => {
    await expect(readReplayTrack(bytesReadable(new TextEncoder().encode('not really MCAP')), 'x.mcap')).rejects.toThrow(
      /^SG_RECORDING_FORMAT: x\.mcap is not a readable MCAP recording \(not MCAP, truncated or corrupt\)/,
    );
    // Killed before the footer: no index to read.
    await expect(readReplayTrack(bytesReadable(bytes.subarray(0, bytes.length - 100)), 'cut.mcap')).rejects.toThrow(/SG_RECORDING_FORMAT: cut\.mcap/);
    // A valid MCAP file of another tool: no /map.
    const out = new TempBuffer();
    const writer = new McapWriter({ writable: out });
    await writer.start({ profile: '', library: 'test' });
    await writer.end();
    await expect(readReplayTrack(bytesReadable(out.get()), 'empty.mcap')).rejects.toThrow(
      /SG_RECORDING_FORMAT: empty\.mcap cannot be replayed: it holds no message \(recorded over no tick\)/,
    );
    // A file of other channels: no /map.
    const other = new TempBuffer();
    const otherWriter = new McapWriter({ writable: other });
    await otherWriter.start({ profile: '', library: 'test' });
    const schemaId = await otherWriter.registerSchema({ name: 'x', encoding: 'jsonschema', data: new Uint8Array() });
    const channelId = await otherWriter.registerChannel({ topic: '/x', schemaId, messageEncoding: 'json', metadata: new Map() });
    await otherWriter.addMessage({ channelId, sequence: 0, logTime: 1n, publishTime: 1n, data: new TextEncoder().encode('{}') });
    await otherWriter.end();
    await expect(readReplayTrack(bytesReadable(other.get()), 'other.mcap')).rejects.toThrow(
      /SG_RECORDING_FORMAT: other\.mcap cannot be replayed: it has no \/map channel \(foxglove\.Grid\)/,
    );
  });

  it('refuses any corruption with SG_RECORDING_FORMAT, never another exception (fast-check)', async () => {
    const corrupt = fc.oneof(
      fc.uint8Array({ maxLength: 200 }),
      // The recording cut anywhere, or with bytes changed anywhere (in its index, its chunks, its messages).
      fc.nat({ max: bytes.length }).map((n) => bytes.subarray(0, n)),
      fc.array(fc.tuple(fc.nat({ max: bytes.length - 1 }), fc.nat({ max: 255 })), { minLength: 1, maxLength: 4 }).map((edits) => {
        const copy = bytes.slice();
        for (const [at, value] of edits) copy[at] = value;
        return copy;
      }),
    );
    await fc.assert(
      fc.asyncProperty(corrupt, async (file) => {
        for (const read of [readReplayTrack, readRecordedMap]) {
          try {
            await read(bytesReadable(file), 'f.mcap');
          } catch (error) {
            expect(errorCode(error), String(error)).toBe('SG_RECORDING_FORMAT');
          }
        }
      }),
      { numRuns: 150 },
    );
  }, 120_000);
});
