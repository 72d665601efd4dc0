import { SlamCell, type PathOptions } from '../SlamMapView.js';
import { searchScratch } from './SearchScratch.js';
import { NEIGHBOUR_DX, NEIGHBOUR_DY, NEIGHBOUR_COST } from './neighbours.js';

// Local copies: imported bindings may be getters under the dev loaders (tsx, vitest), which
// costs a call per access in the loops below.
const { Open: OPEN, Solid: SOLID } = SlamCell;
const DX = NEIGHBOUR_DX;
const DY = NEIGHBOUR_DY;
const COST = NEIGHBOUR_COST;

/** The part of a SLAM map a search reads. */
export interface SearchGrid {
  readonly width: number;
  readonly height: number;
  readonly cells: Uint8Array;
}

const SQRT2_MINUS_2 = Math.SQRT2 - 2;
/**
 * The heuristic is scaled by 1 + this: among the many equal-cost candidates of open space, cells
 * nearer the goal go first, so A* runs straight instead of flooding a diamond. Paths stay within
 * this fraction of the shortest.
 */
const TIE_BREAK = 1e-3;

/**
 * The octile distance heuristic, tie-broken. A module function rather than a closure over the
 * goal: under the dev loaders (tsx, vitest) each closure created per search was also wrapped in
 * a __name() call that showed up in profiles.
 */
function octile(x: number, y: number, toX: number, toY: number): number {
  const dx = Math.abs(x - toX);
  const dy = Math.abs(y - toY);
  return (dx + dy + SQRT2_MINUS_2 * (dx < dy ? dx : dy)) * (1 + TIE_BREAK);
}

/** True when cell (x, y) has a solid cell within `r` cells (Chebyshev; r = 1: the 8-neighbours) inside the map. */
function touchesSolid(grid: SearchGrid, x: number, y: number, r: number): boolean {
  const { width, height, cells } = grid;
  const y0 = y - r < 0 ? 0 : y - r;
  const y1 = y + r >= height ? height - 1 : y + r;
  const x0 = x - r < 0 ? 0 : x - r;
  const x1 = x + r >= width ? width - 1 : x + r;
  for (let ny = y0; ny <= y1; ny++) {
    for (let nx = x0; nx <= x1; nx++) if (cells[ny * width + nx] === SOLID) return true;
  }
  return false;
}

/**
 * A* from cell index `from` to cell index `to` over open cells, 8-connected, Euclidean step cost,
 * octile heuristic. A diagonal step needs both orthogonal cells it passes open (no corner cutting).
 * The start cell may be in any state (the robot stands there); the goal must be open.
 * Returns the cell indices from start to goal inclusive, or null when unreachable.
 */
export function findPath(grid: SearchGrid, from: number, to: number, options: PathOptions = {}): number[] | null {
  const { width, height, cells } = grid;
  if (from === to) return [from];
  if (cells[to] !== OPEN) return null;
  const penalty = options.wallPenaltyCells ?? 0;
  const clearance = options.wallClearanceCells ?? 1;
  const blocked = options.blockedNearWallCells ?? 0;
  const boundary = options.blocked;
  const maxExpansions = options.maxExpansions ?? Number.POSITIVE_INFINITY;
  const s = searchScratch;
  const gen = s.begin(width * height);
  const { seen, closed, g, parent } = s;
  const toX = to % width;
  const toY = (to - toX) / width;
  seen[from] = gen;
  g[from] = 0;
  parent[from] = -1;
  const fromX = from % width;
  s.heapPushOrDecrease(from, octile(fromX, (from - fromX) / width, toX, toY));
  let expansions = 0;
  while (s.heapSize > 0) {
    const cur = s.heapPop();
    if (cur === to) return tracePath(parent, to);
    closed[cur] = gen;
    if (++expansions > maxExpansions) break;
    const cx = cur % width;
    const cy = (cur - cx) / width;
    for (let k = 0; k < 8; k++) {
      const nx = cx + DX[k];
      const ny = cy + DY[k];
      if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
      const next = ny * width + nx;
      if (cells[next] !== OPEN || closed[next] === gen) continue;
      if (k >= 4 && (cells[cy * width + nx] !== OPEN || cells[ny * width + cx] !== OPEN)) continue;
      if (blocked > 0 && next !== to && touchesSolid(grid, nx, ny, blocked)) continue;
      if (boundary !== undefined && next !== to && boundary[next] !== 0) continue;
      let cost = g[cur] + COST[k];
      // The penalty only adds, so a cell already reached as cheaply without it is skipped
      // before its eight neighbours are read.
      if (seen[next] === gen && g[next] <= cost) continue;
      if (penalty > 0 && touchesSolid(grid, nx, ny, clearance)) {
        cost += penalty;
        if (seen[next] === gen && g[next] <= cost) continue;
      }
      seen[next] = gen;
      g[next] = cost;
      parent[next] = cur;
      s.heapPushOrDecrease(next, cost + octile(nx, ny, toX, toY));
    }
  }
  s.heapClear();
  return null;
}

function tracePath(parent: Int32Array, to: number): number[] {
  const path: number[] = [];
  for (let cell = to; cell !== -1; cell = parent[cell]) path.push(cell);
  return path.reverse();
}
