/**
 * 360 deg lidar from the true pose. Walls by grid DDA (Amanatides & Woo) over the ground-truth
 * cells, which also marks every cell a ray reaches as explored (the global exploration tracker
 * costs nothing extra); other robots by exact ray-circle intersection, only for the rays inside
 * the angular interval a neighbour subtends.
 *
 * Two ranges per ray: `wallRangesM` (walls only, what SLAM integrates, as MAES does: a robot
 * in the beam must not leave a permanent solid mark) and `rangesM` (walls and robots, what the
 * controller's scan shows). Buffers hold every robot's rays, allocated on growth only.
 *
 * Every buffer a ray writes lives in shared memory, so the rays of different robots can be cast
 * on several threads at once (LidarThreads.ts): each thread builds a Lidar over the same buffers
 * (`shared`), casts its own robots and counts what it newly explored; the counts are summed.
 */
import { isWall, type Grid } from '@swarmgate/maps/grid';
import { SlamCell } from '@swarmgate/sdk/slam-view';
import type { LidarConfig } from './WorldConfig.js';

/** The grid geometry a lidar casts over (a Grid, or its plain copy on a worker thread). */
export type LidarGrid = Pick<Grid, 'width' | 'height' | 'cellSizeM' | 'originM'>;

/** The lidar's shared-memory buffers: every thread casting rays reads and writes these. */
export interface LidarShared {
  /** 1 for wall tiles. */
  readonly wallMask: Uint8Array;
  /** 1 for explorable tiles (setExplorable). */
  readonly explorable: Uint8Array;
  /** Tick at which each tile was last reached (0 = never). */
  readonly lastSeenTick: Int32Array;
  /** Per robot slot, rayCount ranges: walls and robots / walls only (grown by ensureCapacity). */
  readonly rangesM: Float32Array;
  readonly wallRangesM: Float32Array;
}

/** SLAM cells per tile side (SlamMap.forGrid(grid, SUB)); castRay walks tiles with one mid-line per axis, so it is written for 2. */
export const SUB = 2;

// Local copies: imported bindings may be getters under the dev loaders (tsx, vitest), which
// costs a call per access in the ray loop.
const { Unknown: UNKNOWN, Open: OPEN, Solid: SOLID } = SlamCell;

export class Lidar {
  readonly rayCount: number;
  readonly rangeM: number;
  readonly angleIncrementRad: number;
  rangesM: Float32Array = new Float32Array(0);
  wallRangesM: Float32Array = new Float32Array(0);
  /** Tick at which each grid cell was last reached by any ray (0 = never): exploration heatmap. */
  readonly lastSeenTick: Int32Array;
  /** Explorable cells reached at least once (the numerator of the explored fraction) by this thread's rays. */
  exploredCount = 0;
  /** SLAM cells the last castWalls changed, and how many of them were unknown (SlamMap.recordWrites). */
  slamChanged = 0;
  slamNewlyKnown = 0;
  /** 1 for explorable cells; by default every free cell, see setExplorable. */
  private readonly explorable: Uint8Array;
  private readonly cosRel: Float64Array;
  private readonly sinRel: Float64Array;
  private readonly wallMask: Uint8Array;
  private readonly invCellSize: number;
  /**
   * castRay's inputs (ray origin x, y in SLAM cells, cos and sin of the heading, reach) and its
   * result [5] (distance in SLAM cells). Passed through this array because castRay is not
   * inlined into the sense loop, and a call boxes each double argument and return value: two
   * to three heap numbers per ray were most of a 120-robot run's garbage.
   */
  private readonly cast = new Float64Array(6);

