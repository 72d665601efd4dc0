/**
 * A uniform bucket grid over robot positions, rebuilt every tick by counting sort into flat
 * typed arrays (no per-tick allocation), for "which robots are within r of p" queries.
 */
export class SpatialHash {
  private readonly cols: number;
  private readonly rows: number;
  private readonly start: Int32Array;
  private readonly fill: Int32Array;
  private items = new Int32Array(0);
  private bucketOf = new Int32Array(0);

  constructor(
    private readonly minXM: number,
    private readonly minYM: number,
    widthM: number,
    heightM: number,
    private readonly bucketM: number,
  ) {
    this.cols = Math.max(1, Math.ceil(widthM / bucketM));
    this.rows = Math.max(1, Math.ceil(heightM / bucketM));
    this.start = new Int32Array(this.cols * this.rows + 1);
    this.fill = new Int32Array(this.cols * this.rows);
  }

  private bucketCol(xM: number): number {
    const c = Math.floor((xM - this.minXM) / this.bucketM);
    return c < 0 ? 0 : c >= this.cols ? this.cols - 1 : c;
  }

  private bucketRow(yM: number): number {
    const r = Math.floor((yM - this.minYM) / this.bucketM);
    return r < 0 ? 0 : r >= this.rows ? this.rows - 1 : r;
  }

  /** Re-buckets slots [0, count) whose `active` flag is set. */
  rebuild(xM: Float64Array, yM: Float64Array, active: Uint8Array, count: number): void {
    if (this.items.length < count) {
      this.items = new Int32Array(count * 2);
      this.bucketOf = new Int32Array(count * 2);
    }
    this.start.fill(0);
    for (let i = 0; i < count; i++) {
      if (!active[i]) {
        this.bucketOf[i] = -1;
        continue;
      }
      const b = this.bucketRow(yM[i]) * this.cols + this.bucketCol(xM[i]);
      this.bucketOf[i] = b;
      this.start[b + 1]++;
    }
    for (let b = 0; b < this.cols * this.rows; b++) this.start[b + 1] += this.start[b];
    this.fill.set(this.start.subarray(0, this.fill.length));
    for (let i = 0; i < count; i++) {
      const b = this.bucketOf[i];
      if (b >= 0) this.items[this.fill[b]++] = i;
    }
  }

  /**
   * Calls visit(slot) for every robot in the buckets overlapping the square of half side
   * radiusM around (xM, yM); the caller filters by exact distance. Slot order is deterministic.
   */
  forEachNear(xM: number, yM: number, radiusM: number, visit: (slot: number) => void): void {
    const c0 = this.bucketCol(xM - radiusM);
    const c1 = this.bucketCol(xM + radiusM);
    const r0 = this.bucketRow(yM - radiusM);
    const r1 = this.bucketRow(yM + radiusM);
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        const b = r * this.cols + c;
        for (let k = this.start[b]; k < this.start[b + 1]; k++) visit(this.items[k]);
      }
    }
  }
}
