import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SlamMap } from '../slam/SlamMap.js';
import type { CellXY } from '../SlamMapView.js';
import { CededFrontierSearch, cededToOther, uncededRowSpan, type CedeGeometry } from './cededFrontierSearch.js';

const coordinate = (min: number, max: number) =>
  fc.oneof(
    fc.double({ min, max, noNaN: true }),
    fc.integer({ min, max }),
    fc.integer({ min: 2 * min, max: 2 * max }).map((h) => h / 2),
  );

const geometryArb = fc.record({
  selfX: coordinate(40, 80),
  selfY: coordinate(40, 80),
  others: fc.array(fc.tuple(coordinate(0, 120), coordinate(0, 120)), { maxLength: 8 }),
  marginCells: fc.oneof(fc.constant(0), fc.constant(2), fc.double({ min: 0, max: 4, noNaN: true })),
});

function geometryOf(g: { selfX: number; selfY: number; others: [number, number][]; marginCells: number }): CedeGeometry {
  // Robots on this one's cell, row or column are the edge cases of the span's arithmetic.
  const others = g.others.flatMap(([x, y], i) =>
    i % 4 === 1 ? [g.selfX, y] : i % 4 === 2 ? [x, g.selfY] : i % 4 === 3 && i > 4 ? [g.selfX, g.selfY] : [x, y],
  );
  return { selfX: g.selfX, selfY: g.selfY, others: Float64Array.from(others), count: g.others.length, marginCells: g.marginCells };
}

