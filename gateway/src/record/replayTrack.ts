/**
 * A recording as the web UI replays it: the MCAP file read through @mcap/core's indexed reader
 * (so compressed chunks read as well, given their decompressors) and turned into a track of the
 * live stream's own messages (protocols/src/live: meta, roster, then one full frame per recorded
 * tick with an explored message before the frame of its time), which the page plays, pauses and
 * seeks on the canvas it draws live trials with. And the recorded ground truth, for the map image.
 *
 * What it reads (docs/recording.md): `/map` (the ground truth), `/<robot>/pose` (every tick),
 * `/explored` and `/metrics` (every `--record-every-s`), the robots' diameter from the first
 * `/robots` scene, and which robots are physical (those with a `/<robot>/telemetry` channel). A frame's time is seconds since the first recorded tick, its tick the recorded
 * tick's ordinal; a robot that joined later stands at its first pose, offline, until it did.
 * Anything the file does not hold as written here is an SG_RECORDING_FORMAT error naming it.
 */
import { McapIndexedReader, type McapTypes } from '@mcap/core';
import { Cell, createGrid, DEFAULT_MAX_FILE_CELLS, type Grid } from '@swarmgate/maps';
import { encodeLiveTrack, exploredUpdate, type LiveMessage, type LiveRobot } from '@swarmgate/protocols/live';
import { SlamCell } from '@swarmgate/sdk';
import { SwarmgateError } from '../errors.js';
import { messageType, type SchemaName } from './recordingSchemas.js';

/** Most robot poses (frames x robots) a track holds: about 28 MB of frames. Beyond it, frames are thinned evenly. */
export const DEFAULT_MAX_REPLAY_POSES = 2_000_000;

export interface ReplayReadOptions {
  /** Decompressors by chunk compression name (`zstd`, `lz4`), as @mcap/core's reader takes them; none needed for uncompressed chunks. */
  readonly decompressHandlers?: McapTypes.DecompressHandlers;
  /** Most robot poses the track holds (default DEFAULT_MAX_REPLAY_POSES). */
  readonly maxPoses?: number;
}

/** The track's meta message: the live stream's map frame, plus the replay's length. */
export interface ReplayMeta {
  readonly width: number;
  readonly height: number;
  readonly cellSizeM: number;
  readonly originM: { readonly x: number; readonly y: number };
  readonly robotRadiusM: number;
  /** Mean seconds between recorded ticks. */
  readonly tickS: number;
  /** Seconds from the first recorded tick to the last. */
  readonly durationS: number;
  /** Frames in the track, and ticks in the recording (more when frames were thinned). */
  readonly frames: number;
  readonly recordedTicks: number;
}

/** A decoded foxglove.Grid as the recorder writes it (one uint8 field, rows from the bottom). */
interface RecordedGrid {
  readonly width: number;
  readonly height: number;
  readonly cellSizeM: number;
  readonly originM: { readonly x: number; readonly y: number };
  readonly cells: Uint8Array;
}

const MAP_TOPIC = '/map';
const EXPLORED_TOPIC = '/explored';
const METRICS_TOPIC = '/metrics';
const ROBOTS_TOPIC = '/robots';
const POSE_TOPIC = /^\/([^/]+)\/pose$/;

/** What a recording's content failed on: a plain Error, made SG_RECORDING_FORMAT with the file's name by `read`. */
class Malformed extends Error {}

/** Runs `body` on the reader of a recording; every failure (the reader's, a message that does not decode, a check here) is SG_RECORDING_FORMAT naming `source`. */
async function read<T>(readable: McapTypes.IReadable, source: string, options: ReplayReadOptions, body: (reader: McapIndexedReader) => Promise<T>): Promise<T> {
  try {
    const reader = await McapIndexedReader.Initialize({ readable, decompressHandlers: options.decompressHandlers });
    return await body(reader);
  } catch (cause) {
    const what = cause instanceof Malformed ? 'cannot be replayed' : 'is not a readable MCAP recording (not MCAP, truncated or corrupt)';
    throw new SwarmgateError('SG_RECORDING_FORMAT', `${source} ${what}: ${(cause as Error).message}`, { cause });
  }
}

/** Channel ids of `topic` (or of topics matching it) whose schema is `schema`, in channel order. */
function channels(reader: McapIndexedReader, schema: SchemaName, topic: string | RegExp): McapTypes.Channel[] {
  return [...reader.channelsById.values()]
    .filter((c) => (typeof topic === 'string' ? c.topic === topic : topic.test(c.topic)) && reader.schemasById.get(c.schemaId)?.name === schema)
    .sort((a, b) => a.id - b.id);
}

function decode(schema: SchemaName, message: McapTypes.Message): Record<string, unknown> {
  const type = messageType(schema);
  return type.toObject(type.decode(message.data), { defaults: true }) as Record<string, unknown>;
}

function finite(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Malformed(`${what} is not a finite number (${String(value)})`);
  return value;
}

