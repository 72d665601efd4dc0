import { availableParallelism } from 'node:os';
/**
 * Everything that parameterises a simulated trial's physics and sensing. Defaults follow
 * MAES so that results compare; each field's unit is in its name.
 */
import { MAX_SCAN_RAYS } from '@swarmgate/protocols';
import { SwarmgateError } from '../errors.js';
import { DEFAULT_ROBOT_MODEL, type RobotModel } from './RobotModel.js';

export interface LidarConfig {
  readonly rangeM: number;
  /** Rays over 360 deg; MAES: floor(2 pi range * 2). */
  readonly rayCount: number;
}

export interface SlamConfig {
  /** Integrate scans into each robot's SLAM map every this many seconds (MAES presets: every tick, 0.1 s). */
  readonly updateIntervalS: number;
  /** Bound of the per-axis random-walk pose error (MAES SlamPositionInaccuracy); 0 = exact. */
  readonly positionErrorM: number;
  /** Merge maps within connected communication groups every this many seconds; 0 = never automatically. */
  readonly mergeIntervalS: number;
}

export interface WorldConfig {
  readonly seed: number | string;
  readonly physicsStepS: number;
  readonly stepsPerTick: number;
  readonly velocityIterations: number;
  readonly positionIterations: number;
  /** planck's time-of-impact sub-stepping (off: robots are too slow to tunnel through walls). */
  readonly continuousPhysics: boolean;
  /**
   * Step robots that cannot touch anything this tick outside planck (FreeFlight.ts): the same
   * motion, a fraction of the cost. Off only to compare against planck's own stepping.
   */
  readonly integrateFreeRobots: boolean;
  readonly robot: RobotModel;
  readonly lidar: LidarConfig;
  readonly nearbyRangeM: number;
  readonly nearbyBlockedByWalls: boolean;
  readonly tagReadRangeM: number;
  readonly slam: SlamConfig;
  /**
   * Threads that cast the lidar's wall rays: this one and `workers - 1` worker threads over
   * shared memory (LidarThreads.ts). The outcome is the same for any number (tested).
   */
  readonly workers: number;
  /**
   * With workers above 1, a trial's registered algorithm runs its controllers on the worker
   * threads too (robot slot mod threads; threadControl.ts): the same outcome (tested). 'auto'
   * (the default) does so where it pays on a 2-core machine: an algorithm that declares
   * heavyControllers, from CONTROLLER_THREADS_PAY_FROM_ROBOTS robots (BENCHMARKS.md,
   * "Controllers on worker threads"). Elsewhere the casts already fill the second core while the
   * main thread runs the controllers, and the threads' overhead costs more than they give.
   */
  readonly controllerThreads: boolean | 'auto';
}

/**
 * From this many robots, controllers declared heavy run on the worker threads by default
 * (controllerThreads 'auto'). Measured on 2 cores with 2 threads (BENCHMARKS.md, "Controllers on
 * worker threads, by algorithm": `npm run bench -- controller-threads`): with 120 and 200 robots
 * greed, cme, tnf, ssb and minotaur ran 1.02-1.56x faster with their controllers on both
 * threads, frontier, random and lvd 0.81-0.98x; with 32 robots most lost (0.63-1.08x: the
 * threads' per-tick overhead outweighs what they share at that size).
 */
export const CONTROLLER_THREADS_PAY_FROM_ROBOTS = 100;

/** More lidar threads than this cannot pay on any machine the engine targets. */
export const MAX_WORKERS = 64;

/**
 * The lidar threads the CLI uses for a trial of `robots` robots when not told (`--workers`): one
 * per core up to DEFAULT_WORKERS_CAP from WORKERS_PAY_FROM_ROBOTS robots, else 1. Measured on a
 * 2-core machine (BENCHMARKS.md, "Simulator engine with lidar worker threads"): a second thread
 * shortens the main thread's work per robot-tick from 100 robots on (53-59 -> 42-44 us; 61-62 ->
 * 45-51 us at 1000) and the wall time per robot-tick from about 100 (60-63 -> 58-59 us; 300 robots
 * 61-65 -> 45-46), and at 10 robots lengthens both (wall 83-85 -> 129-138 us), its start-up
 * then weighing most (about 0.3 CPU s when measured; about 0.1 since a worker runs a bundle, tsWorker.ts).
 */
export function defaultWorkers(robots: number): number {
  return robots >= WORKERS_PAY_FROM_ROBOTS ? Math.max(1, Math.min(availableParallelism(), DEFAULT_WORKERS_CAP)) : 1;
}
const DEFAULT_WORKERS_CAP = 2;
/** From this many robots a second lidar thread pays (defaultWorkers). */
export const WORKERS_PAY_FROM_ROBOTS = 32;

export function lidarRayCount(rangeM: number): number {
  return Math.floor(2 * Math.PI * rangeM * 2);
}

/** Simulated seconds per logic tick. */
export function tickSeconds(config: Pick<WorldConfig, 'physicsStepS' | 'stepsPerTick'>): number {
  return config.physicsStepS * config.stepsPerTick;
}

/**
 * The SLAM intervals in logic ticks: the one place their seconds become ticks. Each is the
 * nearest whole number of ticks, at least one (a merge interval of 0 s stays 0: off).
 */
