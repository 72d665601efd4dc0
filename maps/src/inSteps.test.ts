import { describe, expect, it } from 'vitest';
import { labelRegions, RegionLabeller } from './connectedComponents.js';
import { Cell } from './Grid.js';
import { loadMap } from './mapSpec.js';
import { mergeWallRectangles, WallRectMerger } from './mergeWallRectangles.js';
import { robotRegions, robotRegionsSteps } from './robotReach.js';

const cave = loadMap('cave:120x90:seed=3');

describe('analyses in steps give what the whole call gives', () => {
  it('WallRectMerger: any bands of rows, the same rectangles', () => {
    for (const rows of [1, 7, cave.height]) {
      const merger = new WallRectMerger(cave);
      while (merger.rowsLeft > 0) merger.mergeRows(rows);
      expect(merger.finish()).toEqual(mergeWallRectangles(cave));
    }
    expect(() => new WallRectMerger(cave).finish()).toThrow(/not merged yet/);
  });

  it('RegionLabeller: labels a bounded number of cells a step, the same regions', () => {
    const mask = Uint8Array.from(cave.cells, (v) => (v === Cell.Free ? 1 : 0));
    const labeller = new RegionLabeller(cave.width, cave.height, mask, 8);
    let steps = 0;
    while (!labeller.advance(500)) steps++;
    expect(steps).toBeGreaterThan(5);
    expect(labeller.regions()).toEqual(labelRegions(cave.width, cave.height, mask, 8));
  });

  it('robotRegionsSteps: yields between pieces, the same regions at a footprint of 1 and above', () => {
    for (const radiusM of [0.3, 2]) {
      const steps = robotRegionsSteps(cave, radiusM, 1000);
      let yields = 0;
      let next = steps.next();
      for (; !next.done; next = steps.next()) yields++;
      expect(yields).toBeGreaterThan(2);
      expect(next.value).toEqual(robotRegions(cave, radiusM));
    }
  });
});
