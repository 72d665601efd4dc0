/**
 * One headless trial: a world on a map, N robots spawned by a strategy and driven by a
 * registered algorithm, a radio model, and the metrics, run until the exploration target or
 * the tick limit. `swarmgate run` and the benchmarks are thin shells around this.
 */
import { CELLS_PER_STEP, finishInSteps, robotRegions, robotRegionsSteps, type Grid, type Regions } from '@swarmgate/maps';
import { findAlgorithm, parseAlgorithmSpec, resolveAlgorithmParams, type AlgorithmInfo, type Controller, type Pose } from '@swarmgate/sdk';
import { parseCommSpec, type RadioModel } from './radio/index.js';
import { checkSlamBudget } from './sensorSlam.js';
import { spawnPoses, type SpawnStrategy } from './Spawn.js';
import { metricsGroundSteps, TrialMetrics, type FinalMetrics, type MetricsGround } from './TrialMetrics.js';
import { World } from './World.js';
import { CONTROLLER_THREADS_PAY_FROM_ROBOTS, tickSeconds, type WorldConfigInput } from './WorldConfig.js';
import type { CommsConfig } from './Comms.js';
import { virtualRobotId } from './virtualRobotId.js';

export interface TrialConfig {
  readonly grid: Grid;
  readonly robots: number;
  /** Algorithm spec: a registered name with optional parameters, e.g. `frontier:shareEveryS=1`. */
  readonly algorithm: string;
  /**
   * An unregistered algorithm (a user's controller module) run instead of looking `algorithm`
   * up in the registry; `algorithm`'s parameters are checked against its declared ones.
   */
  readonly controller?: AlgorithmInfo;
  /** --comm spec or a model. */
  readonly comm: string | RadioModel;
  readonly network?: CommsConfig['network'];
  readonly spawn: SpawnStrategy;
  readonly seed: number;
  readonly targetExplored: number;
  readonly maxTicks: number;
  readonly world?: WorldConfigInput;
  readonly sampleEveryTicks?: number;
  /** Robot ids whose controller runs in another process (MQTT link): spawned without one. */
  readonly remoteControlled?: ReadonlySet<string>;
}

/** What a trial's robots are added to: its world, where they can go, their spawn poses and what the metrics count against (the long part on a large map). */
interface TrialGround {
  readonly world: World;
  /** robotRegions for the world's robot: where spawn places robots, and what the metrics count as explorable. */
  readonly regions: Regions;
  readonly poses: readonly Pose[];
  /** From the spawn poses: the robots are added at them, so the same cells as from the robots. */
  readonly metrics: MetricsGround;
}

function worldConfigOf(config: TrialConfig): WorldConfigInput {
  return { ...config.world, seed: config.seed };
}

function newWorld(config: TrialConfig): World {
  // Up front: robot by robot (World.addRobot) a trial over the budget fills it before it is refused.
  checkSlamBudget(config.grid, config.robots);
  return new World(config.grid, worldConfigOf(config));
}

/** newWorld in steps (World.build). */
async function buildWorld(config: TrialConfig, between: () => Promise<void>): Promise<World> {
  checkSlamBudget(config.grid, config.robots);
  return World.build(config.grid, worldConfigOf(config), between);
}

function regionsFor(config: TrialConfig, world: World): Regions {
  return robotRegions(config.grid, world.config.robot.radiusM);
}

/** regionsFor in steps. */
function buildRegions(config: TrialConfig, world: World, between: () => Promise<void>): Promise<Regions> {
  return finishInSteps(robotRegionsSteps(config.grid, world.config.robot.radiusM, CELLS_PER_STEP), between);
}

function spawnFor(config: TrialConfig, world: World, regions: Regions): Pose[] {
  return spawnPoses(config.grid, config.robots, config.spawn, world.rng.fork('spawn'), world.config.robot.radiusM, regions);
}

/** The metrics' ground in steps, from the spawn poses (metricsGroundSteps). */
function buildMetricsGround(config: TrialConfig, world: World, regions: Regions, poses: readonly Pose[], between: () => Promise<void>): Promise<MetricsGround> {
  return finishInSteps(metricsGroundSteps(config.grid, regions, poses, world.config.robot.radiusM), between);
}

export class Trial {
  readonly world: World;
  readonly metrics: TrialMetrics;
  /** Where the world's robot can go (robotRegions): the spawn's and the metrics', kept for robots that join later. */
  readonly regions: Regions;
  private readonly algorithm: AlgorithmInfo;
  private readonly algorithmParams: Record<string, number>;

