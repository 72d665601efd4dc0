/**
 * Where a robot of a given size can stand and go, in metres rather than cells, so that the same
 * robot on a 1 m map and on a 0.2 m ROS map gets the same clearances.
 */
import { Cell, isWall, type Grid } from './Grid.js';
import { finishNow, type BuildSteps } from './buildSteps.js';
import { RegionLabeller, type Regions } from './connectedComponents.js';

/**
 * Free cells whose centre is at least `clearanceM` from every wall cell and from the map's edge
 * (distance to the nearest point of the wall cell's square). On a 1 m map a clearance in
 * (0.71, 1.5] m is exactly "no wall among the 8 neighbours, not on the border".
 */
export function clearanceMask(grid: Grid, clearanceM: number): Uint8Array {
  const { width, height, cells, cellSizeM } = grid;
  const reach = Math.max(0, Math.ceil(clearanceM / cellSizeM - 0.5));
  // Offsets (dx, dy) of cells whose square comes nearer than clearanceM to a cell centre.
  const offsets: number[] = [];
  for (let dy = -reach; dy <= reach; dy++) {
    for (let dx = -reach; dx <= reach; dx++) {
      const ex = Math.max(0, Math.abs(dx) - 0.5) * cellSizeM;
      const ey = Math.max(0, Math.abs(dy) - 0.5) * cellSizeM;
      if (Math.hypot(ex, ey) < clearanceM) offsets.push(dx, dy);
    }
  }
  const mask = new Uint8Array(cells.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (cells[y * width + x] !== Cell.Free) continue;
      let ok = true;
      for (let k = 0; k < offsets.length && ok; k += 2) {
        const nx = x + offsets[k];
        const ny = y + offsets[k + 1];
        ok = nx >= 0 && ny >= 0 && nx < width && ny < height && !isWall(cells[ny * width + nx]);
      }
      mask[y * width + x] = ok ? 1 : 0;
    }
  }
  return mask;
}

/**
 * Side, in cells, of the square of free cells a robot of radius `radiusM` needs: its diameter less
 * one cell (a wall drawn on the grid may stand up to a cell nearer than the real one, see
 * resampleGrid), at least 1. On a 1 m map, or at the default simulation cell, it is 1.
 */
export function robotFootprintCells(radiusM: number, cellSizeM: number): number {
  return Math.max(1, Math.ceil((2 * radiusM) / cellSizeM - 1 - 1e-9));
}

/**
 * The regions a robot of radius `radiusM` can move within: it fits where a square of
 * robotFootprintCells free cells does, and slides between squares one cell apart. Each cell gets
 * the region of a square covering it (-1: no square fits over it); with a footprint of 1 these are
 * the 4-connected regions of free cells.
 */
export function robotRegions(grid: Grid, radiusM: number): Regions {
  return finishNow(robotRegionsSteps(grid, radiusM, Infinity));
}

/**
 * robotRegions in steps, yielding between pieces of about `cellsPerStep` cells of labelling (and
 * between the passes of a footprint above 1), for a caller that must stay responsive: the same
 * regions whatever the steps.
 */
export function* robotRegionsSteps(grid: Grid, radiusM: number, cellsPerStep: number): BuildSteps<Regions> {
  const { width, height, cells } = grid;
  const k = robotFootprintCells(radiusM, grid.cellSizeM);
  const free = new Uint8Array(cells.length);
  for (let c = 0; c < cells.length; c++) free[c] = cells[c] === Cell.Free ? 1 : 0;
  if (k === 1) return yield* labelInSteps(width, height, free, cellsPerStep);
  // Prefix sums of free cells: a k x k square at (x, y) (bottom-left) fits when all k^2 are free.
  const w1 = width + 1;
  const sum = new Int32Array(w1 * (height + 1));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      sum[(y + 1) * w1 + x + 1] = free[y * width + x] + sum[y * w1 + x + 1] + sum[(y + 1) * w1 + x] - sum[y * w1 + x];
    }
  }
  yield;
  const fits = new Uint8Array(cells.length);
  for (let y = 0; y + k <= height; y++) {
    for (let x = 0; x + k <= width; x++) {
      const inside = sum[(y + k) * w1 + x + k] - sum[y * w1 + x + k] - sum[(y + k) * w1 + x] + sum[y * w1 + x];
      fits[y * width + x] = inside === k * k ? 1 : 0;
    }
  }
  yield;
  const squares = yield* labelInSteps(width, height, fits, cellsPerStep);
  yield;
  const labels = new Int32Array(cells.length).fill(-1);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const label = squares.labels[y * width + x];
      if (label < 0) continue;
      for (let dy = 0; dy < k; dy++) labels.fill(label, (y + dy) * width + x, (y + dy) * width + x + k);
    }
  }
  const sizes = new Array<number>(squares.sizes.length).fill(0);
  for (let c = 0; c < labels.length; c++) if (labels[c] >= 0) sizes[labels[c]]++;
  return { labels, sizes };
}

/** The 4-connected regions of `mask`, labelled about `cellsPerStep` cells a step. */
function* labelInSteps(width: number, height: number, mask: Uint8Array, cellsPerStep: number): BuildSteps<Regions> {
  const labeller = new RegionLabeller(width, height, mask, 4);
  while (!labeller.advance(cellsPerStep)) yield;
  return labeller.regions();
}
