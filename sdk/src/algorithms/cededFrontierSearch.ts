/**
 * The nearest-frontier controller's search when it senses other robots (MinPos-style dispersion):
 * the nearest frontier not ceded to a sensed robot (one nearer to it, Euclidean, by more than a
 * margin), looked for at most `stepsPastNearest` BFS steps past the nearest frontier, else that
 * nearest frontier. Blacklisted frontiers never count.
 *
 * One flood fill: its order does not depend on what it skips, so the first non-blacklisted frontier
 * it offers is the nearest. When that one is ceded (and the rest of its BFS level too), a scan of
 * the cells any frontier within the bound must lie in (a box around the start, less the parts some
 * sensed robot surely takes) says whether a free one can follow; when none can, the flood ends
 * there and the search takes the nearest. Without the
 * scan a robot in a crowd, every frontier near it ceded, flooded all it could reach up to the bound
 * (most of a swarm's search cost) to learn that. The result is the same frontier either way.
 */
// hypot2: Math.hypot's values without its per-call garbage (the flood calls these per cell).
import { hypot2 } from '@swarmgate/protocols';
import type { CellXY, SlamMapView } from '../SlamMapView.js';

/** Where this robot and the robots it senses are, in map cell units (cell (x, y) spans x..x + 1, y..y + 1). */
export interface CedeGeometry {
  selfX: number;
  selfY: number;
  /** The sensed robots' positions, x, y pairs; the first `count` pairs are used. */
  others: Float64Array;
  count: number;
  /** A frontier is left to a robot nearer to it than this robot by more than this (cells, >= 0). */
  marginCells: number;
}

/** Margin (cells) by which uncededRowSpan's test must pass, far above the rounding of cededToOther's distances. */
const SPAN_SLACK_CELLS = 1e-6;

/** Some sensed robot is nearer to cell `index` (of a map `width` cells wide) than this robot by more than the margin. */
export function cededToOther(g: CedeGeometry, index: number, width: number): boolean {
  const cx = (index % width) + 0.5;
  const cy = Math.floor(index / width) + 0.5;
  const mine = hypot2(cx - g.selfX, cy - g.selfY) - g.marginCells;
  const others = g.others;
  for (let i = 0; i < g.count; i++) {
    if (hypot2(cx - others[2 * i], cy - others[2 * i + 1]) < mine) return true;
  }
  return false;
}

/**
 * Narrows x0..x1 of row `row` (cells at most `reachX` from selfX on x) to the part out.lo..out.hi
 * (empty when lo > hi) outside which every cell is ceded (cededToOther true). Robot o at v = o - s
 * from this robot s takes cell p when |p - s| - |p - o| > m, and |p - s| - |p - o| =
 * (2 (p - s).v - |v|^2) / (|p - s| + |p - o|), whose denominator is at most 2 rho + |v| with rho
 * bounding |p - s| over the row: so (p - s).v > t = (|v|^2 + (m + slack) (2 rho + |v|)) / 2
 * suffices, a half-row on each row. The slack and a spare cell at each end keep rounding from
 * dropping a cell that cededToOther would not cede.
 */
export function uncededRowSpan(g: CedeGeometry, row: number, x0: number, x1: number, reachX: number, out: { lo: number; hi: number }): void {
  let lo = x0;
  let hi = x1;
  const { selfX, selfY, others } = g;
  const dy = row + 0.5 - selfY;
  const twoRho = 2 * Math.sqrt(reachX * reachX + dy * dy);
  const k = g.marginCells + SPAN_SLACK_CELLS;
  for (let i = 0; i < g.count && lo <= hi; i++) {
    const vx = others[2 * i] - selfX;
    const vy = others[2 * i + 1] - selfY;
    const vv = vx * vx + vy * vy;
    // Cell x is taken when (x + 0.5 - selfX) vx > t.
    const t = 0.5 * (vv + k * (twoRho + Math.sqrt(vv))) - dy * vy;
    if (vx > 0) hi = Math.min(hi, Math.ceil(selfX + t / vx));
    else if (vx < 0) lo = Math.max(lo, Math.floor(selfX + t / vx) - 1);
    else if (t < 0) hi = lo - 1;
  }
  out.lo = lo;
  out.hi = hi;
}