  /**
   * A trial in steps, `between()` awaited after each long one (the world's, World.build; the
   * regions', robotRegionsSteps; the spawn poses; the metrics' explorable cells and coverage grid,
   * metricsGroundSteps), so a gateway building it goes on serving meanwhile: on a 2000 x 2000 map
   * each step takes at most a few tenths of a second. The same trial as `new Trial(config)`: the
   * steps run the same code, and every random stream is forked by name from the seed.
   */
  static async build(config: TrialConfig, between: () => Promise<void>): Promise<Trial> {
    const world = await buildWorld(config, between);
    await between();
    const regions = await buildRegions(config, world, between);
    await between();
    const poses = spawnFor(config, world, regions);
    await between();
    const metrics = await buildMetricsGround(config, world, regions, poses, between);
    await between();
    return new Trial(config, { world, regions, poses, metrics });
  }

  /** `ground`: the world, regions, spawn poses and metrics' ground built already (Trial.build); default: built here. */
  constructor(
    readonly config: TrialConfig,
    ground?: TrialGround,
  ) {
    const world = ground?.world ?? newWorld(config);
    const model = typeof config.comm === 'string' ? parseCommSpec(config.comm) : config.comm;
    world.comms.configure({ model, network: config.network });
    const { name, params } = parseAlgorithmSpec(config.algorithm);
    this.algorithm = config.controller ?? findAlgorithm(name);
    this.algorithmParams = resolveAlgorithmParams(this.algorithm, params);
    this.world = world;
    const regions = ground?.regions ?? regionsFor(config, world);
    this.regions = regions;
    const poses = ground?.poses ?? spawnFor(config, world, regions);
    // With worker threads a registered algorithm's controllers may run on them too (threadControl.ts).
    const setting = world.config.controllerThreads;
    const pays = this.algorithm.heavyControllers === true && config.robots >= CONTROLLER_THREADS_PAY_FROM_ROBOTS;
    const onThreads = config.controller === undefined && world.config.workers > 1 && (setting === 'auto' ? pays : setting);
    if (onThreads) {
      world.runControllersFromRecipe({
        algorithm: name,
        params: this.algorithmParams,
        seed: config.seed,
        robotCount: config.robots,
        tileSizeM: config.grid.cellSizeM,
        tickS: tickSeconds(world.config),
        limits: world.actionLimits,
        wheelBaseM: world.config.robot.wheelBaseM,
      });
    }
    poses.forEach((pose, index) => {
      const id = virtualRobotId(index);
      if (config.remoteControlled?.has(id)) world.addRobot({ id, pose });
      else if (onThreads) world.addRobot({ id, pose, recipeIndex: index });
      else world.addRobot({ id, pose, controller: this.createController(id, index) });
    });
    this.metrics = new TrialMetrics(
      world,
      {
        targetExplored: config.targetExplored,
        sampleEveryTicks: config.sampleEveryTicks,
      },
      regions,
      ground?.metrics,
    );
  }

  /** A controller of the trial's algorithm for robot `id` (also for HIL twins joining later). */
  createController(id: string, robotIndex: number): Controller {
    return this.algorithm.create({
      seed: this.config.seed,
      rng: this.world.rng.fork(`algorithm:${id}`),
      robotId: id,
      robotIndex,
      robotCount: this.config.robots,
      tileSizeM: this.config.grid.cellSizeM,
      tickS: tickSeconds(this.world.config),
      params: this.algorithmParams,
    });
  }

  get finished(): boolean {
    return this.metrics.done || this.world.tick >= this.config.maxTicks;
  }

  /**
   * One logic tick, unless the trial is finished, for notebooks and tests that look at the world
   * between ticks; true while there are ticks left. Stepping to the end is run() without the loop.
   */
  step(): boolean {
    if (this.finished) return false;
    this.world.step();
    return !this.finished;
  }

  /** Steps until finished; `onTick` (e.g. a progress bar) runs after every tick. */
  run(onTick?: (trial: Trial) => void): FinalMetrics {
    while (!this.finished) {
      this.step();
      onTick?.(this);
    }
    return this.metrics.final();
  }

  get simSeconds(): number {
    const cfg = this.world.config;
    return this.world.tick * cfg.physicsStepS * cfg.stepsPerTick;
  }
}
