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
import { MAX_BROADCASTS_PER_TICK, MAX_TAGS_PER_ROBOT, MAX_TAGS_TOTAL } from '@swarmgate/protocols';
import {
  SwarmgateError,
  payloadBytes,
  validateAction,
  type CollisionState,
  type InboxMessage,
  type LidarScan,
  type NearbyRobot,
  type NearbyTag,
  type Pose,
  type Robot,
  type RobotAction,
  type RobotState,
  type RobotStatus,
  type SlamMapView,
  type StateDrops,
} from '@swarmgate/sdk';
import { NONE, type StateDropCounts } from './stateReadings.js';
import { Latch } from './RobotTable.js';
import type { World } from './World.js';

const STATUS: readonly RobotStatus[] = ['idle', 'moving', 'rotating', 'driving'];

/** setVelocity's action, reused by every robot: validated and latched within the call, never kept. */
const velocityAction: RobotAction & { kind: 'velocity' } = { kind: 'velocity', linearMps: 0, angularRadps: 0 };

export class SimRobot implements Robot {
  constructor(
    private readonly world: World,
    /** The robot's slot in the world's table. */
    readonly slot: number,
    readonly id: string,
  ) {}

  get map(): SlamMapView {
    return this.world.sensing.slamMaps[this.slot] as SlamMapView;
  }

  state(): RobotState {
    const state = new SimRobotState(this.world, this.slot);
    this.world.holdOpenState(state);
    return state;
  }

  move(distanceM: number): void {
    const action = this.validate({ kind: 'move', distanceM });
    this.latch(Latch.Move, action.kind === 'move' ? action.distanceM : 0, 0);
  }

  rotate(degrees: number): void {
    const action = this.validate({ kind: 'rotate', degrees });
    this.latch(Latch.Rotate, action.kind === 'rotate' ? (action.degrees * Math.PI) / 180 : 0, 0);
  }

  setVelocity(linearMps: number, angularRadps: number): void {
    // Controllers call this every tick: validate (which clamps in place) one reused action, not a new one per call.
    const velocity = velocityAction;
    velocity.linearMps = linearMps;
    velocity.angularRadps = angularRadps;
    validateAction(velocity, this.world.actionLimits, this.world.clampWarnings, this.effectiveStatus());
    this.latch(Latch.Velocity, velocity.linearMps, velocity.angularRadps);
  }

  setWheelSpeeds(leftMps: number, rightMps: number): void {
    const action = this.validate({ kind: 'wheels', leftMps, rightMps });
    if (action.kind !== 'wheels') return;
    const base = this.world.config.robot.wheelBaseM;
    this.latch(Latch.Velocity, (action.leftMps + action.rightMps) / 2, (action.rightMps - action.leftMps) / base);
  }

  stop(): void {
    this.latch(Latch.Stop, 0, 0);
  }

  broadcast(payload: Uint8Array | unknown): void {
    const bytes = payloadBytes(payload, 'broadcast');
    const comms = this.world.comms;
    if (comms.broadcastsThisTick(this.slot) >= MAX_BROADCASTS_PER_TICK) {
      throw new SwarmgateError(
        'SG_BUDGET',
        `robot ${this.id} already sent MAX_BROADCASTS_PER_TICK (${MAX_BROADCASTS_PER_TICK}) broadcasts at tick ${this.world.tick}`,
      );
    }
    comms.broadcast(this.slot, bytes);
  }

  depositTag(payload: Uint8Array | unknown): void {
    const bytes = payloadBytes(payload, 'tag');
    const comms = this.world.comms;
    // Tags are permanent: without these two budgets one robot could fill the gateway's memory.
    if (comms.tagsDepositedBy(this.slot) >= MAX_TAGS_PER_ROBOT) {
      throw new SwarmgateError('SG_BUDGET', `robot ${this.id} already deposited MAX_TAGS_PER_ROBOT (${MAX_TAGS_PER_ROBOT}) tags`);
    }
    if (comms.tagCount >= MAX_TAGS_TOTAL) {
      throw new SwarmgateError('SG_BUDGET', `the trial already holds MAX_TAGS_TOTAL (${MAX_TAGS_TOTAL}) tags`);
    }
    comms.depositTag(this.slot, bytes);
  }

  /** The sdk's shared checks (clamps counted in world.clampWarnings), against the busy status. */
  private validate(action: RobotAction): RobotAction {
    return validateAction(action, this.world.actionLimits, this.world.clampWarnings, this.effectiveStatus());
  }

  /** Status after the latched command is applied: what a new move/rotate would collide with. */
  private effectiveStatus(): RobotStatus {
    const t = this.world.table;
    switch (t.latch[this.slot]) {
      case Latch.Move:
        return 'moving';
      case Latch.Rotate:
        return 'rotating';
      case Latch.Velocity:
        return 'driving';
      case Latch.Stop:
        return 'idle';
      default:
        return STATUS[t.action[this.slot]] as RobotStatus;
    }
  }

  private latch(kind: number, a: number, b: number): void {
    const t = this.world.table;
    t.latch[this.slot] = kind;
    t.latchA[this.slot] = a;
    t.latchB[this.slot] = b;
  }
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
    this.status = STATUS[world.table.action[slot]] as RobotStatus;
  }

  settle(): void {
    void this.scan;
    void this.inbox;
    void this.nearbyTags;
    void this.nearbyRobots;
    void this.collision;
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

  /** Builds every list (to know what each left out); undefined when nothing was. */
  get dropped(): StateDrops | undefined {
    // Each getter builds its list on first read and counts what it left out.
    this.settle();
    const d = this.drops;
    return d.inbox + d.nearbyTags + d.nearbyRobots > 0 ? { ...d } : undefined;
  }
}
