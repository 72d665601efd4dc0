import { SlamCell, type SlamCellValue } from '../SlamMapView.js';

// Local copies: imported bindings may be getters under the dev loaders (tsx, vitest), which
// costs a call per access in the loops below.
const { Unknown: UNKNOWN, Open: OPEN, Solid: SOLID } = SlamCell;

interface FineMap {
  readonly width: number;
  readonly height: number;
  readonly cellsPerTile: number;
  readonly cells: Uint8Array;
}

/**
 * Tile-resolution view of a SLAM map (MAES's coarse map), computed on read from the fine cells
 * so it can never drift out of sync: a tile is solid when any of its cells is solid, open when
 * any is known, unknown otherwise.
 */
export class CoarseSlamMap {
  readonly width: number;
  readonly height: number;

  constructor(private readonly fine: FineMap) {
    this.width = Math.ceil(fine.width / fine.cellsPerTile);
    this.height = Math.ceil(fine.height / fine.cellsPerTile);
  }

  /** State of tile (x, y); Unknown outside. */
  cellAt(x: number, y: number): SlamCellValue {
    if (!(x >= 0 && y >= 0 && x < this.width && y < this.height)) return UNKNOWN;
    const { width, height, cellsPerTile, cells } = this.fine;
    const x0 = x * cellsPerTile;
    const y0 = y * cellsPerTile;
    const x1 = Math.min(width, x0 + cellsPerTile);
    const y1 = Math.min(height, y0 + cellsPerTile);
    let state: SlamCellValue = UNKNOWN;
    for (let fy = y0; fy < y1; fy++) {
      for (let fx = x0; fx < x1; fx++) {
        const v = cells[fy * width + fx];
        if (v === SOLID) return SOLID;
        if (v === OPEN) state = OPEN;
      }
    }
    return state;
  }
}