  /** `shared`: another thread's buffers (sharedBuffers()) to cast into; default new ones for `grid`. */
  constructor(
    private readonly grid: LidarGrid,
    config: LidarConfig,
    shared?: LidarShared,
  ) {
    this.rayCount = config.rayCount;
    this.rangeM = config.rangeM;
    this.angleIncrementRad = (2 * Math.PI) / config.rayCount;
    this.cosRel = new Float64Array(config.rayCount);
    this.sinRel = new Float64Array(config.rayCount);
    for (let k = 0; k < config.rayCount; k++) {
      this.cosRel[k] = Math.cos(k * this.angleIncrementRad);
      this.sinRel[k] = Math.sin(k * this.angleIncrementRad);
    }
    this.invCellSize = 1 / grid.cellSizeM;
    const cells = grid.width * grid.height;
    if (shared) {
      this.lastSeenTick = shared.lastSeenTick;
      this.wallMask = shared.wallMask;
      this.explorable = shared.explorable;
      this.rangesM = shared.rangesM;
      this.wallRangesM = shared.wallRangesM;
      return;
    }
    const full = grid as Grid;
    this.lastSeenTick = new Int32Array(new SharedArrayBuffer(4 * cells));
    this.wallMask = new Uint8Array(new SharedArrayBuffer(cells));
    for (let c = 0; c < cells; c++) this.wallMask[c] = isWall(full.cells[c]) ? 1 : 0;
    this.explorable = new Uint8Array(new SharedArrayBuffer(cells));
    for (let c = 0; c < cells; c++) this.explorable[c] = full.cells[c] === 0 ? 1 : 0;
  }

  /** The buffers another thread's Lidar casts into (its constructor's `shared`). */
  sharedBuffers(): LidarShared {
    return { wallMask: this.wallMask, explorable: this.explorable, lastSeenTick: this.lastSeenTick, rangesM: this.rangesM, wallRangesM: this.wallRangesM };
  }

  /** Counts exploration against `mask` (e.g. free cells reachable from the robots) from now on. */
  setExplorable(mask: Uint8Array): void {
    this.explorable.set(mask);
    this.exploredCount = 0;
    for (let c = 0; c < mask.length; c++) if (mask[c] && this.lastSeenTick[c] !== 0) this.exploredCount++;
  }

  /** Grows the range buffers to `robots` slots; true when they were replaced (threads casting into them must be told). */
  ensureCapacity(robots: number): boolean {
    const need = robots * this.rayCount;
    if (this.rangesM.length >= need) return false;
    const ranges = new Float32Array(new SharedArrayBuffer(4 * need * 2));
    const walls = new Float32Array(new SharedArrayBuffer(4 * need * 2));
    ranges.set(this.rangesM);
    walls.set(this.wallRangesM);
    this.rangesM = ranges;
    this.wallRangesM = walls;
    return true;
  }

  /** Casts into range buffers grown by another thread's Lidar (ensureCapacity). */
  adoptRanges(rangesM: Float32Array, wallRangesM: Float32Array): void {
    this.rangesM = rangesM;
    this.wallRangesM = wallRangesM;
  }

  /**
   * Casts robot `slot`'s rays against the walls, writing both range buffers and exploration, and,
   * when `slam` (a SLAM map's cells) is given, the robot's SLAM map in the same pass (rays walk
   * SLAM cells, two per tile side, so one DDA serves the scan, exploration and mapping); the
   * writes are counted in slamChanged / slamNewlyKnown for the map's recordWrites.
   */
  castWalls(slot: number, xM: number, yM: number, headingRad: number, tick: number, slam: Uint8Array | null): void {
    this.slamChanged = 0;
    this.slamNewlyKnown = 0;
    const n = this.rayCount;
    const base = slot * n;
    const ch = Math.cos(headingRad);
    const sh = Math.sin(headingRad);
    const invSub = this.invCellSize * SUB;
    const ox = (xM - this.grid.originM.x) * invSub;
    const oy = (yM - this.grid.originM.y) * invSub;
    const maxT = this.rangeM * invSub;
    const subSizeM = this.grid.cellSizeM / SUB;
    const cast = this.cast;
    cast[0] = ox;
    cast[1] = oy;
    cast[2] = ch;
    cast[3] = sh;
    cast[4] = maxT;
    for (let k = 0; k < n; k++) {
      this.castRay(k, tick, slam);
      const rangeM = cast[5] * subSizeM;
      this.wallRangesM[base + k] = rangeM;
      this.rangesM[base + k] = rangeM;
    }
  }

  /** Resets robot `slot`'s scan to its wall ranges (pose unchanged: the walls did not move). */
  restoreWallRanges(slot: number): void {
    const base = slot * this.rayCount;
    for (let k = 0; k < this.rayCount; k++) this.rangesM[base + k] = this.wallRangesM[base + k];
  }

