import { totalmem } from 'node:os';
import type { Grid } from '@swarmgate/maps';
import { SlamMap } from '@swarmgate/sdk';
import type { Random } from '@swarmgate/protocols';
import { SwarmgateError } from '../errors.js';
import { SUB } from './Lidar.js';
import { clampAbs } from './math.js';
import type { Sensing } from './Sensing.js';
import type { SensorPlugin } from './sensors.js';
import { DEFAULT_WORLD_CONFIG, slamIntervalTicks } from './WorldConfig.js';

const d = DEFAULT_WORLD_CONFIG;

/**
 * What the robots' SLAM maps may hold together: half of this machine's memory. A robot's map has
 * SUB x SUB cells per map cell, a byte each: 16 MB on a 4,000,000-cell map, so 1,600 robots there
 * were 26 GB, and the process was killed by the kernel before its first tick.
 */
export const SLAM_BUDGET_BYTES = Math.floor(totalmem() / 2);

/** Throws SG_SLAM_BUDGET when `robots` robots' SLAM maps on `grid` would exceed SLAM_BUDGET_BYTES. */
export function checkSlamBudget(grid: Pick<Grid, 'width' | 'height'>, robots: number): void {
  const perRobot = grid.width * SUB * grid.height * SUB;
  if (robots * perRobot <= SLAM_BUDGET_BYTES) return;
  const mb = (bytes: number): string => (bytes >= 1e9 ? `${(bytes / 1e9).toFixed(1)} GB` : `${(bytes / 1e6).toFixed(1)} MB`);
  throw new SwarmgateError(
    'SG_SLAM_BUDGET',
    `${robots} robots' SLAM maps would take ${mb(robots * perRobot)} (${mb(perRobot)} each on this ${grid.width} x ${grid.height} map), ` +
      `over the budget of ${mb(SLAM_BUDGET_BYTES)} (half of this machine's memory): at most ${Math.floor(SLAM_BUDGET_BYTES / perRobot)} robots here, or a coarser --cell`,
  );
}

/**
 * Each robot's SLAM map (written by the lidar's rays on SLAM ticks), its pose-estimate error, and
 * the automatic merge within communication groups.
 */
export const slamSensor: SensorPlugin = {
  name: 'slam',
  field: 'map, pose',
  doc: 'Occupancy map at 2x tile resolution (unknown/open/solid, solid dominates) built from the lidar at the true pose; merged within communication groups when enabled.',
  noise: 'pose estimate = true pose + per-axis bounded random walk (MAES SlamPositionInaccuracy)',
  params: [
    { name: 'updateIntervalS', unit: 's', default: d.slam.updateIntervalS, doc: 'integrate a scan this often (nearest whole tick, at least one)' },
    { name: 'positionErrorM', unit: 'm', default: d.slam.positionErrorM, doc: 'bound of the pose error per axis; step U(-1,1) * bound / 10 per tick' },
    {
      name: 'mergeIntervalS',
      unit: 's',
      default: d.slam.mergeIntervalS,
      doc: 'automatic merge in connected comm groups this often (nearest whole tick); 0 = off',
    },
  ],
  create: (sensing) => new Slam(sensing),
};

class Slam {
  private readonly poseRngs: (Random | null)[] = [];
  /** SLAM maps made (a removed robot's is kept with its slot). */
  private maps = 0;
  private groupLeader = new Int32Array(0);

  private readonly mergeEveryTicks: number;

  constructor(private readonly sensing: Sensing) {
    this.mergeEveryTicks = slamIntervalTicks(sensing.world.config).mergeTicks;
  }

  /** Robots joining one by one (physical twins) are held to the budget a trial's robots are (Trial). */
  admitRobot(): void {
    checkSlamBudget(this.sensing.world.grid, this.maps + 1);
  }

  onRobotAdded(slot: number, id: string): void {
    this.maps++;
    const world = this.sensing.world;
    // Shared memory: the lidar's threads write the cells its rays walk (LidarThreads.ts).
    this.sensing.slamMaps[slot] = SlamMap.forGrid(world.grid, SUB, true);
    this.poseRngs[slot] = world.config.slam.positionErrorM > 0 ? world.rng.fork(`slam-pose:${id}`) : null;
  }

  /** MAES SlamMap.UpdateApproxPosition: err = clamp(err + U(-1, 1) * bound / 10, -bound, bound). */
  senseRobot(slot: number): void {
    const rng = this.poseRngs[slot];
    if (!rng) return;
    const world = this.sensing.world;
    const t = world.table;
    const bound = world.config.slam.positionErrorM;
    t.errXM[slot] = clampAbs(t.errXM[slot] + rng.uniform(-1, 1) * bound * 0.1, bound);
    t.errYM[slot] = clampAbs(t.errYM[slot] + rng.uniform(-1, 1) * bound * 0.1, bound);
  }

  /** senseRobot steps robot i's own pose error from its own random stream. */
  readonly robotLocal = true;

  endTickDue(tick: number): boolean {
    const mergeEvery = this.mergeEveryTicks;
    return mergeEvery > 0 && tick % mergeEvery === 0;
  }

  endTick(tick: number): void {
    if (this.endTickDue(tick)) this.mergeWithinGroups();
  }

  /**
   * MAES DistributeSlam: every map of a communication group becomes the union of the group's
   * maps (solid dominates). Merge all into the group's first robot, then that back into the rest.
   */
  private mergeWithinGroups(): void {
    const world = this.sensing.world;
    const maps = this.sensing.slamMaps;
    const groups = world.comms.groups();
    if (!groups) return;
    const t = world.table;
    if (this.groupLeader.length < t.count) this.groupLeader = new Int32Array(t.capacity);
    const leader = this.groupLeader;
    leader.fill(-1);
    for (let i = 0; i < t.count; i++) {
      if (!t.active[i] || groups.sizes[groups.groupOf[i]] < 2) continue;
      const g = groups.groupOf[i];
      if (leader[g] < 0) leader[g] = i;
      else (maps[leader[g]] as SlamMap).mergeFrom(maps[i] as SlamMap);
    }
    for (let i = 0; i < t.count; i++) {
      if (!t.active[i] || groups.sizes[groups.groupOf[i]] < 2) continue;
      const l = leader[groups.groupOf[i]];
      if (l !== i) (maps[i] as SlamMap).mergeFrom(maps[l] as SlamMap);
    }
  }
}
