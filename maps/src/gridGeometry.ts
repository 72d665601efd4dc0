/**
 * Index arithmetic and world geometry of a Grid. Hot-path friendly: nothing here allocates
 * except `cellXY` and `worldBoundsM`, which return small objects for callers outside loops.
 */
import type { Grid } from './Grid.js';

export type Connectivity = 4 | 8;

/** [dx, dy] pairs, flattened: 4-neighbourhood (E, N, W, S). */
export const NEIGHBOURS_4: readonly number[] = [1, 0, 0, 1, -1, 0, 0, -1];
/** [dx, dy] pairs, flattened: 8-neighbourhood (the 4 above, then the diagonals). */
export const NEIGHBOURS_8: readonly number[] = [1, 0, 0, 1, -1, 0, 0, -1, 1, 1, -1, 1, -1, -1, 1, -1];

export function inBounds(grid: Grid, x: number, y: number): boolean {
  return x >= 0 && y >= 0 && x < grid.width && y < grid.height;
}

export function cellIndex(grid: Grid, x: number, y: number): number {
  return y * grid.width + x;
}

export function cellXY(grid: Grid, index: number): { x: number; y: number } {
  return { x: index % grid.width, y: Math.floor(index / grid.width) };
}

/**
 * Writes the in-bounds neighbour indices of cell `index` into `out` (length >= 8) and
 * returns how many were written. No allocation: pass a scratch Int32Array.
 */
export function neighbours(grid: Grid, index: number, connectivity: Connectivity, out: Int32Array): number {
  const { width, height } = grid;
  const x = index % width;
  const y = (index - x) / width;
  const offsets = connectivity === 4 ? NEIGHBOURS_4 : NEIGHBOURS_8;
  let count = 0;
  for (let k = 0; k < offsets.length; k += 2) {
    const nx = x + (offsets[k] as number);
    const ny = y + (offsets[k + 1] as number);
    if (nx >= 0 && ny >= 0 && nx < width && ny < height) out[count++] = ny * width + nx;
  }
  return count;
}

/** The cell containing world point (xM, yM), or -1 outside the grid. */
export function worldToCellIndex(grid: Grid, xM: number, yM: number): number {
  const x = Math.floor((xM - grid.originM.x) / grid.cellSizeM);
  const y = Math.floor((yM - grid.originM.y) / grid.cellSizeM);
  return inBounds(grid, x, y) ? y * grid.width + x : -1;
}

/** The world rectangle (metres) the grid covers. */
export function worldBoundsM(grid: Grid): { minX: number; minY: number; maxX: number; maxY: number } {
  return {
    minX: grid.originM.x,
    minY: grid.originM.y,
    maxX: grid.originM.x + grid.width * grid.cellSizeM,
    maxY: grid.originM.y + grid.height * grid.cellSizeM,
  };
}
