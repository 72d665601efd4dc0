import type { Grid } from '@swarmgate/maps';
import { SwarmgateError } from '../../errors.js';
import { growArray } from './growArray.js';
import { SpatialHash, sortIds } from './SpatialHash.js';
import { traceWalls, WALL_CELL_SLOTS, WallCrossing, type TraceLimits } from './traceWalls.js';
import { wallClearance } from './wallClearance.js';

export interface NearbyRobotsOptions {
  /** Sensing range in metres (MAES SenseNearbyAgentsRange: 20). */
  rangeM: number;
  /** Hide robots behind any wall cell (MAES SenseNearbyAgentsBlockedByWalls: true). */
  blockedByWalls: boolean;
  /** Float64Array layout: x, y, headingRad at i * stride + 0, 1, 2. Default 3. */
  stride?: number;
}

/**
 * For each robot, the other robots within the sensing range: index, distance and bearing
 * relative to the robot's heading (radians in (-pi, pi], counter-clockwise positive),
 * from the true poses. Results are CSR arrays rebuilt by update(), robots in ascending
 * index order. A spatial hash keeps it O(n) on average.
 */
export class NearbyRobots {
  /** Robot i's entries are at start[i] .. start[i + 1] of ids, distancesM, bearingsRad. */
  readonly start: Int32Array;
  ids = new Int32Array(64);
  distancesM = new Float64Array(64);
  bearingsRad = new Float64Array(64);
  private readonly rangeM: number;
  private readonly blockedByWalls: boolean;
  private readonly stride: number;
  private readonly hash: SpatialHash;
  private readonly candidates: Int32Array;
  private readonly crossing = new WallCrossing();
  /** Open-space jumps for the line-of-sight traces: a snapshot of the grid's walls. */
  private readonly clearance: Uint8Array | undefined;
  // Stop each line-of-sight trace at the first wall.
  private readonly losLimits: TraceLimits = { weightPerM: new Float64Array(WALL_CELL_SLOTS).fill(1), maxWeighted: 0, maxRuns: 0 };

  constructor(private readonly grid: Grid, readonly robotCount: number, options: NearbyRobotsOptions) {
    this.rangeM = options.rangeM;
    this.blockedByWalls = options.blockedByWalls;
    this.stride = options.stride ?? 3;
    if (!(this.rangeM > 0) || !Number.isFinite(this.rangeM)) {
      throw new SwarmgateError('SG_RADIO_CONFIG', `nearby-robot rangeM must be a positive number of metres, got ${this.rangeM}`);
    }
    if (!Number.isInteger(this.stride) || this.stride < 3) {
      throw new SwarmgateError('SG_RADIO_CONFIG', `nearby-robot pose stride must be an integer >= 3 (x, y, heading), got ${this.stride}`);
    }
    if (!Number.isInteger(robotCount) || robotCount < 0) {
      throw new SwarmgateError('SG_RADIO_CONFIG', `robotCount must be a non-negative integer, got ${robotCount}`);
    }
    this.start = new Int32Array(robotCount + 1);
    this.candidates = new Int32Array(Math.max(1, robotCount));
    this.clearance = this.blockedByWalls ? wallClearance(grid) : undefined;
    const { originM, width, height, cellSizeM } = grid;
    this.hash = new SpatialHash(
      { minX: originM.x, minY: originM.y, maxX: originM.x + width * cellSizeM, maxY: originM.y + height * cellSizeM },
      this.rangeM,
      robotCount,
    );
  }

  update(poses: Float64Array): void {
    const n = this.robotCount;
    const s = this.stride;
    const hash = this.hash;
    hash.clear();
    for (let i = 0; i < n; i++) hash.insert(i, poses[i * s], poses[i * s + 1]);
    let entries = 0;
    for (let i = 0; i < n; i++) {
      this.start[i] = entries;
      const x = poses[i * s];
      const y = poses[i * s + 1];
      const headingRad = poses[i * s + 2];
      const found = hash.query(x, y, this.rangeM, this.candidates);
      sortIds(this.candidates, found);
      for (let k = 0; k < found; k++) {
        const j = this.candidates[k];
        if (j === i) continue;
        const ox = poses[j * s];
        const oy = poses[j * s + 1];
        if (this.blockedByWalls && traceWalls(this.grid, x, y, ox, oy, this.crossing, this.losLimits, this.clearance).truncated) continue;
        if (entries >= this.ids.length) {
          this.ids = growArray(this.ids, entries + 1);
          this.distancesM = growArray(this.distancesM, entries + 1);
          this.bearingsRad = growArray(this.bearingsRad, entries + 1);
        }
        this.ids[entries] = j;
        this.distancesM[entries] = Math.sqrt((ox - x) * (ox - x) + (oy - y) * (oy - y));
        this.bearingsRad[entries] = wrapAngle(Math.atan2(oy - y, ox - x) - headingRad);
        entries++;
      }
    }
    this.start[n] = entries;
  }

  count(i: number): number {
    return this.start[i + 1] - this.start[i];
  }

  id(i: number, k: number): number {
    return this.ids[this.start[i] + k];
  }

  distanceM(i: number, k: number): number {
    return this.distancesM[this.start[i] + k];
  }

  bearingRad(i: number, k: number): number {
    return this.bearingsRad[this.start[i] + k];
  }
}

/** Wraps an angle to (-pi, pi]. */
export function wrapAngle(angleRad: number): number {
  let a = angleRad % (2 * Math.PI);
  if (a <= -Math.PI) a += 2 * Math.PI;
  else if (a > Math.PI) a -= 2 * Math.PI;
  return a;
}
