import { SwarmgateError } from '../../errors.js';
import { growArray } from './growArray.js';

/**
 * Uniform bucket grid over a rectangle for radius queries on points with dense integer ids.
 * Buckets are singly linked lists in typed arrays (head per bucket, next per id), so a
 * rebuild is O(n) and inserting or querying allocates nothing once capacity is reached.
 * Points outside the rectangle go to the nearest edge bucket; queries stay exact because
 * they test the true distance.
 */
/** The rectangle a grid covers (metres), the bounds a SpatialHash over its robots or tags takes. */
export function gridBounds(grid: {
  readonly originM: { readonly x: number; readonly y: number };
  readonly width: number;
  readonly height: number;
  readonly cellSizeM: number;
}): {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
} {
  const { originM, width, height, cellSizeM } = grid;
  return { minX: originM.x, minY: originM.y, maxX: originM.x + width * cellSizeM, maxY: originM.y + height * cellSizeM };
}

export class SpatialHash {
  readonly bucketSizeM: number;
  private readonly minX: number;
  private readonly minY: number;
  private readonly columns: number;
  private readonly rows: number;
  private readonly head: Int32Array;
  private next: Int32Array;
  private xs: Float64Array;
  private ys: Float64Array;
  /** Ids inserted since the last clear, in order (clear empties their buckets). */
  private inserted = new Int32Array(64);
  private insertedCount = 0;

  constructor(bounds: { minX: number; minY: number; maxX: number; maxY: number }, bucketSizeM: number, capacity = 64) {
    if (!(bucketSizeM > 0) || !Number.isFinite(bucketSizeM)) {
      throw new SwarmgateError('SG_RADIO_CONFIG', `spatial hash bucket size must be a positive number of metres, got ${bucketSizeM}`);
    }
    this.minX = bounds.minX;
    this.minY = bounds.minY;
    // Cap the bucket count so a tiny range on a huge map cannot exhaust memory.
    const spanX = Math.max(bounds.maxX - bounds.minX, bucketSizeM);
    const spanY = Math.max(bounds.maxY - bounds.minY, bucketSizeM);
    const cellM = Math.max(bucketSizeM, Math.sqrt((spanX * spanY) / MAX_BUCKETS));
    this.bucketSizeM = cellM;
    this.columns = Math.ceil(spanX / cellM);
    this.rows = Math.ceil(spanY / cellM);
    this.head = new Int32Array(this.columns * this.rows).fill(-1);
    const initial = Math.max(1, capacity);
    this.next = new Int32Array(initial).fill(-1);
    this.xs = new Float64Array(initial);
    this.ys = new Float64Array(initial);
  }

  clear(): void {
    // Emptying only the buckets in use when the points are few beside the buckets (a lone
    // robot on a large map: thousands of buckets refilled every tick otherwise).
    if (this.insertedCount * 4 < this.head.length) {
      for (let k = 0; k < this.insertedCount; k++) {
        const id = this.inserted[k];
        this.head[this.bucketOf(this.xs[id], this.ys[id])] = -1;
      }
    } else {
      this.head.fill(-1);
    }
    this.insertedCount = 0;
  }

  /** Adds point `id` (ids are dense: capacity grows to id + 1). Each id at most once per build. */
  insert(id: number, xM: number, yM: number): void {
    if (id >= this.next.length) this.grow(id + 1);
    this.xs[id] = xM;
    this.ys[id] = yM;
    const bucket = this.bucketOf(xM, yM);
    this.next[id] = this.head[bucket];
    this.head[bucket] = id;
    if (this.insertedCount >= this.inserted.length) this.inserted = growArray(this.inserted, this.insertedCount + 1);
    this.inserted[this.insertedCount++] = id;
  }

  /**
   * Writes into `out` the ids within radiusM of (xM, yM) (distance <= radiusM), in a
   * deterministic but unspecified order, and returns how many there are. Only the first
   * out.length are written: a caller seeing a larger count grows `out` and asks again.
   */
  query(xM: number, yM: number, radiusM: number, out: Int32Array): number {
    const c0 = this.column(xM - radiusM);
    const c1 = this.column(xM + radiusM);
    const r0 = this.row(yM - radiusM);
    const r1 = this.row(yM + radiusM);
    const radiusSq = radiusM * radiusM;
    let count = 0;
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        for (let id = this.head[r * this.columns + c]; id >= 0; id = this.next[id]) {
          const dx = this.xs[id] - xM;
          const dy = this.ys[id] - yM;
          if (dx * dx + dy * dy <= radiusSq) {
            if (count < out.length) out[count] = id;
            count++;
          }
        }
      }
    }
    return count;
  }

  private bucketOf(xM: number, yM: number): number {
    return this.row(yM) * this.columns + this.column(xM);
  }

  private column(xM: number): number {
    const c = Math.floor((xM - this.minX) / this.bucketSizeM);
    // NaN compares false both ways and lands in bucket 0 rather than indexing out of range.
    return c >= this.columns ? this.columns - 1 : c > 0 ? c : 0;
  }

  private row(yM: number): number {
    const r = Math.floor((yM - this.minY) / this.bucketSizeM);
    return r >= this.rows ? this.rows - 1 : r > 0 ? r : 0;
  }

  private grow(minCapacity: number): void {
    this.next = growArray(this.next, minCapacity, -1);
    this.xs = growArray(this.xs, minCapacity);
    this.ys = growArray(this.ys, minCapacity);
  }
}

const MAX_BUCKETS = 1 << 20;

/**
 * In-place Shellsort (Ciura's gaps) of ids[0 .. count): query results run to hundreds of ids
 * when the range covers much of the map, where insertion sort is quadratic; allocates nothing.
 */
export function sortIds(ids: Int32Array, count: number): void {
  for (let g = 0; g < SHELL_GAPS.length; g++) {
    const gap = SHELL_GAPS[g];
    for (let i = gap; i < count; i++) {
      const id = ids[i];
      let j = i;
      while (j >= gap && ids[j - gap] > id) {
        ids[j] = ids[j - gap];
        j -= gap;
      }
      ids[j] = id;
    }
  }
}

const SHELL_GAPS = new Int32Array([1750, 701, 301, 132, 57, 23, 10, 4, 1]);
