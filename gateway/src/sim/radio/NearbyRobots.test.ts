import fc from 'fast-check';
import { Cell, createGrid } from '@swarmgate/maps';
import { describe, expect, it } from 'vitest';
import { wrapAngle } from '@swarmgate/protocols';
import { NearbyRobots } from './NearbyRobots.js';
import { traceWalls, WallCrossing } from './traceWalls.js';

describe('NearbyRobots', () => {
  const open = createGrid(30, 30);

  it('reports index, distance and bearing relative to heading, never itself', () => {
    // Robot 0 at (5,5) facing +y; robot 1 straight ahead, robot 2 to its right, robot 3 out of range.
    const poses = new Float64Array([5, 5, Math.PI / 2, 5, 8, 0, 9, 5, Math.PI, 25, 25, 0]);
    const nearby = new NearbyRobots(open, 4, { rangeM: 5, blockedByWalls: false });
    nearby.update(poses);
    expect(nearby.count(0)).toBe(2);
    expect([nearby.id(0, 0), nearby.id(0, 1)]).toEqual([1, 2]);
    expect(nearby.distanceM(0, 0)).toBeCloseTo(3, 12);
    expect(nearby.bearingRad(0, 0)).toBeCloseTo(0, 12);
    expect(nearby.distanceM(0, 1)).toBeCloseTo(4, 12);
    expect(nearby.bearingRad(0, 1)).toBeCloseTo(-Math.PI / 2, 12); // clockwise = negative
    // Robot 2 faces -x: robot 0 is straight ahead of it.
    expect(nearby.bearingRad(2, 0)).toBeCloseTo(0, 12);
    expect(nearby.count(3)).toBe(0);
  });

  it('hides robots behind walls when asked', () => {
    const walled = createGrid(30, 30);
    for (let y = 0; y < 30; y++) walled.cells[y * 30 + 7] = Cell.Wood;
    const poses = new Float64Array([5, 5, 0, 9, 5, 0]);
    const blocked = new NearbyRobots(walled, 2, { rangeM: 10, blockedByWalls: true });
    blocked.update(poses);
    expect([blocked.count(0), blocked.count(1)]).toEqual([0, 0]);
    const seeing = new NearbyRobots(walled, 2, { rangeM: 10, blockedByWalls: false });
    seeing.update(poses);
    expect([seeing.count(0), seeing.count(1)]).toEqual([1, 1]);
  });

  it('agrees with brute force on random swarms', () => {
    const pose = fc.tuple(
      fc.double({ min: 0, max: 30, noNaN: true }),
      fc.double({ min: 0, max: 30, noNaN: true }),
      fc.double({ min: -4, max: 4, noNaN: true }),
    );
    fc.assert(
      fc.property(fc.array(pose, { minLength: 1, maxLength: 60 }), fc.double({ min: 0.5, max: 12, noNaN: true }), (list, rangeM) => {
        const poses = new Float64Array(list.flat());
        const nearby = new NearbyRobots(open, list.length, { rangeM, blockedByWalls: false });
        nearby.update(poses);
        list.forEach(([x, y, h], i) => {
          const expected = list.flatMap(([ox, oy], j) => (j !== i && Math.hypot(ox - x, oy - y) <= rangeM ? [j] : []));
          const got = Array.from({ length: nearby.count(i) }, (_, k) => nearby.id(i, k));
          expect(got).toEqual(expected);
          for (let k = 0; k < got.length; k++) {
            const [ox, oy] = list[got[k]];
            const bearing = nearby.bearingRad(i, k);
            if (nearby.distanceM(i, k) < 1e-6) continue; // co-located: any bearing is right
            expect(bearing).toBeGreaterThan(-Math.PI - 1e-12);
            expect(bearing).toBeLessThanOrEqual(Math.PI);
            expect(Math.cos(bearing + h)).toBeCloseTo((ox - x) / nearby.distanceM(i, k), 9);
            expect(Math.sin(bearing + h)).toBeCloseTo((oy - y) / nearby.distanceM(i, k), 9);
          }
        });
      }),
      { numRuns: 200 },
    );
  });

  it('with walls, shares one line-of-sight trace per pair and agrees with a trace from each end', () => {
    const cell = fc.tuple(fc.integer({ min: 0, max: 19 }), fc.integer({ min: 0, max: 19 }));
    const point = fc.tuple(fc.double({ min: 0, max: 20, noNaN: true }), fc.double({ min: 0, max: 20, noNaN: true }));
    fc.assert(
      fc.property(fc.array(cell, { maxLength: 60 }), fc.array(point, { minLength: 2, maxLength: 25 }), (walls, points) => {
        const grid = createGrid(20, 20);
        for (const [x, y] of walls) grid.cells[y * 20 + x] = Cell.Brick;
        const poses = new Float64Array(points.flatMap(([x, y]) => [x, y, 0]));
        const nearby = new NearbyRobots(grid, points.length, { rangeM: 12, blockedByWalls: true });
        nearby.update(poses);
        const crossing = new WallCrossing();
        points.forEach(([x, y], i) => {
          const expected = points.flatMap(([ox, oy], j) =>
            j !== i && Math.hypot(ox - x, oy - y) <= 12 && traceWalls(grid, x, y, ox, oy, crossing).wallRuns === 0 ? [j] : [],
          );
          expect(Array.from({ length: nearby.count(i) }, (_, k) => nearby.id(i, k))).toEqual(expected);
        });
      }),
      { numRuns: 200 },
    );
  });

  it('wraps angles to (-pi, pi]', () => {
    expect(wrapAngle(3 * Math.PI)).toBeCloseTo(Math.PI, 12);
    expect(wrapAngle(-Math.PI)).toBeCloseTo(Math.PI, 12);
    expect(wrapAngle((-3 * Math.PI) / 2)).toBeCloseTo(Math.PI / 2, 12);
  });
});
