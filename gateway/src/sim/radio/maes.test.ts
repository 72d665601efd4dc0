import { Cell, createGrid, type Grid } from '@swarmgate/maps';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maesModel } from './maes.js';
import { parseCommSpec } from './parseCommSpec.js';
import { RadioLinks } from './RadioLinks.js';
import type { RadioModel } from './RadioModel.js';
import { traceWalls, WallCrossing } from './traceWalls.js';

/** A 40 x 40 grid of 1 m cells with vertical walls: [x, thickness, material] each. */
function walls(list: readonly (readonly [number, number, number])[]): Grid {
  const grid = createGrid(40, 40);
  for (const [x, thickness, material] of list) {
    for (let y = 0; y < 40; y++) grid.cells.fill(material, y * 40 + x, y * 40 + x + thickness);
  }
  return grid;
}

const TRIANGLES = { weightPerM: new Float64Array(5), maxWeighted: Infinity, maxRuns: Infinity, triangles: true };

function triangles(grid: Grid, ax: number, ay: number, bx: number, by: number, cell: number): number {
  return traceWalls(grid, ax, ay, bx, by, new WallCrossing(), TRIANGLES).trianglesByCell[cell];
}

function hears(grid: Grid, model: RadioModel, ax: number, bx: number, y = 20.3): boolean {
  return new RadioLinks(grid, model, 2).canHear(new Float64Array([ax, y, bx, y]), 0, 1);
}

