/**
 * The in-process Robot: what a controller holds. Actions write the robot's latched command slot
 * (applied by the next act phase, so controller order never changes a result); state() returns
 * a fresh snapshot each call, never a view of engine buffers.
 *
 * The snapshot rule (every backend's): a state is what the robot sensed at its tick, whenever it
 * is read. Its scan and its sensors' readings (nearby robots and tags, inbox, collision) are
 * built on first read, from the engine's buffers of that tick; the World settles (builds)
 * whatever is still unread before the next step or structural change overwrites those buffers,
 * so a state kept and read ten ticks later holds its own tick's scan, inbox and neighbours.
 */
import type { CollisionState, InboxMessage, LidarScan, NearbyRobot, NearbyTag, Pose, RobotState, RobotStatus, SlamMapView, StateDrops } from '@swarmgate/sdk';
import { NONE, type StateDropCounts } from './stateReadings.js';
import { LatchingRobot, statusOf } from './LatchingRobot.js';
import type { World } from './World.js';

export class SimRobot extends LatchingRobot {
  constructor(
    private readonly world: World,
    /** The robot's slot in the world's table. */
    readonly slot: number,
    readonly id: string,
  ) {
    super({ limits: world.actionLimits, clampWarnings: world.clampWarnings, wheelBaseM: world.config.robot.wheelBaseM });
  }

  get map(): SlamMapView {
    return this.world.sensing.slamMaps[this.slot] as SlamMapView;
  }

  state(): RobotState {
    const state = new SimRobotState(this.world, this.slot);
    this.world.holdOpenState(state);
    return state;
  }

  protected latched(): number {
    return this.world.table.latch[this.slot];
  }

  protected currentStatus(): RobotStatus {
    return statusOf(this.world.table.action[this.slot]);
  }

  protected writeLatch(kind: number, a: number, b: number): void {
    const t = this.world.table;
    t.latch[this.slot] = kind;
    t.latchA[this.slot] = a;
    t.latchB[this.slot] = b;
  }

  protected currentTick(): number {
    return this.world.tick;
  }

  protected broadcastsThisTick(): number {
    return this.world.comms.broadcastsThisTick(this.slot);
  }

  protected send(bytes: Uint8Array): void {
    this.world.comms.broadcast(this.slot, bytes);
  }

  protected tagsDeposited(): number {
    return this.world.comms.tagsDepositedBy(this.slot);
  }

  protected tagsInTrial(): number {
    return this.world.comms.tagCount;
  }

  protected storeTag(bytes: Uint8Array): void {
    this.world.comms.depositTag(this.slot, bytes);
  }
}

/**
 * Robot `slot`'s state at this tick with every list built now and no scan (a controller thread
 * reads the scan from the lidar's shared ranges): what a control run hands a thread.
 */
export function builtState(world: World, slot: number): RobotState {
  const s = new SimRobotState(world, slot);
  return {
    tick: s.tick,
    pose: s.pose,
    status: s.status,
    collision: s.collision,
    scan: null,
    nearbyRobots: s.nearbyRobots,
    inbox: s.inbox,
    nearbyTags: s.nearbyTags,
    batteryFraction: s.batteryFraction,
    ...(s.dropped ? { dropped: s.dropped } : {}),
  };
}

/** A state whose lists are built lazily from the engine's buffers of its tick. */
export interface OpenState {
  /** Builds every list not read yet (before the buffers of its tick are overwritten). */
  settle(): void;
}

/**
 * A snapshot of one robot's sensed state at one tick; the scan and the registered sensors'
 * on-demand readings (sensors.ts) are built on first read (or by settle(), at the latest before
 * the next step), each list cut to its budget (docs/limits.md) with what was left out counted
 * in `dropped`. A field no registered sensor fills stays empty.
 */
class SimRobotState implements RobotState, OpenState {
  readonly tick: number;
  readonly pose: Pose;
  readonly status: RobotStatus;
  readonly batteryFraction = null;
  private cachedNearby: readonly NearbyRobot[] | null = null;
  private cachedTags: readonly NearbyTag[] | null = null;
  private cachedInbox: readonly InboxMessage[] | null = null;
  private cachedCollision: CollisionState | null = null;
  private cachedScan: LidarScan | null = null;
  private readonly drops: StateDropCounts = { inbox: 0, nearbyTags: 0, nearbyRobots: 0 };

  constructor(
    private readonly world: World,
    private readonly slot: number,
  ) {
    this.tick = world.tick;
    this.pose = world.sensing.estimatePose(slot);
    this.status = statusOf(world.table.action[slot]);
  }

  settle(): void {
    void this.scan;
    void this.collision;
    this.buildBudgetedLists();
  }

  /** The lists with a budget, each of which counts what it left out as it is built. */
  private buildBudgetedLists(): void {
    void this.inbox;
    void this.nearbyTags;
    void this.nearbyRobots;
  }

  get scan(): LidarScan | null {
    if (this.tick === 0) return null;
    this.cachedScan ??= {
      angleMinRad: 0,
      angleIncrementRad: this.world.sensing.lidar.angleIncrementRad,
      rangeMaxM: this.world.sensing.lidar.rangeM,
      rangesM: this.world.sensing.scanCopy(this.slot),
    };
    return this.cachedScan;
  }

  get nearbyRobots(): readonly NearbyRobot[] {
    this.cachedNearby ??= this.world.sensing.read('nearbyRobots', this.slot, this.drops) ?? NONE;
    return this.cachedNearby;
  }

  get nearbyTags(): readonly NearbyTag[] {
    this.cachedTags ??= this.world.sensing.read('nearbyTags', this.slot, this.drops) ?? NONE;
    return this.cachedTags;
  }

  get inbox(): readonly InboxMessage[] {
    this.cachedInbox ??= this.world.sensing.read('inbox', this.slot, this.drops) ?? NONE;
    return this.cachedInbox;
  }

  get collision(): CollisionState {
    this.cachedCollision ??= this.world.sensing.read('collision', this.slot, this.drops) ?? { started: false, touching: false };
    return this.cachedCollision;
  }

  /** Builds every budgeted list (to know what each left out); undefined when nothing was. */
  get dropped(): StateDrops | undefined {
    this.buildBudgetedLists();
    const d = this.drops;
    return d.inbox + d.nearbyTags + d.nearbyRobots > 0 ? { ...d } : undefined;
  }
}
