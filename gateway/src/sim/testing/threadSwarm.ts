import { loadMap } from '@swarmgate/maps';
import type { TrialConfig } from '../Trial.js';
import type { WorldConfigInput } from '../WorldConfig.js';

/** Ticks of a threadSwarm trial. */
export const THREAD_SWARM_TICKS = 60;

/**
 * The thread tests' trial: 32 robots in a cave, enough casts per tick and rows of the
 * nearby-robot and line-of-sight queries (los radio) that 4 threads each get a share of both,
 * with a SLAM merge every second (10 ticks).
 */
export function threadSwarm(algorithm: string, world: WorldConfigInput): TrialConfig {
  return {
    grid: loadMap('cave:50x50:seed=3'),
    robots: 32,
    algorithm,
    comm: 'los',
    spawn: { kind: 'apart' },
    seed: 11,
    targetExplored: 1.01,
    maxTicks: THREAD_SWARM_TICKS,
    world: { slam: { mergeIntervalS: 1 }, ...world },
  };
}
