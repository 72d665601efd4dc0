/**
 * The four benchmark terrains of Yan et al. 2017 (mrs_testbed: loop, cross, zigzag, maze),
 * 80 m x 80 m with 8 m roads between 1-cell walls, drawn at 1 m per cell by default. The real
 * ROS maps ship in maps/data/yan2017; these generators scale the same layouts to any size.
 * Everything that is not road is wall (the ROS maps leave it unknown), so robots cannot leave
 * the roads. Only the maze depends on the seed (besides wall materials).
 */
import { Cell, createGrid, type Grid } from '../Grid.js';
import { MapSpecError } from '../errors.js';
import type { Random } from '@swarmgate/protocols';
import type { RangedParamSpec } from '../ParamSpec.js';
import { type ParameterValues, param } from './params.js';
import { assignWallMaterials } from './wallMaterials.js';

export type YanTerrain = 'loop' | 'cross' | 'zigzag' | 'maze';

export const YAN_PARAMETERS: readonly RangedParamSpec[] = [
  { name: 'road', unit: 'cells', default: 8, min: 1, max: 1000, doc: 'road width (8 m in the paper)' },
];

class Canvas {
  readonly wall: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.wall = new Uint8Array(width * height).fill(1);
  }
  /** Opens road cells [x0, x1) x [y0, y1), clipped to the inside of the outer wall. */
  open(x0: number, y0: number, x1: number, y1: number): void {
    const cx0 = Math.max(1, x0);
    const cx1 = Math.min(this.width - 1, x1);
    for (let y = Math.max(1, y0); y < Math.min(this.height - 1, y1); y++) {
      if (cx1 > cx0) this.wall.fill(0, y * this.width + cx0, y * this.width + cx1);
    }
  }
}

/** n + 1 wall lines evenly spread over [0, size - 1], so n lanes fill the map exactly. */
function wallLines(size: number, lanes: number): number[] {
  return Array.from({ length: lanes + 1 }, (_, i) => Math.round((i * (size - 1)) / lanes));
}

export function generateYanTerrain(terrain: YanTerrain, width: number, height: number, rng: Random, values: ParameterValues): Grid {
  const road = param(values, 'road');
  const minSide = terrain === 'maze' || terrain === 'zigzag' ? 2 * road + 3 : 3 * road + 4;
  if (width < minSide || height < minSide) {
    throw new MapSpecError(`${terrain}: map must be at least ${minSide} x ${minSide} cells for road ${road}, got ${width} x ${height}`);
  }
  const canvas = new Canvas(width, height);
  const W = width;
  const H = height;
  if (terrain === 'loop' || terrain === 'cross') {
    canvas.open(1, 1, W - 1, 1 + road);
    canvas.open(1, H - 1 - road, W - 1, H - 1);
    canvas.open(1, 1, 1 + road, H - 1);
    canvas.open(W - 1 - road, 1, W - 1, H - 1);
    if (terrain === 'cross') {
      const cx = Math.floor((W - road) / 2);
      const cy = Math.floor((H - road) / 2);
      canvas.open(cx, 1, cx + road, H - 1);
      canvas.open(1, cy, W - 1, cy + road);
    }
  } else if (terrain === 'zigzag') {
    drawZigzag(canvas, road);
  } else {
    drawMaze(canvas, road, rng.fork('maze'));
  }
  const grid = createGrid(width, height);
  const generic = Cell.Generic;
  for (let i = 0; i < canvas.wall.length; i++) if (canvas.wall[i] === 1) grid.cells[i] = generic;
  assignWallMaterials(grid, 'rectangles', rng.fork('materials'));
  return grid;
}

/** Vertical lanes joined alternately at the top and the bottom: one long serpentine road. */
function drawZigzag(canvas: Canvas, road: number): void {
  const lanes = Math.max(2, Math.floor((canvas.width - 1) / (road + 1)));
  const xs = wallLines(canvas.width, lanes);
  for (let i = 0; i < lanes; i++) {
    const x0 = (xs[i] as number) + 1;
    const x1 = xs[i + 1] as number;
    canvas.open(x0, 1, x1, canvas.height - 1);
    if (i + 1 < lanes) {
      // The wall between lane i and i+1 leaves a road-wide gap at the top (even i) or bottom.
      const gapY0 = i % 2 === 0 ? canvas.height - 1 - road : 1;
      canvas.open(x1, gapY0, x1 + 1, gapY0 + road);
    }
  }
}

/** A perfect maze (recursive backtracker) over road-sized cells: exactly one route between two cells. */
function drawMaze(canvas: Canvas, road: number, rng: Random): void {
  const cols = Math.max(2, Math.floor((canvas.width - 1) / (road + 1)));
  const rows = Math.max(2, Math.floor((canvas.height - 1) / (road + 1)));
  const xs = wallLines(canvas.width, cols);
  const ys = wallLines(canvas.height, rows);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) canvas.open((xs[c] as number) + 1, (ys[r] as number) + 1, xs[c + 1] as number, ys[r + 1] as number);
  }
  const visited = new Uint8Array(cols * rows);
  const stack = [0];
  visited[0] = 1;
  const options: number[] = [];
  while (stack.length > 0) {
    const cell = stack[stack.length - 1] as number;
    const c = cell % cols;
    const r = (cell - c) / cols;
    options.length = 0;
    if (c + 1 < cols && !visited[cell + 1]) options.push(cell + 1);
    if (c > 0 && !visited[cell - 1]) options.push(cell - 1);
    if (r + 1 < rows && !visited[cell + cols]) options.push(cell + cols);
    if (r > 0 && !visited[cell - cols]) options.push(cell - cols);
    if (options.length === 0) {
      stack.pop();
      continue;
    }
    const next = rng.pick(options);
    visited[next] = 1;
    stack.push(next);
    const nc = next % cols;
    const nr = (next - nc) / cols;
    if (nr === r) {
      // Remove the vertical wall line between the two cells.
      const x = xs[Math.max(c, nc)] as number;
      canvas.open(x, (ys[r] as number) + 1, x + 1, ys[r + 1] as number);
    } else {
      const y = ys[Math.max(r, nr)] as number;
      canvas.open((xs[c] as number) + 1, y, xs[c + 1] as number, y + 1);
    }
  }
}
