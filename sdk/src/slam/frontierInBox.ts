import { SlamCell } from '../SlamMapView.js';
import type { SearchGrid } from './findPath.js';
import { isFrontierAt } from './floodSearch.js';

// A local copy: imported bindings may be getters under the dev loaders (tsx, vitest).
const OPEN = SlamCell.Open;

/**
 * True when some frontier cell (floodSearch's isFrontierAt) in the box x0..x1, y0..y1 (inclusive,
 * clipped to the map) passes `test` (given its index). Scans row by row and stops at the first
 * one: a few nanoseconds per cell, where a flood fill reads eight neighbours per cell.
 */
export function someFrontierIn(grid: SearchGrid, x0: number, y0: number, x1: number, y1: number, test: (index: number) => boolean): boolean {
  const { width, height, cells } = grid;
  const xa = Math.max(0, Math.ceil(x0));
  const xb = Math.min(width - 1, Math.floor(x1));
  const ya = Math.max(0, Math.ceil(y0));
  const yb = Math.min(height - 1, Math.floor(y1));
  for (let y = ya; y <= yb; y++) {
    const row = y * width;
    for (let x = xa; x <= xb; x++) {
      if (cells[row + x] === OPEN && isFrontierAt(grid, x, y) && test(row + x)) return true;
    }
  }
  return false;
}
