import fc from 'fast-check';
import { Cell, createGrid, type Grid } from '@swarmgate/maps';
import { describe, expect, it } from 'vitest';
import { traceWalls, traceWallsBetween, WALL_CELL_SLOTS, WallCrossing } from './traceWalls.js';
import { wallClearance } from './wallClearance.js';

/** MAES maps are centred on the origin: a 50 x 50 map spans -25 .. 25 m. */
function centredGrid(size = 50): Grid {
  return createGrid(size, size, { originM: { x: -size / 2, y: -size / 2 } });
}

function fillRows(grid: Grid, fromRow: number, rows: number, value: number): void {
  for (let y = fromRow; y < fromRow + rows; y++) grid.cells.fill(value, y * grid.width, (y + 1) * grid.width);
}

describe('traceWalls: MAES CommunicationTest cases', () => {
  it('crosses no wall from (-10,-10) to (10,10) on an empty map', () => {
    const out = traceWalls(centredGrid(), -10, -10, 10, 10, new WallCrossing());
    expect(out.wallM).toBeCloseTo(0, 3);
    expect(Math.abs(out.wallM)).toBeLessThanOrEqual(0.001);
    expect(out.wallRuns).toBe(0);
  });

  it.each([
    [20, 20],
    [5, 5],
    [5, -5],
    [-5, 5],
    [-5, -5],
  ])('measures the Euclidean distance to (%d, %d)', (x, y) => {
    const out = traceWalls(centredGrid(), 0, 0, x, y, new WallCrossing());
    expect(Math.abs(out.segmentM - Math.hypot(x, y))).toBeLessThanOrEqual(0.001);
  });

  it.each([1, 2, 5, 10])('measures a horizontal wall of thickness %d as t +- 0.1t', (t) => {
    // MAES: wall rows from bitmap row 25 (world y = 0) up, robots at (0,-2) and (0, 3 + t).
    const grid = centredGrid();
    fillRows(grid, 25, t, Cell.Concrete);
    const out = traceWalls(grid, 0, -2, 0, 3 + t, new WallCrossing());
    expect(Math.abs(out.wallM - t)).toBeLessThanOrEqual(0.1 * t);
    expect(out.wallM).toBeCloseTo(t, 9);
    expect(out.wallRuns).toBe(1);
    expect(out.wallMByCell[Cell.Concrete]).toBeCloseTo(t, 9);
  });
});

describe('traceWalls: geometry', () => {
  it('splits a diagonal crossing by material and counts separate walls', () => {
    const grid = createGrid(10, 10);
    fillRows(grid, 2, 1, Cell.Wood);
    fillRows(grid, 3, 1, Cell.Brick); // touching the wood row: one wall run of two materials
    fillRows(grid, 6, 1, Cell.Concrete);
    const out = traceWalls(grid, 0.5, 0.5, 8.5, 8.5, new WallCrossing());
    const diagonalRowM = Math.SQRT2; // a 45-degree segment crosses a 1 m row over sqrt(2) m
    expect(out.wallMByCell[Cell.Wood]).toBeCloseTo(diagonalRowM, 9);
    expect(out.wallMByCell[Cell.Brick]).toBeCloseTo(diagonalRowM, 9);
    expect(out.wallMByCell[Cell.Concrete]).toBeCloseTo(diagonalRowM, 9);
    expect(out.wallM).toBeCloseTo(3 * diagonalRowM, 9);
    expect(out.wallRuns).toBe(2);
  });

  it('counts exact crossing lengths at a shallow angle', () => {
    const grid = createGrid(20, 5);
    grid.cells[2 * 20 + 7] = Cell.Generic; // one wall cell at x 7..8, y 2..3
    // From (0, 2.2) to (20, 2.7): y stays inside row 2; the cell is crossed for dx = 1.
    const out = traceWalls(grid, 0, 2.2, 20, 2.7, new WallCrossing());
    expect(out.wallM).toBeCloseTo(Math.hypot(1, 0.5 / 20), 12);
  });

  it('treats outside the grid as open and Unknown cells as not walls', () => {
    const grid = createGrid(4, 4, { fill: Cell.Unknown });
    grid.cells[0] = Cell.Brick;
    const out = traceWalls(grid, -10, 0.5, 20, 0.5, new WallCrossing());
    expect(out.segmentM).toBeCloseTo(30, 12);
    expect(out.wallM).toBeCloseTo(1, 12);
    expect(out.wallRuns).toBe(1);
  });

  it('scales by cellSizeM and respects the origin', () => {
    const grid = createGrid(10, 10, { cellSizeM: 0.5, originM: { x: 1, y: 1 } });
    fillRows(grid, 4, 2, Cell.Concrete); // world y 3.0 .. 4.0
    const out = traceWalls(grid, 2, 1.5, 2, 5.5, new WallCrossing());
    expect(out.wallM).toBeCloseTo(1, 12);
  });

  it('stops at a limit and says so', () => {
    const grid = createGrid(10, 1);
    grid.cells.fill(Cell.Concrete, 2, 4);
    grid.cells.fill(Cell.Concrete, 6, 8);
    const limits = { weightPerM: new Float64Array(WALL_CELL_SLOTS).fill(1), maxWeighted: Infinity, maxRuns: 1 };
    const out = traceWalls(grid, 0, 0.5, 10, 0.5, new WallCrossing(), limits);
    expect(out.truncated).toBe(true);
    expect(out.wallRuns).toBe(2);
    limits.maxRuns = 2;
    expect(traceWalls(grid, 0, 0.5, 10, 0.5, out, limits).truncated).toBe(false);
    expect(out.weighted).toBeCloseTo(4, 12);
    limits.maxWeighted = 1.5;
    expect(traceWalls(grid, 0, 0.5, 10, 0.5, out, limits).truncated).toBe(true);
  });

  it('returns an empty crossing for non-finite or zero-length segments', () => {
    const grid = createGrid(5, 5, { fill: Cell.Concrete });
    const out = new WallCrossing();
    expect(traceWalls(grid, NaN, 1, 2, 2, out).wallM).toBe(0);
    expect(traceWalls(grid, 1, 1, Infinity, 2, out).wallM).toBe(0);
    expect(traceWalls(grid, 1, 1, 1, 1, out).wallM).toBe(0);
  });
});

