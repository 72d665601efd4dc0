import { describe, expect, it } from 'vitest';
import { defaultSimCellM, loadMap, resampleGrid } from '@swarmgate/maps';
import { DEFAULT_ROBOT_MODEL } from './RobotModel.js';
import { Trial } from './Trial.js';

// Yan et al. 2017's real ROS maps (0.2 m per pixel) at the default simulation cell: the fast cases
// of BENCHMARKS.md's Yan terrain table (6 robots, one seed) must reach 99 % well within 36000 ticks.
describe("Yan et al.'s real maps", () => {
  it.each(['loop', 'cross', 'zigzag', 'maze'])(
    'yan2017-%s: 6 frontier robots explore 99 percent of the reachable free space',
    (terrain) => {
      const source = loadMap(`yan2017-${terrain}`);
      const grid = resampleGrid(source, defaultSimCellM(DEFAULT_ROBOT_MODEL.radiusM));
      expect(grid.cellSizeM).toBe(0.3);
      // Same physical extent: the map keeps its scale.
      expect(grid.width * grid.cellSizeM).toBeGreaterThanOrEqual(source.width * source.cellSizeM - 1e-9);
      expect(grid.width * grid.cellSizeM).toBeLessThan(source.width * source.cellSizeM + 0.3);
      const trial = new Trial({
        grid,
        robots: 6,
        algorithm: 'frontier',
        comm: 'global',
        spawn: { kind: 'together' },
        seed: 1,
        targetExplored: 0.99,
        maxTicks: 36_000,
      });
      const final = trial.run();
      expect(final.explorationTicks).not.toBeNull();
      // Not the 1-tick "success" of a robot spawned in a speck: the terrain needs driving.
      expect(final.explorationTicks).toBeGreaterThan(300);
      expect(final.unreachableFreeFraction).toBeLessThan(0.02);
    },
    120_000,
  );
});
