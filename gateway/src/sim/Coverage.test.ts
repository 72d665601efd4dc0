import { describe, expect, it } from 'vitest';
import { createGrid } from '@swarmgate/maps';
import { Coverage } from './Coverage.js';
import { RobotTable } from './RobotTable.js';
import { mapQuality } from './MapQuality.js';
import { SlamMap } from '@swarmgate/sdk';
import { borderedRoom } from './testing/testGrids.js';

describe('Coverage', () => {
  it('marks the half-tile cells a body sweeps, once each', () => {
    const grid = createGrid(10, 10);
    const coverage = new Coverage(grid, new Uint8Array(100).fill(1));
    expect(coverage.coverableCount).toBe(400);
    coverage.sweep(1, 1.25, 4, 1.25, 0.3, 5);
    // Sub-cell centres at y = 1.25 along x in [0.7, 4.3]: 0.75 .. 4.25 -> 8 cells.
    expect(coverage.coveredCount).toBe(8);
    coverage.sweep(1, 1.25, 4, 1.25, 0.3, 6);
    expect(coverage.coveredCount).toBe(8);
    expect(coverage.lastCoveredTick[2 * 20 + 1]).toBe(6);
  });
});

describe('Coverage.sweepRobots', () => {
  it("sweeps each active robot's move as sweep does, and skips removed robots", () => {
    const grid = createGrid(12, 12);
    const byRobot = new Coverage(grid, new Uint8Array(144).fill(1));
    const bySegment = new Coverage(grid, new Uint8Array(144).fill(1));
    const t = new RobotTable();
    const moves = [
      [1, 1.25, 4, 1.25],
      [6.1, 6.2, 6.9, 9.7],
      [10, 2, 10.5, 2.5],
    ];
    for (const [ax, ay, bx, by] of moves) {
      const i = t.add();
      [t.prevXM[i], t.prevYM[i], t.xM[i], t.yM[i]] = [ax, ay, bx, by];
    }
    t.active[2] = 0;
    byRobot.sweepRobots(t, 0.3, 7);
    for (const [ax, ay, bx, by] of moves.slice(0, 2)) bySegment.sweep(ax, ay, bx, by, 0.3, 7);
    expect(byRobot.coveredCount).toBeGreaterThan(8);
    expect(byRobot.coveredCount).toBe(bySegment.coveredCount);
    expect(Array.from(byRobot.lastCoveredTick)).toEqual(Array.from(bySegment.lastCoveredTick));
  });
});

describe('mapQuality', () => {
  it('is 1 for a map equal to the ground truth, lower with errors, 0 with nothing known', () => {
    const grid = borderedRoom(8);
    const explorable = new Uint8Array(64);
    for (let c = 0; c < 64; c++) explorable[c] = grid.cells[c] === 0 ? 1 : 0;
    const map = SlamMap.forGrid(grid);
    expect(mapQuality(grid, explorable, [map])).toEqual({ completeness: 0, quality: 0 });
    for (let y = 0; y < 16; y++) {
      for (let x = 0; x < 16; x++) map.mark(y * 16 + x, grid.cells[(y >> 1) * 8 + (x >> 1)] === 0 ? 1 : 2);
    }
    expect(mapQuality(grid, explorable, [map])).toEqual({ completeness: 1, quality: 1 });
    const wrong = SlamMap.forGrid(grid);
    wrong.mark(5 * 16 + 5, 2);
    const q = mapQuality(grid, explorable, [map, wrong]);
    expect(q.completeness).toBe(1);
    expect(q.quality).toBeLessThan(1);
  });
});
