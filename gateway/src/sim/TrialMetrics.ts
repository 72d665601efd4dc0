/**
 * The metrics phase (a world TickObserver): exploration, coverage, cost, safety and radio use,
 * every tick, sampled into a time series, and summarised at the end (Yan et al. 2017, MAES).
 * Explorable cells are the free cells connected (4-neighbour) to a robot's start cell, so closed
 * pockets no robot can enter or see do not hold the explored fraction below 1.
 */
import { floodFill, type Grid } from '@swarmgate/maps';
import type { SlamMap } from '@swarmgate/sdk';
import { Coverage } from './Coverage.js';
import { mapQuality } from './MapQuality.js';
import { StateHasher } from './stateHash.js';
import type { TickObserver, World } from './World.js';

export interface MetricsSample {
  readonly tick: number;
  readonly exploredFraction: number;
  readonly coveredFraction: number;
  readonly distanceTotalM: number;
  readonly collisions: number;
  readonly messagesSent: number;
  /** Communication groups (connected components of the radio graph). */
  readonly commGroups: number;
  /** Largest group / robots (MAES "biggest cluster"). */
  readonly largestGroupFraction: number;
}

export interface FinalMetrics {
  readonly ticks: number;
  readonly exploredFraction: number;
  readonly coveredFraction: number;
  /** First tick at which exploredFraction >= target, or null. */
  readonly explorationTicks: number | null;
  readonly coverageTicks: number | null;
  readonly explorableCells: number;
  readonly distancePerRobotM: readonly number[];
  readonly distanceTotalM: number;
  /** Explored area (m^2) per metre travelled. */
  readonly efficiency: number;
  readonly collisions: number;
  readonly completeness: number;
  readonly mapQuality: number;
  readonly messagesSent: number;
  readonly bytesSent: number;
  readonly messagesReceived: number;
  readonly bytesReceived: number;
  readonly messagesSentPerRobot: readonly number[];
  readonly bytesSentPerRobot: readonly number[];
  readonly messagesReceivedPerRobot: readonly number[];
  readonly bytesReceivedPerRobot: readonly number[];
  readonly commGroups: number;
  readonly clampWarnings: number;
  readonly finalStateHash: string;
}

export interface TrialMetricsOptions {
  /** Explored fraction that ends exploration (MAES: 0.99). */
  readonly targetExplored: number;
  /** Ticks between time-series samples (MAES: 10). */
  readonly sampleEveryTicks?: number;
}

export class TrialMetrics implements TickObserver {
  readonly explorable: Uint8Array;
  readonly explorableCount: number;
  readonly coverage: Coverage;
  readonly samples: MetricsSample[] = [];
  explorationTicks: number | null = null;
  coverageTicks: number | null = null;
  private readonly sampleEveryTicks: number;

  constructor(private readonly world: World, private readonly options: TrialMetricsOptions) {
    this.sampleEveryTicks = options.sampleEveryTicks ?? 10;
    this.explorable = reachableFree(world);
    let count = 0;
    for (let c = 0; c < this.explorable.length; c++) count += this.explorable[c];
    this.explorableCount = count;
    world.sensing.lidar.setExplorable(this.explorable);
    this.coverage = new Coverage(world.grid, this.explorable);
    world.addObserver(this);
  }

  get exploredFraction(): number {
    return this.explorableCount === 0 ? 0 : this.world.sensing.lidar.exploredCount / this.explorableCount;
  }

  get coveredFraction(): number {
    return this.coverage.fraction;
  }

  /** True once the exploration target is reached. */
  get done(): boolean {
    return this.explorationTicks !== null;
  }

  afterTick(world: World): void {
    const t = world.table;
    const radiusM = world.config.robot.radiusM;
    // MAES skips coverage on the first tick (robots have not moved yet); a sweep of length 0
    // would credit the spawn footprint, which no robot drove over.
    if (world.tick > 1) {
      for (let i = 0; i < t.count; i++) {
        if (t.active[i]) this.coverage.sweep(t.prevXM[i], t.prevYM[i], t.xM[i], t.yM[i], radiusM, world.tick);
      }
    }
    if (this.explorationTicks === null && this.exploredFraction >= this.options.targetExplored) {
      this.explorationTicks = world.tick;
    }
    if (this.coverageTicks === null && this.coveredFraction >= this.options.targetExplored) {
      this.coverageTicks = world.tick;
    }
    if (world.tick % this.sampleEveryTicks === 0) this.samples.push(this.sample());
  }

