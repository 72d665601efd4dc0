import { Cell, type Grid } from '@swarmgate/maps/grid';
import { countMaesTriangles } from './maesMesh.js';

/**
 * What a straight segment crosses on its way through the grid. Reused as an out-object so
 * the per-tick link checks allocate nothing.
 */
export class WallCrossing {
  /** Euclidean length of the segment in metres (inside or outside the grid). */
  segmentM = 0;
  /** Metres of the segment inside wall cells (any material). */
  wallM = 0;
  /** Metres inside wall cells, indexed by the Cell value (1 concrete, 2 wood, 3 brick, 4 generic). */
  readonly wallMByCell = new Float64Array(WALL_CELL_SLOTS);
  /** Maximal runs of consecutive wall cells along the segment: a thick wall counts once. */
  wallRuns = 0;
  /**
   * Maximal runs of consecutive cells of one material, indexed by the Cell value: a thick wall
   * counts once, and where the material changes inside a run each material's layer counts.
   */
  readonly runsByCell = new Float64Array(WALL_CELL_SLOTS);
  /**
   * Only with limits.triangles: wall triangles of MAES's mesh its ray walk enters (maesMesh.ts),
   * indexed by the Cell value of the triangle's material.
   */
  readonly trianglesByCell = new Float64Array(WALL_CELL_SLOTS);
  /** Only with limits.triangles: every triangle of MAES's mesh the walk enters, wall or not. */
  trianglesTotal = 0;
  /** Sum of limits.weightPerM[cell] * metres, when limits were given (0 otherwise). */
  weighted = 0;
  /** The trace stopped at a limit: every number above is then a lower bound. */
  truncated = false;

  reset(): void {
    this.segmentM = 0;
    this.wallM = 0;
    this.wallRuns = 0;
    // A loop, not three fill() calls: a reset precedes every line-of-sight trace (millions a
    // run in a swarm), and fill() on arrays this small costs about four times as much.
    for (let k = 0; k < WALL_CELL_SLOTS; k++) {
      this.wallMByCell[k] = 0;
      this.runsByCell[k] = 0;
      this.trianglesByCell[k] = 0;
    }
    this.trianglesTotal = 0;
    this.weighted = 0;
    this.truncated = false;
  }
}

/** Slots of WallCrossing.wallMByCell and TraceLimits.weightPerM: Cell values 0..4. */
export const WALL_CELL_SLOTS = 5;

/**
 * Lets a radio model stop a trace as soon as the link is known to fail: once the weighted
 * wall sum exceeds maxWeighted, or the wall runs exceed maxRuns, the trace returns with
 * `truncated = true`.
 */
export interface TraceLimits {
  /** Weight per metre of wall by Cell value (length WALL_CELL_SLOTS), e.g. dB per metre. */
  readonly weightPerM: Float64Array;
  maxWeighted: number;
  maxRuns: number;
  /** Also walk MAES's wall mesh (WallCrossing.trianglesByCell, trianglesTotal). */
  readonly triangles?: boolean;
}

/**
 * Cells crossed for a length below this fraction of the segment are corner touches
 * (floating-point slivers); ignoring them makes A->B and B->A count the same runs.
 */
const SLIVER_T = 1e-9;
const AXIS_SNAP = 1e-12;

/**
 * Grid DDA (Amanatides & Woo) from (ax, ay) to (bx, by), world metres. Each crossing
 * length is exact: the parameter t at each cell boundary is computed afresh from the start
 * point, never accumulated, so errors do not grow along the segment. Parts of the segment
 * outside the grid cross nothing (the world outside the map is open). Unknown cells are
 * not walls. A segment lying exactly on a cell boundary counts the cells above / to the
 * right of it. Non-finite coordinates give an empty crossing, never a hang. With
 * `clearance` (wallClearance of the same grid) it jumps across open space: same result,
 * fewer steps.
 */
