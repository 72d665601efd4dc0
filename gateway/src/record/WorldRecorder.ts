/**
 * Records a World as it runs, as a tick observer (after control, so a tick's commands are
 * latched): every tick each robot's pose, the commands its controller latched and its radio
 * traffic; on the first tick and then every `everyS` (1 s by default) each robot's lidar scan
 * and SLAM map (when it changed since last written), the explored cells, the robots as a
 * scene, and the metrics; the ground-truth map once. SLAM maps and scans are most of a
 * recording's bytes and cost (BENCHMARKS.md), hence the interval.
 *
 * Topics: /map, /explored, /metrics, /robots (scene), and per robot /<id>/pose, /<id>/scan,
 * /<id>/slam, /<id>/cmd, /<id>/radio. Frame: `map` (metres, y up, the map's own frame).
 * It reads the engine through World's methods and writes nothing back: a recorded trial steps exactly as an
 * unrecorded one (the same final state hash).
 */
import { endianness } from 'node:os';
import type { Grid } from '@swarmgate/maps';
import { Cell, isWall as isWallCell } from '@swarmgate/maps';
import { swarmgate } from '@swarmgate/protocols';
import { SlamCell, type RobotAction, type SlamMap } from '@swarmgate/sdk';
import type { TickObserver, World } from '../sim/World.js';
import type { TrialMetrics } from '../sim/TrialMetrics.js';
import { tickSeconds } from '../sim/WorldConfig.js';
import type { McapRecorder } from './McapRecorder.js';
import type protobuf from 'protobufjs';
import { copyRect, knownRect } from './gridCrop.js';
import { encodePlanarPose, planarPosePrefix } from './planarPose.js';
import { messageType } from './recordingSchemas.js';

export const MAP_FRAME = 'map';
/**
 * Every recorded grid has one uint8 field, `state`, in the SLAM map's values (SlamCell: 0
 * unknown, 1 free, 2 wall), so a robot's SLAM map is written as it is, without a pass over it.
 */
const UNKNOWN = SlamCell.Unknown;
const FREE = SlamCell.Open;
const WALL = SlamCell.Solid;
const UINT8 = 1;
/** No cell state: the explored map's value before it was first written. */
const NOT_WRITTEN = 0xff;
const LITTLE_ENDIAN = endianness() === 'LE';
/** A local copy: an imported binding may be a getter under the dev loaders (tsx, vitest), a call per cell of the explored map. */
const isWall = isWallCell;

export interface WorldRecorderOptions {
  /** Seconds between scans, maps, scene and metrics, counted in whole ticks, at least one (default 1; a tick, 0.1 s: all). */
  readonly everyS?: number;
  /** Log time of the current tick, ns: sim time for a headless trial, wall time for a live one. */
  readonly timeNs: (world: World) => bigint;
}

interface Timestamp {
  seconds: number;
  nanos: number;
}

function timestampOf(ns: bigint): Timestamp {
  return { seconds: Number(ns / 1_000_000_000n), nanos: Number(ns % 1_000_000_000n) };
}

function poseOf(xM: number, yM: number, headingRad: number): object {
  return { position: { x: xM, y: yM, z: 0 }, orientation: { x: 0, y: 0, z: Math.sin(headingRad / 2), w: Math.cos(headingRad / 2) } };
}

/** A foxglove.Grid message of the `state` field but its cells (`data`), which are row-major from the bottom row (as Grid and SlamMap). */
function gridHeader(timestamp: Timestamp, width: number, cellSizeM: number, origin: { x: number; y: number }): object {
  return {
    timestamp,
    frame_id: MAP_FRAME,
    pose: poseOf(origin.x, origin.y, 0),
    column_count: width,
    cell_size: { x: cellSizeM, y: cellSizeM },
    row_stride: width,
    cell_stride: 1,
    fields: [{ name: 'state', offset: 0, type: UINT8 }],
  };
}

/** A robot's channels, named once rather than per message. */
interface RobotTopics {
  readonly pose: string;
  readonly scan: string;
  readonly slam: string;
  readonly cmd: string;
  readonly radio: string;
}

function robotTopics(id: string): RobotTopics {
  return { pose: `/${id}/pose`, scan: `/${id}/scan`, slam: `/${id}/slam`, cmd: `/${id}/cmd`, radio: `/${id}/radio` };
}

function groundTruthCells(grid: Grid): Uint8Array {
  const out = new Uint8Array(grid.cells.length);
  for (let c = 0; c < out.length; c++) {
    const v = grid.cells[c];
    out[c] = v === Cell.Free ? FREE : v === Cell.Unknown ? UNKNOWN : WALL;
  }
  return out;
}