  private sample(): MetricsSample {
    const t = this.world.table;
    let distance = 0;
    let collisions = 0;
    for (let i = 0; i < t.count; i++) {
      distance += t.distanceM[i];
      collisions += t.collisions[i];
    }
    const groups = this.world.comms.groups();
    const robots = this.world.robotIds().length;
    return {
      tick: this.world.tick,
      exploredFraction: this.exploredFraction,
      coveredFraction: this.coveredFraction,
      distanceTotalM: distance,
      collisions,
      messagesSent: sum(this.world.comms.totals().messagesSent),
      commGroups: groups?.count ?? robots,
      largestGroupFraction: groups && robots > 0 ? groups.largestSize / robots : 0,
    };
  }

  final(): FinalMetrics {
    const w = this.world;
    const t = w.table;
    const distancePerRobotM: number[] = [];
    let collisions = 0;
    const maps: SlamMap[] = [];
    for (let i = 0; i < t.count; i++) {
      distancePerRobotM.push(t.distanceM[i]);
      collisions += t.collisions[i];
      const map = w.sensing.slamMaps[i];
      if (t.active[i] && map) maps.push(map);
    }
    const distanceTotalM = sum(distancePerRobotM);
    const cellAreaM2 = w.grid.cellSizeM * w.grid.cellSizeM;
    const quality = mapQuality(w.grid, this.explorable, maps);
    const radio = w.comms.totals();
    return {
      ticks: w.tick,
      exploredFraction: this.exploredFraction,
      coveredFraction: this.coveredFraction,
      explorationTicks: this.explorationTicks,
      coverageTicks: this.coverageTicks,
      explorableCells: this.explorableCount,
      distancePerRobotM,
      distanceTotalM,
      efficiency: distanceTotalM > 0 ? (w.sensing.lidar.exploredCount * cellAreaM2) / distanceTotalM : 0,
      collisions,
      completeness: quality.completeness,
      mapQuality: quality.quality,
      messagesSent: sum(radio.messagesSent),
      bytesSent: sum(radio.bytesSent),
      messagesReceived: sum(radio.messagesReceived),
      bytesReceived: sum(radio.bytesReceived),
      messagesSentPerRobot: radio.messagesSent,
      bytesSentPerRobot: radio.bytesSent,
      messagesReceivedPerRobot: radio.messagesReceived,
      bytesReceivedPerRobot: radio.bytesReceived,
      commGroups: w.comms.groups()?.count ?? 0,
      clampWarnings: w.clampWarnings.count,
      finalStateHash: this.stateHash(),
    };
  }

  /** Hash of every robot's quantised pose, distance and collisions, and the coverage counters. */
  stateHash(): string {
    const w = this.world;
    const t = w.table;
    const h = new StateHasher().addInt(w.tick);
    for (let i = 0; i < t.count; i++) {
      if (!t.active[i]) continue;
      h.addQuantised(t.xM[i], 1e4).addQuantised(t.yM[i], 1e4).addQuantised(t.angleRad[i], 1e4);
      h.addQuantised(t.distanceM[i], 1e3).addInt(t.collisions[i]);
    }
    return h.addInt(w.sensing.lidar.exploredCount).addInt(this.coverage.coveredCount).hex();
  }
}

function sum(values: readonly number[]): number {
  let s = 0;
  for (const v of values) s += v;
  return s;
}

function reachableFree(world: World): Uint8Array {
  const grid: Grid = world.grid;
  const mask = new Uint8Array(grid.width * grid.height);
  const t = world.table;
  for (let i = 0; i < t.count; i++) {
    if (!t.active[i]) continue;
    const x = Math.floor((t.xM[i] - grid.originM.x) / grid.cellSizeM);
    const y = Math.floor((t.yM[i] - grid.originM.y) / grid.cellSizeM);
    if (x < 0 || y < 0 || x >= grid.width || y >= grid.height) continue;
    const start = y * grid.width + x;
    if (mask[start]) continue;
    for (const c of floodFill(grid, start)) mask[c] = 1;
  }
  return mask;
}
