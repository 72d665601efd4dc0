import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SlamMap } from './SlamMap.js';
import { SlamCell, type CellXY } from '../SlamMapView.js';
import { SwarmgateError } from '../errors.js';
import type { LidarScan } from '../Robot.js';
import { castGridRay } from '../testing/castGridRay.js';
import { fillSlamFromAscii, gridFromAscii, slamToAscii } from '../testing/asciiMaps.js';

function scanOf(rangesM: number[], rangeMaxM: number, angleMinRad = 0, angleIncrementRad = 0): LidarScan {
  return { angleMinRad, angleIncrementRad, rangeMaxM, rangesM: Float32Array.from(rangesM) };
}

function fullScan(grid: ReturnType<typeof gridFromAscii>, xM: number, yM: number, rays: number, rangeMaxM: number): LidarScan {
  const inc = (2 * Math.PI) / rays;
  const ranges: number[] = [];
  for (let i = 0; i < rays; i++) ranges.push(castGridRay(grid, xM, yM, i * inc + 0.001, rangeMaxM));
  return scanOf(ranges, rangeMaxM, 0.001, inc);
}

function slamFrom(rows: string[], cellSizeM = 1): SlamMap {
  const map = new SlamMap({ width: rows[0].length, height: rows.length, cellSizeM });
  fillSlamFromAscii(map, rows);
  return map;
}

describe('SlamMap.integrateScan', () => {
  const row = () => new SlamMap({ width: 8, height: 1, cellSizeM: 0.5 });

  it('marks cells before a hit open and the cell behind the hit boundary solid', () => {
    const map = row();
    // From x = 0.25 a 2.25 m ray ends exactly on the boundary x = 2.5 between cells 4 and 5.
    const changed = map.integrateScan({ xM: 0.25, yM: 0.25, headingRad: 0 }, scanOf([2.25], 10));
    expect(slamToAscii(map)).toEqual(['.....#??']);
    expect(changed).toBe(6);
    expect(map.knownCells).toBe(6);
  });

  it('marks a ray at rangeMax open only', () => {
    const map = row();
    map.integrateScan({ xM: 0.25, yM: 0.25, headingRad: 0 }, scanOf([2.25], 2.25));
    expect(slamToAscii(map)).toEqual(['.....???']);
  });

  it('follows heading and angle offsets (a ray pointing -x from the right end)', () => {
    const map = row();
    map.integrateScan({ xM: 3.75, yM: 0.25, headingRad: Math.PI / 2 }, scanOf([1.25], 10, Math.PI / 2));
    expect(slamToAscii(map)).toEqual(['????#...']);
  });

  it('keeps solid cells solid when a later ray passes through them (solid dominates)', () => {
    const map = row();
    map.integrateScan({ xM: 0.25, yM: 0.25, headingRad: 0 }, scanOf([1.25], 10));
    expect(slamToAscii(map)).toEqual(['...#????']);
    map.integrateScan({ xM: 0.25, yM: 0.25, headingRad: 0 }, scanOf([3.25], 10));
    expect(slamToAscii(map)).toEqual(['...#...#']);
  });

  it('marks a ray leaving the map open up to the edge, hit or not', () => {
    const map = row();
    map.integrateScan({ xM: 0.25, yM: 0.25, headingRad: 0 }, scanOf([9.5], 10));
    expect(slamToAscii(map)).toEqual(['........']);
    // y = 0.5 + tan(0.3) (x - 0.5) crosses y = 1 at x = 2.12: cells (0,0) (1,0) (2,0) (2,1), then out.
    const slanted = new SlamMap({ width: 3, height: 3, cellSizeM: 1 });
    expect(slanted.integrateScan({ xM: 0.5, yM: 0.5, headingRad: 0.3 }, scanOf([100], 200))).toBe(4);
    expect(slamToAscii(slanted)).toEqual(['???', '??.', '...']);
  });

  it('ignores a pose outside the map and NaN ranges', () => {
    const map = row();
    expect(map.integrateScan({ xM: -1, yM: 0.25, headingRad: 0 }, scanOf([3], 10))).toBe(0);
    expect(map.integrateScan({ xM: 0.25, yM: 0.25, headingRad: 0 }, scanOf([Number.NaN], 10))).toBe(0);
    expect(map.knownCells).toBe(0);
  });

  it('maps a small room from a full lidar scan (golden)', () => {
    const grid = gridFromAscii(['######', '#....#', '#..#.#', '#....#', '######']);
    const map = SlamMap.forGrid(grid);
    expect(map.cellSizeM).toBe(0.5);
    map.integrateScan({ xM: 1.5, yM: 1.5, headingRad: 0 }, fullScan(grid, 1.5, 1.5, 720, 10));
    // Only the wall half-cells facing the room are hit; wall corners and the shadow behind
    // the pillar stay unknown.
    expect(slamToAscii(map)).toEqual([
      '????????????',
      '??######????',
      '?#......????',
      '?#.....?????',
      '?#....#?????',
      '?#....##..#?',
      '?#........#?',
      '?#........#?',
      '??########??',
      '????????????',
    ]);
  });
});

