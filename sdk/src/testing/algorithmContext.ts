/**
 * The context the engine hands a registered algorithm's factory, for tests that drive a
 * controller without a trial: robot `r<robotIndex>` of `robotCount`, the trial seed's stream
 * forked per robot (as Trial forks it), 1 m tiles, every parameter not given at its default.
 */
import { Random } from '@swarmgate/protocols';
import type { AlgorithmContext } from '../algorithms/AlgorithmInfo.js';
import { findAlgorithm, resolveAlgorithmParams } from '../algorithms/algorithms.js';

export interface AlgorithmContextOptions {
  readonly seed?: number;
  readonly robotIndex?: number;
  readonly robotCount?: number;
  readonly params?: Readonly<Record<string, number>>;
}

export function algorithmContext(name: string, options: AlgorithmContextOptions = {}): AlgorithmContext {
  const { seed = 7, robotIndex = 0, robotCount = 1, params = {} } = options;
  return {
    seed,
    rng: Random.fromSeed(seed).fork(`controller:r${robotIndex}`),
    robotId: `r${robotIndex}`,
    robotIndex,
    robotCount,
    tileSizeM: 1,
    params: resolveAlgorithmParams(findAlgorithm(name), params),
  };
}
