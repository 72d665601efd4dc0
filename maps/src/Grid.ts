/**
 * The occupancy grid every package shares: the ground truth the simulator runs on,
 * and the shape imported and generated maps take.
 *
 * Coordinates: cell (x, y) has x to the right and y UP (ROS / world convention), so
 * row 0 is the bottom row. Image formats store the top row first; importers flip.
 * Index of cell (x, y) is `y * width + x`. The world position of the centre of cell
 * (x, y) is `origin + (x + 0.5, y + 0.5) * cellSizeM`.
 */

/** Cell values. Walls carry their material (the radio model attenuates by material). */
export const Cell = {
  Free: 0,
  Concrete: 1,
  Wood: 2,
  Brick: 3,
  Generic: 4,
  /** Unknown in an imported map (ROS grey): neither wall nor explorable. */
  Unknown: 255,
} as const;
export type CellValue = (typeof Cell)[keyof typeof Cell];
export type WallMaterial = 'concrete' | 'wood' | 'brick' | 'generic';

export interface Grid {
  readonly width: number;
  readonly height: number;
  /** Edge length of one square cell in metres (generated maps: 1 tile = 1 m). */
  readonly cellSizeM: number;
  /** World position (metres) of the bottom-left corner of cell (0, 0). */
  readonly originM: { readonly x: number; readonly y: number };
  /** width * height cell values, row-major from the bottom row. */
  readonly cells: Uint8Array;
}

export function createGrid(width: number, height: number, options: { cellSizeM?: number; originM?: { x: number; y: number }; fill?: CellValue } = {}): Grid {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) {
    throw new RangeError(`grid size must be positive integers, got ${width} x ${height}`);
  }
  const cellSizeM = options.cellSizeM ?? 1;
  if (!(cellSizeM > 0) || !Number.isFinite(cellSizeM)) {
    throw new RangeError(`cellSizeM must be a positive number, got ${cellSizeM}`);
  }
  const cells = new Uint8Array(width * height);
  if (options.fill !== undefined && options.fill !== Cell.Free) cells.fill(options.fill);
  return { width, height, cellSizeM, originM: options.originM ?? { x: 0, y: 0 }, cells };
}

export function isWall(value: number): boolean {
  return value !== Cell.Free && value !== Cell.Unknown;
}

export function materialOf(value: number): WallMaterial | null {
  switch (value) {
    case Cell.Concrete:
      return 'concrete';
    case Cell.Wood:
      return 'wood';
    case Cell.Brick:
      return 'brick';
    case Cell.Generic:
      return 'generic';
    default:
      return null;
  }
}
