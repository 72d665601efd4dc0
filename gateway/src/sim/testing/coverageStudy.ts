/**
 * The coverage study every exploration algorithm is held to (the Minotaur study's setting): 10
 * generated buildings and 10 caves of 50 x 50, with 1, 3 and 5 robots spawned together,
 * line-of-sight radio, 7 m vision, a 36000-tick timeout (one simulated hour), 99 % explored.
 */
import { loadMap } from '@swarmgate/maps';
import { Trial } from '../Trial.js';
import type { FinalMetrics } from '../TrialMetrics.js';

export const COVERAGE_TARGET = 0.99;
export const COVERAGE_MAX_TICKS = 36_000;

/** [map spec, robot count] for every run of the study: 60 runs. */
export const COVERAGE_RUNS: readonly (readonly [string, number])[] = ['building', 'cave'].flatMap((kind) =>
  [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].flatMap((seed) => [1, 3, 5].map((robots) => [`${kind}:50x50:seed=${seed}`, robots] as const)),
);

/** One run of the study with `algorithm` (a registered algorithm spec). */
export function runCoverage(algorithm: string, map: string, robots: number): FinalMetrics {
  const trial = new Trial({
    grid: loadMap(map),
    robots,
    algorithm,
    comm: 'los',
    spawn: { kind: 'together' },
    seed: 1,
    targetExplored: COVERAGE_TARGET,
    maxTicks: COVERAGE_MAX_TICKS,
    world: { lidar: { rangeM: 7 } },
  });
  return trial.run();
}
