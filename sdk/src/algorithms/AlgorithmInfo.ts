/**
 * What an exploration algorithm declares when registered: a name, a summary, its parameters
 * with units and defaults, and a factory that makes one Controller per robot.
 * Distances are in tiles and scaled by context.tileSizeM, so defaults hold at any map scale.
 */
import type { RangedParamSpec } from '@swarmgate/maps';
import type { Controller } from '../Robot.js';

/** A seeded random stream; @swarmgate/maps `Random` (forked per robot) fits. Never Math.random. */
export interface AlgorithmRng {
  /** Uniform in [0, 1). */
  nextFloat(): number;
}

export interface AlgorithmContext {
  /** The trial seed (written with results); `rng` is this robot's own stream of it. */
  readonly seed: number;
  readonly rng: AlgorithmRng;
  readonly robotId: string;
  /** 0-based position of this robot among robotCount. */
  readonly robotIndex: number;
  readonly robotCount: number;
  /** Metres per tile (generated maps: 1). */
  readonly tileSizeM: number;
  /** Every declared parameter, defaults filled in (see resolveAlgorithmParams). */
  readonly params: Readonly<Record<string, number>>;
}

export interface AlgorithmInfo {
  readonly name: string;
  readonly summary: string;
  readonly parameters: readonly RangedParamSpec[];
  create(context: AlgorithmContext): Controller;
}
