import type { Grid } from '@swarmgate/maps';
import { wrapAngle } from '@swarmgate/protocols/common';
import { SwarmgateError } from '../../errors.js';
import { growArray } from './growArray.js';
import { oneThread, PairList, type PairScan, type PairScanner, type PairScanRecipe } from './PairScan.js';
import { gridBounds, SpatialHash, sortIds } from './SpatialHash.js';
import { traceWallsBetween, WALL_CELL_SLOTS, WallCrossing, type TraceLimits } from './traceWalls.js';
import { wallClearance } from './wallClearance.js';

export interface NearbyRobotsOptions {
  /** Sensing range in metres (MAES SenseNearbyAgentsRange: 20). */
  rangeM: number;
  /** Hide robots behind any wall cell (MAES SenseNearbyAgentsBlockedByWalls: true). */
  blockedByWalls: boolean;
  /** Float64Array layout: x, y, headingRad at i * stride + 0, 1, 2. Default 3. */
  stride?: number;
  /** wallClearance of the grid, made already (the world's); default: made here when blockedByWalls. */
  wallClearance?: Uint8Array;
}

/**
 * For each robot, the other robots within the sensing range: index, distance and bearing
 * relative to the robot's heading (radians in (-pi, pi], counter-clockwise positive),
 * from the true poses. Results are CSR arrays rebuilt by update(), robots in ascending
 * index order. A spatial hash keeps it O(n) on average. The pairs are a PairScan, so a
 * PairScanner may find them on several threads (the line-of-sight traces are the cost).
 */
export class NearbyRobots implements PairScan {
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
  /** Neighbour count per robot, then each CSR row's write cursor. */
  private readonly degree: Int32Array;
  readonly recipe: PairScanRecipe | null;
  /** Line-of-sight traces so far. */
  linkChecks = 0;
  /** Robot pairs in sensing range and sight of each other, lower index first. */
  private readonly pairList = new PairList();
  private readonly crossing = new WallCrossing();
  /** Open-space jumps for the line-of-sight traces: a snapshot of the grid's walls. */
  private readonly clearance: Uint8Array | undefined;
  // Stop each line-of-sight trace at the first wall.
  private readonly losLimits: TraceLimits = { weightPerM: new Float64Array(WALL_CELL_SLOTS).fill(1), maxWeighted: 0, maxRuns: 0 };

  constructor(
    private readonly grid: Grid,
    readonly robotCount: number,
    options: NearbyRobotsOptions,
  ) {
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
    this.degree = new Int32Array(robotCount);
    this.clearance = this.blockedByWalls ? (options.wallClearance ?? wallClearance(grid)) : undefined;
    this.recipe = this.blockedByWalls ? { kind: 'nearby', robotCount, rangeM: this.rangeM, stride: this.stride } : null;
    this.hash = new SpatialHash(gridBounds(grid), this.rangeM, robotCount);
  }

  /** Rebuilds the lists for these poses; `scanner` finds the pairs (default: on this thread). */
  update(poses: Float64Array, scanner: PairScanner = oneThread): void {
    const n = this.robotCount;
    // Each pair once (i < j): range and line of sight are symmetric (traceWalls counts A->B
    // and B->A alike), and the wall trace was most of the cost when done from both ends.
    const list = this.pairList;
    scanner.scan(this, poses, list);
    const pairs = list.count;
    const pairAt = list.pairs;
    const degree = this.degree;
    degree.fill(0);
    for (let p = 0; p < 2 * pairs; p++) degree[pairAt[p]]++;
    const entries = 2 * pairs;
    if (entries > this.ids.length) {
      this.ids = growArray(this.ids, entries);
      this.distancesM = growArray(this.distancesM, entries);
      this.bearingsRad = growArray(this.bearingsRad, entries);
    }
    // CSR rows; degree becomes each row's write cursor. Pairs come in ascending (i, j) order, so
    // robot r receives its lower neighbours (pairs (i, r), ascending i) before its higher ones
    // (pairs (r, j), ascending j): every row ends up in ascending index order.
    this.start[0] = 0;
    for (let i = 0; i < n; i++) {
      this.start[i + 1] = this.start[i] + degree[i];
      degree[i] = this.start[i];
    }
    for (let p = 0; p < pairs; p++) {
      const i = pairAt[2 * p];
      const j = pairAt[2 * p + 1];
      this.write(degree[i]++, i, j, poses);
      this.write(degree[j]++, j, i, poses);
    }
  }

  prepare(poses: Float64Array): void {
    const s = this.stride;
    const hash = this.hash;
    hash.clear();
    for (let i = 0; i < this.robotCount; i++) hash.insert(i, poses[i * s], poses[i * s + 1]);
  }

  /** Robot i's partners j > i in range and sight, ascending. */
  scanRow(poses: Float64Array, i: number, out: PairList): void {
    const s = this.stride;
    const x = poses[i * s];
    const y = poses[i * s + 1];
    const found = this.hash.query(x, y, this.rangeM, this.candidates);
    sortIds(this.candidates, found);
    for (let k = 0; k < found; k++) {
      const j = this.candidates[k];
      if (j <= i) continue;
      if (this.blockedByWalls) {
        this.linkChecks++;
        if (traceWallsBetween(this.grid, poses, i * s, j * s, this.crossing, this.losLimits, this.clearance).truncated) continue;
      }
      out.push(i, j);
    }
  }

  /** Entry `at`: robot j as robot i senses it. */
  private write(at: number, i: number, j: number, poses: Float64Array): void {
    const s = this.stride;
    const x = poses[i * s];
    const y = poses[i * s + 1];
    const ox = poses[j * s];
    const oy = poses[j * s + 1];
    this.ids[at] = j;
    this.distancesM[at] = Math.sqrt((ox - x) * (ox - x) + (oy - y) * (oy - y));
    this.bearingsRad[at] = wrapAngle(Math.atan2(oy - y, ox - x) - poses[i * s + 2]);
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