describe('SlamMap planning helpers', () => {
  const rows = ['#########', '#...#...?', '#.#.#.#.?', '#...?...#', '#########'];

  it('lists frontier cells: open cells with an unknown 4-neighbour', () => {
    const map = slamFrom(rows);
    expect(map.frontierCells()).toEqual([
      { x: 3, y: 1 },
      { x: 5, y: 1 },
      { x: 7, y: 2 },
      { x: 7, y: 3 },
    ]);
    expect(map.isFrontier(3, 1)).toBe(true);
    expect(map.isFrontier(1, 1)).toBe(false);
  });

  it('finds the nearest unknown cell by flood fill through open cells', () => {
    const map = slamFrom(rows);
    expect(map.nearestUnknown({ x: 1, y: 3 })).toEqual({ x: 4, y: 1 });
    expect(map.nearestUnknown({ x: 7, y: 1 })).toEqual({ x: 8, y: 2 });
    const closed = slamFrom(['###', '#.#', '###']);
    expect(closed.nearestUnknown({ x: 1, y: 1 })).toBeNull();
  });

  it('skips excluded frontier cells', () => {
    const map = slamFrom(rows);
    const exclude = new Set<number>();
    expect(map.nearestFrontier({ x: 1, y: 3 })).toEqual({ x: 3, y: 1 });
    exclude.add(1 * map.width + 3);
    // The right half is reachable only through the unknown cell (4, 1).
    expect(map.nearestFrontier({ x: 1, y: 3 }, { skip: (i) => exclude.has(i) })).toBeNull();
    expect(map.nearestFrontier({ x: 7, y: 1 }, { skip: (i) => exclude.has(i) })).toEqual({ x: 7, y: 2 });
    exclude.add(2 * map.width + 7);
    expect(map.nearestFrontier({ x: 7, y: 1 }, { skip: (i) => exclude.has(i) })).toEqual({ x: 5, y: 1 });
  });

  it('tells skip the BFS steps of each frontier, so a skip that rejects all lists them nearest first', () => {
    const corridor = slamFrom(['#########', '?.......?', '#########']);
    const seen: [number, number][] = [];
    const record = (index: number, steps: number): boolean => {
      seen.push([index % corridor.width, steps]);
      return true;
    };
    expect(corridor.nearestFrontier({ x: 2, y: 1 }, { skip: record })).toBeNull();
    expect(seen).toEqual([
      [1, 1],
      [7, 5],
    ]);
    // A diagonal move counts one step: (1, 1) to (3, 2) is 2 moves.
    const room = slamFrom(['#####', '#...?', '#...#', '#####']);
    const steps: number[] = [];
    room.nearestFrontier({ x: 1, y: 1 }, { skip: (_i, n) => steps.push(n) < 0 });
    expect(steps).toEqual([2]);
  });

  it('offers no goal beyond maxSteps, which a skip may lower during the search', () => {
    const corridor = slamFrom(['#########', '?.......?', '#########']);
    const from = { x: 6, y: 1 };
    // The frontiers are (7, 1) at 1 step and (1, 1) at 5.
    const offered: number[] = [];
    const rejectAll = (_i: number, steps: number): boolean => offered.push(steps) > 0;
    expect(corridor.nearestFrontier(from, { skip: rejectAll, maxSteps: () => 4 })).toBeNull();
    expect(offered).toEqual([1]);
    expect(corridor.nearestFrontier(from, { maxSteps: () => 0.5 })).toBeNull();
    expect(corridor.nearestFrontier({ x: 2, y: 1 }, { maxSteps: () => 1 })).toEqual({ x: 1, y: 1 });
    // Lowered to 2 once the first frontier is offered: the one at 5 steps is never reached.
    let limit = Number.POSITIVE_INFINITY;
    offered.length = 0;
    const lowerOnFirst = (_i: number, steps: number): boolean => {
      offered.push(steps);
      limit = Math.min(limit, steps + 1);
      return true;
    };
    expect(corridor.nearestFrontier(from, { skip: lowerOnFirst, maxSteps: () => limit })).toBeNull();
    expect(offered).toEqual([1]);
    // The bound is inclusive: a goal exactly maxSteps away is still offered.
    offered.length = 0;
    expect(corridor.nearestFrontier(from, { skip: rejectAll, maxSteps: () => 5 })).toBeNull();
    expect(offered).toEqual([1, 5]);
  });

  it('finds a frontier cell in a box that a test accepts, clipped to the map', () => {
    const map = slamFrom(['#####?', '#...??', '#.#..?', '######']);
    // Frontiers (open, unknown 4-neighbour): (3, 2) and (4, 1); the box test sees only those.
    const tested: number[] = [];
    const record = (i: number): boolean => tested.push(i) < 0;
    expect(map.someFrontierIn(-5, -5, 50, 50, record)).toBe(false);
    expect(tested.sort((a, b) => a - b)).toEqual([1 * map.width + 4, 2 * map.width + 3]);
    expect(map.someFrontierIn(0, 0, 3, 3, (i) => i === 2 * map.width + 3)).toBe(true);
    expect(map.someFrontierIn(0, 0, 2, 3, () => true)).toBe(false);
    expect(map.someFrontierIn(4, 1, 4, 1, () => true)).toBe(true);
    expect(map.someFrontierIn(4, 2, 1, 1, () => true)).toBe(false);
  });

  it('plans the shortest 8-connected path without cutting corners', () => {
    const map = slamFrom(['#####', '#...#', '#.#.#', '#...#', '#####']);
    const path = map.path({ x: 1, y: 1 }, { x: 3, y: 3 });
    // Around the pillar: no diagonal past it, so 4 orthogonal steps.
    expect(path).toHaveLength(5);
    expect(path?.[0]).toEqual({ x: 1, y: 1 });
    expect(path?.[4]).toEqual({ x: 3, y: 3 });
    expect(map.path({ x: 1, y: 1 }, { x: 2, y: 2 })).toBeNull();
    expect(map.path({ x: 1, y: 1 }, { x: 1, y: 1 })).toEqual([{ x: 1, y: 1 }]);
    expect(map.path({ x: 1, y: 1 }, { x: 9, y: 9 })).toBeNull();
  });

  it('keeps off walls when asked to, at a bounded extra length', () => {
    const map = slamFrom(['#########', '#.......#', '#.......#', '#.......#', '#########']);
    const hugging = map.path({ x: 1, y: 3 }, { x: 7, y: 3 });
    const centred = map.path({ x: 1, y: 3 }, { x: 7, y: 3 }, { wallPenaltyCells: 2 });
    expect(hugging?.every((c) => c.y === 3)).toBe(true);
    expect(centred?.slice(2, -2).every((c) => c.y === 2)).toBe(true);
  });

  it('penalises cells within wallClearanceCells of a wall, and never enters a gap narrower than blockedNearWallCells allows', () => {
    const map = slamFrom(['###########', '#.........#', '#.........#', '#.........#', '#.........#', '#.........#', '###########']);
    // Clearance 2: only the middle row is clear of the penalty band.
    const centred = map.path({ x: 1, y: 3 }, { x: 9, y: 3 }, { wallPenaltyCells: 5, wallClearanceCells: 2 });
    expect(centred?.slice(3, -3).every((c) => c.y === 3)).toBe(true);
    const gap = slamFrom(['#######', '#..#..#', '#.....#', '#..#..#', '#######']);
    expect(gap.path({ x: 1, y: 2 }, { x: 5, y: 2 })).not.toBeNull();
    // The one-cell gap has walls beside it: with blockedNearWallCells 1 it is no path.
    expect(gap.path({ x: 1, y: 2 }, { x: 5, y: 2 }, { blockedNearWallCells: 1 })).toBeNull();
  });

  it('never enters blocked cells except the goal, in paths and flood fills', () => {
    // Two ways round the pillar; blocking the upper one leaves the lower, blocking both leaves none.
    const map = slamFrom(['#######', '#.....#', '#.###.#', '#.....#', '#######']);
    const blocked = new Uint8Array(map.width * map.height);
    blocked[3 * map.width + 3] = 1;
    const lower = map.path({ x: 1, y: 2 }, { x: 5, y: 2 }, { blocked });
    expect(lower?.some((c) => c.y === 1)).toBe(true);
    blocked[1 * map.width + 3] = 1;
    expect(map.path({ x: 1, y: 2 }, { x: 5, y: 2 }, { blocked })).toBeNull();
    expect(map.path({ x: 1, y: 2 }, { x: 3, y: 1 }, { blocked })).not.toBeNull();
    // The flood fill neither crosses nor stops at blocked cells: the unknown beyond them is out of reach.
    const partly = slamFrom(['#######', '#..?..#', '#.###.#', '#.....#', '#######']);
    expect(partly.nearestFrontier({ x: 1, y: 1 }, { blocked })).toEqual({ x: 2, y: 3 });
    const fenced = new Uint8Array(blocked);
    fenced[3 * map.width + 2] = 1;
    fenced[3 * map.width + 4] = 1;
    expect(partly.nearestFrontier({ x: 1, y: 1 }, { blocked: fenced })).toBeNull();
  });

  it('reports known fraction and a coarse tile view', () => {
    const map = new SlamMap({ width: 4, height: 2, cellSizeM: 0.5 });
    map.mark(0, SlamCell.Open);
    map.mark(3, SlamCell.Solid);
    expect(map.knownFraction()).toBe(2 / 8);
    expect(map.coarse.width).toBe(2);
    expect(map.coarse.height).toBe(1);
    expect(map.coarse.cellAt(0, 0)).toBe(SlamCell.Open);
    expect(map.coarse.cellAt(1, 0)).toBe(SlamCell.Solid);
    expect(map.coarse.cellAt(2, 0)).toBe(SlamCell.Unknown);
  });

  it('converts between world and cell coordinates with an origin', () => {
    const map = new SlamMap({ width: 4, height: 4, cellSizeM: 0.5, originM: { x: -1, y: -1 } });
    expect(map.worldToCell(-0.99, -0.51)).toEqual({ x: 0, y: 0 });
    expect(map.worldToCell(0.99, 0.99)).toEqual({ x: 3, y: 3 });
    expect(map.worldToCell(1.01, 0)).toBeNull();
    expect(map.cellToWorld(1, 2)).toEqual({ xM: -0.25, yM: 0.25 });
  });

  it('marks the robot footprint open but never a solid cell', () => {
    const map = new SlamMap({ width: 6, height: 6, cellSizeM: 0.5 });
    map.mark(2 * 6 + 3, SlamCell.Solid);
    map.markOpenDisk(1.5, 1.5, 0.5);
    expect(slamToAscii(map)).toEqual(['??????', '??????', '??..??', '??.#??', '??????', '??????']);
  });
});

