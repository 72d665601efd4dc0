import { SlamCell, type FrontierSearchOptions } from '../SlamMapView.js';
import type { SearchGrid } from './findPath.js';
import { searchScratch } from './SearchScratch.js';
import { NEIGHBOUR_DX, NEIGHBOUR_DY } from './neighbours.js';

// Local copies: imported bindings may be getters under the dev loaders (tsx, vitest), which
// costs a call per access in the loops below.
const { Unknown: UNKNOWN, Open: OPEN, Solid: SOLID } = SlamCell;
const DX = NEIGHBOUR_DX;
const DY = NEIGHBOUR_DY;

/** What a flood fill looks for: an unknown cell, or an open frontier cell (open with an unknown 4-neighbour). */
export type FloodGoal = 'unknown' | 'frontier';

/** True when open cell `index` at (x, y) has an unknown 4-neighbour inside the map. */
export function isFrontierAt(grid: SearchGrid, x: number, y: number): boolean {
  const { width, height, cells } = grid;
  const i = y * width + x;
  if (cells[i] !== OPEN) return false;
  return (
    (x + 1 < width && cells[i + 1] === UNKNOWN) ||
    (x > 0 && cells[i - 1] === UNKNOWN) ||
    (y + 1 < height && cells[i + width] === UNKNOWN) ||
    (y > 0 && cells[i - width] === UNKNOWN)
  );
}

/**
 * Breadth-first flood fill from cell index `from` through open cells, 8-connected without
 * corner cutting (the moves A* allows), so the first goal found is nearest in steps.
 * Unknown cells are reached but never expanded; blocked cells (options.blocked) are never
 * reached. The start may be in any state. `skip` also gets the cell's BFS steps from the start
 * (a diagonal move is one step), so a skip that records and rejects every goal lists all
 * reachable goals with their step counts, nearest first.
 * Returns the goal cell index, or -1 when none is reachable (or maxVisits ran out, or the next BFS
 * level lies beyond options.maxSteps).
 */
export function floodSearch(grid: SearchGrid, from: number, goal: FloodGoal, options: FrontierSearchOptions = {}): number {
  const { width, height, cells } = grid;
  const skip = options.skip;
  const maxVisits = options.maxVisits ?? Number.POSITIVE_INFINITY;
  const blocked = options.blocked;
  const maxSteps = options.maxSteps;
  const wantUnknown = goal === 'unknown';
  const s = searchScratch;
  const gen = s.begin(width * height);
  const { seen, queue } = s;
  const fromX = from % width;
  if (isGoalAt(grid, wantUnknown, from, fromX, (from - fromX) / width, skip, 0)) return from;
  seen[from] = gen;
  queue[0] = from;
  let head = 0;
  let tail = 1;
  // Steps from the start of the cells being expanded: the queue holds one BFS level after another
  // (the first iteration enters level 0, the start).
  let steps = -1;
  let levelEnd = 0;
  while (head < tail && head < maxVisits) {
    if (head === levelEnd) {
      steps++;
      levelEnd = tail;
      // The cells found from this level are steps + 1 away. Asked once per level, so a skip may lower the bound as it learns.
      if (maxSteps !== undefined && steps + 1 > maxSteps()) break;
    }
    const cur = queue[head++];
    const cx = cur % width;
    const cy = (cur - cx) / width;
    for (let k = 0; k < 8; k++) {
      const nx = cx + DX[k];
      const ny = cy + DY[k];
      if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
      const next = ny * width + nx;
      if (seen[next] === gen) continue;
      const state = cells[next];
      if (state === SOLID || (blocked !== undefined && blocked[next] !== 0)) continue;
      if (k >= 4 && (cells[cy * width + nx] !== OPEN || cells[ny * width + cx] !== OPEN)) continue;
      seen[next] = gen;
      if (isGoalAt(grid, wantUnknown, next, nx, ny, skip, steps + 1)) return next;
      if (state === OPEN) queue[tail++] = next;
    }
  }
  return -1;
}

function isGoalAt(
  grid: SearchGrid,
  wantUnknown: boolean,
  index: number,
  x: number,
  y: number,
  skip: ((index: number, steps: number) => boolean) | undefined,
  steps: number,
): boolean {
  const found = wantUnknown ? grid.cells[index] === UNKNOWN : isFrontierAt(grid, x, y);
  return found && (skip === undefined || !skip(index, steps));
}