  /**
   * Distance in SLAM cells to the first wall along ray k, or the reach, into cast[5]. Marks the
   * tiles passed as explored and, with a map, the SLAM cells passed open and the wall cell hit
   * solid: the same cells SlamMap.integrateScan marks for this ray (tested in Lidar.test.ts).
   *
   * The walk steps tiles, not SLAM cells: walls and exploration are per tile, so a DDA over SLAM
   * cells spends every other step on a tile's mid-line. Each axis's crossings still accumulate
   * one SLAM cell at a time (mid-line, then boundary), so every crossing is the double a DDA over
   * SLAM cells computes, the walk meets the same tiles in the same order, and the range is the
   * same bit for bit. The SLAM cells inside a tile (one to three of its four) are worked out only
   * where the map needs a write: a tile whose four cells are known is passed without looking at
   * them, which near the robot, where the rays crowd, is nearly every tile.
   */
  private castRay(k: number, tick: number, slamCells: Uint8Array | null): void {
    const cast = this.cast;
    const ox = cast[0];
    const oy = cast[1];
    const dx = cast[2] * this.cosRel[k] - cast[3] * this.sinRel[k];
    const dy = cast[3] * this.cosRel[k] + cast[2] * this.sinRel[k];
    const maxT = cast[4];
    const width = this.grid.width;
    const height = this.grid.height;
    const subWidth = width * SUB;
    const walls = this.wallMask;
    const seen = this.lastSeenTick;
    const explorable = this.explorable;
    const cx = Math.floor(ox);
    const cy = Math.floor(oy);
    if (cx < 0 || cy < 0 || cx >= subWidth || cy >= height * SUB) {
      cast[5] = 0;
      return;
    }
    const stepX = dx > 0 ? 1 : -1;
    const stepY = dy > 0 ? 1 : -1;
    const tDeltaX = dx !== 0 ? Math.abs(1 / dx) : Number.POSITIVE_INFINITY;
    const tDeltaY = dy !== 0 ? Math.abs(1 / dy) : Number.POSITIVE_INFINITY;
    const tMaxX = dx > 0 ? (cx + 1 - ox) / dx : dx < 0 ? (cx - ox) / dx : Number.POSITIVE_INFINITY;
    const tMaxY = dy > 0 ? (cy + 1 - oy) / dy : dy < 0 ? (cy - oy) / dy : Number.POSITIVE_INFINITY;
    // The SLAM column (row) offset, 0 or 1, of the half of a tile the ray enters first.
    const firstX = stepX > 0 ? 0 : 1;
    const firstY = stepY > 0 ? 0 : 1;
    // Per axis: the crossing of the current tile column's mid-line (-Infinity when the origin is
    // past it) and of its next boundary.
    let midX = -Infinity;
    let nextX = tMaxX;
    if ((cx & 1) === firstX) {
      midX = tMaxX;
      nextX = tMaxX + tDeltaX;
    }
    let midY = -Infinity;
    let nextY = tMaxY;
    if ((cy & 1) === firstY) {
      midY = tMaxY;
      nextY = tMaxY + tDeltaY;
    }
    let tx = cx >> 1;
    let ty = cy >> 1;
    let tile = ty * width + tx;
    let leftX = stepX > 0 ? width - 1 - tx : tx;
    let leftY = stepY > 0 ? height - 1 - ty : ty;
    // The crossing at which the ray entered the current tile (0 at the origin), and whether it was a column boundary.
    let tIn = 0;
    let enteredX = false;
    for (;;) {
      // A tile's first visit is claimed atomically, so it is counted once when threads cast at
      // once (its stamp is this tick's either way); later visits need no atomics.
      if (seen[tile] === 0) {
        if (Atomics.compareExchange(seen, tile, 0, tick) === 0 && explorable[tile] === 1) this.exploredCount++;
      } else seen[tile] = tick;
      const wall = walls[tile] === 1;
      // Crossings are ordered as a DDA over SLAM cells takes them: an x crossing before a y
      // crossing iff it is smaller (a tie goes to y).
      const exitX = nextX < nextY;
      if (slamCells !== null) {
        const s0 = ty * SUB * subWidth + tx * SUB;
        const c0 = slamCells[s0];
        const c1 = slamCells[s0 + 1];
        const c2 = slamCells[s0 + subWidth];
        const c3 = slamCells[s0 + subWidth + 1];
        if (wall ? (c0 & c1 & c2 & c3) !== SOLID : c0 === UNKNOWN || c1 === UNKNOWN || c2 === UNKNOWN || c3 === UNKNOWN) {
          // The SLAM cell the ray entered by: an axis's mid-line is still ahead unless it was crossed before tIn.
          let aheadX = !(midX < tIn);
          let aheadY = enteredX ? !(midY <= tIn) : !(midY < tIn);
          let sub = (ty * SUB + (aheadY ? firstY : 1 - firstY)) * subWidth + tx * SUB + (aheadX ? firstX : 1 - firstX);
          // The SLAM cells are written with mark()'s rules (unknown -> open, anything but solid ->
          // solid) and counted for recordWrites: this robot's map is written by this thread alone.
          if (wall) {
            if (slamCells[sub] !== SOLID) {
              if (slamCells[sub] === UNKNOWN) this.slamNewlyKnown++;
              this.slamChanged++;
              slamCells[sub] = SOLID;
            }
          } else {
            // The mid-lines crossed before the ray leaves the tile, in order, each into the next cell.
            aheadX = aheadX && (exitX || midX < nextY);
            aheadY = aheadY && (!exitX || midY <= nextX);
            for (;;) {
              if (slamCells[sub] === UNKNOWN) {
                this.slamNewlyKnown++;
                this.slamChanged++;
                slamCells[sub] = OPEN;
              }
              if (!aheadX && !aheadY) break;
              const crossX = aheadX && (!aheadY || midX < midY);
              if ((crossX ? midX : midY) >= maxT) break;
              if (crossX) {
                sub += stepX;
                aheadX = false;
              } else {
                sub += stepY * subWidth;
                aheadY = false;
              }
            }
          }
        }
      }
      if (wall) break;
      const t = exitX ? nextX : nextY;
      if (t >= maxT) {
        cast[5] = maxT;
        return;
      }
      // Leaving the map counts as a hit on its edge: the world ends there.
      tIn = t;
      enteredX = exitX;
      if (exitX) {
        if (leftX-- === 0) break;
        midX = nextX + tDeltaX;
        nextX = midX + tDeltaX;
        tx += stepX;
        tile += stepX;
      } else {
        if (leftY-- === 0) break;
        midY = nextY + tDeltaY;
        nextY = midY + tDeltaY;
        ty += stepY;
        tile += stepY * width;
      }
    }
    cast[5] = tIn;
  }

