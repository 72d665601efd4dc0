/**
 * The metrics phase (a world TickObserver): exploration, coverage, cost, safety and radio use,
 * every tick, sampled into a time series, and summarised at the end (Yan et al. 2017, MAES).
 * Explorable cells are the free cells a robot of the trial's size can reach from a robot's start
 * (robotRegions: where its body fits; on a 1 m map the free cells 4-connected to a start), so
 * closed pockets and specks no robot can enter do not hold the explored fraction below 1; how much
 * free space that leaves out is reported (unreachableFreeCells), never silently dropped.
 */
import { Cell, finishNow, type BuildSteps, type Grid, type Regions } from '@swarmgate/maps';
import type { SlamMap } from '@swarmgate/sdk';
import { Coverage } from './Coverage.js';
import { mapQuality } from './MapQuality.js';
import type { RobotTable } from './RobotTable.js';
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
  /** Free cells outside the explorable region: no robot of this size can reach them from the starts. */
  readonly unreachableFreeCells: number;
  /** unreachableFreeCells over all free cells of the map (0 when the map has none). */
  readonly unreachableFreeFraction: number;
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

/** A robot's centre, where the explorable cells are reached from. */
export interface RobotStart {
  readonly xM: number;
  readonly yM: number;
}

/**
 * What the metrics count against, a pure function of the grid, its regions and the robots' starts
 * (metricsGroundSteps): a trial built in steps makes it before its robots are added.
 */
export interface MetricsGround {
  /** 1 for the free cells of the regions the robots start in. */
  readonly explorable: Uint8Array;
  readonly explorableCount: number;
  /** Free cells of the map, reachable or not. */
  readonly freeCount: number;
  /** Nothing covered yet; its coverable sub-cells are the explorable cells'. */
  readonly coverage: Coverage;
}

/**
 * The metrics' ground in two steps of about equal length on a large map: the explorable cells and
 * the counts, then the coverage grid (four sub-cells a cell).
 */
export function* metricsGroundSteps(grid: Grid, regions: Regions, starts: readonly RobotStart[], radiusM: number): BuildSteps<MetricsGround> {
  const explorable = reachableFree(grid, regions, starts, radiusM);
  let explorableCount = 0;
  for (let c = 0; c < explorable.length; c++) explorableCount += explorable[c];
  let freeCount = 0;
  for (const value of grid.cells) if (value === Cell.Free) freeCount++;
  yield;
  return { explorable, explorableCount, freeCount, coverage: new Coverage(grid, explorable) };
}

export class TrialMetrics implements TickObserver {
  readonly explorable: Uint8Array;
  readonly explorableCount: number;
  /** Free cells of the map, reachable or not. */
  readonly freeCount: number;
  readonly coverage: Coverage;
  readonly samples: MetricsSample[] = [];
  explorationTicks: number | null = null;
  coverageTicks: number | null = null;
  private readonly sampleEveryTicks: number;

  /**
   * `regions`: robotRegions of the world's grid for its robot (the trial's, shared with its spawn).
   * `ground`: made already from the robots' spawn poses (Trial.build); default: made here from
   * where the world's robots are.
   */
  constructor(
    private readonly world: World,
    private readonly options: TrialMetricsOptions,
    regions: Regions,
    ground: MetricsGround = finishNow(metricsGroundSteps(world.grid, regions, activeRobots(world.table), world.config.robot.radiusM)),
  ) {
    this.sampleEveryTicks = options.sampleEveryTicks ?? 10;
    this.explorable = ground.explorable;
    this.explorableCount = ground.explorableCount;
    this.freeCount = ground.freeCount;
    this.coverage = ground.coverage;
    // After the robots are added: the cells their first scans reached count as explored.
    world.sensing.lidar.setExplorable(this.explorable);
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
    if (world.tick > 1) this.coverage.sweepRobots(t, radiusM, world.tick);
    if (this.explorationTicks === null && this.exploredFraction >= this.options.targetExplored) {
      this.explorationTicks = world.tick;
    }
    if (this.coverageTicks === null && this.coveredFraction >= this.options.targetExplored) {
      this.coverageTicks = world.tick;
    }
    if (world.tick % this.sampleEveryTicks === 0) this.samples.push(this.sample());
  }

  /** The metrics at the current tick (a time-series row; recordings write one every second). */
  sample(): MetricsSample {
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
      unreachableFreeCells: this.freeCount - this.explorableCount,
      unreachableFreeFraction: this.freeCount === 0 ? 0 : (this.freeCount - this.explorableCount) / this.freeCount,
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

/** The centres of the table's active robots. */
function activeRobots(t: RobotTable): RobotStart[] {
  const starts: RobotStart[] = [];
  for (let i = 0; i < t.count; i++) if (t.active[i]) starts.push({ xM: t.xM[i], yM: t.yM[i] });
  return starts;
}

/** Mask of the free cells in the regions the robots starting at `starts` stand in. */
function reachableFree(grid: Grid, regions: Regions, starts: readonly RobotStart[], radiusM: number): Uint8Array {
  const reached = new Set<number>();
  const reach = Math.ceil(radiusM / grid.cellSizeM);
  for (const start of starts) {
    const cx = Math.floor((start.xM - grid.originM.x) / grid.cellSizeM);
    const cy = Math.floor((start.yM - grid.originM.y) / grid.cellSizeM);
    if (cx < 0 || cy < 0 || cx >= grid.width || cy >= grid.height) continue;
    const own = regions.labels[cy * grid.width + cx];
    if (own >= 0) {
      reached.add(own);
      continue;
    }
    // At a fine cell the robot's centre may stand in a cell no whole footprint covers (next to a
    // wall) while its body lies in a region: take the regions under its body.
    for (let y = Math.max(0, cy - reach); y <= Math.min(grid.height - 1, cy + reach); y++) {
      for (let x = Math.max(0, cx - reach); x <= Math.min(grid.width - 1, cx + reach); x++) {
        const label = regions.labels[y * grid.width + x];
        if (label >= 0) reached.add(label);
      }
    }
  }
  const mask = new Uint8Array(grid.width * grid.height);
  for (let c = 0; c < mask.length; c++) if (reached.has(regions.labels[c])) mask[c] = 1;
  return mask;
}
