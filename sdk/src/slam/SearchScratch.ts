/**
 * Typed arrays shared by every map search (BFS flood fill and A*) in this thread.
 *
 * One SlamMap per robot and hundreds of robots: per-map search buffers would cost ~20 bytes
 * per cell per robot. Searches never interleave (JavaScript is single-threaded and a search
 * runs to completion), so one set per thread suffices; it grows to the largest map seen.
 * "Visited" is a generation stamp, so starting a search clears nothing.
 */
export class SearchScratch {
  capacity = 0;
  /** seen[i] === generation: g[i] and parent[i] are valid for this search. */
  seen = new Uint32Array(0);
  /** closed[i] === generation: cell i was expanded (A*). */
  closed = new Uint32Array(0);
  generation = 0;
  queue = new Int32Array(0);
  parent = new Int32Array(0);
  g = new Float64Array(0);
  /**
   * Binary min-heap of cell indices keyed by f, with each cell's slot + 1 in heapPos (0: absent):
   * zero is what a new array holds, so growing it writes none of its cells (on a 2000 x 2000
   * grid's SLAM map, filling 16,000,000 slots with -1 was a quarter of a second of a trial's first
   * tick, and 64 MB made resident at once).
   */
  heap = new Int32Array(0);
  heapPos = new Int32Array(0);
  f = new Float64Array(0);
  heapSize = 0;

  /** Prepare for a search over `cellCount` cells and return the generation that marks "visited". */
  begin(cellCount: number): number {
    if (cellCount > this.capacity) this.grow(cellCount);
    this.generation++;
    if (this.generation === 0xffffffff) {
      // Stamps would wrap: clear once every 4 billion searches.
      this.seen.fill(0);
      this.closed.fill(0);
      this.generation = 1;
    }
    this.heapClear();
    return this.generation;
  }

  private grow(cellCount: number): void {
    this.capacity = cellCount;
    this.seen = new Uint32Array(cellCount);
    this.closed = new Uint32Array(cellCount);
    this.queue = new Int32Array(cellCount);
    this.parent = new Int32Array(cellCount);
    this.g = new Float64Array(cellCount);
    this.heap = new Int32Array(cellCount);
    this.heapPos = new Int32Array(cellCount);
    this.f = new Float64Array(cellCount);
    this.generation = 0;
    this.heapSize = 0;
  }

  heapClear(): void {
    for (let i = 0; i < this.heapSize; i++) this.heapPos[this.heap[i]] = 0;
    this.heapSize = 0;
  }

  /** Insert cell with key f, or lower its key if already queued. */
  heapPushOrDecrease(cell: number, f: number): void {
    this.f[cell] = f;
    let pos = this.heapPos[cell] - 1;
    if (pos < 0) {
      pos = this.heapSize++;
      this.heap[pos] = cell;
      this.heapPos[cell] = pos + 1;
    }
    this.siftUp(pos);
  }

  heapPop(): number {
    const heap = this.heap;
    const top = heap[0];
    this.heapPos[top] = 0;
    const last = heap[--this.heapSize];
    if (this.heapSize > 0) {
      heap[0] = last;
      this.heapPos[last] = 1;
      this.siftDown(0);
    }
    return top;
  }

  private siftUp(pos: number): void {
    const { heap, heapPos, f } = this;
    const cell = heap[pos];
    const key = f[cell];
    while (pos > 0) {
      const parentPos = (pos - 1) >> 1;
      const parentCell = heap[parentPos];
      if (f[parentCell] <= key) break;
      heap[pos] = parentCell;
      heapPos[parentCell] = pos + 1;
      pos = parentPos;
    }
    heap[pos] = cell;
    heapPos[cell] = pos + 1;
  }

  private siftDown(pos: number): void {
    const { heap, heapPos, f } = this;
    const size = this.heapSize;
    const cell = heap[pos];
    const key = f[cell];
    for (;;) {
      const left = 2 * pos + 1;
      if (left >= size) break;
      const right = left + 1;
      const child = right < size && f[heap[right]] < f[heap[left]] ? right : left;
      if (f[heap[child]] >= key) break;
      heap[pos] = heap[child];
      heapPos[heap[pos]] = pos + 1;
      pos = child;
    }
    heap[pos] = cell;
    heapPos[cell] = pos + 1;
  }
}

export const searchScratch = new SearchScratch();
