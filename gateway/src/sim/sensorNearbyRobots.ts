import { MAX_NEARBY_ROBOTS_PER_STATE } from '@swarmgate/protocols';
import type { NearbyRobot } from '@swarmgate/sdk';
import { NearbyRobots } from './radio/index.js';
import type { Sensing } from './Sensing.js';
import type { SensorPlugin } from './sensors.js';
import { NONE, nearestFirst, type StateDropCounts } from './stateReadings.js';
import { DEFAULT_WORLD_CONFIG } from './WorldConfig.js';

/** The radio's NearbyRobots over the radio's poses (one update per tick, on first demand), built when a State is read. */
export const nearbyRobotsSensor: SensorPlugin = {
  name: 'nearby-robots',
  field: 'nearbyRobots',
  doc: 'Other robots within range: id, distance and bearing relative to the heading, from true poses.',
  noise: 'none',
  params: [
    { name: 'nearbyRangeM', unit: 'm', default: DEFAULT_WORLD_CONFIG.nearbyRangeM, doc: 'sensing range (MAES SenseNearbyAgentsRange)' },
    { name: 'nearbyBlockedByWalls', unit: 'bool', default: DEFAULT_WORLD_CONFIG.nearbyBlockedByWalls, doc: 'hide robots behind any wall cell' },
  ],
  create: (sensing) => new NearbyRobotsReader(sensing),
};

class NearbyRobotsReader {
  readonly onDemand = { field: 'nearbyRobots' as const, read: (slot: number, drops: StateDropCounts) => this.read(slot, drops) };
  private nearby: NearbyRobots | null = null;
  /** The radio pose buffer `nearby` was sized for, and the tick it was last updated at. */
  private poses: Float64Array | null = null;
  private tick = -1;
  /** Nearest-first selection scratch (indices into `out`). */
  private readonly order: number[] = [];

  constructor(private readonly sensing: Sensing) {}

  /** Robots in sensing range of `slot`, the nearest MAX_NEARBY_ROBOTS_PER_STATE (in slot order, as below the budget). */
  private read(slot: number, drops: StateDropCounts): readonly NearbyRobot[] {
    drops.nearbyRobots = 0;
    const world = this.sensing.world;
    const poses = world.comms.radioPoses;
    // No poses before the first radio-delivery phase; a new buffer when robots joined since.
    if (poses.length === 0) return NONE;
    if (poses !== this.poses) {
      const cfg = world.config;
      this.nearby = new NearbyRobots(world.grid, poses.length / 3, {
        rangeM: cfg.nearbyRangeM,
        blockedByWalls: cfg.nearbyBlockedByWalls,
        stride: 3,
        wallClearance: world.wallClearance,
      });
      this.poses = poses;
      this.tick = -1;
    }
    const nearby = this.nearby as NearbyRobots;
    // Computed once per tick on first demand: poses do not change during control.
    if (this.tick !== world.tick) {
      nearby.update(poses, this.sensing.lidarThreads);
      this.tick = world.tick;
    }
    // A robot added since the last radio phase has no row in this tick's lists yet.
    if (slot >= poses.length / 3) return NONE;
    const count = nearby.count(slot);
    if (count === 0) return NONE;
    // Sized once: pushing to [] allocates room for 17 entries at the first push (and more past
    // that) per robot per tick, where a list is a few entries long.
    const out = new Array<NearbyRobot>(count);
    let kept = 0;
    for (let k = 0; k < count; k++) {
      const j = nearby.id(slot, k);
      if (!world.table.active[j]) continue;
      out[kept++] = { id: world.idOf(j), distanceM: nearby.distanceM(slot, k), bearingRad: nearby.bearingRad(slot, k) };
    }
    out.length = kept;
    drops.nearbyRobots = Math.max(0, out.length - MAX_NEARBY_ROBOTS_PER_STATE);
    if (drops.nearbyRobots === 0) return out;
    // Over budget (a crowd): the nearest, ties by slot order, kept in slot order as below the budget.
    const order = nearestFirst(this.order, out.length, (k) => out[k].distanceM, MAX_NEARBY_ROBOTS_PER_STATE);
    return order.map((k) => out[k]);
  }
}
