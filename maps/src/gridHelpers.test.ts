import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Cell, createGrid, isWall, type Grid } from './Grid.js';
import { connectedComponents, floodFill } from './connectedComponents.js';
import { countCells } from './countCells.js';
import { gridHash } from './gridHash.js';
import { cellIndex, cellXY, inBounds, neighbours, worldBoundsM, worldToCellIndex } from './gridGeometry.js';
import { mergeWallRectangles } from './mergeWallRectangles.js';

/** Grid from rows drawn top row first: '#' wall, '.' free, '?' unknown. */
function draw(rows: string[]): Grid {
  const grid = createGrid(rows[0]!.length, rows.length);
  rows.forEach((row, r) => {
    const y = rows.length - 1 - r;
    [...row].forEach((ch, x) => {
      grid.cells[y * grid.width + x] = ch === '#' ? Cell.Concrete : ch === '?' ? Cell.Unknown : Cell.Free;
    });
  });
  return grid;
}

const randomGrid = fc.record({ w: fc.integer({ min: 1, max: 30 }), h: fc.integer({ min: 1, max: 30 }) }).chain(({ w, h }) =>
  fc.uint8Array({ minLength: w * h, maxLength: w * h, max: 5 }).map((bytes) => {
    const grid = createGrid(w, h);
    grid.cells.set(bytes.map((b) => (b === 5 ? Cell.Unknown : b)));
    return grid;
  }),
);

describe('grid geometry', () => {
  it('converts between index, cell and world coordinates', () => {
    const grid = createGrid(4, 3, { cellSizeM: 0.5, originM: { x: -1, y: 2 } });
    expect(cellIndex(grid, 3, 2)).toBe(11);
    expect(cellXY(grid, 11)).toEqual({ x: 3, y: 2 });
    expect([inBounds(grid, 3, 2), inBounds(grid, 4, 0), inBounds(grid, 0, -1)]).toEqual([true, false, false]);
    expect(worldToCellIndex(grid, -0.99, 2.01)).toBe(0);
    expect(worldToCellIndex(grid, 0.9, 3.4)).toBe(11);
    expect(worldToCellIndex(grid, 1.01, 2.5)).toBe(-1);
    expect(worldBoundsM(grid)).toEqual({ minX: -1, minY: 2, maxX: 1, maxY: 3.5 });
  });

  it('lists in-bounds neighbours without allocating', () => {
    const grid = createGrid(3, 3);
    const out = new Int32Array(8);
    expect(neighbours(grid, 0, 4, out)).toBe(2);
    expect([...out.subarray(0, 2)].sort()).toEqual([1, 3]);
    expect(neighbours(grid, 4, 8, out)).toBe(8);
    expect(neighbours(grid, 8, 8, out)).toBe(3);
  });
});

describe('components, flood fill, counts', () => {
  const grid = draw(['..#..', '..#..', '###.?', '.#...']);

  it('labels 4-connected free components; 8-connectivity joins diagonals', () => {
    expect(connectedComponents(grid).sizes.sort()).toEqual([1, 4, 8]);
    expect(connectedComponents(grid, { connectivity: 8 }).sizes.sort()).toEqual([1, 4, 8]);
    const diagonal = draw(['.#', '#.']);
    expect(connectedComponents(diagonal).sizes.length).toBe(2);
    expect(connectedComponents(diagonal, { connectivity: 8 }).sizes.length).toBe(1);
    expect(connectedComponents(grid, { passable: isWall }).sizes).toEqual([6]);
  });

  it('flood fills from a cell, and not from a wall', () => {
    const topRight = cellIndex(grid, 4, 3);
    expect(floodFill(grid, topRight).length).toBe(8);
    expect(floodFill(grid, cellIndex(grid, 2, 3)).length).toBe(0);
    expect(() => floodFill(grid, 99)).toThrow(RangeError);
  });

  it('counts free, wall and unknown cells', () => {
    expect(countCells(grid)).toEqual({ free: 13, wall: 6, unknown: 1 });
  });

  it('hashes content, size and placement', () => {
    const a = gridHash(grid);
    expect(a).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(gridHash(draw(['..#..', '..#..', '###.?', '.#...']))).toBe(a);
    const changed = draw(['..#..', '..#..', '###.?', '.#...']);
    changed.cells[1] = Cell.Free;
    expect(gridHash(changed)).not.toBe(a);
    expect(gridHash({ ...grid, cellSizeM: 2 })).not.toBe(a);
  });
});

describe('mergeWallRectangles', () => {
  it('covers exactly the wall cells with disjoint rectangles', () => {
    fc.assert(
      fc.property(randomGrid, (grid) => {
        const covered = new Uint8Array(grid.cells.length);
        for (const r of mergeWallRectangles(grid)) {
          for (let y = r.y; y < r.y + r.height; y++) {
            for (let x = r.x; x < r.x + r.width; x++) covered[y * grid.width + x]++;
          }
        }
        grid.cells.forEach((v, i) => expect(covered[i]).toBe(isWall(v) ? 1 : 0));
      }),
    );
  });

  it('merges a walled room into 4 rectangles', () => {
    const room = draw(['#####', '#...#', '#...#', '#####']);
    expect(mergeWallRectangles(room)).toEqual([
      { x: 0, y: 0, width: 5, height: 1 },
      { x: 0, y: 1, width: 1, height: 2 },
      { x: 4, y: 1, width: 1, height: 2 },
      { x: 0, y: 3, width: 5, height: 1 },
    ]);
  });
});