describe('maes (MAES material communication, per mesh triangle)', () => {
  it('counts 4 triangles per cell straight across, 5 along a 45-degree diagonal, 2 along a midline', () => {
    const one = walls([[10, 1, Cell.Concrete]]);
    expect(triangles(one, 2, 20.3, 30, 20.3, Cell.Concrete)).toBe(4);
    expect(triangles(one, 30, 20.3, 2, 20.3, Cell.Concrete)).toBe(4);
    // Through the cell (10, 10) corner to corner: x + y = 0.5, both midlines at the centre, x + y = 1.5.
    const block = createGrid(40, 40);
    block.cells[10 * 40 + 10] = Cell.Concrete;
    expect(triangles(block, 5, 5, 15, 15, Cell.Concrete)).toBe(5);
    // Along the cell's horizontal midline: only the vertical midline is crossed.
    expect(triangles(one, 2, 20.5, 30, 20.5, Cell.Concrete)).toBe(2);
    // No triangles without the flag: the other models pay nothing for them.
    expect(traceWalls(one, 2, 20.3, 30, 20.3, new WallCrossing()).trianglesByCell[Cell.Concrete]).toBe(0);
  });

  it('charges thickness like MAES: 5 cells cost 5 times 1 cell, two walls twice one', () => {
    for (const cell of [Cell.Concrete, Cell.Wood, Cell.Brick, Cell.Generic]) {
      expect(triangles(walls([[10, 1, cell]]), 2, 20.3, 30, 20.3, cell)).toBe(4);
      expect(triangles(walls([[10, 5, cell]]), 2, 20.3, 30, 20.3, cell)).toBe(20);
      expect(
        triangles(
          walls([
            [10, 1, cell],
            [20, 1, cell],
          ]),
          2,
          20.3,
          30,
          20.3,
          cell,
        ),
      ).toBe(8);
    }
  });

  it.each([
    // material, walls that still link, first count that does not (2.4 GHz, 97 dB budget, 4 triangles per wall)
    ['concrete', Cell.Concrete, 1, 2], // 60 dB per wall
    ['wood', Cell.Wood, 3, 4], // 26.8 dB: 3 walls -65.4 dBm, 4 walls -92.2 dBm
    ['brick', Cell.Brick, 4, 5], // 22 dB: 4 walls -73 dBm, 5 walls -95 dBm
  ] as const)('%s: %i walls link, %i do not', (_name, cell, linking, failing) => {
    const model = maesModel();
    const wallsAt = (n: number) => walls(Array.from({ length: n }, (_, k) => [5 + 3 * k, 1, cell] as const));
    expect(hears(wallsAt(linking), model, 1, 39)).toBe(true);
    expect(hears(wallsAt(failing), model, 1, 39)).toBe(false);
    // The same walls 5 cells thick: MAES charges per triangle, so thickness counts.
    expect(hears(walls([[10, 5, cell]]), model, 1, 39)).toBe(false);
  });

  it('generic walls cost nothing and distance costs nothing, as in MAES', () => {
    expect(hears(walls([[5, 30, Cell.Generic]]), maesModel(), 1, 39)).toBe(true);
    const far = createGrid(5000, 2);
    expect(hears(far, maesModel(), 0.5, 4999.5, 1.3)).toBe(true);
  });

  it('follows the frequency column and a user dictionary', () => {
    // 5.2 GHz concrete is 23 dB per triangle: one wall (92 dB) links, two cells (184 dB) do not; 1.3 GHz: two walls 104 dB.
    const one = walls([[10, 1, Cell.Concrete]]);
    const two = walls([
      [10, 1, Cell.Concrete],
      [20, 1, Cell.Concrete],
    ]);
    expect(hears(one, parseCommSpec('maes:5.2GHz'), 1, 39)).toBe(true);
    expect(hears(walls([[10, 2, Cell.Concrete]]), parseCommSpec('maes:5.2GHz'), 1, 39)).toBe(false);
    expect(hears(two, parseCommSpec('maes:1.3GHz'), 1, 39)).toBe(false);
    expect(hears(one, maesModel({ dbPerTriangle: { concrete: 25 } }), 1, 39)).toBe(false);
    expect(() => maesModel({ dbPerTriangle: { wood: -1 } })).toThrow(/SG_RADIO_CONFIG.*wood/);
    expect(parseCommSpec('maes').spec).toBe('maes');
    expect(parseCommSpec('maes:1300MHz').spec).toBe('maes:1.3GHz');
    expect(() => parseCommSpec('maes:3GHz')).toThrow(/SG_COMM_SPEC.*no attenuation table/);
  });

  it('is symmetric on oblique rays', () => {
    const grid = walls([
      [10, 2, Cell.Wood],
      [17, 1, Cell.Brick],
      [25, 3, Cell.Concrete],
    ]);
    const crossingOf = (ax: number, ay: number, bx: number, by: number) =>
      Array.from(traceWalls(grid, ax, ay, bx, by, new WallCrossing(), TRIANGLES).trianglesByCell);
    for (const [ax, ay, bx, by] of [
      [1.2, 3.7, 38.1, 33.3],
      [2, 2, 37, 37],
      [1.5, 20.5, 38.5, 21.5],
      [3.3, 30.1, 36.6, 4.4],
    ]) {
      expect(crossingOf(ax, ay, bx, by)).toEqual(crossingOf(bx, by, ax, ay));
    }
  });
});

/**
 * MAES's MaterialCommunicationTest maps: a 50 x 50 bitmap with wall rows from row 25 up, given a
 * border of 2 (generic walls) and centred on the origin, so cell (x, y) of the bitmap is the
 * grid cell centred at (x - 24.5, y - 24.5).
 */
function maesTestMap(wallRows: readonly number[]): Grid {
  const size = 54;
  const grid = createGrid(size, size, { originM: { x: -size / 2, y: -size / 2 } });
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) if (x < 2 || y < 2 || x >= size - 2 || y >= size - 2) grid.cells[y * size + x] = Cell.Generic;
  }
  wallRows.forEach((material, k) => grid.cells.fill(material, (27 + k) * size + 2, (27 + k) * size + size - 2));
  return grid;
}

/** Where MAES puts a robot spawned at (x, y) on these maps: its tile's corner plus 0.01 (RobotSpawner), i.e. (x - 0.49, y - 0.49). */
const spawnAt = (x: number, y: number): readonly [number, number] => [x - 0.49, y - 0.49];