export class WorldRecorder implements TickObserver {
  private readonly types = {
    scan: messageType('foxglove.LaserScan'),
    grid: messageType('foxglove.Grid'),
    scene: messageType('foxglove.SceneUpdate'),
    metrics: messageType('swarmgate.recording.v1.Metrics'),
    radio: messageType('swarmgate.recording.v1.RadioTraffic'),
  };
  private everyTicks = 0;
  private readonly rangesField = this.types.scan.fields.ranges.id;
  private readonly cellsField = this.types.grid.fields.data.id;
  private rangesScratch = new Float64Array(0);
  private readonly topics = new Map<string, RobotTopics>();
  /** The explored map as last written (its cells are rebuilt into it, so an unchanged one is seen without a copy). */
  private explored = new Uint8Array(0);
  /** Radio totals at the end of the previous tick, per slot: [sent, bytesSent, received, bytesReceived]. */
  private lastRadio: number[][] = [[], [], [], []];
  private mapWritten = false;
  /** The revision of each slot's SLAM map when it was last written. */
  private readonly slamRevisions: number[] = [];

  constructor(
    private readonly recorder: McapRecorder,
    private readonly metrics: TrialMetrics,
    private readonly options: WorldRecorderOptions,
  ) {}

  afterTick(world: World): void {
    const ns = this.options.timeNs(world);
    const timestamp = timestampOf(ns);
    const lidar = world.sensing.lidar;
    const rays = lidar.rayCount;
    const rec = this.recorder;
    if (!this.mapWritten) {
      this.mapWritten = true;
      this.everyTicks = Math.max(1, Math.round((this.options.everyS ?? 1) / tickSeconds(world.config)));
      const g = world.grid;
      rec.add('/map', 'foxglove.Grid', ns, this.encodeGrid(gridHeader(timestamp, g.width, g.cellSizeM, g.originM), groundTruthCells(g)));
    }
    const slow = world.tick % this.everyTicks === 0 || world.tick === 1;
    const posePrefix = planarPosePrefix(timestamp, MAP_FRAME);
    for (const id of world.robotIds()) {
      const topics = this.topicsOf(id);
      const truth = world.truePose(id);
      rec.add(topics.pose, 'foxglove.PoseInFrame', ns, encodePlanarPose(posePrefix, truth.xM, truth.yM, truth.headingRad));
      if (slow) {
        const pose = poseOf(truth.xM, truth.yM, truth.headingRad);
        const header = { timestamp, frame_id: MAP_FRAME, pose, start_angle: 0, end_angle: (rays - 1) * lidar.angleIncrementRad };
        rec.add(topics.scan, 'foxglove.LaserScan', ns, this.encodeScan(header, world.sensing.scanRanges(world.slotOf(id))));
      }
      const command = commandOf(world.latchedAction(id));
      if (command) rec.add(topics.cmd, 'swarmgate.v1.Command', ns, swarmgate.v1.Command.encode(command).finish());
    }
    this.recordRadio(world, ns);
    if (slow) this.recordMaps(world, ns, timestamp);
  }

  private recordRadio(world: World, ns: bigint): void {
    if (world.comms.radioNetwork === null) return;
    const totals = world.comms.totals();
    const now = [totals.messagesSent, totals.bytesSent, totals.messagesReceived, totals.bytesReceived];
    const last = this.lastRadio;
    for (let i = 0; i < now[0].length; i++) {
      const sent = now[0][i] - (last[0][i] ?? 0);
      const received = now[2][i] - (last[2][i] ?? 0);
      if (sent === 0 && received === 0) continue;
      this.recorder.add(
        this.topicsOf(world.idOf(i)).radio,
        'swarmgate.recording.v1.RadioTraffic',
        ns,
        this.encode(this.types.radio, {
          tick: world.tick,
          robot_id: world.idOf(i),
          messages_sent: sent,
          bytes_sent: now[1][i] - (last[1][i] ?? 0),
          messages_delivered: received,
          bytes_delivered: now[3][i] - (last[3][i] ?? 0),
        }),
      );
    }
    this.lastRadio = now;
  }

  private recordMaps(world: World, ns: bigint, timestamp: Timestamp): void {
    const rec = this.recorder;
    const g = world.grid;
    const seen = world.sensing.lidar.lastSeenTick;
    if (this.explored.length !== seen.length) this.explored = new Uint8Array(seen.length).fill(NOT_WRITTEN);
    const explored = this.explored;
    let changed = false;
    for (let c = 0; c < seen.length; c++) {
      const v = seen[c] === 0 ? UNKNOWN : isWall(g.cells[c]) ? WALL : FREE;
      if (v !== explored[c]) {
        explored[c] = v;
        changed = true;
      }
    }
    // Like a SLAM map, the explored map is written again only when a cell of it changed.
    if (changed) rec.add('/explored', 'foxglove.Grid', ns, this.encodeGrid(gridHeader(timestamp, g.width, g.cellSizeM, g.originM), explored));
    const entities = [];
    for (const id of world.robotIds()) {
      const i = world.slotOf(id);
      const truth = world.truePose(id);
      const slam = world.sensing.slamMaps[i];
      // SLAM maps are most of a recording's bytes: one unchanged since it was last written is not written again.
      if (slam && slam.revision !== this.slamRevisions[i]) {
        this.slamRevisions[i] = slam.revision;
        rec.add(this.topicsOf(id).slam, 'foxglove.Grid', ns, this.encodeKnown(timestamp, slam));
      }
      const diameterM = 2 * world.config.robot.radiusM;
      entities.push({
        timestamp,
        frame_id: MAP_FRAME,
        id,
        cylinders: [
          { pose: poseOf(truth.xM, truth.yM, truth.headingRad), size: { x: diameterM, y: diameterM, z: 0.1 }, color: { r: 0.2, g: 0.5, b: 1, a: 1 } },
        ],
        texts: [{ pose: poseOf(truth.xM, truth.yM, 0), billboard: true, font_size: 12, scale_invariant: true, color: { r: 1, g: 1, b: 1, a: 1 }, text: id }],
      });
    }
    rec.add('/robots', 'foxglove.SceneUpdate', ns, this.encode(this.types.scene, { deletions: [], entities }));
    const m = this.metrics.sample();
    rec.add(
      '/metrics',
      'swarmgate.recording.v1.Metrics',
      ns,
      this.encode(this.types.metrics, {
        tick: m.tick,
        explored_fraction: m.exploredFraction,
        covered_fraction: m.coveredFraction,
        distance_total_m: m.distanceTotalM,
        collisions: m.collisions,
        messages_sent: m.messagesSent,
        comm_groups: m.commGroups,
        largest_group_fraction: m.largestGroupFraction,
      }),
    );
  }

