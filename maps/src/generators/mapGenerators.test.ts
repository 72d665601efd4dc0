import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Cell, isWall } from '../Grid.js';
import { connectedComponents } from '../connectedComponents.js';
import { countCells } from '../countCells.js';
import { MapSpecError } from '../errors.js';
import { gridHash } from '../gridHash.js';
import { generateMap, mapGenerators } from './mapGenerators.js';

const spec = (generator: string, width: number, height: number, seed: number, params = {}) => ({
  generator,
  width,
  height,
  seed,
  params,
});

describe('map generators', () => {
  it.each(['cave', 'building'])('%s: every free cell reachable from every other, over seeds and sizes', (name) => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 20, max: 90 }), fc.integer({ min: 20, max: 90 }), (seed, w, h) => {
        const grid = generateMap(spec(name, w, h, seed));
        const { sizes } = connectedComponents(grid);
        expect(sizes.length).toBe(1);
        expect(countCells(grid).free).toBeGreaterThan(0);
      }),
      { numRuns: 40 },
    );
  });

  it('cave: connected for any mix of fill, smoothing, passage, thresholds and border', () => {
    const params = fc.record({
      fill: fc.integer({ min: 0, max: 70 }),
      smoothing: fc.integer({ min: 0, max: 6 }),
      passage: fc.integer({ min: 1, max: 6 }),
      wallThreshold: fc.integer({ min: 0, max: 50 }),
      roomThreshold: fc.integer({ min: 0, max: 50 }),
      border: fc.integer({ min: 0, max: 3 }),
    });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 10, max: 80 }), fc.integer({ min: 10, max: 80 }), params, (seed, w, h, p) => {
        expect(connectedComponents(generateMap(spec('cave', w, h, seed, p))).sizes.length).toBeLessThanOrEqual(1);
      }),
      { numRuns: 80 },
    );
  });

  it('building: connected for any valid mix of wall, hall, door, padding, room and split', () => {
    const params = fc
      .record({
        wall: fc.integer({ min: 1, max: 3 }),
        hall: fc.integer({ min: 1, max: 8 }),
        door: fc.integer({ min: 1, max: 4 }),
        doorPadding: fc.integer({ min: 0, max: 3 }),
        extra: fc.integer({ min: 0, max: 6 }),
        split: fc.integer({ min: 0, max: 100 }),
        hallPercent: fc.integer({ min: 0, max: 60 }),
      })
      .map(({ extra, ...p }) => ({ ...p, room: p.door + 2 * p.doorPadding + extra }));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 40, max: 120 }), params, (seed, side, p) => {
        const grid = generateMap(spec('building', side, side, seed, p));
        expect(connectedComponents(grid).sizes.length).toBe(1);
      }),
      { numRuns: 60 },
    );
  });

  it.each(['loop', 'cross', 'zigzag', 'maze'])('%s: one connected road network over seeds, sizes and road widths', (name) => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 1, max: 10 }), fc.integer({ min: 40, max: 120 }), (seed, road, side) => {
        const grid = generateMap(spec(name, side, side, seed, { road }));
        expect(connectedComponents(grid).sizes.length).toBe(1);
      }),
      { numRuns: 25 },
    );
  });

  it('cave parameters change the map: fill 0 is one open room inside the border', () => {
    // The narrow-corridor rule walls off the four corner cells (no free cell on one diagonal).
    const open = generateMap(spec('cave', 30, 20, 1, { fill: 0 }));
    expect(countCells(open)).toEqual({ free: 28 * 18 - 4, wall: 30 * 20 - 28 * 18 + 4, unknown: 0 });
    const full = generateMap(spec('cave', 30, 20, 1, { fill: 100 }));
    expect(countCells(full).free).toBe(0);
  });

  it('caves at the MAES defaults are about half open', () => {
    for (let seed = 0; seed < 5; seed++) {
      const { free } = countCells(generateMap(spec('cave', 100, 100, seed)));
      expect(free / 10_000).toBeGreaterThan(0.3);
      expect(free / 10_000).toBeLessThan(0.8);
    }
  });

  it('is deterministic per seed and differs across seeds', () => {
    for (const g of mapGenerators) {
      const a = gridHash(generateMap(spec(g.name, 80, 80, 5)));
      expect(gridHash(generateMap(spec(g.name, 80, 80, 5)))).toBe(a);
      expect(gridHash(generateMap(spec(g.name, 80, 80, 6)))).not.toBe(a);
    }
  });

  it('keeps the border solid and draws several wall materials', () => {
    for (const name of ['cave', 'building']) {
      const grid = generateMap(spec(name, 60, 50, 3));
      for (let x = 0; x < 60; x++) {
        expect(isWall(grid.cells[x] as number)).toBe(true);
        expect(isWall(grid.cells[49 * 60 + x] as number)).toBe(true);
      }
      const materials = new Set(Array.from(grid.cells).filter((v) => isWall(v)));
      expect(materials.size).toBeGreaterThan(1);
      expect(materials.has(Cell.Generic)).toBe(false);
    }
  });

  it('building splits blocks into rooms: more than one room per block at default settings', () => {
    // Without room splits a 100 x 100 building has ~6 blocks; walls inside blocks make many more
    // wall rectangles than the block rings alone.
    const grid = generateMap(spec('building', 100, 100, 11));
    const withSplits = countCells(grid).wall;
    const noSplits = countCells(generateMap(spec('building', 100, 100, 11, { split: 0 }))).wall;
    expect(withSplits).toBeGreaterThan(noSplits + 100);
  });

  it('refuses bad parameters with a MapSpecError naming them', () => {
    expect(() => generateMap(spec('cave', 50, 50, 1, { fil: 3 }))).toThrow(/unknown parameter 'fil'/);
    expect(() => generateMap(spec('cave', 50, 50, 1, { fill: 101 }))).toThrow(/fill must be an integer in \[0, 100\]/);
    expect(() => generateMap(spec('building', 50, 50, 1, { door: 4 }))).toThrow(MapSpecError);
    expect(() => generateMap(spec('building', 8, 8, 1))).toThrow(/at least/);
    expect(() => generateMap(spec('cave', 0, 50, 1))).toThrow(/width must be an integer/);
    expect(() => generateMap(spec('cave', 20_000, 20_000, 1))).toThrow(/more than 25000000 cells/);
    expect(() => generateMap(spec('volcano', 50, 50, 1))).toThrow(/unknown generator 'volcano'/);
  });

  it('a 2000 x 2000 cave stays connected (typed-array pipeline, no per-cell objects)', () => {
    const grid = generateMap(spec('cave', 2000, 2000, 1));
    expect(connectedComponents(grid).sizes.length).toBe(1);
  }, 120_000);
});
