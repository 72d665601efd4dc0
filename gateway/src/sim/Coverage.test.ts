import { describe, expect, it } from 'vitest';
import { createGrid } from '@swarmgate/maps';
import { Coverage } from './Coverage.js';
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
