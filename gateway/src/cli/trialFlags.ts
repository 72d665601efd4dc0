/**
 * The flags every trial-running command shares (`run`, `serve`): map, robots, algorithm, comm,
 * radio network (latency, bandwidth, loss), spawn and seed, as one option table and one parser,
 * so their names, defaults and checks cannot drift apart between commands.
 */
import { DEFAULT_MAX_FILE_CELLS, defaultSimCellM, loadMap, resampleGrid, type Grid } from '@swarmgate/maps';
import { algorithms, findAlgorithm, parseAlgorithmSpec, resolveAlgorithmParams } from '@swarmgate/sdk';
import { parseCommSpec, type RadioModel } from '../sim/radio/index.js';
import type { CommsConfig } from '../sim/Comms.js';
import type { TrialConfig } from '../sim/Trial.js';
import { DEFAULT_ROBOT_MODEL } from '../sim/RobotModel.js';
import { checkSpawnPositions, type SpawnStrategy } from '../sim/Spawn.js';
import { CONTROLLER_THREADS_PAY_FROM_ROBOTS, defaultWorkers, MAX_WORKERS, WORKERS_PAY_FROM_ROBOTS } from '../sim/WorldConfig.js';
import { CUSTOM_PROFILE_SYNTAX, findRobotProfile, ROBOT_PROFILES, type RobotProfile } from '../sim/robotProfiles.js';
import type { ErrorCode } from '../errors.js';
import { CliUsageError } from './Command.js';
import type { MapThread } from '../web/mapThread.js';
import { numberFlag } from './args.js';
import { parseSpawnFlag } from './spawnFlag.js';

/** Spread into a command's parseArgs options. */
export const TRIAL_FLAG_OPTIONS = {
  map: { type: 'string' },
  'max-cells': { type: 'string' },
  cell: { type: 'string' },
  robots: { type: 'string' },
  algorithm: { type: 'string' },
  controller: { type: 'string' },
  comm: { type: 'string' },
  'latency-ms': { type: 'string' },
  bandwidth: { type: 'string' },
  loss: { type: 'string' },
  spawn: { type: 'string' },
  seed: { type: 'string' },
  'robot-profile': { type: 'string' },
  workers: { type: 'string' },
  'controller-threads': { type: 'string' },
} as const;

/** Help line of --max-cells, for every command that loads a map file. */
export const MAX_CELLS_HELP = `  --max-cells N           most cells a map file may declare, checked before its pixels are
                          decoded (default ${DEFAULT_MAX_FILE_CELLS}, i.e. 2000 x 2000)`;

/** The --max-cells flag: the cell budget of a map file. */
export function maxCellsFlag(raw: string | undefined): number {
  return numberFlag('max-cells', raw, DEFAULT_MAX_FILE_CELLS, { min: 1, max: 1e9, integer: true });
}

/** Help lines of the radio network and spawn flags, the same in every command's --help. */
export const NETWORK_AND_SPAWN_HELP = `  --latency-ms MS         fixed delay added to every message, milliseconds (default 0)
  --bandwidth BPS         each robot's radio rate, bytes per second; a sender more than 1 s
                          behind drops its message (default unlimited)
  --loss P                chance in [0, 1] that a robot in range misses a message (default 0)
  --spawn <kind|at:...>   together | apart | biggest-room (default together), or given poses
                          'at:X,Y[,HEADING_DEG];X,Y...' in map metres, one per robot
  --cell M                simulation cell in metres: a finer map is resampled to it, keeping
                          every wall (default ${defaultSimCellM(DEFAULT_ROBOT_MODEL.radiusM)}, half the robot's diameter, so every
                          passage the robot fits through stays open); a coarser map is kept`;

/** Help line of --robot-profile (`serve` adds how it scales with physical robots). */
export const ROBOT_PROFILE_HELP = `  --robot-profile NAME    size and limits of the simulated robots: ${ROBOT_PROFILES.map((p) => p.name).join(' | ')}
                          (default maes: MAES's 0.6 m, 3 m/s robot), or a robot's Birth
                          capabilities by hand, ${CUSTOM_PROFILE_SYNTAX}
                          (metres, m/s; a physical robot, scaled like mona)`;

/** The registered algorithms whose controllers --controller-threads auto puts on the worker threads. */
const HEAVY_ALGORITHMS = algorithms
  .filter((a) => a.heavyControllers === true)
  .map((a) => a.name)
  .join(', ');