export function traceWalls(
  grid: Grid,
  ax: number,
  ay: number,
  bx: number,
  by: number,
  out: WallCrossing,
  limits?: TraceLimits,
  clearance?: Uint8Array,
): WallCrossing {
  const ends = segmentEnds;
  ends[0] = ax;
  ends[1] = ay;
  ends[2] = bx;
  ends[3] = by;
  return traceWallsBetween(grid, ends, 0, 2, out, limits, clearance);
}

/** traceWalls's scratch for its two ends (this thread's only: a trace never re-enters). */
const segmentEnds = new Float64Array(4);

/**
 * traceWalls from point (points[a], points[a + 1]) to point (points[b], points[b + 1]), e.g.
 * two robots of a pose buffer: the per-tick pair scans call this, because doubles passed to a
 * call that is not inlined are boxed (four heap numbers per link check) and offsets are not.
 */
export function traceWallsBetween(
  grid: Grid,
  points: Float64Array,
  a: number,
  b: number,
  out: WallCrossing,
  limits?: TraceLimits,
  clearance?: Uint8Array,
): WallCrossing {
  const ax = points[a];
  const ay = points[a + 1];
  const bx = points[b];
  const by = points[b + 1];
  out.reset();
  const segmentM = Math.sqrt((bx - ax) * (bx - ax) + (by - ay) * (by - ay));
  out.segmentM = segmentM;
  if (!(segmentM > 0) || !Number.isFinite(segmentM)) return out;
  // MAES's walk has its own mesh (offset half a cell) and its own end, so it runs on its own.
  if (limits?.triangles === true) countMaesTriangles(grid, ax, ay, bx, by, out);

  const { width, height, cells, cellSizeM } = grid;
  // Both ends are converted the same way and subtracted, so B->A sees exactly -dx, -dy.
  let gx0 = (ax - grid.originM.x) / cellSizeM;
  let gy0 = (ay - grid.originM.y) / cellSizeM;
  const gx1 = (bx - grid.originM.x) / cellSizeM;
  const gy1 = (by - grid.originM.y) / cellSizeM;
  let dx = gx1 - gx0;
  let dy = gy1 - gy0;
  // A direction component far below a cell is treated as axis-aligned on the lower end's
  // coordinate, which does not depend on the direction of travel.
  if (Math.abs(dx) < AXIS_SNAP) {
    gx0 = Math.min(gx0, gx1);
    dx = 0;
  }
  if (Math.abs(dy) < AXIS_SNAP) {
    gy0 = Math.min(gy0, gy1);
    dy = 0;
  }

  // Liang-Barsky clip of t in [0, 1] to the grid rectangle [0, width] x [0, height].
  let t0 = 0;
  let t1 = 1;
  if (dx === 0) {
    if (gx0 < 0 || gx0 >= width) return out;
  } else {
    const ta = -gx0 / dx;
    const tb = (width - gx0) / dx;
    t0 = Math.max(t0, Math.min(ta, tb));
    t1 = Math.min(t1, Math.max(ta, tb));
  }
  if (dy === 0) {
    if (gy0 < 0 || gy0 >= height) return out;
  } else {
    const ta = -gy0 / dy;
    const tb = (height - gy0) / dy;
    t0 = Math.max(t0, Math.min(ta, tb));
    t1 = Math.min(t1, Math.max(ta, tb));
  }
  if (!(t1 - t0 > SLIVER_T)) return out;

  let ix = startCell(gx0 + dx * t0, dx, width);
  let iy = startCell(gy0 + dy * t0, dy, height);
  const stepX = dx > 0 ? 1 : -1;
  const stepY = dy > 0 ? 1 : -1;
  const invDx = 1 / dx;
  const invDy = 1 / dy;
  // Far side of the current cell along each axis, in cell coordinates.
  const edgeX = dx > 0 ? 1 : 0;
  const edgeY = dy > 0 ? 1 : 0;
  // t at which the segment leaves the current column / row, recomputed from the start point
  // at every step (exact), Infinity along an axis the segment does not move on.
  let tMaxX = dx === 0 ? Infinity : (ix + edgeX - gx0) * invDx;
  let tMaxY = dy === 0 ? Infinity : (iy + edgeY - gy0) * invDy;
  let index = iy * width + ix;
  const rowStep = stepY * width;

  // Accumulate in units of t (fractions of the segment); convert to metres once at the end.
  const byCell = out.wallMByCell;
  const weights = limits?.weightPerM;
  const maxWeightedT = limits ? limits.maxWeighted / segmentM : Infinity;
  const maxRuns = limits ? limits.maxRuns : Infinity;
  let wallT = 0;
  let weightedT = 0;
  let runs = 0;
  let inRun = false;
  // Material of the cell before this one on the segment (0: not a wall), for runsByCell.
  let prevSlot = 0;
  let truncated = false;
  let tCur = t0;
  // Each step leaves one cell, so width + height + 2 bounds the walk even with rounding.
  for (let guard = width + height + 2; guard > 0; guard--) {
    const k = clearance === undefined ? 0 : clearance[index];
    if (k > 0) {
      // Every cell within k rings of this one is open: jump to where the segment leaves
      // that square. Open cells add nothing, so the wall numbers stay exact.
      const tx = dx === 0 ? Infinity : (ix + (dx > 0 ? k + 1 : -k) - gx0) * invDx;
      const ty = dy === 0 ? Infinity : (iy + (dy > 0 ? k + 1 : -k) - gy0) * invDy;
      const tJump = tx < ty ? tx : ty;
      inRun = false;
      prevSlot = 0;
      if (tJump >= t1) break;
      tCur = tJump;
      ix = startCell(gx0 + dx * tJump, dx, width);
      iy = startCell(gy0 + dy * tJump, dy, height);
      index = iy * width + ix;
      tMaxX = dx === 0 ? Infinity : (ix + edgeX - gx0) * invDx;
      tMaxY = dy === 0 ? Infinity : (iy + edgeY - gy0) * invDy;
      continue;
    }
    const tExit = tMaxX < tMaxY ? (tMaxX < t1 ? tMaxX : t1) : tMaxY < t1 ? tMaxY : t1;
    const dt = tExit - tCur;
    if (dt > SLIVER_T) {
      const value = cells[index];
      if (value !== Cell.Free && value !== Cell.Unknown) {
        // Values beyond the known materials attenuate like a generic wall.
        const slot = value < WALL_CELL_SLOTS ? value : Cell.Generic;
        wallT += dt;
        byCell[slot] += dt;
        if (slot !== prevSlot) out.runsByCell[slot]++;
        prevSlot = slot;
        if (!inRun) {
          inRun = true;
          if (++runs > maxRuns) {
            truncated = true;
            break;
          }
        }
        if (weights !== undefined) {
          weightedT += weights[slot] * dt;
          if (weightedT > maxWeightedT) {
            truncated = true;
            break;
          }
        }
      } else {
        inRun = false;
        prevSlot = 0;
      }
    }
    if (tExit >= t1) break;
    if (tExit > tCur) tCur = tExit;
    // Step both axes at an exact corner: the diagonal neighbour cells are only touched.
    const leaveX = tMaxX <= tMaxY;
    const leaveY = tMaxY <= tMaxX;
    if (leaveX) {
      ix += stepX;
      if (ix < 0 || ix >= width) break;
      index += stepX;
      tMaxX = (ix + edgeX - gx0) * invDx;
    }
    if (leaveY) {
      iy += stepY;
      if (iy < 0 || iy >= height) break;
      index += rowStep;
      tMaxY = (iy + edgeY - gy0) * invDy;
    }
  }
  out.wallM = wallT * segmentM;
  for (let c = 0; c < WALL_CELL_SLOTS; c++) byCell[c] *= segmentM;
  out.wallRuns = runs;
  out.weighted = weightedT * segmentM;
  out.truncated = truncated;
  return out;
}

/** The cell a segment enters from coordinate p: on a boundary, the one in the direction of travel. */
function startCell(p: number, d: number, size: number): number {
  let i = Math.floor(p);
  if (d < 0 && i === p) i--;
  return i < 0 ? 0 : i >= size ? size - 1 : i;
}