export function slamIntervalTicks(config: Pick<WorldConfig, 'physicsStepS' | 'stepsPerTick' | 'slam'>): { updateTicks: number; mergeTicks: number } {
  const tickS = tickSeconds(config);
  const toTicks = (seconds: number): number => Math.max(1, Math.round(seconds / tickS));
  return { updateTicks: toTicks(config.slam.updateIntervalS), mergeTicks: config.slam.mergeIntervalS > 0 ? toTicks(config.slam.mergeIntervalS) : 0 };
}

export const DEFAULT_WORLD_CONFIG: WorldConfig = {
  seed: 0,
  physicsStepS: 0.01,
  stepsPerTick: 10,
  velocityIterations: 8,
  positionIterations: 3,
  continuousPhysics: false,
  integrateFreeRobots: true,
  robot: DEFAULT_ROBOT_MODEL,
  lidar: { rangeM: 10, rayCount: lidarRayCount(10) },
  nearbyRangeM: 20,
  nearbyBlockedByWalls: true,
  tagReadRangeM: 2,
  slam: { updateIntervalS: 0.1, positionErrorM: 0, mergeIntervalS: 0 },
  workers: 1,
  controllerThreads: 'auto',
};

export interface WorldConfigInput extends Partial<Omit<WorldConfig, 'robot' | 'lidar' | 'slam'>> {
  readonly robot?: Partial<RobotModel>;
  readonly lidar?: Partial<LidarConfig>;
  readonly slam?: Partial<SlamConfig>;
}

/**
 * Fills defaults (a lidar range without a ray count gets MAES's count for that range) and checks
 * every number, throwing SG_SIM_CONFIG naming the first bad option.
 */
export function resolveWorldConfig(input: WorldConfigInput = {}): WorldConfig {
  const d = DEFAULT_WORLD_CONFIG;
  const rangeM = input.lidar?.rangeM ?? d.lidar.rangeM;
  const config: WorldConfig = {
    ...d,
    ...input,
    robot: { ...d.robot, ...input.robot },
    lidar: { rangeM, rayCount: input.lidar?.rayCount ?? lidarRayCount(rangeM) },
    slam: { ...d.slam, ...input.slam },
  };
  const positive: [string, number][] = [
    ['physicsStepS', config.physicsStepS],
    ['lidar.rangeM', config.lidar.rangeM],
    ['nearbyRangeM', config.nearbyRangeM],
    ['tagReadRangeM', config.tagReadRangeM],
    ['robot.radiusM', config.robot.radiusM],
    ['robot.massKg', config.robot.massKg],
    ['robot.linearDampingPerS', config.robot.linearDampingPerS],
    ['robot.angularDampingPerS', config.robot.angularDampingPerS],
    ['robot.maxSpeedMps', config.robot.maxSpeedMps],
    ['robot.maxAngularRadps', config.robot.maxAngularRadps],
    ['robot.wheelBaseM', config.robot.wheelBaseM],
    ['robot.speedFactor', config.robot.speedFactor],
  ];
  for (const [name, value] of positive) {
    if (!(value > 0) || !Number.isFinite(value)) throw new SwarmgateError('SG_SIM_CONFIG', `${name} must be a positive number, got ${value}`);
  }
  const counts: [string, number, number][] = [
    ['stepsPerTick', config.stepsPerTick, 1],
    ['velocityIterations', config.velocityIterations, 1],
    ['positionIterations', config.positionIterations, 0],
    ['lidar.rayCount', config.lidar.rayCount, 1],
    ['workers', config.workers, 1],
  ];
  for (const [name, value, min] of counts) {
    if (!Number.isInteger(value) || value < min) throw new SwarmgateError('SG_SIM_CONFIG', `${name} must be an integer >= ${min}, got ${value}`);
  }
  if (config.workers > MAX_WORKERS) throw new SwarmgateError('SG_SIM_CONFIG', `workers must be at most ${MAX_WORKERS}, got ${config.workers}`);
  if (config.lidar.rayCount > MAX_SCAN_RAYS) {
    // Every ray travels in each State (4 bytes): the State budget (docs/limits.md) assumes at most this many.
    throw new SwarmgateError('SG_SIM_CONFIG', `lidar.rayCount must be at most MAX_SCAN_RAYS (${MAX_SCAN_RAYS}), got ${config.lidar.rayCount}`);
  }
  const { updateIntervalS, mergeIntervalS } = config.slam;
  if (!(updateIntervalS > 0) || !Number.isFinite(updateIntervalS)) {
    throw new SwarmgateError('SG_SIM_CONFIG', `slam.updateIntervalS must be a positive number of seconds, got ${updateIntervalS}`);
  }
  if (!(mergeIntervalS >= 0) || !Number.isFinite(mergeIntervalS)) {
    throw new SwarmgateError('SG_SIM_CONFIG', `slam.mergeIntervalS must be a number of seconds >= 0 (0 = off), got ${mergeIntervalS}`);
  }
  const err = config.slam.positionErrorM;
  if (!(err >= 0) || !Number.isFinite(err)) throw new SwarmgateError('SG_SIM_CONFIG', `slam.positionErrorM must be >= 0, got ${err}`);
  return config;
}
