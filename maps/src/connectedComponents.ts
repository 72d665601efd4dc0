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
  const labels = new Int32Array(width * height).fill(-1);
  const queue = new Int32Array(width * height);
  const sizes: number[] = [];
  for (let start = 0; start < mask.length; start++) {
    if (mask[start] === 0 || labels[start] !== -1) continue;
    sizes.push(fill(width, height, mask, connectivity, start, sizes.length, labels, queue));
  }
  return { labels, sizes };
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
  // Local array: module exports can be live-binding getters (tsx), too slow in this loop.
  const offsets: readonly number[] = connectivity === 4 ? FOUR : EIGHT;
  let head = 0;
  let tail = 0;
  queue[tail++] = start;
  labels[start] = label;
  while (head < tail) {
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
  return tail;
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