function gridOf(message: McapTypes.Message, topic: string): RecordedGrid {
  const grid = decode('foxglove.Grid', message);
  const width = finite(grid.column_count, `${topic} column_count`);
  const data = grid.data as Uint8Array;
  const size = grid.cell_size as { x: unknown };
  const position = (grid.pose as { position: { x: unknown; y: unknown } } | null)?.position ?? { x: 0, y: 0 };
  const cellSizeM = finite(size?.x, `${topic} cell_size.x`);
  if (!Number.isInteger(width) || width < 1 || grid.row_stride !== width || grid.cell_stride !== 1 || data.length % width !== 0 || data.length === 0) {
    throw new Malformed(`${topic} is not a grid of one byte a cell (${width} columns, row stride ${String(grid.row_stride)}, ${data.length} bytes)`);
  }
  if (!(cellSizeM > 0)) throw new Malformed(`${topic} cell size ${cellSizeM} is not positive`);
  if (data.length > DEFAULT_MAX_FILE_CELLS) throw new Malformed(`${topic} of ${data.length} cells is beyond the ${DEFAULT_MAX_FILE_CELLS}-cell budget`);
  return {
    width,
    height: data.length / width,
    cellSizeM,
    originM: { x: finite(position.x, `${topic} origin x`), y: finite(position.y, `${topic} origin y`) },
    cells: data,
  };
}

async function firstMessage(reader: McapIndexedReader, topic: string, schema: SchemaName): Promise<McapTypes.Message> {
  const found = channels(reader, schema, topic);
  if (found.length === 0) throw new Malformed(`it has no ${topic} channel (${schema})`);
  for await (const message of reader.readMessages({ topics: [topic] })) if (found.some((c) => c.id === message.channelId)) return message;
  throw new Malformed(`its ${topic} channel holds no message`);
}

/** The recorded ground truth as a Grid: free, unknown, and walls (the recording keeps no wall material: generic). */
export function readRecordedMap(readable: McapTypes.IReadable, source: string, options: ReplayReadOptions = {}): Promise<Grid> {
  return read(readable, source, options, async (reader) => {
    const map = gridOf(await firstMessage(reader, MAP_TOPIC, 'foxglove.Grid'), MAP_TOPIC);
    const grid = createGrid(map.width, map.height, { cellSizeM: map.cellSizeM, originM: map.originM });
    for (let i = 0; i < map.cells.length; i++) {
      const v = map.cells[i];
      grid.cells[i] = v === SlamCell.Open ? Cell.Free : v === SlamCell.Unknown ? Cell.Unknown : Cell.Generic;
    }
    return grid;
  });
}

/** A robot's heading from its orientation quaternion (a rotation about z, as the recorder writes it). */
function headingOf(orientation: { z: unknown; w: unknown }): number {
  return 2 * Math.atan2(finite(orientation.z, 'orientation z'), finite(orientation.w, 'orientation w'));
}

