/**
 * What a controller may ask of its robot's SLAM map. Implemented by SlamMap (this package);
 * the engine hands controllers a SlamMap it updates, a remote link builds its own from State scans.
 */
export const SlamCell = { Unknown: 0, Open: 1, Solid: 2 } as const;
export type SlamCellValue = (typeof SlamCell)[keyof typeof SlamCell];

export interface CellXY { readonly x: number; readonly y: number }

export interface SlamMapView {
  /** SLAM cells per metre side: 2 cells per tile by default (MAES). */
  readonly width: number;
  readonly height: number;
  readonly cellSizeM: number;
  readonly originM: { readonly x: number; readonly y: number };
  cellAt(x: number, y: number): SlamCellValue;
  /** SLAM cell containing world point (xM, yM), or null outside the map. */
  worldToCell(xM: number, yM: number): CellXY | null;
  /** World position of a SLAM cell's centre. */
  cellToWorld(x: number, y: number): { xM: number; yM: number };
  /** Open cells with at least one unknown 4-neighbour. */
  frontierCells(): CellXY[];
  /** Nearest unknown cell reachable through open cells (BFS flood fill), or null. */
  nearestUnknown(from: CellXY): CellXY | null;
  /** A* over open cells, 8-connected, no corner cutting; null when unreachable. */
  path(from: CellXY, to: CellXY): CellXY[] | null;
  /** Fraction of cells known (open or solid). */
  knownFraction(): number;
}
