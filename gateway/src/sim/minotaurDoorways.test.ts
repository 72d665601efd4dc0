import { describe, expect, it } from 'vitest';
import { loadMap } from '@swarmgate/maps';
import { findAlgorithm, type AlgorithmInfo, type MinotaurController } from '@swarmgate/sdk';
import { Trial } from './Trial.js';

/** The registered minotaur, keeping every controller it makes so the test can ask for its doorways. */
function keepingMinotaur(made: MinotaurController[]): AlgorithmInfo {
  const info = findAlgorithm('minotaur');
  return {
    ...info,
    create: (context) => {
      const controller = info.create(context) as MinotaurController;
      made.push(controller);
      return controller;
    },
  };
}

// MAES's MinotaurDoorwayTest: doorWidth 4, vision 5, line-of-sight radio within 15 m; the doorways
// each robot knows are counted once 99.9 % is explored. Spawns: the room or corridor end away
// from the doorway (MAES: the hallway robot at (0, -24) from the centre, here (5, 2) of the
// 10 x 50 map), so the robot has to find the doorway and cross it; with two and three robots the
// doorway is also heard of, and must still count once.
const CASES = [
  { map: 'blank', at: [25, 25], doorways: 0 },
  { map: 'doorway', at: [25, 50], doorways: 1 },
  { map: 'doorway_corner', at: [30, 30], doorways: 1 },
  { map: 'hallway', at: [5, 2], doorways: 1 },
] as const;

describe('minotaur finds the doorways of the MAES test maps', () => {
  it.each(CASES.flatMap((c) => [1, 3].map((robots) => [c.map, robots, c] as const)))(
    '%s with %i robots',
    (_name, robots, { map, at, doorways }) => {
      const made: MinotaurController[] = [];
      const poses = Array.from({ length: robots }, (_, i) => ({
        xM: at[0] + (map === 'hallway' ? 0 : 1.5 * i),
        yM: at[1] + (map === 'hallway' ? 1.5 * i : 0),
        headingRad: 0,
      }));
      const trial = new Trial({
        grid: loadMap(map),
        robots,
        algorithm: 'minotaur:doorWidthM=4',
        controller: keepingMinotaur(made),
        comm: 'los:15',
        spawn: { kind: 'positions', poses },
        seed: 1,
        targetExplored: 0.999,
        maxTicks: 36_000,
        world: { lidar: { rangeM: 5 } },
      });
      const final = trial.run();
      expect(final.explorationTicks).not.toBeNull();
      expect(made).toHaveLength(robots);
      for (const controller of made) {
        expect(controller.doorways()).toHaveLength(doorways);
        // Exploring 99.9 % of both sides means someone went through: the doorway is explored.
        for (const d of controller.doorways()) expect(d.explored).toBe(true);
      }
    },
    120_000,
  );
});
