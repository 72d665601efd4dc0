/**
 * One headless trial: a world on a map, N robots spawned by a strategy and driven by a
 * registered algorithm, a radio model, and the metrics, run until the exploration target or
 * the tick limit. `swarmgate run` and the benchmarks are thin shells around this.
 */
import type { Grid } from '@swarmgate/maps';
import { findAlgorithm, parseAlgorithmSpec, resolveAlgorithmParams } from '@swarmgate/sdk';
import { parseCommSpec, type RadioModel } from './radio/index.js';
import { spawnPoses, type SpawnStrategy } from './Spawn.js';
import { TrialMetrics, type FinalMetrics } from './TrialMetrics.js';
import { World } from './World.js';
import type { WorldConfigInput } from './WorldConfig.js';
import type { CommsConfig } from './Comms.js';

export interface TrialConfig {
  readonly grid: Grid;
  readonly robots: number;
  /** Algorithm spec: a registered name with optional parameters, e.g. `frontier:shareEveryTicks=10`. */
  readonly algorithm: string;
  /** --comm spec or a model. */
  readonly comm: string | RadioModel;
  readonly network?: CommsConfig['network'];
  readonly spawn: SpawnStrategy;
  readonly seed: number;
  readonly targetExplored: number;
  readonly maxTicks: number;
  readonly world?: WorldConfigInput;
  readonly sampleEveryTicks?: number;
}

export class Trial {
  readonly world: World;
  readonly metrics: TrialMetrics;

  constructor(readonly config: TrialConfig) {
    const world = new World(config.grid, { ...config.world, seed: config.seed });
    const model = typeof config.comm === 'string' ? parseCommSpec(config.comm) : config.comm;
    world.comms.configure({ model, network: config.network });
    const { name, params } = parseAlgorithmSpec(config.algorithm);
    const algorithm = findAlgorithm(name);
    const resolved = resolveAlgorithmParams(algorithm, params);
    const poses = spawnPoses(config.grid, config.robots, config.spawn, world.rng.fork('spawn'));
    poses.forEach((pose, index) => {
      const id = `r${index}`;
      const controller = algorithm.create({
        seed: config.seed,
        rng: world.rng.fork(`algorithm:${id}`),
        robotId: id,
        robotIndex: index,
        robotCount: config.robots,
        tileSizeM: config.grid.cellSizeM,
        params: resolved,
      });
      world.addRobot({ id, pose, controller });
    });
    this.world = world;
    this.metrics = new TrialMetrics(world, {
      targetExplored: config.targetExplored,
      sampleEveryTicks: config.sampleEveryTicks,
    });
  }

  get finished(): boolean {
    return this.metrics.done || this.world.tick >= this.config.maxTicks;
  }

  /** Steps until finished; `onTick` (e.g. a progress bar) runs after every tick. */
  run(onTick?: (trial: Trial) => void): FinalMetrics {
    while (!this.finished) {
      this.world.step();
      onTick?.(this);
    }
    return this.metrics.final();
  }

  get simSeconds(): number {
    const cfg = this.world.config;
    return this.world.tick * cfg.physicsStepS * cfg.stepsPerTick;
  }
}