describe('uncededRowSpan', () => {
  it('leaves out only cells cededToOther cedes (property)', () => {
    const width = 200;
    fc.assert(
      fc.property(geometryArb, fc.integer({ min: -35, max: 35 }), fc.integer({ min: 0, max: 35 }), (raw, rowOffset, r) => {
        const g = geometryOf(raw);
        const row = Math.floor(g.selfY) + rowOffset;
        const x0 = Math.floor(g.selfX) - r;
        const x1 = Math.floor(g.selfX) + r;
        const span = { lo: 0, hi: -1 };
        uncededRowSpan(g, row, x0, x1, r + 1, span);
        for (let x = x0; x <= x1; x++) {
          if (x < span.lo || x > span.hi) expect(cededToOther(g, row * width + x, width)).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('cuts a row at about the bisector with a robot ahead, and keeps it whole with none', () => {
    const g: CedeGeometry = { selfX: 50.5, selfY: 50.5, others: Float64Array.of(60.5, 50.5), count: 1, marginCells: 0 };
    const span = { lo: 0, hi: -1 };
    uncededRowSpan(g, 50, 20, 80, 31, span);
    // The bisector is x = 55.5; the bound adds a cell of slack.
    expect(span).toEqual({ lo: 20, hi: 56 });
    uncededRowSpan({ ...g, count: 0 }, 50, 20, 80, 31, span);
    expect(span).toEqual({ lo: 20, hi: 80 });
  });
});

/** The rule the search implements, by enumerating every reachable frontier with a full flood fill. */
function reference(map: SlamMap, from: CellXY, g: CedeGeometry, blacklist: ReadonlySet<number>, stepsPastNearest: number, maxVisits: number): CellXY | null {
  // Rejecting changes nothing of the fill's order, so this lists what the search could be offered.
  const all: [number, number][] = [];
  map.nearestFrontier(from, { skip: (index, steps) => all.push([index, steps]) > 0, maxVisits });
  const candidates = all.filter(([index]) => !blacklist.has(index));
  if (candidates.length === 0) return null;
  const limit = candidates[0][1] + stepsPastNearest;
  const free = candidates.find(([index, steps]) => steps <= limit && !cededToOther(g, index, map.width));
  const [chosen] = free ?? candidates[0];
  return { x: chosen % map.width, y: Math.floor(chosen / map.width) };
}

describe('CededFrontierSearch', () => {
  const caseArb = fc.record({ width: fc.integer({ min: 2, max: 18 }), height: fc.integer({ min: 2, max: 18 }) }).chain(({ width, height }) =>
    fc.record({
      width: fc.constant(width),
      height: fc.constant(height),
      states: fc.array(fc.constantFrom(0, 1, 1, 1, 1, 2), { minLength: width * height, maxLength: width * height }),
      from: fc.nat(width * height - 1),
      others: fc.array(fc.tuple(fc.double({ min: -2, max: width + 2, noNaN: true }), fc.double({ min: -2, max: height + 2, noNaN: true })), { maxLength: 6 }),
      marginCells: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 3, noNaN: true })),
      blacklisted: fc.array(fc.nat(width * height - 1), { maxLength: 10 }),
      stepsPastNearest: fc.constantFrom(0, 0.5, 1, 2.5, 5, Number.POSITIVE_INFINITY),
      maxVisits: fc.oneof(fc.constant(Number.POSITIVE_INFINITY), fc.integer({ min: 1, max: 150 })),
    }),
  );

  it('chooses what flooding every reachable frontier and applying the rule chooses (property)', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const map = new SlamMap({ width: c.width, height: c.height, cellSizeM: 0.5 });
        c.states.forEach((s, i) => map.mark(i, s as 0 | 1 | 2));
        const blacklist = new Set(c.blacklisted);
        const search = new CededFrontierSearch(blacklist);
        const from = { x: c.from % c.width, y: Math.floor(c.from / c.width) };
        const g = search.geometry;
        g.selfX = from.x + 0.5;
        g.selfY = from.y + 0.5;
        g.others = Float64Array.from(c.others.flat());
        g.count = c.others.length;
        g.marginCells = c.marginCells;
        search.stepsPastNearest = c.stepsPastNearest;
        expect(search.find(map, from, c.maxVisits)).toEqual(reference(map, from, g, blacklist, c.stepsPastNearest, c.maxVisits));
      }),
      { numRuns: 1500 },
    );
  });

  it('takes the nearest frontier when every one within the bound is ceded, and a free one within it otherwise', () => {
    // A corridor (y = 1) with frontiers at both ends: (1, 1) is 2 steps from (3, 1), (9, 1) is 6.
    const map = new SlamMap({ width: 11, height: 3, cellSizeM: 0.5 });
    for (let x = 1; x <= 9; x++) map.mark(11 + x, 1);
    for (let x = 0; x <= 10; x++) {
      map.mark(x, 2);
      map.mark(22 + x, 2);
    }
    const search = new CededFrontierSearch(new Set());
    Object.assign(search.geometry, { selfX: 3.5, selfY: 1.5, others: Float64Array.of(0.5, 1.5), count: 1, marginCells: 0 });
    search.stepsPastNearest = 3;
    expect(search.find(map, { x: 3, y: 1 }, Number.POSITIVE_INFINITY)).toEqual({ x: 1, y: 1 });
    search.stepsPastNearest = 4;
    expect(search.find(map, { x: 3, y: 1 }, Number.POSITIVE_INFINITY)).toEqual({ x: 9, y: 1 });
  });

  it('finds a free frontier exactly at the bound, on the last row of the box', () => {
    // A vertical corridor x = 1, y = 1..10, unknown at both ends: from (1, 2) the frontier (1, 1)
    // is 1 step away (ceded to the robot at (1.5, 1.2)) and (1, 10) is 8 steps, 8 rows, away.
    const map = new SlamMap({ width: 3, height: 12, cellSizeM: 0.5 });
    for (let y = 0; y < 12; y++) {
      map.mark(y * 3, 2);
      map.mark(y * 3 + 2, 2);
      if (y >= 1 && y <= 10) map.mark(y * 3 + 1, 1);
    }
    const search = new CededFrontierSearch(new Set());
    Object.assign(search.geometry, { selfX: 1.5, selfY: 2.5, others: Float64Array.of(1.5, 1.2), count: 1, marginCells: 0 });
    search.stepsPastNearest = 7;
    expect(search.find(map, { x: 1, y: 2 }, Number.POSITIVE_INFINITY)).toEqual({ x: 1, y: 10 });
    search.stepsPastNearest = 6;
    expect(search.find(map, { x: 1, y: 2 }, Number.POSITIVE_INFINITY)).toEqual({ x: 1, y: 1 });
  });
});
