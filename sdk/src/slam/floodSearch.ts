import { SlamCell, type FrontierSearchOptions } from '../SlamMapView.js';
import type { SearchGrid } from './findPath.js';
import { searchScratch } from './SearchScratch.js';
import { NEIGHBOUR_DX, NEIGHBOUR_DY } from './neighbours.js';

/** What a flood fill looks for: an unknown cell, or an open frontier cell (open with an unknown 4-neighbour). */
export type FloodGoal = 'unknown' | 'frontier';


/** True when open cell `index` at (x, y) has an unknown 4-neighbour inside the map. */
export function isFrontierAt(grid: SearchGrid, x: number, y: number): boolean {
  const { width, height, cells } = grid;
  const i = y * width + x;
  if (cells[i] !== SlamCell.Open) return false;
  return (
    (x + 1 < width && cells[i + 1] === SlamCell.Unknown) ||
    (x > 0 && cells[i - 1] === SlamCell.Unknown) ||
    (y + 1 < height && cells[i + width] === SlamCell.Unknown) ||
    (y > 0 && cells[i - width] === SlamCell.Unknown)
  );
}

function isGoal(grid: SearchGrid, goal: FloodGoal, index: number, exclude: ReadonlySet<number> | undefined): boolean {
  let found: boolean;
  if (goal === 'unknown') found = grid.cells[index] === SlamCell.Unknown;
  else {
    const x = index % grid.width;
    found = isFrontierAt(grid, x, (index - x) / grid.width);
  }
  // The blacklist is consulted only for candidate goals, which are few.
  return found && (exclude === undefined || !exclude.has(index));
}

/**
 * Breadth-first flood fill from cell index `from` through open cells, 8-connected without
 * corner cutting (the moves A* allows), so the first goal found is nearest in steps.
 * Unknown cells are reached but never expanded. The start may be in any state.
 * Returns the goal cell index, or -1 when none is reachable (or maxVisits ran out).
 */
export function floodSearch(grid: SearchGrid, from: number, goal: FloodGoal, options: FrontierSearchOptions = {}): number {
  const { width, height, cells } = grid;
  const { exclude } = options;
  const maxVisits = options.maxVisits ?? Number.POSITIVE_INFINITY;
  const s = searchScratch;
  const gen = s.begin(width * height);
  const { seen, queue } = s;
  if (isGoal(grid, goal, from, exclude)) return from;
  seen[from] = gen;
  queue[0] = from;
  let head = 0;
  let tail = 1;
  while (head < tail && head < maxVisits) {
    const cur = queue[head++];
    const cx = cur % width;
    const cy = (cur - cx) / width;
    for (let k = 0; k < 8; k++) {
      const nx = cx + NEIGHBOUR_DX[k];
      const ny = cy + NEIGHBOUR_DY[k];
      if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
      const next = ny * width + nx;
      if (seen[next] === gen) continue;
      const state = cells[next];
      if (state === SlamCell.Solid) continue;
      if (k >= 4 && (cells[cy * width + nx] !== SlamCell.Open || cells[ny * width + cx] !== SlamCell.Open)) continue;
      seen[next] = gen;
      if (isGoal(grid, goal, next, exclude)) return next;
      if (state === SlamCell.Open) queue[tail++] = next;
    }
  }
  return -1;
}
