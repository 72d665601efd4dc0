/**
 * The sense phase: per robot, in slot order, from the post-physics true poses:
 * pose-estimate error (bounded random walk), lidar (walls, then other robots), SLAM integration,
 * automatic SLAM merging in communication groups. Nearby robots, tags and the inbox are read
 * on demand by SimRobot.state() (poses do not change during control, so this is deterministic).
 */
import { SlamMap, type Pose } from '@swarmgate/sdk';
import { Lidar, SUB } from './Lidar.js';
import { SpatialHash } from './radio/index.js';
import { clampAbs } from './math.js';
import { wrapAngle, type Random } from '@swarmgate/protocols';
import type { World } from './World.js';

export class Sensing {
  readonly lidar: Lidar;
  readonly slamMaps: (SlamMap | null)[] = [];
  readonly robotHash: SpatialHash;
  /** Robots near the one being sensed (query output, grown on demand). */
  private candidates = new Int32Array(64);
  private poseRngs: (Random | null)[] = [];
  private groupLeader = new Int32Array(0);
  /**
   * Pose of each robot's last wall cast and last SLAM integration (NaN: never). Walls are static
   * and SLAM ignores other robots, so an unchanged pose gives bit-identical wall ranges and map
   * writes: both are skipped for robots standing still (idle or asleep robots cost almost nothing).
   */
  private castPose: Float64Array = new Float64Array(0);
  private slamPose: Float64Array = new Float64Array(0);

  constructor(private readonly world: World) {
    const grid = world.grid;
    this.lidar = new Lidar(grid, world.config.lidar);
    const bucketM = Math.max(2, world.config.lidar.rangeM / 2);
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

  onRobotAdded(slot: number, id: string): void {
    this.lidar.ensureCapacity(slot + 1);
    if (this.castPose.length < 3 * (slot + 1)) {
      this.castPose = grown(this.castPose, 3 * this.world.table.capacity);
      this.slamPose = grown(this.slamPose, 3 * this.world.table.capacity);
    }
    this.castPose.fill(Number.NaN, 3 * slot, 3 * slot + 3);
    this.slamPose.fill(Number.NaN, 3 * slot, 3 * slot + 3);
    const map = SlamMap.forGrid(this.world.grid, SUB);
    this.slamMaps[slot] = map;
    const err = this.world.config.slam.positionErrorM;
    this.poseRngs[slot] = err > 0 ? this.world.rng.fork(`slam-pose:${id}`) : null;
  }

  /** The controller-facing scan ranges of robot `slot` (walls and robots), a live view. */
  scanRanges(slot: number): Float32Array {
    const n = this.lidar.rayCount;
    return this.lidar.rangesM.subarray(slot * n, slot * n + n);
  }

  sense(): void {
    const w = this.world;
    const t = w.table;
    const tick = w.tick;
    const radiusM = w.config.robot.radiusM;
    const slamDue = tick % w.config.slam.updateIntervalTicks === 0;
    this.robotHash.clear();
    for (let i = 0; i < t.count; i++) if (t.active[i]) this.robotHash.insert(i, t.xM[i], t.yM[i]);
    for (let i = 0; i < t.count; i++) {
      if (!t.active[i]) continue;
      this.updatePoseError(i);
      const map = this.slamMaps[i] as SlamMap;
      // MAES builds the map from the true pose; only the pose a controller reads is noisy.
      const integrate = slamDue && !samePose(this.slamPose, i, t.xM[i], t.yM[i], t.angleRad[i]);
      if (integrate || !samePose(this.castPose, i, t.xM[i], t.yM[i], t.angleRad[i])) {
        this.lidar.castWalls(i, t.xM[i], t.yM[i], t.angleRad[i], tick, integrate ? map : null);
        setPose(this.castPose, i, t.xM[i], t.yM[i], t.angleRad[i]);
      } else {
        this.lidar.restoreWallRanges(i);
      }
      this.occludeByNeighbours(i, radiusM);
      if (integrate) {
        setPose(this.slamPose, i, t.xM[i], t.yM[i], t.angleRad[i]);
        map.markOpenDisk(t.xM[i], t.yM[i], radiusM);
      }
    }
    const mergeEvery = w.config.slam.mergeIntervalTicks;
    if (mergeEvery > 0 && tick % mergeEvery === 0) this.mergeWithinGroups();
  }

  /**
   * MAES DistributeSlam: every map of a communication group becomes the union of the group's
   * maps (solid dominates). Merge all into the group's first robot, then that back into the rest.
   */
  private mergeWithinGroups(): void {
    const groups = this.world.comms.groups();
    if (!groups) return;
    const t = this.world.table;
    if (this.groupLeader.length < t.count) this.groupLeader = new Int32Array(t.capacity);
    const leader = this.groupLeader;
    leader.fill(-1);
    for (let i = 0; i < t.count; i++) {
      if (!t.active[i] || groups.sizes[groups.groupOf[i]] < 2) continue;
      const g = groups.groupOf[i];
      if (leader[g] < 0) leader[g] = i;
      else (this.slamMaps[leader[g]] as SlamMap).mergeFrom(this.slamMaps[i] as SlamMap);
    }
    for (let i = 0; i < t.count; i++) {
      if (!t.active[i] || groups.sizes[groups.groupOf[i]] < 2) continue;
      const l = leader[groups.groupOf[i]];
      if (l !== i) (this.slamMaps[i] as SlamMap).mergeFrom(this.slamMaps[l] as SlamMap);
    }
  }

  /** Shortens robot i's scan where other robots' discs block its rays. */
  private occludeByNeighbours(i: number, radiusM: number): void {
    const t = this.world.table;
    const reachM = this.lidar.rangeM + radiusM;
    let found = this.robotHash.query(t.xM[i], t.yM[i], reachM, this.candidates);
    if (found > this.candidates.length) {
      this.candidates = new Int32Array(found * 2);
      found = this.robotHash.query(t.xM[i], t.yM[i], reachM, this.candidates);
    }
    this.lidar.occludeBy(i, t.xM, t.yM, t.angleRad, this.candidates, found, radiusM);
  }

  /** MAES SlamMap.UpdateApproxPosition: err = clamp(err + U(-1, 1) * bound / 10, -bound, bound). */
  private updatePoseError(i: number): void {
    const rng = this.poseRngs[i];
    if (!rng) return;
    const t = this.world.table;
    const bound = this.world.config.slam.positionErrorM;
    t.errXM[i] = clampAbs(t.errXM[i] + rng.uniform(-1, 1) * bound * 0.1, bound);
    t.errYM[i] = clampAbs(t.errYM[i] + rng.uniform(-1, 1) * bound * 0.1, bound);
  }

  /** Robot `slot`'s pose estimate: true pose + SLAM error (a fresh object for the controller). */
  estimatePose(slot: number): Pose {
    const t = this.world.table;
    return { xM: t.xM[slot] + t.errXM[slot], yM: t.yM[slot] + t.errYM[slot], headingRad: wrapAngle(t.angleRad[slot]) };
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
