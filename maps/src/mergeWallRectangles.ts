import { Cell, type Grid } from './Grid.js';

/** An axis-aligned block of cells: x, y of the bottom-left cell, size in cells. */
export interface CellRect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** A rectangle still growing: its run of wall cells and its first row. */
interface OpenRect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
}

/**
 * A small set of disjoint rectangles covering exactly the wall cells (any material), so the
 * physics engine builds a few static fixtures instead of one per cell. Greedy: each row is cut
 * into maximal wall runs, and a run extends the rectangle above the previous row's identical
 * run. Not minimal, but linear time and good on generated maps.
 */
export function mergeWallRectangles(grid: Grid): CellRect[] {
  const merger = new WallRectMerger(grid);
  merger.mergeRows(grid.height);
  return merger.finish();
}

/**
 * mergeWallRectangles a band of rows at a time, so a caller that must stay responsive (a gateway
 * building a trial on a 2000 x 2000 map) can do other work between bands: the same rectangles
 * whatever the bands.
 */
export class WallRectMerger {
  private readonly done: CellRect[] = [];
  // Open rectangles keyed by their run (x0 * (width + 1) + x1).
  private open = new Map<number, OpenRect>();
  private nextRow = 0;

  constructor(private readonly grid: Grid) {}

  /** Rows not merged yet. */
  get rowsLeft(): number {
    return this.grid.height - this.nextRow;
  }

  /** Merges the next `rows` rows (fewer at the grid's end). */
  mergeRows(rows: number): void {
    const { width, cells } = this.grid;
    // isWall inlined with local constants: this scans every cell of maps up to 2000 x 2000.
    const free = Cell.Free;
    const unknown = Cell.Unknown;
    const wallAt = (i: number): boolean => cells[i] !== free && cells[i] !== unknown;
    const end = Math.min(this.grid.height, this.nextRow + rows);
    let open = this.open;
    for (let y = this.nextRow; y < end; y++) {
      const next = new Map<number, OpenRect>();
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
      for (const rect of open.values()) this.done.push({ ...rect, height: y - rect.y });
      open = next;
    }
    this.open = open;
    this.nextRow = end;
  }

  /** The rectangles, bottom row first, once every row is merged. */
  finish(): CellRect[] {
    if (this.rowsLeft > 0) throw new Error(`WallRectMerger.finish: ${this.rowsLeft} rows not merged yet`);
    const height = this.grid.height;
    for (const rect of this.open.values()) this.done.push({ ...rect, height: height - rect.y });
    this.open.clear();
    return this.done.sort((a, b) => a.y - b.y || a.x - b.x);
  }
}
