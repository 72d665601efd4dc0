import { Cell, type Grid } from './Grid.js';

/** An axis-aligned block of cells: x, y of the bottom-left cell, size in cells. */
export interface CellRect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * A small set of disjoint rectangles covering exactly the wall cells (any material), so the
 * physics engine builds a few static fixtures instead of one per cell. Greedy: each row is cut
 * into maximal wall runs, and a run extends the rectangle above the previous row's identical
 * run. Not minimal, but linear time and good on generated maps.
 */
export function mergeWallRectangles(grid: Grid): CellRect[] {
  const { width, height, cells } = grid;
  // isWall inlined with local constants: this scans every cell of maps up to 2000 x 2000.
  const free = Cell.Free;
  const unknown = Cell.Unknown;
  const wallAt = (i: number): boolean => cells[i] !== free && cells[i] !== unknown;
  const done: CellRect[] = [];
  // Open rectangles keyed by their run (x0 * (width + 1) + x1), each with its start row.
  let open = new Map<number, { x: number; y: number; width: number }>();
  for (let y = 0; y < height; y++) {
    const next = new Map<number, { x: number; y: number; width: number }>();
    const row = y * width;
    let x = 0;
    while (x < width) {
      if (!wallAt(row + x)) {
        x++;
        continue;
      }
      const x0 = x;
      while (x < width && wallAt(row + x)) x++;
      const key = x0 * (width + 1) + x;
      const continued = open.get(key);
      if (continued) open.delete(key);
      next.set(key, continued ?? { x: x0, y, width: x - x0 });
    }
    for (const rect of open.values()) done.push({ ...rect, height: y - rect.y });
    open = next;
  }
  for (const rect of open.values()) done.push({ ...rect, height: height - rect.y });
  return done.sort((a, b) => a.y - b.y || a.x - b.x);
}