export class CededFrontierSearch {
  /** Filled by the caller before each find(). */
  readonly geometry: CedeGeometry = { selfX: 0, selfY: 0, others: new Float64Array(16), count: 0, marginCells: 0 };
  /** How far past the nearest frontier (BFS steps) a free one is looked for; Infinity: all reachable. */
  stepsPastNearest = Number.POSITIVE_INFINITY;

  private map: SlamMapView | null = null;
  private width = 0;
  private fromX = 0;
  private fromY = 0;
  /** First frontier the current search offered that is not blacklisted (ceded or not); -1: none. */
  private nearest = -1;
  /** The current search's step bound: stepsPastNearest past `nearest`, once that is found; -1 once ruled out. */
  private stepLimit = Number.POSITIVE_INFINITY;
  /** The nearest frontier was found, ceded, and the bound not yet scanned. */
  private scanPending = false;
  private readonly span = { lo: 0, hi: -1 };
  // Built once: the flood fill calls these per candidate goal and per BFS level.
  private readonly skip = (index: number, steps: number): boolean => {
    if (this.blacklist.has(index)) return true;
    if (this.nearest < 0) {
      this.nearest = index;
      this.scanPending = true;
      this.stepLimit = steps + this.stepsPastNearest;
    }
    return this.ceded(index);
  };
  /**
   * Asked before each BFS level. After the level that found the nearest frontier, that one and
   * every later one were ceded (else the flood would have ended): a scan that finds no free
   * frontier within the bound ends the flood here, and find() takes the nearest.
   */
  private readonly maxSteps = (): number => {
    if (this.scanPending) {
      this.scanPending = false;
      if (!this.freeFrontierWithinLimit()) this.stepLimit = -1;
    }
    return this.stepLimit;
  };
  private readonly isFree = (index: number): boolean => !this.blacklist.has(index) && !this.ceded(index);

  constructor(private readonly blacklist: ReadonlySet<number>) {}

  /** The frontier to go to from `from` (see the module comment), or null when no non-blacklisted one is reachable. */
  find(map: SlamMapView, from: CellXY, maxVisits: number): CellXY | null {
    this.map = map;
    this.width = map.width;
    this.fromX = from.x;
    this.fromY = from.y;
    this.nearest = -1;
    this.scanPending = false;
    this.stepLimit = Number.POSITIVE_INFINITY;
    const goal = map.nearestFrontier(from, { skip: this.skip, maxVisits, maxSteps: this.maxSteps });
    this.map = null;
    if (goal !== null || this.nearest < 0) return goal;
    const w = map.width;
    return { x: this.nearest % w, y: Math.floor(this.nearest / w) };
  }

  private ceded(index: number): boolean {
    return cededToOther(this.geometry, index, this.width);
  }

  /**
   * False when no frontier the flood could still offer is free: every one within stepLimit steps
   * lies within that many cells of the start on each axis (a step moves at most one on each), so
   * a scan of that box, less what sensed robots surely take, rules them all out. Rows nearest the
   * start first: a free frontier, when there is one, is usually near.
   */
  private freeFrontierWithinLimit(): boolean {
    const map = this.map;
    const r = Math.floor(this.stepLimit);
    if (map === null || !Number.isFinite(r)) return true;
    const x0 = Math.max(0, this.fromX - r);
    const x1 = Math.min(map.width - 1, this.fromX + r);
    for (let d = 0; d <= r; d++) {
      if (this.rowHasFree(map, this.fromY + d, x0, x1, r)) return true;
      if (d > 0 && this.rowHasFree(map, this.fromY - d, x0, x1, r)) return true;
    }
    return false;
  }

  private rowHasFree(map: SlamMapView, row: number, x0: number, x1: number, r: number): boolean {
    if (row < 0 || row >= map.height) return false;
    // Box cells' centres are within r + 0.5 of selfX on x (selfX lies in the start cell).
    uncededRowSpan(this.geometry, row, x0, x1, r + 1, this.span);
    return this.span.lo <= this.span.hi && map.someFrontierIn(this.span.lo, row, this.span.hi, row, this.isFree);
  }
}