describe('SlamMap merge and bytes', () => {
  it('merges: solid dominates, open over unknown, unknown never overwrites', () => {
    const a = slamFrom(['#.?', '.?#']);
    const b = slamFrom(['.#.', '?.?']);
    expect(a.mergeFrom(b)).toBe(3);
    expect(slamToAscii(a)).toEqual(['##.', '..#']);
  });

  it('refuses to merge maps of another geometry', () => {
    const a = new SlamMap({ width: 3, height: 2, cellSizeM: 1 });
    const b = new SlamMap({ width: 3, height: 2, cellSizeM: 0.5 });
    expect(() => a.mergeFrom(b)).toThrow(/SG_MAP_MISMATCH/);
    expect(() => a.mergeFromBytes(b.toBytes())).toThrow(/SG_MAP_MISMATCH/);
  });

  it('encodes a mostly unknown map in a few bytes', () => {
    const map = new SlamMap({ width: 400, height: 400, cellSizeM: 0.5 });
    map.markOpenDisk(100, 100, 5);
    const bytes = map.toBytes();
    expect(bytes.length).toBeLessThan(40 + 200 * 3);
    expect(slamToAscii(SlamMap.fromBytes(bytes))).toEqual(slamToAscii(map));
  });

  const cellsArb = fc.record({ width: fc.integer({ min: 1, max: 20 }), height: fc.integer({ min: 1, max: 20 }) }).chain(({ width, height }) =>
    fc.record({
      width: fc.constant(width),
      height: fc.constant(height),
      // Runs of equal cells so both encodings get exercised.
      states: fc.array(fc.constantFrom(0, 0, 0, 1, 1, 2), { minLength: width * height, maxLength: width * height }),
      sorted: fc.boolean(),
    }),
  );

  function mapOf(width: number, height: number, states: number[]): SlamMap {
    const map = new SlamMap({ width, height, cellSizeM: 0.5, originM: { x: -3, y: 7 } });
    states.forEach((s, i) => map.mark(i, s as 0 | 1 | 2));
    return map;
  }

  it('round-trips any map through bytes (property)', () => {
    fc.assert(
      fc.property(cellsArb, ({ width, height, states, sorted }) => {
        const map = mapOf(width, height, sorted ? [...states].sort() : states);
        const back = SlamMap.fromBytes(map.toBytes());
        expect(back.cells).toEqual(map.cells);
        expect(back.originM).toEqual(map.originM);
        expect(back.knownCells).toBe(map.knownCells);
        const merged = new SlamMap({ width, height, cellSizeM: 0.5, originM: { x: -3, y: 7 } });
        merged.mergeFromBytes(map.toBytes());
        expect(merged.cells).toEqual(map.cells);
      }),
    );
  });

  it('finds in a box exactly the frontier cells isFrontier names (property)', () => {
    fc.assert(
      fc.property(
        cellsArb,
        fc.integer({ min: -3, max: 22 }),
        fc.integer({ min: -3, max: 22 }),
        fc.nat(24),
        fc.nat(24),
        ({ width, height, states }, x0, y0, w, h) => {
          const map = mapOf(width, height, states);
          const found: number[] = [];
          expect(map.someFrontierIn(x0, y0, x0 + w, y0 + h, (i) => found.push(i) < 0)).toBe(false);
          const expected: number[] = [];
          for (let y = Math.max(0, y0); y <= Math.min(height - 1, y0 + h); y++) {
            for (let x = Math.max(0, x0); x <= Math.min(width - 1, x0 + w); x++) if (map.isFrontier(x, y)) expected.push(y * width + x);
          }
          expect(found).toEqual(expected);
        },
      ),
    );
  });

  function expectDecodeErrorOrMap(bytes: Uint8Array): void {
    try {
      expect(SlamMap.fromBytes(bytes)).toBeInstanceOf(SlamMap);
    } catch (error) {
      expect(error).toBeInstanceOf(SwarmgateError);
      expect((error as SwarmgateError).code).toBe('SG_MAP_DECODE');
    }
  }

  it('gives SG_MAP_DECODE, never a crash, for random bytes (property)', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 200 }), expectDecodeErrorOrMap));
  });

  it('gives SG_MAP_DECODE or a valid map for corrupted encodings (property)', () => {
    fc.assert(
      fc.property(
        cellsArb,
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 4 }),
        fc.nat(),
        ({ width, height, states }, edits, cut) => {
          const bytes = mapOf(width, height, states).toBytes();
          for (const [at, value] of edits) bytes[at % bytes.length] = value;
          expectDecodeErrorOrMap(bytes);
          expectDecodeErrorOrMap(bytes.subarray(0, cut % (bytes.length + 1)));
        },
      ),
    );
  });

  it('names what is wrong in the decode error', () => {
    expect(() => SlamMap.fromBytes(new Uint8Array(3))).toThrow(/shorter than the 40-byte header/);
    const bytes = new SlamMap({ width: 2, height: 2, cellSizeM: 1 }).toBytes();
    bytes[4] = 9;
    expect(() => SlamMap.fromBytes(bytes)).toThrow(/unsupported version 9/);
  });
});

