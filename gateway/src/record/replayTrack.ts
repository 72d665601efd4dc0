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
 * tick's ordinal; a robot whose poses start later is offline and at no position (not drawn) until they do.
 * Anything the file does not hold as written here is an SG_RECORDING_FORMAT error naming it.
 */
import { McapIndexedReader, type McapTypes } from '@mcap/core';
import { Cell, createGrid, DEFAULT_MAX_FILE_CELLS, type Grid } from '@swarmgate/maps';
import { LiveTrackWriter, exploredUpdate, type LiveRobot } from '@swarmgate/protocols/live';
import { SlamCell } from '@swarmgate/sdk';
import { SwarmgateError } from '../errors.js';
import { decompressHandlers } from './compression.js';
import { messageType, type SchemaName } from './recordingSchemas.js';

/** Most robot poses (frames x robots) a track holds: about 28 MB of frames. Beyond it, frames are thinned evenly. */
export const DEFAULT_MAX_REPLAY_POSES = 2_000_000;

export interface ReplayReadOptions {
  /** Decompressors by chunk compression name, as @mcap/core's reader takes them (default: the ones recordings are written with, compression.ts). */
  readonly decompressHandlers?: McapTypes.DecompressHandlers;
  /** Most robot poses the track holds (default DEFAULT_MAX_REPLAY_POSES). */
  readonly maxPoses?: number;
}

/** The track's meta message: the live stream's map frame. The replay's length is its last frame's time. */
export interface ReplayMeta {
  readonly width: number;
  readonly height: number;
  readonly cellSizeM: number;
  readonly originM: { readonly x: number; readonly y: number };
  readonly robotRadiusM: number;
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
    const reader = await McapIndexedReader.Initialize({ readable, decompressHandlers: options.decompressHandlers ?? decompressHandlers });
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
  // A recording started and stopped between two ticks (a paused trial) is a valid MCAP file of no channel.
  if (reader.channelsById.size === 0) throw new Malformed('it holds no message (recorded over no tick)');
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
    const maxPoses = options.maxPoses ?? DEFAULT_MAX_REPLAY_POSES;
    const stride = thinning(reader, poseChannels, slotOf, robots, maxPoses);

    const track = new LiveTrackWriter();
    const meta: ReplayMeta = { width: map.width, height: map.height, cellSizeM: map.cellSizeM, originM: map.originM, robotRadiusM };
    track.add({ kind: 'meta', meta });
    // Only a physical robot has Telemetry recorded (serve): that marks it, as the live roster does.
    track.add({ kind: 'roster', robots: ids.map((id) => ({ id, physical: channels(reader, 'swarmgate.v1.Telemetry', `/${id}/telemetry`).length > 0 })) });

    // The tick being read (a distinct log time of the poses): each robot's last pose (NaN before its first) and whether this tick holds it.
    const last = new Float64Array(3 * robots).fill(Number.NaN);
    const seen = new Uint8Array(robots);
    let tickNs: bigint | null = null;
    let startNs = 0n;
    let ticks = 0;
    let written = -1;
    // The explored bitmap and fraction read so far, and the bitmap the track holds.
    let bits: Uint8Array | null = null;
    let heldBits: Uint8Array | null = null;
    let fraction = 0;
    /** Writes the tick read as a frame, after the explored update up to its time (on a thinned track, each update moves to the next kept frame). */
    const writeTick = (): void => {
      const update = bits === null ? null : exploredUpdate(heldBits, bits);
      if (update !== null) track.add(update);
      heldBits = bits;
      const frameRobots: LiveRobot[] = [];
      for (let index = 0; index < robots; index++) {
        const [x, y, headingRad] = last.subarray(3 * index, 3 * index + 3);
        frameRobots.push({ index, x, y, headingRad, status: 'idle', online: seen[index] === 1, estop: false });
      }
      const simSeconds = Number(tickNs! - startNs) / 1e9;
      track.add({ kind: 'frame', tick: ticks, simSeconds, exploredFraction: fraction, speed: null, paced: false, full: true, robots: frameRobots });
      written = ticks;
    };
    // One pass over the chunks for every topic read, in log time order: a chunk mixes topics, and
    // SLAM maps and scans make most of its bytes. A tick's poses come before its explored grid and
    // metrics (the recorder's order), so a tick is written when the next one's first pose arrives.
    const topics = [...ids.map((id) => `/${id}/pose`), EXPLORED_TOPIC, METRICS_TOPIC];
    for await (const message of reader.readMessages({ topics })) {
      const slot = slotOf.get(message.channelId);
      if (slot !== undefined) {
        if (tickNs !== message.logTime) {
          if (tickNs === null) startNs = message.logTime;
          else if ((ticks - 1) % stride === 0) writeTick();
          tickNs = message.logTime;
          ticks++;
          seen.fill(0);
        }
        const pose = (decode('foxglove.PoseInFrame', message).pose ?? {}) as {
          position?: { x: unknown; y: unknown };
          orientation?: { z: unknown; w: unknown };
        };
        last[3 * slot] = finite(pose.position?.x, 'pose x');
        last[3 * slot + 1] = finite(pose.position?.y, 'pose y');
        last[3 * slot + 2] = headingOf(pose.orientation ?? { z: 0, w: 1 });
        seen[slot] = 1;
      } else if (exploredIds.has(message.channelId)) {
        const grid = gridOf(message, EXPLORED_TOPIC);
        if (grid.width !== map.width || grid.height !== map.height)
          throw new Malformed(`${EXPLORED_TOPIC} is ${grid.width}x${grid.height}, the map ${map.width}x${map.height}`);
        bits = bitsOf(grid.cells);
      } else if (metricsIds.has(message.channelId)) {
        fraction = finite(decode('swarmgate.recording.v1.Metrics', message).explored_fraction, 'explored_fraction');
      }
      if (stride === 1 && ticks * robots > maxPoses) throw new Malformed(`more than ${maxPoses} robot poses, and no Statistics record to thin them by`);
    }
    if (tickNs === null) throw new Malformed('its pose channels hold no message');
    // The last tick is always written: the replay ends where the recording does.
    if (written !== ticks) writeTick();
    return track.done();
  });
}

/**
 * Every how many ticks a frame is kept, so that frames x robots stays within `maxPoses`: from
 * the Statistics record's message counts (the ticks are the most poses any robot has); 1 when
 * the file has none (the reader then refuses a file beyond the budget).
 */
function thinning(
  reader: McapIndexedReader,
  poseChannels: readonly McapTypes.Channel[],
  slotOf: ReadonlyMap<number, number>,
  robots: number,
  maxPoses: number,
): number {
  const counts = reader.statistics?.channelMessageCounts;
  if (counts === undefined) return 1;
  const perRobot = new Array<number>(robots).fill(0);
  for (const c of poseChannels) perRobot[slotOf.get(c.id)!] += Number(counts.get(c.id) ?? 0n);
  return Math.max(1, Math.ceil((Math.max(...perRobot) * robots) / maxPoses));
}

/** The live stream's explored bitmap of a grid: bit i (LSB first) set when cell i is known. */
function bitsOf(cells: Uint8Array): Uint8Array {
  const bits = new Uint8Array(Math.ceil(cells.length / 8));
  for (let i = 0; i < cells.length; i++) if (cells[i] !== SlamCell.Unknown) bits[i >> 3] |= 1 << (i & 7);
  return bits;
}