describe('traceWalls: properties', () => {
  // No limit, but count the MAES mesh triangles as well.
  const MESH = { weightPerM: new Float64Array(WALL_CELL_SLOTS), maxWeighted: Infinity, maxRuns: Infinity, triangles: true };
  const gridArb = fc.record({ width: fc.integer({ min: 1, max: 12 }), height: fc.integer({ min: 1, max: 12 }) }).chain(({ width, height }) =>
    fc.uint8Array({ minLength: width * height, maxLength: width * height }).map((raw) => {
      const grid = createGrid(width, height, { originM: { x: -1, y: -2 } });
      for (let i = 0; i < raw.length; i++) grid.cells[i] = [Cell.Free, Cell.Free, Cell.Concrete, Cell.Wood, Cell.Brick, Cell.Generic, Cell.Unknown][raw[i] % 7];
      return grid;
    }),
  );
  // Integers hit cell corners and boundaries exactly: the hard cases for a DDA.
  const coord = fc.oneof(fc.double({ min: -5, max: 15, noNaN: true }), fc.integer({ min: -5, max: 15 }));

  it('is symmetric (A->B equals B->A) and bounded by the segment length', () => {
    fc.assert(
      fc.property(gridArb, coord, coord, coord, coord, (grid, ax, ay, bx, by) => {
        const ab = traceWalls(grid, ax, ay, bx, by, new WallCrossing(), MESH);
        const ba = traceWalls(grid, bx, by, ax, ay, new WallCrossing(), MESH);
        expect(ba.wallM).toBeCloseTo(ab.wallM, 9);
        expect(ba.wallRuns).toBe(ab.wallRuns);
        for (let c = 0; c < WALL_CELL_SLOTS; c++) expect(ba.wallMByCell[c]).toBeCloseTo(ab.wallMByCell[c], 9);
        // Per-material walls and MAES mesh triangles are symmetric too (multiwall, maes).
        expect(Array.from(ba.runsByCell)).toEqual(Array.from(ab.runsByCell));
        expect(Array.from(ba.trianglesByCell)).toEqual(Array.from(ab.trianglesByCell));
        // A run of walls holds at least one wall of some material.
        expect(ab.runsByCell.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(ab.wallRuns);
        // MAES's walk (its mesh is offset half a cell, so it can graze a wall cell without entering
        // a wall triangle; maes.test.ts checks it against an independent enumeration): its wall
        // triangles are among the triangles it enters, the same both ways.
        expect(ba.trianglesTotal).toBe(ab.trianglesTotal);
        expect(ab.trianglesByCell.reduce((sum, n) => sum + n, 0)).toBeLessThanOrEqual(ab.trianglesTotal);
        expect(ab.wallM).toBeGreaterThanOrEqual(0);
        expect(ab.wallM).toBeLessThanOrEqual(ab.segmentM + 1e-9);
        // Runs cannot outnumber the cells a segment can cross.
        expect(ab.wallRuns).toBeLessThanOrEqual(grid.width + grid.height);
      }),
      { numRuns: 2000 },
    );
  });

  // Sparse walls on bigger grids, where the clearance jumps actually happen.
  const sparseGridArb = fc
    .record({ width: fc.integer({ min: 1, max: 40 }), height: fc.integer({ min: 1, max: 40 }), walls: fc.array(fc.nat(), { maxLength: 30 }) })
    .map(({ width, height, walls }) => {
      const grid = createGrid(width, height, { originM: { x: -1, y: -2 } });
      for (const w of walls) grid.cells[w % (width * height)] = [Cell.Concrete, Cell.Wood, Cell.Brick, Cell.Generic][w % 4];
      return grid;
    });
  const far = fc.oneof(fc.double({ min: -5, max: 45, noNaN: true }), fc.integer({ min: -5, max: 45 }));

  it('jumping across open space with the clearance map changes nothing', () => {
    fc.assert(
      fc.property(fc.oneof(gridArb, sparseGridArb), far, far, far, far, (grid, ax, ay, bx, by) => {
        const plain = traceWalls(grid, ax, ay, bx, by, new WallCrossing(), MESH);
        const fast = traceWalls(grid, ax, ay, bx, by, new WallCrossing(), MESH, wallClearance(grid));
        expect(fast.wallM).toBeCloseTo(plain.wallM, 9);
        expect(fast.wallRuns).toBe(plain.wallRuns);
        expect(Array.from(fast.runsByCell)).toEqual(Array.from(plain.runsByCell));
        expect(Array.from(fast.trianglesByCell)).toEqual(Array.from(plain.trianglesByCell));
        for (let c = 0; c < WALL_CELL_SLOTS; c++) expect(fast.wallMByCell[c]).toBeCloseTo(plain.wallMByCell[c], 9);
      }),
      { numRuns: 2000 },
    );
  });

  /** Every field of a crossing, arrays as plain arrays: toEqual then compares them bit for bit. */
  const fields = (c: WallCrossing) => ({
    ...c,
    wallMByCell: Array.from(c.wallMByCell),
    runsByCell: Array.from(c.runsByCell),
    trianglesByCell: Array.from(c.trianglesByCell),
  });

  it('traceWallsBetween on a pose buffer equals traceWalls, and a reused crossing keeps nothing of the last trace', () => {
    fc.assert(
      fc.property(fc.oneof(gridArb, sparseGridArb), far, far, far, far, far, far, (grid, ax, ay, bx, by, cx, cy) => {
        // Three robots, stride 3 (x, y, heading) as the pair scans pass them.
        const poses = new Float64Array([ax, ay, 0.5, bx, by, -1, cx, cy, 2]);
        const clearance = wallClearance(grid);
        const reused = new WallCrossing();
        const ab = fields(traceWallsBetween(grid, poses, 0, 3, reused, MESH, clearance));
        const bc = fields(traceWallsBetween(grid, poses, 3, 6, reused, MESH, clearance));
        expect(ab).toEqual(fields(traceWalls(grid, ax, ay, bx, by, new WallCrossing(), MESH, clearance)));
        expect(bc).toEqual(fields(traceWalls(grid, bx, by, cx, cy, new WallCrossing(), MESH, clearance)));
      }),
      { numRuns: 1000 },
    );
  });

  it('clearance k means every cell within k rings is open', () => {
    fc.assert(
      fc.property(fc.oneof(gridArb, sparseGridArb), (grid) => {
        const clearance = wallClearance(grid);
        const walls: Array<[number, number]> = [];
        for (let i = 0; i < grid.cells.length; i++) {
          if (grid.cells[i] !== Cell.Free && grid.cells[i] !== Cell.Unknown) walls.push([i % grid.width, Math.floor(i / grid.width)]);
        }
        for (let y = 0; y < grid.height; y++) {
          for (let x = 0; x < grid.width; x++) {
            // Brute force: the nearest wall in Chebyshev distance.
            let nearest = Infinity;
            for (const [u, v] of walls) nearest = Math.min(nearest, Math.max(Math.abs(u - x), Math.abs(v - y)));
            expect(clearance[y * grid.width + x]).toBe(nearest === 0 ? 0 : Math.min(nearest - 1, 255));
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  // Dyadic coordinates: a sample's cell is then computed exactly, while boundaries and
  // corners are still hit (doubles within an ulp of a boundary fool the sampler, not the trace).
  const lattice = fc.integer({ min: -5 * 64, max: 15 * 64 }).map((v) => v / 64);

  it('matches a fine sampling of the segment', () => {
    fc.assert(
      fc.property(gridArb, lattice, lattice, lattice, lattice, (grid, ax, ay, bx, by) => {
        const out = traceWalls(grid, ax, ay, bx, by, new WallCrossing());
        const samples = 4000;
        let inside = 0;
        for (let k = 0; k < samples; k++) {
          const t = (k + 0.5) / samples;
          const gx = Math.floor(ax + (bx - ax) * t + 1);
          const gy = Math.floor(ay + (by - ay) * t + 2);
          if (gx < 0 || gy < 0 || gx >= grid.width || gy >= grid.height) continue;
          const v = grid.cells[gy * grid.width + gx];
          if (v !== Cell.Free && v !== Cell.Unknown) inside++;
        }
        // Sampling error: each boundary crossing can misplace at most one sample.
        const tolerance = ((grid.width + grid.height + 2) * 2 * out.segmentM) / samples + 1e-9;
        expect(Math.abs(out.wallM - (inside / samples) * out.segmentM)).toBeLessThanOrEqual(tolerance);
      }),
      { numRuns: 300 },
    );
  });
});