describe('SlamMap flood fill (properties)', () => {
  it('finds a reachable unknown cell / frontier exactly when one exists', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 12 }).chain((width) =>
          fc.record({
            width: fc.constant(width),
            states: fc.array(fc.constantFrom(0, 1, 1, 1, 2), { minLength: width * width, maxLength: width * width }),
            from: fc.record({ x: fc.nat(width - 1), y: fc.nat(width - 1) }),
          }),
        ),
        ({ width, states, from }) => {
          const map = new SlamMap({ width, height: width, cellSizeM: 0.5 });
          // The robot stands on an open cell.
          states.forEach((s, i) => map.mark(i, (i === from.y * width + from.x ? SlamCell.Open : s) as 0 | 1 | 2));
          const frontier = map.nearestFrontier(from);
          const unknown = map.nearestUnknown(from);
          // A reachable frontier exists iff a reachable unknown cell does (it borders one).
          expect(frontier === null).toBe(unknown === null);
          if (frontier !== null) {
            expect(map.isFrontier(frontier.x, frontier.y)).toBe(true);
            expect(map.path(from, frontier)).not.toBeNull();
            expect(frontierCellsIncludes(map.frontierCells(), frontier)).toBe(true);
          }
          if (unknown !== null) expect(map.cellAt(unknown.x, unknown.y)).toBe(SlamCell.Unknown);
        },
      ),
      { numRuns: 300 },
    );
  });

  function frontierCellsIncludes(cells: CellXY[], c: CellXY): boolean {
    return cells.some((f) => f.x === c.x && f.y === c.y);
  }
});

