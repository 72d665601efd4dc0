/**
 * Flood fill and connected-component labelling over typed arrays (a BFS with one Int32Array
 * queue), fast enough for 2000 x 2000 maps. The raw `labelRegions` works on a membership
 * mask so generators can use it before a Grid exists.
 */
import { Cell, type Grid } from './Grid.js';
import { type Connectivity, NEIGHBOURS_4, NEIGHBOURS_8 } from './gridGeometry.js';

const FOUR = NEIGHBOURS_4.slice();
const EIGHT = NEIGHBOURS_8.slice();

export interface Regions {
  /** Region id per cell, or -1 for cells outside every region. */
  readonly labels: Int32Array;
  /** Cell count per region id, largest not necessarily first. */
  readonly sizes: number[];
}

/** Labels the connected regions of cells whose `mask` value is non-zero. */
export function labelRegions(width: number, height: number, mask: Uint8Array, connectivity: Connectivity = 4): Regions {
  const labeller = new RegionLabeller(width, height, mask, connectivity);
  labeller.advance(Infinity);
  return labeller.regions();
}

/**
 * labelRegions a number of cells at a time (advance), so a caller that must stay responsive (a
 * gateway building a trial on a 2000 x 2000 map) can do other work between: the same labels and
 * sizes whatever the steps.
 */
export class RegionLabeller {
  private readonly labels: Int32Array;
  private readonly queue: Int32Array;
  private readonly sizes: number[] = [];
  /** The region being filled: queue[head .. tail) is still to expand (empty between regions). */
  private readonly frontier: Frontier = { head: 0, tail: 0 };
  /** Cells before this one are labelled or outside the mask. */
  private start = 0;
  private done = false;

  constructor(
    private readonly width: number,
    private readonly height: number,
    private readonly mask: Uint8Array,
    private readonly connectivity: Connectivity = 4,
  ) {
    this.labels = new Int32Array(width * height).fill(-1);
    this.queue = new Int32Array(width * height);
  }

  /** Labels about `budget` more cells (a region's last ones may go past it); true once every region is labelled. */
  advance(budget: number): boolean {
    const f = this.frontier;
    let left = budget;
    while (!this.done) {
      if (f.head < f.tail) {
        const from = f.head;
        spread(this.width, this.height, this.mask, this.connectivity, this.sizes.length, this.labels, this.queue, f, left);
        left -= f.head - from;
        if (f.head < f.tail) return false;
        this.sizes.push(f.tail);
        f.head = 0;
        f.tail = 0;
      }
      const start = this.nextStart();
      if (start < 0) this.done = true;
      else if (left <= 0) return false;
      else {
        this.labels[start] = this.sizes.length;
        this.queue[0] = start;
        f.tail = 1;
      }
    }
    return true;
  }

  /** The regions, once advance has returned true. */
  regions(): Regions {
    if (!this.done) throw new Error('RegionLabeller.regions: the labelling is not finished (advance)');
    return { labels: this.labels, sizes: this.sizes };
  }

  /** The next mask cell no region holds yet, or -1. */
  private nextStart(): number {
    const { mask, labels } = this;
    let s = this.start;
    while (s < mask.length && (mask[s] === 0 || labels[s] !== -1)) s++;
    this.start = s;
    return s < mask.length ? s : -1;
  }
}

/** A BFS's queue: queue[head .. tail) is still to expand. */
interface Frontier {
  head: number;
  tail: number;
}

/** BFS from `start` over mask cells, writing `label`; returns the number of cells reached. */
function fill(
  width: number,
  height: number,
  mask: Uint8Array,
  connectivity: Connectivity,
  start: number,
  label: number,
  labels: Int32Array,
  queue: Int32Array,
): number {
  queue[0] = start;
  labels[start] = label;
  const frontier: Frontier = { head: 0, tail: 1 };
  spread(width, height, mask, connectivity, label, labels, queue, frontier, Infinity);
  return frontier.tail;
}

/** Expands the BFS in `queue` over mask cells, writing `label`, until it ends or `budget` cells were expanded. */
function spread(
  width: number,
  height: number,
  mask: Uint8Array,
  connectivity: Connectivity,
  label: number,
  labels: Int32Array,
  queue: Int32Array,
  frontier: Frontier,
  budget: number,
): void {
  // Local array: module exports can be live-binding getters (tsx), too slow in this loop.
  const offsets: readonly number[] = connectivity === 4 ? FOUR : EIGHT;
  let head = frontier.head;
  let tail = frontier.tail;
  const end = head + budget;
  while (head < tail && head < end) {
    const index = queue[head++] as number;
    const x = index % width;
    const y = (index - x) / width;
    for (let k = 0; k < offsets.length; k += 2) {
      const nx = x + (offsets[k] as number);
      const ny = y + (offsets[k + 1] as number);
      if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
      const next = ny * width + nx;
      if (mask[next] === 0 || labels[next] !== -1) continue;
      labels[next] = label;
      queue[tail++] = next;
    }
  }
  frontier.head = head;
  frontier.tail = tail;
}

export interface RegionOptions {
  connectivity?: Connectivity;
  /** Which cell values belong to regions; default: free cells only. */
  passable?: (value: number) => boolean;
}

function passableMask(grid: Grid, passable: (value: number) => boolean): Uint8Array {
  const mask = new Uint8Array(grid.cells.length);
  for (let i = 0; i < mask.length; i++) mask[i] = passable(grid.cells[i] as number) ? 1 : 0;
  return mask;
}

const FREE = Cell.Free;
const isFreeValue = (value: number): boolean => value === FREE;

/** Connected components of free cells (or of `options.passable` cells). */
export function connectedComponents(grid: Grid, options: RegionOptions = {}): Regions {
  const mask = passableMask(grid, options.passable ?? isFreeValue);
  return labelRegions(grid.width, grid.height, mask, options.connectivity ?? 4);
}

/**
 * Indices of every cell reachable from `startIndex` (BFS order), through free cells or
 * `options.passable` cells. Empty when the start cell itself is not passable.
 */
export function floodFill(grid: Grid, startIndex: number, options: RegionOptions = {}): Int32Array {
  if (!Number.isInteger(startIndex) || startIndex < 0 || startIndex >= grid.cells.length) {
    throw new RangeError(`floodFill: start index ${startIndex} is outside the ${grid.width} x ${grid.height} grid`);
  }
  const mask = passableMask(grid, options.passable ?? isFreeValue);
  if (mask[startIndex] === 0) return new Int32Array(0);
  const labels = new Int32Array(grid.cells.length).fill(-1);
  const queue = new Int32Array(grid.cells.length);
  const count = fill(grid.width, grid.height, mask, options.connectivity ?? 4, startIndex, 0, labels, queue);
  return queue.slice(0, count);
}