export const WORKERS_HELP = `  --workers N             threads casting the lidar's rays, 1 to ${MAX_WORKERS} (default on this machine:
                          ${defaultWorkers(1)} below ${WORKERS_PAY_FROM_ROBOTS} robots, ${defaultWorkers(WORKERS_PAY_FROM_ROBOTS)} from ${WORKERS_PAY_FROM_ROBOTS}); the trial's outcome is the same for any number
  --controller-threads auto|on|off
                          with --workers above 1, run a registered algorithm's controllers on
                          the worker threads too; the outcome is the same (default auto: on for
                          ${HEAVY_ALGORITHMS} from ${CONTROLLER_THREADS_PAY_FROM_ROBOTS} robots, where it pays on a 2-core machine)`;

/** The radio network flags in the units given; `bandwidthBytesPerS` is Infinity when unlimited. */
export interface RadioFlags {
  readonly latencyMs: number;
  readonly bandwidthBytesPerS: number;
  readonly lossProbability: number;
}

export type TrialFlagValues = { readonly [K in keyof typeof TRIAL_FLAG_OPTIONS]?: string };

export interface TrialFlags {
  /** The --map argument as given (the grid is loaded by loadGrid, after every cheap check). */
  readonly mapSpec: string;
  /** --max-cells: the cell budget of a map file. */
  readonly maxCells: number;
  /** --cell: the simulation cell in metres a finer map is resampled to. */
  readonly cellM: number;
  readonly robots: number;
  /** The algorithm spec as given, checked against the registry; the --controller spec when that is given. */
  readonly algorithm: string;
  /** --controller as given (a module loaded by loadControllerModule), undefined for a registered algorithm. */
  readonly controller: string | undefined;
  /** The --comm spec as given, and the model it names. */
  readonly commSpec: string;
  readonly comm: RadioModel;
  readonly radio: RadioFlags;
  /** `radio` as the World's comms network options (TrialConfig.network). */
  readonly network: NonNullable<CommsConfig['network']>;
  readonly spawn: SpawnStrategy;
  readonly seed: number;
  /** --robot-profile, undefined when not given (each command picks its default). */
  readonly robotProfile: RobotProfile | undefined;
  /** --workers: threads casting the lidar's rays (WorldConfig.workers); the outcome is the same for any number. */
  readonly workers: number;
  /** --controller-threads: the algorithm's controllers on the worker threads too (WorldConfig.controllerThreads). */
  readonly controllerThreads: boolean | 'auto';
}

/** Checks the shared trial flags; bad input is a CliUsageError naming the flag (`help` follows a missing --map). */
export function parseTrialFlags(v: TrialFlagValues, help: string, robotRange: { readonly min: number; readonly max: number }): TrialFlags {
  if (v.map === undefined) throw new CliUsageError(`--map is required\n\n${help}`);
  const robots = numberFlag('robots', v.robots, 1, { ...robotRange, integer: true });
  const seed = numberFlag('seed', v.seed, 0, { integer: true, min: -(2 ** 31), max: 2 ** 31 - 1 });
  const controller = v.controller;
  if (controller !== undefined && v.algorithm !== undefined) {
    throw new CliUsageError('--controller and --algorithm exclude each other: give a registered algorithm or your own controller module, not both');
  }
  const algorithm = controller ?? v.algorithm ?? 'frontier';
  if (controller === undefined) {
    asUsage('algorithm', () => {
      const { name, params } = parseAlgorithmSpec(algorithm);
      resolveAlgorithmParams(findAlgorithm(name), params);
    });
  }
  const commSpec = v.comm ?? 'global';
  const comm = asUsage('comm', () => parseCommSpec(commSpec));
  const radio: RadioFlags = {
    latencyMs: numberFlag('latency-ms', v['latency-ms'], 0, { min: 0, max: 3_600_000 }),
    bandwidthBytesPerS: numberFlag('bandwidth', v.bandwidth, Infinity, { min: 1 }),
    lossProbability: numberFlag('loss', v.loss, 0, { min: 0, max: 1 }),
  };
  const network = {
    fixedLatencyS: radio.latencyMs / 1000,
    bandwidthBytesPerS: radio.bandwidthBytesPerS,
    lossProbability: radio.lossProbability,
  };
  const spawn = parseSpawnFlag(v.spawn, robots);
  const profileName = v['robot-profile'];
  const robotProfile = profileName === undefined ? undefined : asUsage('robot-profile', () => findRobotProfile(profileName));
  // The default cell follows the simulated robot's size (a physical profile is scaled later, so
  // its map-frame size is not known here: the MAES robot's default then stands).
  const robotRadiusM = robotProfile && !robotProfile.physical ? robotProfile.model.radiusM : DEFAULT_ROBOT_MODEL.radiusM;
  const cellM = numberFlag('cell', v.cell, defaultSimCellM(robotRadiusM), { min: 0.01, max: 100 });
  const workers = numberFlag('workers', v.workers, defaultWorkers(robots), { min: 1, max: MAX_WORKERS, integer: true });
  const controllerThreads = autoOnOffFlag('controller-threads', v['controller-threads']);
  if (controllerThreads === true && controller !== undefined) {
    throw new CliUsageError(
      "--controller-threads on runs a registered algorithm's controllers on worker threads; a --controller module runs on the main thread",
    );
  }
  return {
    mapSpec: v.map,
    maxCells: maxCellsFlag(v['max-cells']),
    cellM,
    robots,
    algorithm,
    controller,
    commSpec,
    comm,
    radio,
    network,
    spawn,
    seed,
    robotProfile,
    workers,
    controllerThreads,
  };
}