function signalDbm(
  grid: Grid,
  a: readonly [number, number],
  b: readonly [number, number],
  dbPerTriangle: Record<'concrete' | 'wood' | 'brick', number>,
): number {
  const walls = traceWalls(grid, a[0], a[1], b[0], b[1], new WallCrossing(), TRIANGLES).trianglesByCell;
  return 15 - walls[Cell.Concrete] * dbPerTriangle.concrete - walls[Cell.Wood] * dbPerTriangle.wood - walls[Cell.Brick] * dbPerTriangle.brick;
}

function links(grid: Grid, model: RadioModel, a: readonly [number, number], b: readonly [number, number]): boolean {
  return new RadioLinks(grid, model, 2).canHear(new Float64Array([a[0], a[1], b[0], b[1]]), 0, 1);
}

describe("maes: MAES's own MaterialCommunicationTest", () => {
  it('AttenuationCalculation: brick, wood and concrete rows (3, 2, 1 dB per triangle) give -27 dBm from (-4, -4) to (8, 8)', () => {
    const grid = maesTestMap([Cell.Brick, Cell.Wood, Cell.Concrete]);
    const [a, b] = [spawnAt(-4, -4), spawnAt(8, 8)];
    // The rows make 4 tile rows of mesh: the ray enters 3 wall triangles in the half tile below the
    // brick row, 6 in the tile between brick and wood (brick, MAES's highest), 6 between wood and
    // concrete (wood), 3 in the half tile above concrete: 9 x 3 + 6 x 2 + 3 x 1 = 42 dB.
    const walls = traceWalls(grid, a[0], a[1], b[0], b[1], new WallCrossing(), TRIANGLES).trianglesByCell;
    expect([walls[Cell.Concrete], walls[Cell.Wood], walls[Cell.Brick]]).toEqual([3, 6, 9]);
    const table = { concrete: 1, wood: 2, brick: 3 };
    expect(signalDbm(grid, a, b, table)).toBe(-27);
    expect(signalDbm(grid, b, a, table)).toBe(-27);
    // The model links exactly down to -27 dBm.
    expect(links(grid, maesModel({ dbPerTriangle: table, sensitivityDbm: -27 }), a, b)).toBe(true);
    expect(links(grid, maesModel({ dbPerTriangle: table, sensitivityDbm: -26.99 }), a, b)).toBe(false);
  });

  it.each([Cell.Concrete, Cell.Wood, Cell.Brick])('Broadcast_TransmissionFailedTest: one row of material %i at 100 dB per triangle blocks', (material) => {
    const grid = maesTestMap([material]);
    const heavy = maesModel({ dbPerTriangle: { concrete: 100, wood: 100, brick: 100 } });
    expect(links(grid, heavy, spawnAt(-4, -4), spawnAt(8, 8))).toBe(false);
    // Beside the wall, not through it, the same pair links.
    expect(links(grid, heavy, spawnAt(-4, -4), spawnAt(8, -2))).toBe(true);
  });

  it.each([1, 2, 5, 10])('Broadcast_WallDistanceIsApproximatelyCorrect: a wall %i tiles thick measures t +- 0.1 t', (thickness) => {
    const grid = maesTestMap(Array.from({ length: thickness }, () => Cell.Concrete));
    const [a, b] = [spawnAt(0, -2), spawnAt(0, 3 + thickness)];
    const crossing = traceWalls(grid, a[0], a[1], b[0], b[1], new WallCrossing(), TRIANGLES);
    // MAES's wall distance: the share of wall triangles among those entered, times the distance.
    const wallDistance = (crossing.trianglesByCell[Cell.Concrete] / crossing.trianglesTotal) * (5 + thickness);
    expect(Math.abs(wallDistance - thickness)).toBeLessThanOrEqual(0.1 * thickness);
  });

  it('matches an independent enumeration of every mesh line the ray crosses', () => {
    const gridArb = fc
      .record({ width: fc.integer({ min: 2, max: 14 }), height: fc.integer({ min: 2, max: 14 }), cellSizeM: fc.constantFrom(1, 0.3) })
      .chain(({ width, height, cellSizeM }) =>
        fc.uint8Array({ minLength: width * height, maxLength: width * height }).map((raw) => {
          const grid = createGrid(width, height, { cellSizeM, originM: { x: -1, y: -2 } });
          for (let i = 0; i < raw.length; i++)
            grid.cells[i] = [Cell.Free, Cell.Free, Cell.Concrete, Cell.Wood, Cell.Brick, Cell.Generic, Cell.Unknown][raw[i] % 7];
          return grid;
        }),
      );
    // Positions to the millimetre, mesh lines and cell corners included: the two computations
    // agree on a ray exactly on a mesh line (one side convention), but a ray 1e-11 m off one is
    // decided by rounding, differently in each (found by this property), far below any pose the
    // engine produces.
    const coord = fc.oneof(
      fc.integer({ min: -3000, max: 14000 }).map((mm) => mm / 1000),
      fc.integer({ min: -6, max: 28 }).map((half) => half / 2),
    );
    fc.assert(
      fc.property(gridArb, coord, coord, coord, coord, (grid, ax, ay, bx, by) => {
        const got = traceWalls(grid, ax, ay, bx, by, new WallCrossing(), TRIANGLES);
        const want = enumerateMesh(grid, ax, ay, bx, by);
        expect(Array.from(got.trianglesByCell)).toEqual(want.byCell);
        expect(got.trianglesTotal).toBe(want.total);
      }),
      { numRuns: 1000 },
    );
  });
});

