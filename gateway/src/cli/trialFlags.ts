/**
 * The flags every trial-running command shares (`run`, `serve`): map, robots, algorithm, comm,
 * spawn and seed, as one option table and one parser, so their names, defaults and checks
 * cannot drift apart between commands.
 */
import { loadMap, type Grid } from '@swarmgate/maps';
import { findAlgorithm, parseAlgorithmSpec, resolveAlgorithmParams } from '@swarmgate/sdk';
import { parseCommSpec, type RadioModel } from '../sim/radio/index.js';
import { SPAWN_KINDS, type SpawnStrategy } from '../sim/Spawn.js';
import { CliUsageError } from './Command.js';
import { numberFlag } from './args.js';

/** Spread into a command's parseArgs options. */
export const TRIAL_FLAG_OPTIONS = {
  map: { type: 'string' },
  robots: { type: 'string' },
  algorithm: { type: 'string' },
  comm: { type: 'string' },
  spawn: { type: 'string' },
  seed: { type: 'string' },
} as const;

export type TrialFlagValues = { readonly [K in keyof typeof TRIAL_FLAG_OPTIONS]?: string };

export interface TrialFlags {
  /** The --map argument as given (the grid is loaded by loadGrid, after every cheap check). */
  readonly mapSpec: string;
  readonly robots: number;
  /** The algorithm spec as given, checked against the registry. */
  readonly algorithm: string;
  /** The --comm spec as given, and the model it names. */
  readonly commSpec: string;
  readonly comm: RadioModel;
  readonly spawn: SpawnStrategy;
  readonly seed: number;
}

/** Checks the shared trial flags; bad input is a CliUsageError naming the flag (`help` follows a missing --map). */
export function parseTrialFlags(v: TrialFlagValues, help: string, robotRange: { readonly min: number; readonly max: number }): TrialFlags {
  if (v.map === undefined) throw new CliUsageError(`--map is required\n\n${help}`);
  const robots = numberFlag('robots', v.robots, 1, { ...robotRange, integer: true });
  const seed = numberFlag('seed', v.seed, 0, { integer: true, min: -(2 ** 31), max: 2 ** 31 - 1 });
  const algorithm = v.algorithm ?? 'frontier';
  asUsage('algorithm', () => {
    const { name, params } = parseAlgorithmSpec(algorithm);
    resolveAlgorithmParams(findAlgorithm(name), params);
  });
  const commSpec = v.comm ?? 'global';
  const comm = asUsage('comm', () => parseCommSpec(commSpec));
  const spawnKind = v.spawn ?? 'together';
  if (!(SPAWN_KINDS as readonly string[]).includes(spawnKind)) {
    throw new CliUsageError(`--spawn must be one of ${SPAWN_KINDS.join(', ')}, got '${spawnKind}'`);
  }
  return { mapSpec: v.map, robots, algorithm, commSpec, comm, spawn: { kind: spawnKind } as SpawnStrategy, seed };
}

/** Turns a coded error from a parser (sdk, radio, spawn) into a usage error naming the flag. */
export function asUsage<T>(flag: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string') {
      throw new CliUsageError(`--${flag}: ${(error as Error).message}`);
    }
    throw error;
  }
}

/** Any failure to produce a grid (bad spec, missing or malformed file) is bad input. */
export function loadGrid(spec: string): Grid {
  try {
    return loadMap(spec);
  } catch (error) {
    throw new CliUsageError(`--map: ${(error as Error).message}`);
  }
}
