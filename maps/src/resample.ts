/**
 * Resampling a map finer than the simulation needs to a coarser simulation cell, keeping walls:
 * a simulation cell is a wall when any source cell it overlaps is one (max-pooling), so a wall one
 * pixel thick never vanishes. The price is that walls grow by up to one simulation cell, so a
 * passage stays open only if it is at least two simulation cells wide: with the cell at half the
 * robot's diameter (`defaultSimCellM`), every passage the robot fits through keeps a free row of
 * cells along it. The cell may be any size (not only a multiple of the source cell); overlap is
 * computed in metres.
 */
import { Cell, createGrid, isWall, type Grid } from './Grid.js';
import { MapSpecError } from './errors.js';

/** Relative slack so a cell edge that falls on a source pixel edge does not overlap the next pixel. */
const EDGE_EPS = 1e-9;

/**
 * The simulation cell for a robot of radius `robotRadiusM`: half its diameter, the largest cell at
 * which max-pooling keeps every passage at least as wide as the robot open.
 */
export function defaultSimCellM(robotRadiusM: number): number {
  return robotRadiusM;
}

/**
 * `grid` resampled to cells of `cellSizeM` metres (same origin, covering at least the same area);
 * `grid` itself when it is already that coarse or coarser (a map is never upsampled).
 * A cell overlapping any wall takes the first wall material met (bottom row first); otherwise it
 * is free when it overlaps any free cell (what the mapper saw), else unknown.
 */
export function resampleGrid(grid: Grid, cellSizeM: number): Grid {
  if (!(cellSizeM > 0) || !Number.isFinite(cellSizeM)) {
    throw new MapSpecError(`simulation cell must be a positive number of metres, got ${cellSizeM}`);
  }
  const source = grid.cellSizeM;
  if (cellSizeM <= source * (1 + EDGE_EPS)) return grid;
  const ratio = cellSizeM / source;
  // At least one cell: a map smaller than one simulation cell (a ROS YAML's resolution a typo
  // of 1e-9 m) is that one cell, not a grid of 0 x 0.
  const width = Math.max(1, Math.ceil(grid.width / ratio - EDGE_EPS));
  const height = Math.max(1, Math.ceil(grid.height / ratio - EDGE_EPS));
  const out = createGrid(width, height, { cellSizeM, originM: { ...grid.originM } });
  const xSpan = spans(width, ratio, grid.width);
  const ySpan = spans(height, ratio, grid.height);
  for (let y = 0; y < height; y++) {
    const sy0 = ySpan[2 * y];
    const sy1 = ySpan[2 * y + 1];
    for (let x = 0; x < width; x++) {
      out.cells[y * width + x] = pool(grid, xSpan[2 * x], xSpan[2 * x + 1], sy0, sy1);
    }
  }
  return out;
}

/** For each of `count` target cells, the [first, last] source index it overlaps along one axis. */
function spans(count: number, ratio: number, sourceCount: number): Int32Array {
  const out = new Int32Array(2 * count);
  for (let i = 0; i < count; i++) {
    out[2 * i] = Math.floor(i * ratio * (1 + EDGE_EPS));
    out[2 * i + 1] = Math.min(sourceCount - 1, Math.ceil((i + 1) * ratio * (1 - EDGE_EPS)) - 1);
  }
  return out;
}

function pool(grid: Grid, x0: number, x1: number, y0: number, y1: number): number {
  let sawFree = false;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const value = grid.cells[y * grid.width + x];
      if (isWall(value)) return value;
      if (value === Cell.Free) sawFree = true;
    }
  }
  return sawFree ? Cell.Free : Cell.Unknown;
}
