import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Cell, createGrid, isWall, type Grid } from './Grid.js';
import { connectedComponents } from './connectedComponents.js';
import { defaultSimCellM, resampleGrid } from './resample.js';

const PIXEL_M = 0.05;
const ROBOT_RADIUS_M = 0.3;

/** A wall-filled map at 0.05 m/px with a horizontal corridor `rows` pixels wide starting at row `offset`. */
function corridorMap(widthPx: number, heightPx: number, offset: number, rows: number): Grid {
  const grid = createGrid(widthPx, heightPx, { cellSizeM: PIXEL_M, fill: Cell.Concrete });
  for (let y = offset; y < offset + rows; y++) grid.cells.fill(Cell.Free, y * widthPx, (y + 1) * widthPx);
  return grid;
}

/** A free cell in the first column and one in the last lie in one 4-connected free region. */
function crossesFromLeftToRight(grid: Grid): boolean {
  const { labels } = connectedComponents(grid);
  const left = new Set<number>();
  for (let y = 0; y < grid.height; y++) if (labels[y * grid.width] >= 0) left.add(labels[y * grid.width]);
  for (let y = 0; y < grid.height; y++) if (left.has(labels[y * grid.width + grid.width - 1])) return true;
  return false;
}

/** Every wall pixel lies in a wall cell of `coarse`. */
function keepsEveryWall(fine: Grid, coarse: Grid): boolean {
  for (let y = 0; y < fine.height; y++) {
    for (let x = 0; x < fine.width; x++) {
      if (!isWall(fine.cells[y * fine.width + x])) continue;
      const cx = Math.floor(((x + 0.5) * fine.cellSizeM) / coarse.cellSizeM);
      const cy = Math.floor(((y + 0.5) * fine.cellSizeM) / coarse.cellSizeM);
      if (!isWall(coarse.cells[cy * coarse.width + cx])) return false;
    }
  }
  return true;
}

describe('resampleGrid', () => {
  it('defaults the simulation cell to half the robot diameter', () => {
    expect(defaultSimCellM(ROBOT_RADIUS_M)).toBe(0.3);
  });

  it('keeps the scale: same origin, cell of the requested size, covering the whole source', () => {
    const fine = createGrid(31, 10, { cellSizeM: PIXEL_M, originM: { x: -3, y: 2 } });
    const coarse = resampleGrid(fine, 0.3);
    expect(coarse).toMatchObject({ width: 6, height: 2, cellSizeM: 0.3, originM: { x: -3, y: 2 } });
    expect(coarse.width * coarse.cellSizeM).toBeGreaterThanOrEqual(fine.width * fine.cellSizeM);
  });

  it('returns a map already as coarse as asked unchanged (never upsamples)', () => {
    const grid = createGrid(5, 5, { cellSizeM: 1 });
    expect(resampleGrid(grid, 0.3)).toBe(grid);
    expect(resampleGrid(grid, 1)).toBe(grid);
  });

  it('keeps a one-pixel wall at every alignment, with its material', () => {
    for (let column = 0; column < 12; column++) {
      const fine = createGrid(24, 24, { cellSizeM: PIXEL_M });
      for (let y = 0; y < 24; y++) fine.cells[y * 24 + column] = Cell.Wood;
      const coarse = resampleGrid(fine, 0.3);
      expect(keepsEveryWall(fine, coarse)).toBe(true);
      expect(crossesFromLeftToRight(coarse)).toBe(false);
      expect(coarse.cells.filter((v) => v === Cell.Wood).length).toBe(coarse.height);
    }
  });

  it('keeps a passage just wider than the robot open at every alignment; unknown alone stays unknown', () => {
    // 13 px = 0.65 m > 0.6 m robot diameter.
    for (let offset = 1; offset <= 8; offset++) {
      const coarse = resampleGrid(corridorMap(60, 30, offset, 13), defaultSimCellM(ROBOT_RADIUS_M));
      expect(crossesFromLeftToRight(coarse)).toBe(true);
    }
    const unknown = createGrid(12, 12, { cellSizeM: PIXEL_M, fill: Cell.Unknown });
    expect(resampleGrid(unknown, 0.3).cells.every((v) => v === Cell.Unknown)).toBe(true);
  });

  it('grows walls by up to a cell: a passage narrower than the robot closes where it straddles cell edges', () => {
    // 9 px = 0.45 m from 0.35 m to 0.80 m holds no whole 0.3 m cell ([0.3, 0.6) and [0.6, 0.9) both overlap walls).
    expect(crossesFromLeftToRight(resampleGrid(corridorMap(60, 30, 7, 9), 0.3))).toBe(false);
    // The same passage where it holds one whole cell stays open.
    expect(crossesFromLeftToRight(resampleGrid(corridorMap(60, 30, 6, 9), 0.3))).toBe(true);
  });

  it('makes a map smaller than one cell that one cell, not a grid of 0 x 0 (a resolution typed as 1e-300)', () => {
    const tiny = createGrid(608, 400, { cellSizeM: 1e-300, fill: Cell.Free });
    tiny.cells[5] = Cell.Brick;
    const out = resampleGrid(tiny, 0.3);
    expect([out.width, out.height, out.cellSizeM]).toEqual([1, 1, 0.3]);
    expect(out.cells[0]).toBe(Cell.Brick);
  });

  it('rejects a cell that is not a positive number', () => {
    const grid = createGrid(4, 4, { cellSizeM: PIXEL_M });
    for (const bad of [0, -1, Number.NaN, Infinity]) expect(() => resampleGrid(grid, bad)).toThrow(/SG_MAP_SPEC|simulation cell/);
  });

  it('property: never removes a wall pixel, never disconnects a passage wider than the robot', () => {
    fc.assert(
      fc.property(
        fc.record({
          width: fc.integer({ min: 20, max: 80 }),
          offset: fc.integer({ min: 0, max: 20 }),
          extraRows: fc.integer({ min: 1, max: 10 }),
          radiusM: fc.double({ min: 0.08, max: 0.5, noNaN: true }),
          specks: fc.array(fc.nat(), { maxLength: 40 }),
        }),
        ({ width, offset, extraRows, radiusM, specks }) => {
          const cellM = defaultSimCellM(radiusM);
          // Narrowest whole number of pixels wider than the robot, plus a few.
          const rows = Math.floor((2 * radiusM) / PIXEL_M) + extraRows;
          const height = offset + rows + 5;
          const fine = corridorMap(width, height, offset, rows);
          // Wall specks anywhere but in the corridor: thin walls to keep.
          for (const s of specks) {
            const index = s % fine.cells.length;
            const y = Math.floor(index / width);
            if (y < offset || y >= offset + rows) fine.cells[index] = Cell.Brick;
            else if (y === offset) fine.cells[index - width >= 0 ? index - width : index + rows * width] = Cell.Brick;
          }
          const coarse = resampleGrid(fine, cellM);
          return keepsEveryWall(fine, coarse) && (cellM <= PIXEL_M || crossesFromLeftToRight(coarse));
        },
      ),
      { numRuns: 300 },
    );
  });
});
