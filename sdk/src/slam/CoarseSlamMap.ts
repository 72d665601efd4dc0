import { SlamCell, type SlamCellValue } from '../SlamMapView.js';

// Local copies: imported bindings may be getters under the dev loaders (tsx, vitest), which
// costs a call per access in the loops below.
const { Unknown: UNKNOWN, Open: OPEN, Solid: SOLID } = SlamCell;

/** The fine cells a tile view reads: a SlamMap, or any SlamMapView. */
export interface FineCells {
  readonly width: number;
  readonly height: number;
  cellAt(x: number, y: number): SlamCellValue;
}

/**
 * State of the tile (x, y) of `cellsPerTile` fine cells a side: solid when any of its cells is
 * solid, open when any is known, unknown otherwise (and outside the map). The one rule of every
 * tile-level view (MAES's coarse map, the coverage tiles of ssb and lvd).
 */
export function coarseTileState(fine: FineCells, cellsPerTile: number, x: number, y: number): SlamCellValue {
  const x0 = x * cellsPerTile;
  const y0 = y * cellsPerTile;
  if (!(x0 >= 0 && y0 >= 0 && x0 < fine.width && y0 < fine.height)) return UNKNOWN;
  const x1 = Math.min(fine.width, x0 + cellsPerTile);
  const y1 = Math.min(fine.height, y0 + cellsPerTile);
  let state: SlamCellValue = UNKNOWN;
  for (let fy = y0; fy < y1; fy++) {
    for (let fx = x0; fx < x1; fx++) {
      const v = fine.cellAt(fx, fy);
      if (v === SOLID) return SOLID;
      if (v === OPEN) state = OPEN;
    }
  }
  return state;
}

/**
 * Tile-resolution view of a SLAM map (MAES's coarse map), computed on read from the fine cells
 * so it can never drift out of sync (coarseTileState).
 */
export class CoarseSlamMap {
  readonly width: number;
  readonly height: number;

  constructor(private readonly fine: FineCells & { readonly cellsPerTile: number }) {
    this.width = Math.ceil(fine.width / fine.cellsPerTile);
    this.height = Math.ceil(fine.height / fine.cellsPerTile);
  }

  /** State of tile (x, y); Unknown outside. */
  cellAt(x: number, y: number): SlamCellValue {
    return coarseTileState(this.fine, this.fine.cellsPerTile, x, y);
  }
}
