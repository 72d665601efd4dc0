/**
 * A robot's simulated SLAM map: an occupancy grid of unknown / open / solid cells, by default at
 * twice the tile resolution (MAES: one cell per half-tile "mini-tile").
 *
 * Solid dominates: once a cell is solid it stays solid, even when a later ray passes through it
 * and says open (MAES SlamMap rule). Sensing noise therefore never erases a wall, and a wall seen
 * once is never driven through; the price is that a solid mark made in error is permanent.
 * Open only ever overwrites unknown.
 *
 * Cells follow the Grid convention: (x, y) with y up, index y * width + x, and the world position
 * of cell (x, y)'s centre is origin + (x + 0.5, y + 0.5) * cellSizeM.
 */
import type { Grid } from '@swarmgate/maps';
import type { LidarScan, Pose } from '../Robot.js';
import {
  SlamCell,
  type CellXY,
  type FrontierSearchOptions,
  type PathOptions,
  type SlamCellValue,
  type SlamMapBuffers,
  type SlamMapView,
} from '../SlamMapView.js';
import { SwarmgateError } from '../errors.js';
import { CoarseSlamMap } from './CoarseSlamMap.js';
import { findPath } from './findPath.js';
import { floodSearch, isFrontierAt } from './floodSearch.js';
import { someFrontierIn } from './frontierInBox.js';
import { encodeSlamMap, forEachEncodedRun, validateSlamMapBytes, type SlamMapGeometry } from './slamMapCodec.js';

// Local copies: imported bindings may be getters under the dev loaders (tsx, vitest), which
// costs a call per access in the loops below.
const { Unknown: UNKNOWN, Open: OPEN, Solid: SOLID } = SlamCell;

export interface SlamMapOptions {
  readonly width: number;
  readonly height: number;
  readonly cellSizeM: number;
  /** World position of the bottom-left corner of cell (0, 0); default (0, 0). */
  readonly originM?: { readonly x: number; readonly y: number };
  /** SLAM cells per tile side, for the coarse view; default 2. */
  readonly cellsPerTile?: number;
  /**
   * Keep the cells in a SharedArrayBuffer (default false), so that another thread can write the
   * cells its rays walk (the engine's lidar threads; see recordWrites).
   */
  readonly shared?: boolean;
  /**
   * Another SlamMap's shared buffers (its sharedBuffers()) to wrap instead of new ones: both
   * objects then read and write one map, its cells and counters (one writer at a time: the
   * engine's threads take turns by phase).
   */
  readonly adopt?: SlamMapBuffers;
}

/** Slots of SlamMap's counters. */
const REVISION = 0;
const KNOWN = 1;

/**
 * Ranges are float32 and a hit lies on a cell boundary: look this far (in cells) past a hit so
 * the hit cell is the one behind the boundary, and stop this far short of a miss.
 */
const BOUNDARY_EPSILON_CELLS = 1e-4;

/**
 * cos/sin of each ray's angle relative to the heading, for the last scan geometry seen. Every
 * robot of a trial shares one lidar geometry, so this is recomputed only when it changes.
 */
let rayDirsKey = { angleMinRad: Number.NaN, angleIncrementRad: Number.NaN, count: -1 };
let rayDirs = new Float64Array(0);

function rayDirections(angleMinRad: number, angleIncrementRad: number, count: number): Float64Array {
  const key = rayDirsKey;
  if (key.angleMinRad === angleMinRad && key.angleIncrementRad === angleIncrementRad && key.count === count) return rayDirs;
  rayDirs = new Float64Array(2 * count);
  for (let i = 0; i < count; i++) {
    const a = angleMinRad + i * angleIncrementRad;
    rayDirs[2 * i] = Math.cos(a);
    rayDirs[2 * i + 1] = Math.sin(a);
  }
  rayDirsKey = { angleMinRad, angleIncrementRad, count };
  return rayDirs;
}