/**
 * The walk of maesMesh.ts written the slow way: the mesh is the lines X = k / 2, Y = k / 2 and
 * X +- Y = k + 1/2 (tile coordinates), so every crossing of the ray is found by solving for each
 * line, without stepping from tile to tile.
 */
function enumerateMesh(grid: Grid, ax: number, ay: number, bx: number, by: number): { byCell: number[]; total: number } {
  const byCell = [0, 0, 0, 0, 0];
  let total = 0;
  if (bx < ax || (bx === ax && by < ay)) [ax, ay, bx, by] = [bx, by, ax, ay];
  const s = grid.cellSizeM;
  const length = Math.hypot(bx - ax, by - ay) / s;
  // traceWalls measures the segment as sqrt(dx^2 + dy^2): a segment that underflows to 0 crosses nothing.
  if (!(Math.sqrt((bx - ax) ** 2 + (by - ay) ** 2) > 0)) return { byCell, total };
  const u0 = (ax - grid.originM.x) / s - 0.5;
  const v0 = (ay - grid.originM.y) / s - 0.5;
  let angle = Math.atan2(by - ay, bx - ax);
  const degrees = (angle * 180) / Math.PI;
  const off = ((degrees < 0 ? degrees + 360 : degrees) % 90) - 45;
  if (Math.abs(off) <= 0.05) angle += ((off >= 0 ? 0.005 : -0.005) * Math.PI) / 180;
  let [du, dv] = Math.abs(off) <= 0.05 ? [Math.cos(angle), Math.sin(angle)] : [(bx - ax) / s / length, (by - ay) / s / length];
  if (Math.abs(du) < 1e-12) [du, dv] = [0, Math.sign(dv)];
  else if (Math.abs(dv) < 1e-12) [du, dv] = [Math.sign(du), 0];
  const w = grid.width - 1;
  const h = grid.height - 1;
  // The ray inside the tiles [0, w] x [0, h].
  let t0 = 0;
  let t1 = Infinity;
  for (const [p, d, size] of [
    [u0, du, w],
    [v0, dv, h],
  ]) {
    if (d === 0) {
      if (p < 0 || p > size) return { byCell, total };
    } else {
      t0 = Math.max(t0, Math.min(-p / d, (size - p) / d));
      t1 = Math.min(t1, Math.max(-p / d, (size - p) / d));
    }
  }
  if (!(t1 - t0 > 1e-9)) return { byCell, total };
  const ts = [t0, t1];
  const add = (t: number) => {
    if (t > t0 && t < t1) ts.push(t);
  };
  for (let k = 0; k <= 2 * Math.max(w, h); k++) {
    add((k / 2 - u0) / du);
    add((k / 2 - v0) / dv);
  }
  for (let k = -h - 2; k <= w + h + 2; k++) {
    add((k + 0.5 - u0 - v0) / (du + dv));
    add((k + 0.5 - u0 + v0) / (du - dv));
  }
  ts.sort((p, q) => p - q);
  const wall = (x: number, y: number) => grid.cells[y * grid.width + x] !== Cell.Free && grid.cells[y * grid.width + x] !== Cell.Unknown;
  const rank = (x: number, y: number) => (!wall(x, y) ? -1 : grid.cells[y * grid.width + x] <= Cell.Brick ? grid.cells[y * grid.width + x] : 0);
  for (let n = 0; n + 1 < ts.length; n++) {
    if (!(ts[n + 1] - ts[n] > 1e-9)) continue;
    const mid = (ts[n] + ts[n + 1]) / 2;
    const i = Math.min(w - 1, Math.max(0, Math.floor(u0 + du * mid)));
    const j = Math.min(h - 1, Math.max(0, Math.floor(v0 + dv * mid)));
    const x = u0 + du * mid - i;
    const y = v0 + dv * mid - j;
    // |4/5|6\7| over |0\1|2/3|, points on a line to the right / above.
    const q = x >= 0.5 ? (y >= 0.5 ? 3 : 1) : y >= 0.5 ? 2 : 0;
    const lu = x >= 0.5 ? x - 0.5 : x;
    const lv = y >= 0.5 ? y - 0.5 : y;
    const triangle = [lu + lv < 0.5 ? 0 : 1, lv > lu ? 2 : 3, lv > lu ? 4 : 5, lu + lv < 0.5 ? 6 : 7][q];
    total++;
    const vertices = [
      [
        [0, 0.5],
        [0.5, 0],
        [0, 0],
      ],
      [
        [0.5, 0],
        [0, 0.5],
        [0.5, 0.5],
      ],
      [
        [0.5, 0],
        [1, 0.5],
        [0.5, 0.5],
      ],
      [
        [1, 0.5],
        [0.5, 0],
        [1, 0],
      ],
      [
        [0, 0.5],
        [0.5, 1],
        [0, 1],
      ],
      [
        [0.5, 1],
        [0, 0.5],
        [0.5, 0.5],
      ],
      [
        [0.5, 1],
        [1, 0.5],
        [0.5, 0.5],
      ],
      [
        [1, 0.5],
        [0.5, 1],
        [1, 1],
      ],
    ][triangle];
    if (
      total >= 2 &&
      total >= Math.floor(length / (Math.SQRT2 / 4)) &&
      vertices.some(([vx, vy]) => Math.sqrt((i - u0 + vx) ** 2 + (j - v0 + vy) ** 2) > length)
    ) {
      total--;
      break;
    }
    // Which triangles are wall: a wall corner's quarter, and the inner pair between two opposite wall corners.
    const [bl, br, tl, tr] = [wall(i, j), wall(i + 1, j), wall(i, j + 1), wall(i + 1, j + 1)];
    const quarterWall = [bl, br, tl, tr][q];
    const between = (bl && tr && !br && !tl && (triangle === 2 || triangle === 5)) || (br && tl && !bl && !tr && (triangle === 1 || triangle === 6));
    if (quarterWall || between) {
      const top = Math.max(rank(i, j), rank(i + 1, j), rank(i, j + 1), rank(i + 1, j + 1));
      byCell[top > 0 ? top : Cell.Generic]++;
    }
  }
  return { byCell, total };
}
