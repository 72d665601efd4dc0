import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { McapStreamReader, type McapTypes } from '@mcap/core';
import { loadMap } from '@swarmgate/maps';
import protobuf from 'protobufjs';
import 'protobufjs/ext/descriptor.js';
import { afterAll, describe, expect, it } from 'vitest';
import { Trial } from '../sim/Trial.js';
import { recordTrial } from './recordTrial.js';
import { messageType } from './recordingSchemas.js';
import { readRecordedTrialFile } from './trialRecording.js';
import { decompressHandlers } from './compression.js';

const dir = mkdtempSync(join(tmpdir(), 'swarmgate-record-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A multiple of the 1 s interval: the last tick's scans and maps are recorded, and compared with the world's. */
const TICKS = 30;
const ROBOTS = 3;

function trial(remoteControlled?: ReadonlySet<string>): Trial {
  return new Trial({
    remoteControlled,
    grid: loadMap('cave:30x30:seed=4'),
    robots: ROBOTS,
    algorithm: 'frontier',
    comm: 'range:8',
    spawn: { kind: 'apart' },
    seed: 5,
    targetExplored: 1,
    maxTicks: TICKS,
  });
}

interface Recorded {
  readonly schemas: Map<number, McapTypes.Schema>;
  readonly channels: Map<number, McapTypes.Channel>;
  readonly messages: McapTypes.Message[];
}

/** Every record of an MCAP file, read front to back as a streaming reader (and Foxglove) does. */
function readAll(path: string): Recorded {
  const reader = new McapStreamReader({ validateCrcs: true, decompressHandlers });
  reader.append(readFileSync(path));
  const out: Recorded = { schemas: new Map(), channels: new Map(), messages: [] };
  for (let record = reader.nextRecord(); record; record = reader.nextRecord()) {
    if (record.type === 'Schema') out.schemas.set(record.id, record);
    if (record.type === 'Channel') out.channels.set(record.id, record);
    if (record.type === 'Message') out.messages.push(record);
  }
  expect(reader.done()).toBe(true);
  return out;
}

describe('WorldRecorder (through recordTrial)', () => {
  const path = join(dir, 'trial.mcap');
  const recorded = trial();

  it('records a trial without changing it: the same final state hash as an unrecorded run', async () => {
    const result = await recordTrial(recorded, path, { map: 'cave:30x30:seed=4' });
    expect(result.finalStateHash).toBe(trial().run().finalStateHash);
    expect(result.ticks).toBe(TICKS);
    expect(await readRecordedTrialFile(path)).toEqual({ config: { map: 'cave:30x30:seed=4' }, finalStateHash: result.finalStateHash, ticks: TICKS });
  });

  it('writes the documented channels, Foxglove protobuf schemas, and a message count per rate', () => {
    const { schemas, channels, messages } = readAll(path);
    const count = new Map<string, number>();
    for (const m of messages) {
      const topic = channels.get(m.channelId)?.topic ?? '?';
      count.set(topic, (count.get(topic) ?? 0) + 1);
    }
    const schemaOf = (topic: string): McapTypes.Schema | undefined => {
      const channel = [...channels.values()].find((c) => c.topic === topic);
      return channel && schemas.get(channel.schemaId);
    };
    // Ticks 1, 10, 20 and 30: the first tick and then once a simulated second (the default).
    const mapRate = 4;
    for (let r = 0; r < ROBOTS; r++) {
      expect(count.get(`/r${r}/pose`)).toBe(TICKS);
      expect(count.get(`/r${r}/scan`)).toBe(mapRate);
      expect(count.get(`/r${r}/slam`)).toBe(mapRate);
      // A frontier robot latches a command on its first tick at least.
      expect(count.get(`/r${r}/cmd`)).toBeGreaterThan(0);
    }
    expect(count.get('/map')).toBe(1);
    expect(count.get('/explored')).toBe(mapRate);
    expect(count.get('/robots')).toBe(mapRate);
    expect(count.get('/metrics')).toBe(mapRate);
    expect(schemaOf('/r0/pose')?.name).toBe('foxglove.PoseInFrame');
    expect(schemaOf('/r0/scan')?.name).toBe('foxglove.LaserScan');
    expect(schemaOf('/r0/slam')?.name).toBe('foxglove.Grid');
    expect(schemaOf('/robots')?.name).toBe('foxglove.SceneUpdate');
    expect(schemaOf('/r0/cmd')?.name).toBe('swarmgate.v1.Command');
    expect(schemaOf('/metrics')?.name).toBe('swarmgate.recording.v1.Metrics');
    for (const schema of schemas.values()) expect(schema.encoding).toBe('protobuf');
    for (const channel of channels.values()) expect(channel.messageEncoding).toBe('protobuf');
  });

  it("decodes with the schema's own descriptor set to the trial's poses and metrics", () => {
    const { schemas, channels, messages } = readAll(path);
    const decode = (topic: string): Record<string, unknown>[] => {
      const channel = [...channels.values()].find((c) => c.topic === topic);
      if (!channel) throw new Error(`no channel ${topic}`);
      const schema = schemas.get(channel.schemaId);
      if (!schema) throw new Error(`no schema for ${topic}`);
      const type = (protobuf.Root as unknown as { fromDescriptor(bytes: Uint8Array, options: { keepCase: boolean }): protobuf.Root })
        .fromDescriptor(schema.data, { keepCase: true })
        .lookupType(schema.name);
      return messages.filter((m) => m.channelId === channel.id).map((m) => type.toObject(type.decode(m.data), { longs: Number, defaults: true }));
    };
    const poses = decode('/r1/pose');
    const last = poses.at(-1) as { pose: { position: { x: number; y: number }; orientation: { z: number; w: number } }; frame_id: string };
    const truth = recorded.world.truePose('r1');
    expect(last.frame_id).toBe('map');
    expect(last.pose.position.x).toBeCloseTo(truth.xM, 9);
    expect(last.pose.position.y).toBeCloseTo(truth.yM, 9);
    expect(2 * Math.atan2(last.pose.orientation.z, last.pose.orientation.w)).toBeCloseTo(truth.headingRad, 9);
    const metrics = decode('/metrics').at(-1) as { tick: number; explored_fraction: number };
    expect(metrics.tick).toBe(30);
    expect(metrics.explored_fraction).toBeGreaterThan(0);
    expect(metrics.explored_fraction).toBeLessThanOrEqual(recorded.metrics.exploredFraction);
    // The last scan (tick 30, the last tick), whose ranges are appended by hand: the values the lidar holds, as doubles.
    const scan = decode('/r0/scan').at(-1) as { ranges: number[]; start_angle: number; frame_id: string };
    expect(scan.ranges).toEqual(Array.from(recorded.world.sensing.scanRanges(recorded.world.slotOf('r0'))));
    expect(scan.frame_id).toBe('map');
    // A SLAM map is written cropped to its known cells, placed by its pose: put back into a map of the robot's, it is that map.
    const slam = decode('/r2/slam').at(-1) as { column_count: number; row_stride: number; data: Uint8Array; pose: { position: { x: number; y: number } } };
    const slamMap = recorded.world.sensing.slamMaps[recorded.world.slotOf('r2')]!;
    const x0 = Math.round((slam.pose.position.x - slamMap.originM.x) / slamMap.cellSizeM);
    const y0 = Math.round((slam.pose.position.y - slamMap.originM.y) / slamMap.cellSizeM);
    const rows = slam.data.length / slam.column_count;
    expect(slam.row_stride).toBe(slam.column_count);
    expect(slam.column_count * rows).toBeLessThan(slamMap.cells.length);
    const restored = new Uint8Array(slamMap.cells.length);
    for (let y = 0; y < rows; y++) restored.set(slam.data.subarray(y * slam.column_count, (y + 1) * slam.column_count), (y0 + y) * slamMap.width + x0);
    expect(restored).toEqual(slamMap.cells);
    expect(slam.data.some((v) => v === 2)).toBe(true);
  });

  it('writes a SLAM or explored map again only when it changed: robots that stand still (no controller) have one each, and one explored map', async () => {
    const still = join(dir, 'still.mcap');
    await recordTrial(trial(new Set(['r0', 'r1', 'r2'])), still, {});
    const { channels, messages } = readAll(still);
    const topics = messages.map((m) => channels.get(m.channelId)?.topic);
    expect(topics.filter((t) => t === '/r0/slam')).toHaveLength(1);
    // Their explored cells do not change either: the explored map is written once too.
    expect(topics.filter((t) => t === '/explored')).toHaveLength(1);
    expect(topics.filter((t) => t === '/r0/scan')).toHaveLength(4);
  });

  it("records each robot's radio traffic per tick: the sums are the trial's totals", async () => {
    const sharing = new Trial({
      grid: loadMap('cave:30x30:seed=4'),
      robots: ROBOTS,
      algorithm: 'frontier:shareEveryS=0.5',
      comm: 'global',
      spawn: { kind: 'apart' },
      seed: 5,
      targetExplored: 1,
      maxTicks: TICKS,
    });
    const radioPath = join(dir, 'radio.mcap');
    const result = await recordTrial(sharing, radioPath, {});
    const { channels, messages } = readAll(radioPath);
    const type = messageType('swarmgate.recording.v1.RadioTraffic');
    const totals = { sent: 0, bytesSent: 0, delivered: 0, bytesDelivered: 0 };
    for (const m of messages) {
      const topic = channels.get(m.channelId)?.topic ?? '';
      if (!topic.endsWith('/radio')) continue;
      const r = type.toObject(type.decode(m.data), { longs: Number, defaults: true }) as Record<string, number | string>;
      expect(topic).toBe(`/${r.robot_id}/radio`);
      totals.sent += r.messages_sent as number;
      totals.bytesSent += r.bytes_sent as number;
      totals.delivered += r.messages_delivered as number;
      totals.bytesDelivered += r.bytes_delivered as number;
    }
    expect(result.messagesSent).toBeGreaterThan(0);
    expect(totals).toEqual({
      sent: result.messagesSent,
      bytesSent: result.bytesSent,
      delivered: result.messagesReceived,
      bytesDelivered: result.bytesReceived,
    });
  });
});