export class SlamMap implements SlamMapView, SlamMapGeometry {
  readonly width: number;
  readonly height: number;
  readonly cellSizeM: number;
  readonly cellsPerTile: number;
  readonly originM: { readonly x: number; readonly y: number };
  /**
   * Cell states (SlamCell values). The engine and metrics read it directly; only this class
   * writes it, except the engine's lidar, which reports its writes through recordWrites.
   */
  readonly cells: Uint8Array;
  /** Tile-resolution view: a tile is known when any of its cells is, solid when any is solid. */
  readonly coarse: CoarseSlamMap;
  /**
   * The revision and the known-cell count, in shared memory with the cells when the map is, so
   * that another thread's SlamMap over the same buffers (the engine's controller threads) counts
   * the same. Float64: a revision counts cell changes and outgrows an int32 on long trials.
   */
  private readonly counters: Float64Array;
  private readonly invCellSize: number;

  constructor(options: SlamMapOptions) {
    const { width, height, cellSizeM } = options;
    const cellsPerTile = options.cellsPerTile ?? 2;
    if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
      throw new SwarmgateError('SG_BAD_ARGUMENT', `SlamMap width and height must be positive integers, got ${width} x ${height}`);
    }
    if (!(cellSizeM > 0) || !Number.isFinite(cellSizeM)) {
      throw new SwarmgateError('SG_BAD_ARGUMENT', `SlamMap cellSizeM must be a positive number, got ${cellSizeM}`);
    }
    if (!Number.isInteger(cellsPerTile) || cellsPerTile < 1 || cellsPerTile > 255) {
      throw new SwarmgateError('SG_BAD_ARGUMENT', `SlamMap cellsPerTile must be an integer in [1, 255], got ${cellsPerTile}`);
    }
    this.width = width;
    this.height = height;
    this.cellSizeM = cellSizeM;
    this.cellsPerTile = cellsPerTile;
    this.originM = { x: options.originM?.x ?? 0, y: options.originM?.y ?? 0 };
    const adopt = options.adopt;
    if (adopt !== undefined) {
      if (adopt.cells.length !== width * height || adopt.counters.length !== 2) {
        throw new SwarmgateError('SG_BAD_ARGUMENT', `SlamMap buffers of ${adopt.cells.length} cells do not fit ${width} x ${height}`);
      }
      this.cells = adopt.cells;
      this.counters = adopt.counters;
    } else if (options.shared === true) {
      this.cells = new Uint8Array(new SharedArrayBuffer(width * height));
      this.counters = new Float64Array(new SharedArrayBuffer(16));
    } else {
      this.cells = new Uint8Array(width * height);
      this.counters = new Float64Array(2);
    }
    this.invCellSize = 1 / cellSizeM;
    this.coarse = new CoarseSlamMap(this);
  }

  /** Bumped whenever any cell changes, so a controller can skip replanning on an unchanged map. */
  get revision(): number {
    return this.counters[REVISION];
  }

  private set revision(value: number) {
    this.counters[REVISION] = value;
  }

  private get knownCount(): number {
    return this.counters[KNOWN];
  }

  private set knownCount(value: number) {
    this.counters[KNOWN] = value;
  }

  /** The shared memory of a map made with `shared` (throws otherwise): another thread's SlamMap adopts it. */
  sharedBuffers(): SlamMapBuffers {
    if (!(this.cells.buffer instanceof SharedArrayBuffer)) {
      throw new SwarmgateError('SG_BAD_ARGUMENT', 'sharedBuffers() of a SlamMap not made with shared: true');
    }
    return { cells: this.cells, counters: this.counters };
  }

  /**
   * An empty SLAM map covering a ground-truth grid, `cellsPerTile` cells per grid cell side
   * (or, with `shared` buffers, the map they hold).
   */
  static forGrid(grid: Grid, cellsPerTile = 2, shared: boolean | SlamMapBuffers = false): SlamMap {
    return new SlamMap({
      shared: shared !== false,
      adopt: typeof shared === 'object' ? shared : undefined,
      width: grid.width * cellsPerTile,
      height: grid.height * cellsPerTile,
      cellSizeM: grid.cellSizeM / cellsPerTile,
      originM: grid.originM,
      cellsPerTile,
    });
  }

  /** Decode toBytes() output. Throws SwarmgateError SG_MAP_DECODE on anything else. */
  static fromBytes(bytes: Uint8Array): SlamMap {
    const decoded = validateSlamMapBytes(bytes);
    const map = new SlamMap(decoded.geometry);
    map.applyEncoded(bytes, decoded);
    return map;
  }

  /** State of cell (x, y); Unknown outside the map. */
  cellAt(x: number, y: number): SlamCellValue {
    if (!this.contains(x, y)) return UNKNOWN;
    return this.cells[y * this.width + x] as SlamCellValue;
  }

  contains(x: number, y: number): boolean {
    return Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y >= 0 && x < this.width && y < this.height;
  }

  /** Index of the cell containing world point (xM, yM), or -1 outside. Allocation-free. */
  indexAtWorld(xM: number, yM: number): number {
    const x = Math.floor((xM - this.originM.x) * this.invCellSize);
    const y = Math.floor((yM - this.originM.y) * this.invCellSize);
    if (!(x >= 0 && y >= 0 && x < this.width && y < this.height)) return -1;
    return y * this.width + x;
  }

  worldToCell(xM: number, yM: number): CellXY | null {
    const index = this.indexAtWorld(xM, yM);
    return index < 0 ? null : this.cellOf(index);
  }

  cellToWorld(x: number, y: number): { xM: number; yM: number } {
    return { xM: this.originM.x + (x + 0.5) * this.cellSizeM, yM: this.originM.y + (y + 0.5) * this.cellSizeM };
  }

  cellOf(index: number): CellXY {
    const x = index % this.width;
    return { x, y: (index - x) / this.width };
  }

  /** Write a state at a cell index with the dominance rules; true when the cell changed. */
  mark(index: number, state: SlamCellValue): boolean {
    const old = this.cells[index];
    if (state === UNKNOWN || old === SOLID || old === state) return false;
    if (old === UNKNOWN) this.knownCount++;
    this.cells[index] = state;
    this.revision++;
    return true;
  }

  /**
   * Integrate one lidar scan taken at `pose`: each ray is walked with a grid DDA (Amanatides & Woo):
   * cells before the end are marked open, the cell behind a hit solid; a ray at rangeMaxM (no hit)
   * marks open only. Returns the number of cells that changed. Allocation-free.
   * Every hit counts as solid: feed it rays against walls only (as MAES does), not rays stopped by
   * other robots, or moving robots leave permanent solid marks.
   */
  integrateScan(pose: Pose, scan: LidarScan): number {
    const { width, height, cells } = this;
    const sx = (pose.xM - this.originM.x) * this.invCellSize;
    const sy = (pose.yM - this.originM.y) * this.invCellSize;
    if (!(sx >= 0 && sy >= 0 && sx < width && sy < height)) return 0;
    const startX = Math.floor(sx);
    const startY = Math.floor(sy);
    const ranges = scan.rangesM;
    const rangeMaxM = scan.rangeMaxM;
    const rayCount = ranges.length;
    const dirs = rayDirections(scan.angleMinRad, scan.angleIncrementRad, rayCount);
    const cosH = Math.cos(pose.headingRad);
    const sinH = Math.sin(pose.headingRad);
    const inv = this.invCellSize;
    const infinity = Number.POSITIVE_INFINITY;
    let changed = 0;
    let newlyKnown = 0;
    for (let i = 0; i < rayCount; i++) {
      const rangeM = ranges[i];
      if (!(rangeM >= 0)) continue;
      const hit = rangeM < rangeMaxM;
      const endT = hit ? rangeM * inv + BOUNDARY_EPSILON_CELLS : rangeMaxM * inv - BOUNDARY_EPSILON_CELLS;
      if (endT <= 0) continue;
      // Ray direction = heading rotation of the scan's fixed ray direction (no trig per ray).
      const cosA = dirs[2 * i];
      const sinA = dirs[2 * i + 1];
      const dx = cosH * cosA - sinH * sinA;
      const dy = sinH * cosA + cosH * sinA;
      const stepX = dx > 0 ? 1 : -1;
      const stepIndexY = dy > 0 ? width : -width;
      const tDeltaX = dx !== 0 ? Math.abs(1 / dx) : infinity;
      const tDeltaY = dy !== 0 ? Math.abs(1 / dy) : infinity;
      let tMaxX = dx > 0 ? (startX + 1 - sx) / dx : dx < 0 ? (startX - sx) / dx : infinity;
      let tMaxY = dy > 0 ? (startY + 1 - sy) / dy : dy < 0 ? (startY - sy) / dy : infinity;
      // Where the ray leaves the map, in cells along the ray; a ray ending beyond it ends there, open.
      const tLeaveX = dx > 0 ? (width - sx) / dx : dx < 0 ? -sx / dx : infinity;
      const tLeaveY = dy > 0 ? (height - sy) / dy : dy < 0 ? -sy / dy : infinity;
      const tLeave = (tLeaveX < tLeaveY ? tLeaveX : tLeaveY) - BOUNDARY_EPSILON_CELLS;
      const inside = endT < tLeave;
      const t = inside ? endT : tLeave;
      const endX = Math.min(width - 1, Math.max(0, Math.floor(sx + dx * t)));
      const endY = Math.min(height - 1, Math.max(0, Math.floor(sy + dy * t)));
      // A grid walk to the end cell takes one step per cell boundary crossed, so the loop needs no
      // per-cell end or bounds test (the walk stays in the box spanned by start and end cells;
      // the final index is checked in case a float tie at a corner took the other way round).
      let steps = Math.abs(endX - startX) + Math.abs(endY - startY);
      let index = startY * width + startX;
      while (steps-- > 0) {
        if (cells[index] === UNKNOWN) {
          cells[index] = OPEN;
          newlyKnown++;
        }
        if (tMaxX < tMaxY) {
          index += stepX;
          tMaxX += tDeltaX;
        } else {
          index += stepIndexY;
          tMaxY += tDeltaY;
        }
      }
      if (index < 0 || index >= cells.length) continue;
      const old = cells[index];
      if (hit && inside) {
        if (old !== SOLID) {
          if (old === UNKNOWN) newlyKnown++;
          else changed++;
          cells[index] = SOLID;
        }
      } else if (old === UNKNOWN) {
        cells[index] = OPEN;
        newlyKnown++;
      }
    }
    changed += newlyKnown;
    this.knownCount += newlyKnown;
    if (changed > 0) this.revision++;
    return changed;
  }

  /**
   * Counts cell writes made directly in `cells` (by the engine's lidar, possibly on another
   * thread) as mark() would have counted them one by one: `changed` cells changed, of which
   * `newlyKnown` were unknown.
   */
  recordWrites(changed: number, newlyKnown: number): void {
    this.revision += changed;
    this.knownCount += newlyKnown;
  }

  /** Mark unknown cells whose centre lies within radiusM of (xM, yM) open (the robot's own footprint). */
  markOpenDisk(xM: number, yM: number, radiusM: number): number {
    const cs = this.cellSizeM;
    const x0 = Math.max(0, Math.floor((xM - radiusM - this.originM.x) * this.invCellSize));
    const x1 = Math.min(this.width - 1, Math.floor((xM + radiusM - this.originM.x) * this.invCellSize));
    const y0 = Math.max(0, Math.floor((yM - radiusM - this.originM.y) * this.invCellSize));
    const y1 = Math.min(this.height - 1, Math.floor((yM + radiusM - this.originM.y) * this.invCellSize));
    const r2 = radiusM * radiusM;
    let changed = 0;
    for (let y = y0; y <= y1; y++) {
      const cyM = this.originM.y + (y + 0.5) * cs - yM;
      for (let x = x0; x <= x1; x++) {
        const cxM = this.originM.x + (x + 0.5) * cs - xM;
        if (cxM * cxM + cyM * cyM <= r2 && this.mark(y * this.width + x, OPEN)) changed++;
      }
    }
    return changed;
  }

  /** Merge another map of the same geometry into this one (solid dominates, open over unknown). */
  mergeFrom(other: SlamMap): number {
    this.assertSameGeometry(other);
    const src = other.cells;
    const dst = this.cells;
    let changed = 0;
    let newlyKnown = 0;
    // Inline of mark(): merges run over whole maps, for every robot of a communication group.
    for (let i = 0; i < src.length; i++) {
      const state = src[i];
      const old = dst[i];
      if (state === UNKNOWN || old === SOLID || old === state) continue;
      if (old === UNKNOWN) newlyKnown++;
      dst[i] = state;
      changed++;
    }
    this.knownCount += newlyKnown;
    if (changed > 0) this.revision++;
    return changed;
  }

  /** Merge a map received as bytes (toBytes()) without decoding it into a second map. */
  mergeFromBytes(bytes: Uint8Array): number {
    const decoded = validateSlamMapBytes(bytes);
    this.assertSameGeometry(decoded.geometry);
    return this.applyEncoded(bytes, decoded);
  }

  toBytes(): Uint8Array {
    return encodeSlamMap(this, this.cells);
  }

  isFrontier(x: number, y: number): boolean {
    return this.contains(x, y) && isFrontierAt(this, x, y);
  }

  frontierCells(): CellXY[] {
    const out: CellXY[] = [];
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++) if (isFrontierAt(this, x, y)) out.push({ x, y });
    }
    return out;
  }

  nearestUnknown(from: CellXY): CellXY | null {
    if (!this.contains(from.x, from.y)) return null;
    const found = floodSearch(this, from.y * this.width + from.x, 'unknown');
    return found < 0 ? null : this.cellOf(found);
  }

  /** Nearest open frontier cell reachable from `from` (BFS), skipping cells options.skip rejects. */
  nearestFrontier(from: CellXY, options?: FrontierSearchOptions): CellXY | null {
    if (!this.contains(from.x, from.y)) return null;
    const found = floodSearch(this, from.y * this.width + from.x, 'frontier', options);
    return found < 0 ? null : this.cellOf(found);
  }

  someFrontierIn(x0: number, y0: number, x1: number, y1: number, test: (index: number) => boolean): boolean {
    return someFrontierIn(this, x0, y0, x1, y1, test);
  }

  path(from: CellXY, to: CellXY, options?: PathOptions): CellXY[] | null {
    if (!this.contains(from.x, from.y) || !this.contains(to.x, to.y)) return null;
    const indices = findPath(this, from.y * this.width + from.x, to.y * this.width + to.x, options);
    return indices === null ? null : indices.map((index) => this.cellOf(index));
  }

  /** Number of known (open or solid) cells. */
  get knownCells(): number {
    return this.knownCount;
  }

  knownFraction(): number {
    return this.knownCount / this.cells.length;
  }

  private applyEncoded(bytes: Uint8Array, decoded: ReturnType<typeof validateSlamMapBytes>): number {
    let changed = 0;
    forEachEncodedRun(bytes, decoded, (start, end, state) => {
      if (state === UNKNOWN) return;
      for (let i = start; i < end; i++) if (this.mark(i, state as SlamCellValue)) changed++;
    });
    return changed;
  }

  private assertSameGeometry(other: SlamMapGeometry): void {
    if (
      other.width !== this.width ||
      other.height !== this.height ||
      other.cellSizeM !== this.cellSizeM ||
      other.originM.x !== this.originM.x ||
      other.originM.y !== this.originM.y
    ) {
      throw new SwarmgateError(
        'SG_MAP_MISMATCH',
        `map ${other.width} x ${other.height} cells of ${other.cellSizeM} m at (${other.originM.x}, ${other.originM.y}) ` +
          `does not match ${this.width} x ${this.height} cells of ${this.cellSizeM} m at (${this.originM.x}, ${this.originM.y})`,
      );
    }
  }
}
