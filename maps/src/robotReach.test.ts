import { describe, expect, it } from 'vitest';
import { Cell, createGrid, type Grid } from './Grid.js';
import { clearanceMask, robotFootprintCells, robotRegions } from './robotReach.js';

/** Walled room `size` cells square at `cellM`, split by a vertical wall with a gap of `gap` cells at rows [from, from + gap). */
function splitRoom(size: number, cellM: number, gap: number, from: number): Grid {
  const grid = createGrid(size, size, { cellSizeM: cellM });
  const mid = Math.floor(size / 2);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const border = x === 0 || y === 0 || x === size - 1 || y === size - 1;
      const split = x === mid && !(y >= from && y < from + gap);
      if (border || split) grid.cells[y * size + x] = Cell.Brick;
    }
  }
  return grid;
}

describe('robot reach', () => {
  it('clearanceMask at 0.8 m on a 1 m map is "free, no wall among the 8 neighbours, not on the border"', () => {
    const grid = splitRoom(9, 1, 1, 4);
    const mask = clearanceMask(grid, 0.8);
    for (let y = 0; y < 9; y++) {
      for (let x = 0; x < 9; x++) {
        let expected = grid.cells[y * 9 + x] === Cell.Free && x > 0 && y > 0 && x < 8 && y < 8;
        for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) if (grid.cells[(y + dy) * 9 + x + dx] !== Cell.Free) expected = false;
        expect(mask[y * 9 + x], `(${x}, ${y})`).toBe(expected ? 1 : 0);
      }
    }
  });

  it('footprint: one cell at 1 m and at half the diameter; the diameter less a cell at fine cells', () => {
    expect(robotFootprintCells(0.3, 1)).toBe(1);
    expect(robotFootprintCells(0.3, 0.3)).toBe(1);
    expect(robotFootprintCells(0.3, 0.2)).toBe(2);
    expect(robotFootprintCells(0.3, 0.05)).toBe(11);
  });

  it('a gap narrower than the robot separates regions at a fine cell; one wider joins them', () => {
    // 0.1 m cells: a 0.4 m gap (4 cells) is narrower than the 0.6 m robot's 5-cell footprint.
    const narrow = robotRegions(splitRoom(60, 0.1, 4, 20), 0.3);
    expect(narrow.sizes.length).toBe(2);
    const wide = robotRegions(splitRoom(60, 0.1, 7, 20), 0.3);
    expect(wide.sizes.length).toBe(1);
    // Every free cell of the room is covered by some footprint (the region reaches the walls).
    expect(wide.sizes[0]).toBe(58 * 58 - 58 + 7);
  });
});
