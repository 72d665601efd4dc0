import type { SlamMap } from '@swarmgate/sdk';
import type { Lidar } from './Lidar.js';
import { SpatialHash } from './radio/index.js';
import type { RobotTable } from './RobotTable.js';
import type { Sensing } from './Sensing.js';
import type { SensorPlugin } from './sensors.js';
import { DEFAULT_WORLD_CONFIG, slamIntervalTicks } from './WorldConfig.js';

export const lidarSensor: SensorPlugin = {
  name: 'lidar',
  field: 'scan',
  doc: '360 deg scan every logic tick from the true pose; grid DDA against walls, exact ray-circle hits on other robots.',
  noise: 'none',
  params: [
    { name: 'rangeM', unit: 'm', default: DEFAULT_WORLD_CONFIG.lidar.rangeM, doc: 'maximum range (MAES SlamRayTraceRange)' },
    { name: 'rayCount', unit: 'rays', default: 'floor(2 pi range * 2)', doc: 'rays evenly over 360 deg (MAES rule)' },
  ],
  create: (sensing) => new LidarSensor(sensing),
};

/**
 * Fills `sensing.lidar`'s ranges: one DDA per ray against the walls, which on SLAM ticks also
 * writes the robot's SLAM map (one walk serves both), then other robots' discs shorten the rays.
 */
class LidarSensor {
  // The world's parts this reads per robot, held directly (the sense loop's hottest path).
  private readonly table: RobotTable;
  private readonly lidar: Lidar;
  private readonly slamMaps: readonly (SlamMap | null)[];
  private readonly radiusM: number;
  /** The SLAM update interval in ticks. */
  private readonly slamEveryTicks: number;
  private readonly robotHash: SpatialHash;
  /** Robots near the one being sensed (query output, grown on demand). */
  private candidates = new Int32Array(64);
  private slamDue = false;
  /**
   * Pose of each robot's last wall cast and last SLAM integration (NaN: never). Walls are static
   * and SLAM ignores other robots, so an unchanged pose gives bit-identical wall ranges and map
   * writes: both are skipped for robots standing still (idle or asleep robots cost almost nothing).
   */
  private castPose: Float64Array = new Float64Array(0);
  private slamPose: Float64Array = new Float64Array(0);

  constructor(sensing: Sensing) {
    const grid = sensing.world.grid;
    this.table = sensing.world.table;
    this.lidar = sensing.lidar;
    this.slamMaps = sensing.slamMaps;
    this.radiusM = sensing.world.config.robot.radiusM;
    this.slamEveryTicks = slamIntervalTicks(sensing.world.config).updateTicks;
    const bucketM = Math.max(2, sensing.lidar.rangeM / 2);
    this.robotHash = new SpatialHash(
      {
        minX: grid.originM.x,
        minY: grid.originM.y,
        maxX: grid.originM.x + grid.width * grid.cellSizeM,
        maxY: grid.originM.y + grid.height * grid.cellSizeM,
      },
      bucketM,
    );
  }

  onRobotAdded(slot: number): void {
    this.lidar.ensureCapacity(slot + 1);
    if (this.castPose.length < 3 * (slot + 1)) {
      const capacity = this.table.capacity;
      this.castPose = grown(this.castPose, 3 * capacity);
      this.slamPose = grown(this.slamPose, 3 * capacity);
    }
    this.castPose.fill(Number.NaN, 3 * slot, 3 * slot + 3);
    this.slamPose.fill(Number.NaN, 3 * slot, 3 * slot + 3);
  }

  beginTick(tick: number): void {
    const t = this.table;
    this.slamDue = tick % this.slamEveryTicks === 0;
    this.robotHash.clear();
    for (let i = 0; i < t.count; i++) if (t.active[i]) this.robotHash.insert(i, t.xM[i], t.yM[i]);
  }

  senseRobot(i: number, tick: number): void {
    const t = this.table;
    const lidar = this.lidar;
    const radiusM = this.radiusM;
    const map = this.slamMaps[i] as SlamMap;
    // MAES builds the map from the true pose; only the pose a controller reads is noisy.
    const integrate = this.slamDue && !samePose(this.slamPose, i, t.xM[i], t.yM[i], t.angleRad[i]);
    if (integrate || !samePose(this.castPose, i, t.xM[i], t.yM[i], t.angleRad[i])) {
      lidar.castWalls(i, t.xM[i], t.yM[i], t.angleRad[i], tick, integrate ? map : null);
      setPose(this.castPose, i, t.xM[i], t.yM[i], t.angleRad[i]);
    } else {
      lidar.restoreWallRanges(i);
    }
    this.occludeByNeighbours(i, radiusM);
    if (integrate) {
      setPose(this.slamPose, i, t.xM[i], t.yM[i], t.angleRad[i]);
      map.markOpenDisk(t.xM[i], t.yM[i], radiusM);
    }
  }

  /** Shortens robot i's scan where other robots' discs block its rays. */
  private occludeByNeighbours(i: number, radiusM: number): void {
    const t = this.table;
    const lidar = this.lidar;
    const reachM = lidar.rangeM + radiusM;
    let found = this.robotHash.query(t.xM[i], t.yM[i], reachM, this.candidates);
    if (found > this.candidates.length) {
      this.candidates = new Int32Array(found * 2);
      found = this.robotHash.query(t.xM[i], t.yM[i], reachM, this.candidates);
    }
    lidar.occludeBy(i, t.xM, t.yM, t.angleRad, this.candidates, found, radiusM);
  }
}

function samePose(poses: Float64Array, i: number, x: number, y: number, a: number): boolean {
  return poses[3 * i] === x && poses[3 * i + 1] === y && poses[3 * i + 2] === a;
}

function setPose(poses: Float64Array, i: number, x: number, y: number, a: number): void {
  poses[3 * i] = x;
  poses[3 * i + 1] = y;
  poses[3 * i + 2] = a;
}

function grown(old: Float64Array, length: number): Float64Array {
  const next = new Float64Array(length).fill(Number.NaN);
  next.set(old);
  return next;
}
