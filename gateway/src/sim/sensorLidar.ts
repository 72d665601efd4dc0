import type { SlamMap } from '@swarmgate/sdk';
import type { Lidar } from './Lidar.js';
import type { LidarThreads } from './LidarThreads.js';
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
 * The casts of every robot are started in beginTick on `sensing.lidarThreads`' threads, each
 * with its occlusion by the other robots (at the tick's poses, copied for the threads), and
 * senseRobot waits for its robot's own cast only: a robot's cast reads only the poses and the
 * static walls and writes only its own ranges and map (and the tiles' exploration stamps, the
 * same from any robot), so the casts still running for later robots change nothing senseRobot reads.
 */
class LidarSensor {
  /** senseRobot shortens robot i's own scan and marks its own map. */
  readonly robotLocal = true;
  // The world's parts this reads per robot, held directly (the sense loop's hottest path).
  private readonly table: RobotTable;
  private readonly lidar: Lidar;
  private readonly threads: LidarThreads;
  private readonly slamMaps: readonly (SlamMap | null)[];
  private readonly radiusM: number;
  /** The SLAM update interval in ticks. */
  private readonly slamEveryTicks: number;
  private slamDue = false;
  /** Per slot, this tick: 1 when its walls were cast (else its ranges are restored), 1 when its SLAM map integrates. */
  private castNow = new Uint8Array(0);
  private integrateNow = new Uint8Array(0);
  /** Per slot, this tick's cast job (an index into the threads' job list), or -1. */
  private jobOf = new Int32Array(0);
  /**
   * Pose of each robot's last wall cast and last SLAM integration (NaN: never). Walls are static
   * and SLAM ignores other robots, so an unchanged pose gives bit-identical wall ranges and map
   * writes: both are skipped for robots standing still (idle or asleep robots cost almost nothing).
   */
  private castPose: Float64Array = new Float64Array(0);
  private slamPose: Float64Array = new Float64Array(0);

  constructor(sensing: Sensing) {
    this.table = sensing.world.table;
    this.lidar = sensing.lidar;
    this.threads = sensing.lidarThreads;
    this.slamMaps = sensing.slamMaps;
    this.radiusM = sensing.world.config.robot.radiusM;
    this.slamEveryTicks = slamIntervalTicks(sensing.world.config).updateTicks;
  }

  onRobotAdded(slot: number): void {
    if (this.lidar.ensureCapacity(slot + 1)) this.threads.rangesGrown();
    const map = this.slamMaps[slot];
    if (map) this.threads.setSlam(slot, map.sharedBuffers());
    if (this.castPose.length < 3 * (slot + 1)) {
      const capacity = this.table.capacity;
      this.castPose = grown(this.castPose, 3 * capacity);
      this.slamPose = grown(this.slamPose, 3 * capacity);
      this.castNow = new Uint8Array(capacity);
      this.integrateNow = new Uint8Array(capacity);
      this.jobOf = new Int32Array(capacity);
    }
    this.castPose.fill(Number.NaN, 3 * slot, 3 * slot + 3);
    this.slamPose.fill(Number.NaN, 3 * slot, 3 * slot + 3);
  }

  beginTick(tick: number): void {
    const t = this.table;
    this.slamDue = tick % this.slamEveryTicks === 0;
    const poses = this.threads.occlusionPoses(t.count);
    for (let i = 0; i < t.count; i++) {
      poses.xM[i] = t.active[i] ? t.xM[i] : Number.NaN;
      poses.yM[i] = t.yM[i];
      poses.headingRad[i] = t.angleRad[i];
    }
    this.castAll(tick);
  }

  senseRobot(i: number): void {
    const t = this.table;
    // A cast shortens its robot's scan by the other robots' discs on the thread that cast it.
    if (this.castNow[i] === 1) {
      this.awaitCast(i);
    } else {
      this.lidar.restoreWallRanges(i);
      this.threads.occlude(i);
    }
    if (this.integrateNow[i] === 1) (this.slamMaps[i] as SlamMap).markOpenDisk(t.xM[i], t.yM[i], this.radiusM);
  }

  /** Waits for robot i's wall cast of this tick and records its SLAM writes. */
  private awaitCast(i: number): void {
    const j = this.jobOf[i];
    const threads = this.threads;
    threads.awaitJob(j);
    const jobs = threads.jobs;
    if (jobs.integrate[j] === 1) (this.slamMaps[i] as SlamMap).recordWrites(jobs.slamChanged[j], jobs.slamNewlyKnown[j]);
  }

  /** Starts the wall casts of every active robot whose pose changed (or whose map integrates this tick). */
  private castAll(tick: number): void {
    const t = this.table;
    const threads = this.threads;
    for (let i = 0; i < t.count; i++) {
      if (!t.active[i]) continue;
      // MAES builds the map from the true pose; only the pose a controller reads is noisy.
      const integrate = this.slamDue && !samePose(this.slamPose, i, t.xM[i], t.yM[i], t.angleRad[i]);
      const cast = integrate || !samePose(this.castPose, i, t.xM[i], t.yM[i], t.angleRad[i]);
      this.castNow[i] = cast ? 1 : 0;
      this.integrateNow[i] = integrate ? 1 : 0;
      if (cast) {
        this.jobOf[i] = threads.jobCount;
        threads.addJob(i, t.xM[i], t.yM[i], t.angleRad[i], integrate);
        setPose(this.castPose, i, t.xM[i], t.yM[i], t.angleRad[i]);
      }
      if (integrate) setPose(this.slamPose, i, t.xM[i], t.yM[i], t.angleRad[i]);
    }
    threads.start(tick);
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
