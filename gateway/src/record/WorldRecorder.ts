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
 * It reads the engine's tables and writes nothing back: a recorded trial steps exactly as an
 * unrecorded one (the same final state hash).
 */
import { endianness } from 'node:os';
import type { Grid } from '@swarmgate/maps';
import { Cell, isWall } from '@swarmgate/maps';
import { swarmgate } from '@swarmgate/protocols';
import { SlamCell } from '@swarmgate/sdk';
import { Latch } from '../sim/RobotTable.js';
import type { TickObserver, World } from '../sim/World.js';
import type { TrialMetrics } from '../sim/TrialMetrics.js';
import { tickSeconds } from '../sim/WorldConfig.js';
import type { McapRecorder } from './McapRecorder.js';
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
const LITTLE_ENDIAN = endianness() === 'LE';

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

/** A foxglove.Grid message of the `state` field, cells row-major from the bottom row (as Grid and SlamMap). */
function gridMessage(timestamp: Timestamp, width: number, cellSizeM: number, origin: { x: number; y: number }, cells: Uint8Array): object {
  return {
    timestamp,
    frame_id: MAP_FRAME,
    pose: poseOf(origin.x, origin.y, 0),
    column_count: width,
    cell_size: { x: cellSizeM, y: cellSizeM },
    row_stride: width,
    cell_stride: 1,
    fields: [{ name: 'state', offset: 0, type: UINT8 }],
    data: cells,
  };
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
    pose: messageType('foxglove.PoseInFrame'),
    scan: messageType('foxglove.LaserScan'),
    grid: messageType('foxglove.Grid'),
    scene: messageType('foxglove.SceneUpdate'),
    metrics: messageType('swarmgate.recording.v1.Metrics'),
    radio: messageType('swarmgate.recording.v1.RadioTraffic'),
  };
  private everyTicks = 0;
  private readonly rangesField = this.types.scan.fields.ranges.id;
  private rangesScratch = new Float64Array(0);
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
    const t = world.table;
    const lidar = world.sensing.lidar;
    const rays = lidar.rayCount;
    const rec = this.recorder;
    if (!this.mapWritten) {
      this.mapWritten = true;
      this.everyTicks = Math.max(1, Math.round((this.options.everyS ?? 1) / tickSeconds(world.config)));
      const g = world.grid;
      rec.add('/map', 'foxglove.Grid', ns, this.encode(this.types.grid, gridMessage(timestamp, g.width, g.cellSizeM, g.originM, groundTruthCells(g))));
    }
    const slow = world.tick % this.everyTicks === 0 || world.tick === 1;
    for (let i = 0; i < t.count; i++) {
      if (!t.active[i]) continue;
      const id = world.idOf(i);
      const pose = poseOf(t.xM[i], t.yM[i], t.angleRad[i]);
      rec.add(`/${id}/pose`, 'foxglove.PoseInFrame', ns, this.encode(this.types.pose, { timestamp, frame_id: MAP_FRAME, pose }));
      if (slow) {
        const header = { timestamp, frame_id: MAP_FRAME, pose, start_angle: 0, end_angle: (rays - 1) * lidar.angleIncrementRad };
        rec.add(`/${id}/scan`, 'foxglove.LaserScan', ns, this.encodeScan(header, world.sensing.scanRanges(i)));
      }
      const command = latchedCommand(t.latch[i], t.latchA[i], t.latchB[i]);
      if (command) rec.add(`/${id}/cmd`, 'swarmgate.v1.Command', ns, swarmgate.v1.Command.encode(command).finish());
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
        `/${world.idOf(i)}/radio`,
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
    const t = world.table;
    const g = world.grid;
    const seen = world.sensing.lidar.lastSeenTick;
    const explored = new Uint8Array(seen.length);
    for (let c = 0; c < seen.length; c++) explored[c] = seen[c] === 0 ? UNKNOWN : isWall(g.cells[c]) ? WALL : FREE;
    rec.add('/explored', 'foxglove.Grid', ns, this.encode(this.types.grid, gridMessage(timestamp, g.width, g.cellSizeM, g.originM, explored)));
    const entities = [];
    for (let i = 0; i < t.count; i++) {
      if (!t.active[i]) continue;
      const id = world.idOf(i);
      const slam = world.sensing.slamMaps[i];
      // SLAM maps are most of a recording's bytes: one unchanged since it was last written is not written again.
      if (slam && slam.revision !== this.slamRevisions[i]) {
        this.slamRevisions[i] = slam.revision;
        rec.add(`/${id}/slam`, 'foxglove.Grid', ns, this.encode(this.types.grid, gridMessage(timestamp, slam.width, slam.cellSizeM, slam.originM, slam.cells)));
      }
      const diameterM = 2 * world.config.robot.radiusM;
      entities.push({
        timestamp,
        frame_id: MAP_FRAME,
        id,
        cylinders: [{ pose: poseOf(t.xM[i], t.yM[i], t.angleRad[i]), size: { x: diameterM, y: diameterM, z: 0.1 }, color: { r: 0.2, g: 0.5, b: 1, a: 1 } }],
        texts: [{ pose: poseOf(t.xM[i], t.yM[i], 0), billboard: true, font_size: 12, scale_invariant: true, color: { r: 1, g: 1, b: 1, a: 1 }, text: id }],
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

  /**
   * A foxglove.LaserScan: the header through protobufjs, the ranges (repeated double, packed)
   * appended as their raw little-endian bytes. A packed field is its tag, its byte length and
   * the values, and fields may come in any order, so this is the message protobufjs would write,
   * without its per-value calls (a hundred rays and more per robot per scan).
   */
  private encodeScan(header: object, ranges: Float32Array): Uint8Array {
    // The raw bytes are little-endian only where the machine is (every platform Node runs on in practice).
    if (!LITTLE_ENDIAN) return this.encode(this.types.scan, { ...header, ranges });
    if (this.rangesScratch.length !== ranges.length) this.rangesScratch = new Float64Array(ranges.length);
    this.rangesScratch.set(ranges);
    const writer = this.types.scan.encode(header);
    writer.uint32((this.rangesField << 3) | 2).bytes(new Uint8Array(this.rangesScratch.buffer));
    return writer.finish();
  }

  private encode(type: { encode(message: object): { finish(): Uint8Array } }, message: object): Uint8Array {
    return type.encode(message).finish();
  }
}

/** The wire Command a robot's latch holds (what its controller asked for this tick), or null. */
function latchedCommand(latch: number, a: number, b: number): swarmgate.v1.ICommand | null {
  switch (latch) {
    case Latch.Move:
      return { move: { distanceM: a } };
    case Latch.Rotate:
      return { rotate: { angleDeg: (a * 180) / Math.PI } };
    case Latch.Velocity:
      return { velocity: { linearMps: a, angularRadps: b } };
    case Latch.Stop:
      return { stop: {} };
    default:
      return null;
  }
}
