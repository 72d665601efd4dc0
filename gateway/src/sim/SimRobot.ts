/**
 * The in-process Robot: what a controller holds. Actions write the robot's latched command slot
 * (applied by the next act phase, so controller order never changes a result); state() returns
 * a fresh copy each call, never a view of engine buffers.
 */
import {
  SwarmgateError as SdkError,
  type CollisionState,
  type InboxMessage,
  type LidarScan,
  type NearbyRobot,
  type NearbyTag,
  type Pose,
  type Robot,
  type RobotState,
  type RobotStatus,
  type SlamMapView,
} from '@swarmgate/sdk';
import { Action, Latch } from './RobotTable.js';
import type { World } from './World.js';
import { encodePayload } from './payload.js';

const STATUS: readonly RobotStatus[] = ['idle', 'moving', 'rotating', 'driving'];

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
    return new SimRobotState(this.world, this.slot);
  }

  move(distanceM: number): void {
    finite('move', 'distanceM', distanceM);
    this.assertNotBusy('move');
    this.latch(Latch.Move, distanceM, 0);
  }

  rotate(degrees: number): void {
    finite('rotate', 'degrees', degrees);
    if (degrees < -180 || degrees > 180) {
      throw new SdkError('SG_BAD_ARGUMENT', `rotate(degrees): degrees must be in [-180, 180], got ${degrees}`);
    }
    this.assertNotBusy('rotate');
    this.latch(Latch.Rotate, (degrees * Math.PI) / 180, 0);
  }

  setVelocity(linearMps: number, angularRadps: number): void {
    finite('setVelocity', 'linearMps', linearMps);
    finite('setVelocity', 'angularRadps', angularRadps);
    this.latch(Latch.Velocity, linearMps, angularRadps);
  }

  setWheelSpeeds(leftMps: number, rightMps: number): void {
    finite('setWheelSpeeds', 'leftMps', leftMps);
    finite('setWheelSpeeds', 'rightMps', rightMps);
    const base = this.world.config.robot.wheelBaseM;
    this.latch(Latch.Velocity, (leftMps + rightMps) / 2, (rightMps - leftMps) / base);
  }

  stop(): void {
    this.latch(Latch.Stop, 0, 0);
  }

  broadcast(payload: Uint8Array | unknown): void {
    this.world.comms.broadcast(this.slot, encodePayload(payload));
  }

  depositTag(payload: Uint8Array | unknown): void {
    this.world.comms.depositTag(this.slot, encodePayload(payload));
  }

  private latch(kind: number, a: number, b: number): void {
    const t = this.world.table;
    t.latch[this.slot] = kind;
    t.latchA[this.slot] = a;
    t.latchB[this.slot] = b;
  }

  private assertNotBusy(method: string): void {
    const t = this.world.table;
    const latched = t.latch[this.slot];
    // A latched stop or velocity command replaces the running action at the next act phase.
    const pending = latched === Latch.Move ? 'moving' : latched === Latch.Rotate ? 'rotating' : null;
    const replaced = latched === Latch.Stop || latched === Latch.Velocity;
    const action = t.action[this.slot];
    const running = !replaced && (action === Action.Move || action === Action.Rotate) ? STATUS[action] : null;
    const busy = pending ?? running;
    if (busy) {
      throw new SdkError(
        'SG_ROBOT_BUSY',
        `${method}() on robot '${this.id}' while ${busy}; call stop() first or wait for status idle`,
      );
    }
  }
}

function finite(method: string, name: string, value: number): void {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new SdkError('SG_BAD_ARGUMENT', `${method}(): ${name} must be a finite number, got ${String(value)}`);
  }
}

/** A snapshot of one robot's sensed state; list-valued fields are built on first read. */
class SimRobotState implements RobotState {
  readonly tick: number;
  readonly pose: Pose;
  readonly status: RobotStatus;
  readonly collision: CollisionState;
  readonly batteryFraction = null;
  private cachedNearby: readonly NearbyRobot[] | null = null;
  private cachedTags: readonly NearbyTag[] | null = null;
  private cachedInbox: readonly InboxMessage[] | null = null;
  private cachedScan: LidarScan | null = null;

  constructor(private readonly world: World, private readonly slot: number) {
    const t = world.table;
    this.tick = world.tick;
    this.pose = world.sensing.estimatePose(slot);
    this.status = STATUS[t.action[slot]] as RobotStatus;
    this.collision = { started: t.collisionStarted[slot] === 1, touching: t.touching[slot] > 0 };
  }

  get scan(): LidarScan | null {
    if (this.world.tick === 0) return null;
    this.cachedScan ??= {
      angleMinRad: 0,
      angleIncrementRad: this.world.sensing.lidar.angleIncrementRad,
      rangeMaxM: this.world.sensing.lidar.rangeM,
      rangesM: this.world.sensing.scanRanges(this.slot).slice(),
    };
    return this.cachedScan;
  }

  get nearbyRobots(): readonly NearbyRobot[] {
    this.cachedNearby ??= this.world.comms.nearbyRobots(this.slot);
    return this.cachedNearby;
  }

  get nearbyTags(): readonly NearbyTag[] {
    this.cachedTags ??= this.world.comms.nearbyTags(this.slot);
    return this.cachedTags;
  }

  get inbox(): readonly InboxMessage[] {
    this.cachedInbox ??= this.world.comms.inbox(this.slot);
    return this.cachedInbox;
  }
}