/** The recording as a live-stream track (see the module comment). */
export function readReplayTrack(readable: McapTypes.IReadable, source: string, options: ReplayReadOptions = {}): Promise<Uint8Array> {
  return read(readable, source, options, async (reader) => {
    const map = gridOf(await firstMessage(reader, MAP_TOPIC, 'foxglove.Grid'), MAP_TOPIC);
    const scene = decode('foxglove.SceneUpdate', await firstMessage(reader, ROBOTS_TOPIC, 'foxglove.SceneUpdate'));
    const cylinder = (scene.entities as { cylinders: { size: { x: unknown } | null }[] }[])[0]?.cylinders[0];
    const robotRadiusM = finite(cylinder?.size?.x, `${ROBOTS_TOPIC} robot diameter`) / 2;

    const poseChannels = channels(reader, 'foxglove.PoseInFrame', POSE_TOPIC);
    if (poseChannels.length === 0) throw new Malformed('it has no /<robot>/pose channel (foxglove.PoseInFrame)');
    // A robot per topic: two channels of one topic (a file written by two writers) are one robot.
    const ids = [...new Set(poseChannels.map((c) => POSE_TOPIC.exec(c.topic)![1]))];
    const slotOf = new Map(poseChannels.map((c) => [c.id, ids.indexOf(POSE_TOPIC.exec(c.topic)![1])]));
    const robots = ids.length;
    const exploredIds = new Set(channels(reader, 'foxglove.Grid', EXPLORED_TOPIC).map((c) => c.id));
    const metricsIds = new Set(channels(reader, 'swarmgate.recording.v1.Metrics', METRICS_TOPIC).map((c) => c.id));
    // One entry per recorded tick (a distinct log time): its time and every robot's x, y, heading (NaN: not yet seen).
    const times: bigint[] = [];
    const poses: Float64Array[] = [];
    const explored: { ns: bigint; bits: Uint8Array }[] = [];
    const fractions: { ns: bigint; fraction: number }[] = [];
    // One pass over the chunks for every topic read: a chunk mixes topics, and SLAM maps and scans make most of its bytes.
    const topics = [...ids.map((id) => `/${id}/pose`), EXPLORED_TOPIC, METRICS_TOPIC];
    for await (const message of reader.readMessages({ topics })) {
      const slot = slotOf.get(message.channelId);
      if (slot !== undefined) {
        if (times.length === 0 || times[times.length - 1] !== message.logTime) {
          times.push(message.logTime);
          poses.push(new Float64Array(3 * robots).fill(Number.NaN));
        }
        const pose = (decode('foxglove.PoseInFrame', message).pose ?? {}) as {
          position?: { x: unknown; y: unknown };
          orientation?: { z: unknown; w: unknown };
        };
        const at = poses[poses.length - 1];
        at[3 * slot] = finite(pose.position?.x, 'pose x');
        at[3 * slot + 1] = finite(pose.position?.y, 'pose y');
        at[3 * slot + 2] = headingOf(pose.orientation ?? { z: 0, w: 1 });
      } else if (exploredIds.has(message.channelId)) {
        const grid = gridOf(message, EXPLORED_TOPIC);
        if (grid.width !== map.width || grid.height !== map.height)
          throw new Malformed(`${EXPLORED_TOPIC} is ${grid.width}x${grid.height}, the map ${map.width}x${map.height}`);
        explored.push({ ns: message.logTime, bits: bitsOf(grid.cells) });
      } else if (metricsIds.has(message.channelId)) {
        fractions.push({ ns: message.logTime, fraction: finite(decode('swarmgate.recording.v1.Metrics', message).explored_fraction, 'explored_fraction') });
      }
    }
    if (times.length === 0) throw new Malformed('its pose channels hold no message');

    const maxPoses = options.maxPoses ?? DEFAULT_MAX_REPLAY_POSES;
    const stride = Math.max(1, Math.ceil((times.length * robots) / maxPoses));
    const isKept = (k: number): boolean => k % stride === 0 || k === times.length - 1;
    const frames = Math.ceil(times.length / stride) + ((times.length - 1) % stride === 0 ? 0 : 1);
    const startNs = times[0];
    const seconds = (ns: bigint): number => Number(ns - startNs) / 1e9;
    const durationS = seconds(times[times.length - 1]);
    const meta: ReplayMeta = {
      width: map.width,
      height: map.height,
      cellSizeM: map.cellSizeM,
      originM: map.originM,
      robotRadiusM,
      tickS: times.length > 1 ? durationS / (times.length - 1) : 0,
      durationS,
      frames,
      recordedTicks: times.length,
    };
    const messages: LiveMessage[] = [
      { kind: 'meta', meta },
      // Only a physical robot has Telemetry recorded (serve): that marks it, as the live roster does.
      { kind: 'roster', robots: ids.map((id) => ({ id, physical: channels(reader, 'swarmgate.v1.Telemetry', `/${id}/telemetry`).length > 0 })) },
    ];
    // Each robot's last seen pose (its first, before it was seen: drawn offline there).
    const last = firstPoses(poses, robots);
    let heldBits: Uint8Array | null = null;
    let nextExplored = 0;
    let nextFraction = 0;
    let fraction = 0;
    for (let k = 0; k < times.length; k++) {
      const at = poses[k];
      const online: boolean[] = [];
      for (let slot = 0; slot < robots; slot++) {
        online.push(!Number.isNaN(at[3 * slot]));
        if (online[slot]) last.set(at.subarray(3 * slot, 3 * slot + 3), 3 * slot);
      }
      if (!isKept(k)) continue;
      // The explored bitmap and metrics of this time or before: on a thinned track, at the next kept frame.
      let bits: Uint8Array | null = null;
      while (nextExplored < explored.length && explored[nextExplored].ns <= times[k]) bits = explored[nextExplored++].bits;
      while (nextFraction < fractions.length && fractions[nextFraction].ns <= times[k]) fraction = fractions[nextFraction++].fraction;
      const update = bits === null ? null : exploredUpdate(heldBits, bits);
      if (update !== null) messages.push(update);
      if (bits !== null) heldBits = bits;
      const frameRobots: LiveRobot[] = online.map((isOnline, index) => ({
        index,
        x: last[3 * index],
        y: last[3 * index + 1],
        headingRad: last[3 * index + 2],
        status: 'idle',
        online: isOnline,
        estop: false,
      }));
      messages.push({
        kind: 'frame',
        tick: k + 1,
        simSeconds: seconds(times[k]),
        exploredFraction: fraction,
        speed: null,
        paced: false,
        full: true,
        robots: frameRobots,
      });
    }
    return encodeLiveTrack(messages);
  });
}

/** The live stream's explored bitmap of a grid: bit i (LSB first) set when cell i is known. */
function bitsOf(cells: Uint8Array): Uint8Array {
  const bits = new Uint8Array(Math.ceil(cells.length / 8));
  for (let i = 0; i < cells.length; i++) if (cells[i] !== SlamCell.Unknown) bits[i >> 3] |= 1 << (i & 7);
  return bits;
}

/** Each robot's first recorded pose (x, y, heading), by slot. */
function firstPoses(poses: readonly Float64Array[], robots: number): Float64Array {
  const first = new Float64Array(3 * robots).fill(Number.NaN);
  for (let slot = 0; slot < robots; slot++) {
    const seen = poses.find((at) => !Number.isNaN(at[3 * slot]));
    if (seen) first.set(seen.subarray(3 * slot, 3 * slot + 3), 3 * slot);
  }
  return first;
}
