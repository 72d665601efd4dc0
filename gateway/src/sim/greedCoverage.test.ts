import { describe, expect, it } from 'vitest';
import { loadMap } from '@swarmgate/maps';
import { Trial } from './Trial.js';

// Greed must explore 99 % of every generated 50 x 50 building and cave within 36000 ticks (the
// Minotaur study's timeout), alone and in swarms, with line-of-sight radio and 7 m vision: its
// maps travel only as heartbeats the radio delivers. The ticks of each run are in BENCHMARKS.md.
const seeds = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const runs = ['building', 'cave'].flatMap((kind) => seeds.flatMap((seed) => [1, 3, 5].map((robots) => [`${kind}:50x50:seed=${seed}`, robots] as const)));

describe('greed coverage', () => {
  it.each(runs)(
    '%s with %i robots reaches 99 percent explored',
    (map, robots) => {
      const trial = new Trial({
        grid: loadMap(map),
        robots,
        algorithm: 'greed',
        comm: 'los',
        spawn: { kind: 'together' },
        seed: 1,
        targetExplored: 0.99,
        maxTicks: 36_000,
        world: { lidar: { rangeM: 7 } },
      });
      const final = trial.run();
      expect(final.explorationTicks).not.toBeNull();
      // Not a speck: each map needs driving.
      expect(final.explorationTicks).toBeGreaterThan(100);
    },
    60_000,
  );
});