/** An auto|on|off flag (default auto), or a usage error naming it. */
function autoOnOffFlag(flag: string, raw: string | undefined): boolean | 'auto' {
  if (raw === undefined || raw === 'auto') return 'auto';
  if (raw === 'on' || raw === 'off') return raw === 'on';
  throw new CliUsageError(`--${flag} must be auto, on or off, got '${raw}'`);
}

/**
 * Turns a coded error from a parser (sdk, radio, spawn) into a usage error naming the flag; the
 * codes in `notTheFlags` (a fault of something else the call ran, e.g. a controller) pass as they are.
 */
export function asUsage<T>(flag: string, parse: () => T, notTheFlags: readonly ErrorCode[] = []): T {
  try {
    return parse();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && !(notTheFlags as readonly string[]).includes(code)) {
      throw new CliUsageError(`--${flag}: ${(error as Error).message}`);
    }
    throw error;
  }
}

/**
 * Loads the --map grid (any failure to produce one, a bad spec or a missing or malformed file,
 * is bad input), resamples it to the --cell simulation cell when it is finer, and checks given
 * --spawn positions against it.
 */
type GridFlags = Pick<TrialFlags, 'mapSpec' | 'maxCells' | 'cellM' | 'spawn'>;

export function loadGrid(flags: GridFlags): Grid {
  let grid: Grid;
  try {
    grid = resampleGrid(loadMap(flags.mapSpec, { maxCells: flags.maxCells }), flags.cellM);
  } catch (error) {
    throw mapUsageError(error);
  }
  return checkedSpawn(flags, grid);
}

/** loadGrid on a map thread (a request's map: the event loop goes on meanwhile). */
export async function loadGridOffThread(flags: GridFlags, thread: MapThread): Promise<Grid> {
  const grid = await thread.loadGrid(flags.mapSpec, flags.maxCells, flags.cellM).catch((error: unknown) => {
    throw mapUsageError(error);
  });
  return checkedSpawn(flags, grid);
}

/** Whatever the map could not be loaded for is the --map flag's problem. */
function mapUsageError(error: unknown): CliUsageError {
  return new CliUsageError(`--map: ${(error as Error).message}`);
}

function checkedSpawn(flags: GridFlags, grid: Grid): Grid {
  const spawn = flags.spawn;
  if (spawn.kind === 'positions') asUsage('spawn', () => checkSpawnPositions(grid, spawn.poses));
  return grid;
}

/** The part of a TrialConfig that the shared flags decide, on the grid loadGrid returned. */
export function trialConfigOf(flags: TrialFlags, grid: Grid): Pick<TrialConfig, 'grid' | 'robots' | 'algorithm' | 'comm' | 'network' | 'spawn' | 'seed'> {
  const { robots, algorithm, comm, network, spawn, seed } = flags;
  return { grid, robots, algorithm, comm, network, spawn, seed };
}