describe('SlamMap.path (properties)', () => {
  const worldArb = fc.record({ width: fc.integer({ min: 2, max: 14 }), height: fc.integer({ min: 2, max: 14 }) }).chain(({ width, height }) =>
    fc.record({
      width: fc.constant(width),
      height: fc.constant(height),
      states: fc.array(fc.constantFrom(1, 1, 1, 1, 2, 0), { minLength: width * height, maxLength: width * height }),
      from: fc.record({ x: fc.nat(width - 1), y: fc.nat(height - 1) }),
      to: fc.record({ x: fc.nat(width - 1), y: fc.nat(height - 1) }),
      wallPenaltyCells: fc.constantFrom(0, 0, 1.5),
    }),
  );

  /** Reference reachability: plain BFS with the same move rules, written independently. */
  function reachable(map: SlamMap, from: CellXY, to: CellXY): boolean {
    const open = (x: number, y: number) => map.cellAt(x, y) === SlamCell.Open;
    const seen = new Set<string>([`${from.x},${from.y}`]);
    const queue: CellXY[] = [from];
    while (queue.length > 0) {
      const c = queue.shift()!;
      if (c.x === to.x && c.y === to.y) return true;
      for (let dx = -1; dx <= 1; dx++) {
        for (let dy = -1; dy <= 1; dy++) {
          const n = { x: c.x + dx, y: c.y + dy };
          if ((dx === 0 && dy === 0) || !open(n.x, n.y) || seen.has(`${n.x},${n.y}`)) continue;
          if (dx !== 0 && dy !== 0 && !(open(c.x + dx, c.y) && open(c.x, c.y + dy))) continue;
          seen.add(`${n.x},${n.y}`);
          queue.push(n);
        }
      }
    }
    return false;
  }

  it('returns connected paths over open cells that never cut corners, whenever one exists', () => {
    fc.assert(
      fc.property(worldArb, ({ width, height, states, from, to, wallPenaltyCells }) => {
        const map = new SlamMap({ width, height, cellSizeM: 0.5 });
        states.forEach((s, i) => map.mark(i, s as 0 | 1 | 2));
        const path = map.path(from, to, { wallPenaltyCells });
        const sameCell = from.x === to.x && from.y === to.y;
        expect(path !== null).toBe(sameCell || reachable(map, from, to));
        if (path === null) return;
        expect(path[0]).toEqual(from);
        expect(path[path.length - 1]).toEqual(to);
        for (let i = 1; i < path.length; i++) {
          const a = path[i - 1];
          const b = path[i];
          const dx = b.x - a.x;
          const dy = b.y - a.y;
          expect(Math.max(Math.abs(dx), Math.abs(dy))).toBe(1);
          expect(map.cellAt(b.x, b.y)).toBe(SlamCell.Open);
          if (dx !== 0 && dy !== 0) {
            expect(map.cellAt(a.x + dx, a.y)).toBe(SlamCell.Open);
            expect(map.cellAt(a.x, a.y + dy)).toBe(SlamCell.Open);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('SlamMap with shared cells and recordWrites', () => {
  it('keeps its cells in a SharedArrayBuffer when asked, and counts direct writes as mark() counts them', () => {
    const shared = new SlamMap({ width: 4, height: 3, cellSizeM: 0.5, shared: true });
    const marked = new SlamMap({ width: 4, height: 3, cellSizeM: 0.5 });
    expect(shared.cells.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(marked.cells.buffer).not.toBeInstanceOf(SharedArrayBuffer);
    // Written in place as the engine's lidar does: two unknown cells opened, one made solid, one open cell made solid.
    marked.mark(0, SlamCell.Open);
    marked.mark(1, SlamCell.Open);
    marked.mark(2, SlamCell.Solid);
    marked.mark(1, SlamCell.Solid);
    shared.cells.set([SlamCell.Open, SlamCell.Solid, SlamCell.Solid]);
    shared.recordWrites(4, 3);
    expect(shared.revision).toBe(marked.revision);
    expect(shared.knownCells).toBe(marked.knownCells);
    expect(shared.knownFraction()).toBe(3 / 12);
    expect([...shared.cells]).toEqual([...marked.cells]);
  });
});

describe('SlamMap over another map’s shared buffers', () => {
  const geometry = { width: 4, height: 3, cellSizeM: 0.5 };

  it('reads and counts one map: cells, revision and known cells written through either object', () => {
    const owner = new SlamMap({ ...geometry, shared: true });
    const other = new SlamMap({ ...geometry, adopt: owner.sharedBuffers() });
    owner.mark(0, SlamCell.Open);
    other.mark(5, SlamCell.Solid);
    owner.recordWrites(3, 1);
    for (const map of [owner, other]) {
      expect({ revision: map.revision, known: map.knownCells, cell5: map.cellAt(1, 1) }).toEqual({ revision: 5, known: 3, cell5: SlamCell.Solid });
    }
  });

  it('refuses buffers of another size, and sharedBuffers() of a map not made shared', () => {
    const owner = new SlamMap({ ...geometry, shared: true });
    expect(() => new SlamMap({ ...geometry, width: 5, adopt: owner.sharedBuffers() })).toThrow(/SG_BAD_ARGUMENT: SlamMap buffers of 12 cells do not fit 5 x 3/);
    expect(() => new SlamMap(geometry).sharedBuffers()).toThrow(/SG_BAD_ARGUMENT: sharedBuffers\(\) of a SlamMap not made with shared: true/);
  });
});
