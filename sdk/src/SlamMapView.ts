/**
 * What a controller may ask of its robot's SLAM map. Implemented by SlamMap (this package);
 * the engine hands controllers a SlamMap it updates, a remote link builds its own from State scans.
 */
export const SlamCell = { Unknown: 0, Open: 1, Solid: 2 } as const;
export type SlamCellValue = (typeof SlamCell)[keyof typeof SlamCell];

/** A shared SlamMap's memory (SlamMap.sharedBuffers): its cells, and its counters (revision, known cells). */
export interface SlamMapBuffers {
  readonly cells: Uint8Array;
  readonly counters: Float64Array;
}

export interface CellXY {
  readonly x: number;
  readonly y: number;
}

export interface PathOptions {
  /**
   * Extra cost (in cells) for stepping into an open cell that touches a solid cell (8-neighbourhood).
   * 0 gives true shortest paths; a robot wider than a cell wants > 0 so paths keep off walls.
   */
  readonly wallPenaltyCells?: number;
  /**
   * How near a solid cell makes an open cell pay the wall penalty, in cells (Chebyshev distance;
   * default 1, the 8-neighbourhood). Controllers derive it from a clearance in metres.
   */
  readonly wallClearanceCells?: number;
  /**
   * Open cells with a solid cell within this many cells (Chebyshev) are not entered at all, except
   * the goal: a gap narrower than the robot's body is no path. Default 0 (none).
   */
  readonly blockedNearWallCells?: number;
  /** Give up (return null) after expanding this many cells; bounds the cost of hopeless searches. */
  readonly maxExpansions?: number;
  /**
   * Cells (by index) whose entry is not 0 are not entered, except the goal: a boundary the path
   * may not cross, such as the doorways that close a room (Minotaur). Must cover the map's cells.
   */
  readonly blocked?: Uint8Array;
}

export interface FrontierSearchOptions {
  /**
   * Cells (by index y * width + x) for which this returns true never count as a goal: a
   * controller's blacklist, or frontiers another robot is nearer to. Called only for cells that
   * would otherwise be the goal, so it may cost a little. `steps` is the cell's BFS distance
   * from the start in moves (8-connected, a diagonal move counts one).
   */
  readonly skip?: (index: number, steps: number) => boolean;
  /** Stop after visiting this many cells; bounds the cost on huge maps. */
  readonly maxVisits?: number;
  /**
   * No goal more than this many steps from the start: the search ends (none found) before the
   * first BFS level beyond it. Called before each level, so a skip that learns a bound (the
   * nearest frontier it rejected plus a margin) can end the search there instead of flooding on.
   */
  readonly maxSteps?: () => number;
  /**
   * Cells (by index) whose entry is not 0 are never entered nor goals: a boundary the search may
   * not cross, such as the doorways that close a room (Minotaur). Must cover the map's cells.
   */
  readonly blocked?: Uint8Array;
}

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
  path(from: CellXY, to: CellXY, options?: PathOptions): CellXY[] | null;
  /** Fraction of cells known (open or solid). */
  knownFraction(): number;

  // Added for controllers that plan incrementally and share maps (sdk helper, additive):
  /** Bumped whenever any cell changes: skip replanning while it is unchanged. */
  readonly revision: number;
  /** Open cell with at least one unknown 4-neighbour. */
  isFrontier(x: number, y: number): boolean;
  /** Nearest open frontier cell reachable through open cells (BFS), or null. */
  nearestFrontier(from: CellXY, options?: FrontierSearchOptions): CellXY | null;
  /**
   * True when some frontier cell in the box x0..x1, y0..y1 (inclusive, clipped to the map) passes
   * `test` (given its index y * width + x), reachable or not: a scan, cheaper than a flood fill
   * where it can rule out every candidate a bounded search could offer.
   */
  someFrontierIn(x0: number, y0: number, x1: number, y1: number, test: (index: number) => boolean): boolean;
  /** The map as bytes (a radio message), for another robot's mergeFromBytes. */
  toBytes(): Uint8Array;
  /**
   * Merge a map received as bytes into this one (solid dominates, open over unknown): the explicit
   * map sharing of MAES's Greed / Minotaur. Returns cells changed; throws SG_MAP_DECODE on bytes
   * that are not a map and SG_MAP_MISMATCH on a map of another geometry.
   */
  mergeFromBytes(bytes: Uint8Array): number;
}