  /**
   * Shortens robot `slot`'s scan where the discs (radius radiusM) of the robots listed in
   * others[0 .. count) block rays; poses are read from the robot table's arrays. Only the rays
   * within a disc's angular half-width of its bearing are tested. One call per robot with
   * arrays, rather than one per pair with coordinates: a non-inlined call boxes each double
   * argument, which was half of a 120-robot run's garbage.
   */
  occludeBy(slot: number, xM: Float64Array, yM: Float64Array, headingRad: Float64Array, others: Int32Array, count: number, radiusM: number): void {
    const x = xM[slot];
    const y = yM[slot];
    const heading = headingRad[slot];
    const ch = Math.cos(heading);
    const sh = Math.sin(heading);
    const n = this.rayCount;
    const inc = this.angleIncrementRad;
    const base = slot * n;
    const r2 = radiusM * radiusM;
    for (let o = 0; o < count; o++) {
      const j = others[o];
      if (j === slot) continue;
      const dxC = xM[j] - x;
      const dyC = yM[j] - y;
      const d2 = dxC * dxC + dyC * dyC;
      if (d2 <= r2) continue;
      const d = Math.sqrt(d2);
      if (d - radiusM >= this.rangeM) continue;
      const bearing = Math.atan2(dyC, dxC) - heading;
      const half = Math.asin(radiusM / d);
      const k0 = Math.ceil((bearing - half) / inc);
      const k1 = Math.floor((bearing + half) / inc);
      for (let kk = k0; kk <= k1; kk++) {
        const k = ((kk % n) + n) % n;
        const rx = ch * this.cosRel[k] - sh * this.sinRel[k];
        const ry = sh * this.cosRel[k] + ch * this.sinRel[k];
        const along = dxC * rx + dyC * ry;
        const perp2 = d2 - along * along;
        if (perp2 > r2 || along <= 0) continue;
        const hitM = along - Math.sqrt(r2 - perp2);
        if (hitM < this.rangesM[base + k]) this.rangesM[base + k] = hitM;
      }
    }
  }
}
