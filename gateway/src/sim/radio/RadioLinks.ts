import type { Grid } from '@swarmgate/maps';
import { SwarmgateError } from '../../errors.js';
import { growArray } from './growArray.js';
import { oneThread, PairList, type PairScan, type PairScanner, type PairScanRecipe } from './PairScan.js';
import type { RadioModel } from './RadioModel.js';
import { gridBounds, SpatialHash } from './SpatialHash.js';
import { traceWallsBetween, WallCrossing } from './traceWalls.js';
import { wallClearance } from './wallClearance.js';

/**
 * The can-hear graph of a radio model over robot positions. Each unordered pair is
 * evaluated once, so the graph is undirected by construction even where floating point
 * could make A->B and B->A differ by an ulp. Neighbour lists are CSR arrays in a
 * deterministic order (a pure function of the poses): ascending for an unbounded model,
 * spatial-hash order past the robot's own index for a ranged one (sorting them cost more
 * than the link checks at 1000 robots). A model with a finite range is prefiltered with a
 * spatial hash (O(n) pairs on average); an unbounded one evaluates all n(n-1)/2 pairs, as
 * MAES does. The pairs are a PairScan, so a PairScanner may find them on several threads
 * (models that trace walls, from a --comm spec: a worker parses the same spec).
 */
export class RadioLinks implements PairScan {
  /** Pair evaluations so far (for benchmarks and profiles). */
  linkChecks = 0;
  /** Neighbours of robot i are neighbours[start[i] .. start[i + 1]). */
  readonly start: Int32Array;
  neighbours = new Int32Array(64);
  readonly recipe: PairScanRecipe | null;
  private readonly crossing = new WallCrossing();
  private readonly hash: SpatialHash | null;
  /** Open-space jumps for the wall traces: a snapshot of the grid's walls at construction. */
  private readonly clearance: Uint8Array | undefined;
  private readonly candidates: Int32Array;
  private readonly fill: Int32Array;
  private readonly edges = new PairList();

  constructor(
    private readonly grid: Grid,
    readonly model: RadioModel,
    readonly robotCount: number,
    /** Float64Array layout: x at i * stride, y at i * stride + 1. */
    private readonly stride = 2,
    /** wallClearance(grid), made already (a world's); default: made here when the model needs it. */
    clearance?: Uint8Array,
  ) {
    if (!Number.isInteger(robotCount) || robotCount < 0) {
      throw new SwarmgateError('SG_RADIO_CONFIG', `robotCount must be a non-negative integer, got ${robotCount}`);
    }
    if (!Number.isInteger(stride) || stride < 2) {
      throw new SwarmgateError('SG_RADIO_CONFIG', `pose stride must be an integer >= 2, got ${stride}`);
    }
    this.start = new Int32Array(robotCount + 1);
    this.candidates = new Int32Array(Math.max(1, robotCount));
    this.fill = new Int32Array(robotCount);
    this.clearance = model.usesWalls ? (clearance ?? wallClearance(grid)) : undefined;
    this.recipe = model.usesWalls && model.commSpec !== undefined ? { kind: 'links', robotCount, commSpec: model.commSpec, stride } : null;
    const widthM = grid.width * grid.cellSizeM;
    const heightM = grid.height * grid.cellSizeM;
    this.hash =
      Number.isFinite(model.maxRangeM) && model.maxRangeM < Math.hypot(widthM, heightM) ? new SpatialHash(gridBounds(grid), model.maxRangeM, robotCount) : null;
  }

  /** Can robots i and j talk at these poses? (i !== j; one link check). */
  canHear(poses: Float64Array, i: number, j: number): boolean {
    this.linkChecks++;
    const s = this.stride;
    const ax = poses[i * s];
    const ay = poses[i * s + 1];
    const bx = poses[j * s];
    const by = poses[j * s + 1];
    const distanceM = Math.sqrt((bx - ax) * (bx - ax) + (by - ay) * (by - ay));
    const model = this.model;
    if (!(distanceM <= model.maxRangeM)) return false;
    // Without walls the crossing stays all zero: it is only ever written by traceWalls.
    if (!model.usesWalls) return model.canHear(distanceM, this.crossing);
    traceWallsBetween(this.grid, poses, i * s, j * s, this.crossing, model.traceLimits(distanceM), this.clearance);
    return !this.crossing.truncated && model.canHear(distanceM, this.crossing);
  }

  /** Rebuilds the graph for the poses of one tick; `scanner` finds the pairs (default: on this thread). */
  update(poses: Float64Array, scanner: PairScanner = oneThread): void {
    scanner.scan(this, poses, this.edges);
    this.buildCsr();
  }

  prepare(poses: Float64Array): void {
    const hash = this.hash;
    if (hash === null) return;
    const s = this.stride;
    hash.clear();
    for (let i = 0; i < this.robotCount; i++) hash.insert(i, poses[i * s], poses[i * s + 1]);
  }

  /** Robot i's links to j > i: ascending for an unbounded model, in spatial-hash order for a ranged one. */
  scanRow(poses: Float64Array, i: number, out: PairList): void {
    const n = this.robotCount;
    const hash = this.hash;
    if (hash === null) {
      for (let j = i + 1; j < n; j++) if (this.canHear(poses, i, j)) out.push(i, j);
      return;
    }
    const s = this.stride;
    const candidates = this.candidates;
    const found = hash.query(poses[i * s], poses[i * s + 1], this.model.maxRangeM, candidates);
    for (let k = 0; k < found; k++) {
      const j = candidates[k];
      if (j > i && this.canHear(poses, i, j)) out.push(i, j);
    }
  }

  degree(i: number): number {
    return this.start[i + 1] - this.start[i];
  }

  /** Counting sort of the edges into CSR; each list keeps the order the edges were found in. */
  private buildCsr(): void {
    const n = this.robotCount;
    const edges = this.edges.count;
    const pairs = this.edges.pairs;
    const start = this.start;
    start.fill(0);
    for (let e = 0; e < edges; e++) {
      start[pairs[2 * e] + 1]++;
      start[pairs[2 * e + 1] + 1]++;
    }
    for (let r = 0; r < n; r++) start[r + 1] += start[r];
    this.neighbours = growArray(this.neighbours, 2 * edges);
    const fill = this.fill;
    for (let r = 0; r < n; r++) fill[r] = start[r];
    for (let e = 0; e < edges; e++) {
      const a = pairs[2 * e];
      const b = pairs[2 * e + 1];
      this.neighbours[fill[a]++] = b;
      this.neighbours[fill[b]++] = a;
    }
  }
}