  private topicsOf(id: string): RobotTopics {
    let topics = this.topics.get(id);
    if (topics === undefined) {
      topics = robotTopics(id);
      this.topics.set(id, topics);
    }
    return topics;
  }

  /**
   * A foxglove.LaserScan: the header through protobufjs, the ranges (repeated double, packed)
   * appended as their raw little-endian bytes, without protobufjs's per-value calls (a hundred
   * rays and more per robot per scan).
   */
  private encodeScan(header: object, ranges: Float32Array): Uint8Array {
    // The raw bytes are little-endian only where the machine is (every platform Node runs on in practice).
    if (!LITTLE_ENDIAN) return this.encode(this.types.scan, { ...header, ranges });
    if (this.rangesScratch.length !== ranges.length) this.rangesScratch = new Float64Array(ranges.length);
    this.rangesScratch.set(ranges);
    const bytes = new Uint8Array(this.rangesScratch.buffer);
    return withBytesField(this.types.scan, header, this.rangesField, bytes.length, (out, at) => out.set(bytes, at));
  }

  /** A foxglove.Grid: its header (gridHeader) and its cells, copied once. */
  private encodeGrid(header: object, cells: Uint8Array): Uint8Array {
    return withBytesField(this.types.grid, header, this.cellsField, cells.length, (out, at) => out.set(cells, at));
  }

  /** A SLAM map as a foxglove.Grid of its known rectangle (gridCrop.ts), whose pose is the rectangle's corner; all of it while nothing is known. */
  private encodeKnown(timestamp: Timestamp, slam: SlamMap): Uint8Array {
    const rect = knownRect(slam.cells, slam.width);
    if (rect === null) return this.encodeGrid(gridHeader(timestamp, slam.width, slam.cellSizeM, slam.originM), slam.cells);
    const corner = { x: slam.originM.x + rect.x0 * slam.cellSizeM, y: slam.originM.y + rect.y0 * slam.cellSizeM };
    const header = gridHeader(timestamp, rect.x1 - rect.x0 + 1, slam.cellSizeM, corner);
    const cells = (rect.x1 - rect.x0 + 1) * (rect.y1 - rect.y0 + 1);
    return withBytesField(this.types.grid, header, this.cellsField, cells, (out, at) => copyRect(slam.cells, slam.width, rect, out, at));
  }

  private encode(type: { encode(message: object): { finish(): Uint8Array } }, message: object): Uint8Array {
    return type.encode(message).finish();
  }
}

/**
 * A message of `type`: `header`'s fields through protobufjs, then field `fieldId` (bytes, or a
 * packed repeated scalar) as its tag, its byte length and the `length` bytes `fill` writes at
 * `at`. Fields may come in any order, so this is the message protobufjs would write, with the
 * bytes copied once into the result rather than through protobufjs's writer and again out of it
 * (a SLAM map is tens of kB). The result is the caller's: a recorder queues it until the next flush.
 */
function withBytesField(type: protobuf.Type, header: object, fieldId: number, length: number, fill: (out: Uint8Array, at: number) => void): Uint8Array {
  const head = type
    .encode(header)
    .uint32((fieldId << 3) | 2)
    .uint32(length)
    .finish();
  // Not zero-filled (every byte is written below), and from Node's pool when small.
  const out = Buffer.allocUnsafe(head.length + length);
  out.set(head);
  fill(out, head.length);
  return out;
}

/** The wire Command of a latched action (what a controller asked for this tick), or null. */
function commandOf(action: RobotAction | null): swarmgate.v1.ICommand | null {
  switch (action?.kind) {
    case 'move':
      return { move: { distanceM: action.distanceM } };
    case 'rotate':
      return { rotate: { angleDeg: action.degrees } };
    case 'velocity':
      return { velocity: { linearMps: action.linearMps, angularRadps: action.angularRadps } };
    case 'stop':
      return { stop: {} };
    default:
      return null;
  }
}
