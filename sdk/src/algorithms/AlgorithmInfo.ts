/**
 * What an exploration algorithm declares when registered: a name, a summary, its parameters
 * with units and defaults, and a factory that makes one Controller per robot.
 * Every physical parameter is in metres, seconds, radians or degrees, never in map cells or ticks
 * (durations are counted in ticks of context.tickS), so a robot behaves the same on a 1 m map and
 * on a 0.2 m ROS map (docs/units.md).
 */
import type { RangedParamSpec } from '@swarmgate/maps';
import type { Controller } from '../Robot.js';

/** A seeded random stream; @swarmgate/maps `Random` (forked per robot) fits. Never Math.random. */
export interface AlgorithmRng {
  /** Uniform in [0, 1). */
  nextFloat(): number;
}

/** The engine's logic tick (MAES: 100 ms). */
export const DEFAULT_TICK_S = 0.1;

export interface AlgorithmContext {
  /** The trial seed (written with results); `rng` is this robot's own stream of it. */
  readonly seed: number;
  readonly rng: AlgorithmRng;
  readonly robotId: string;
  /** 0-based position of this robot among robotCount. */
  readonly robotIndex: number;
  readonly robotCount: number;
  /** Metres per ground-truth map cell (generated maps: 1); informative, parameters are already in metres. */
  readonly tileSizeM: number;
  /** Length of one logic tick in seconds (default DEFAULT_TICK_S), to count durations given in seconds. */
  readonly tickS?: number;
  /** Every declared parameter, defaults filled in (see resolveAlgorithmParams). */
  readonly params: Readonly<Record<string, number>>;
}

export interface AlgorithmInfo {
  readonly name: string;
  readonly summary: string;
  readonly parameters: readonly RangedParamSpec[];
  /**
   * Its controllers take most of a swarm's tick (their searches and plans outweigh sensing):
   * an engine that can run controllers on several threads does so by default for this one.
   * Measured, not guessed: the gateway's BENCHMARKS.md "Controllers on worker threads".
   */
  readonly heavyControllers?: boolean;
  create(context: AlgorithmContext): Controller;
}
