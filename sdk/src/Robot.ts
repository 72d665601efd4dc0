/**
 * The controller API: the one surface a controller sees, whatever drives the robot
 * (the in-process simulator, an MQTT link to a virtual twin, or a real MONA).
 *
 * Rules every implementation keeps (ARGoS / Robotarium):
 * - Actions are latched: a call writes a command slot; the backend applies it at the next
 *   act phase, so the order in which robots' controllers run never changes a result.
 * - Everything handed out is a copy or read-only view; controllers never hold engine state.
 * - A controller sees only what a real robot would: pose *estimate*, its own SLAM map,
 *   its sensors. Ground truth stays with the simulator for metrics.
 * Units are in identifiers; positions are world metres (generated maps: 1 tile = 1 m).
 */
import type { SlamMapView } from './SlamMapView.js';

export interface Pose {
  readonly xM: number;
  readonly yM: number;
  /** Counter-clockwise from +x, in (-pi, pi]. */
  readonly headingRad: number;
}

/** idle: no action; moving / rotating: a move() or rotate() in progress; driving: setVelocity / setWheelSpeeds. */
export type RobotStatus = 'idle' | 'moving' | 'rotating' | 'driving';

export interface CollisionState {
  /** A contact began since the previous logic tick. */
  readonly started: boolean;
  /** The body is touching a wall or robot now. */
  readonly touching: boolean;
}

export interface LidarScan {
  /** Angle of ranges[0] relative to the robot's heading. */
  readonly angleMinRad: number;
  readonly angleIncrementRad: number;
  readonly rangeMaxM: number;
  /** One range per ray; rangeMaxM means no hit within range. */
  readonly rangesM: Float32Array;
}

export interface NearbyRobot {
  readonly id: string;
  readonly distanceM: number;
  /** Relative to the observer's heading. */
  readonly bearingRad: number;
}

export interface InboxMessage {
  readonly from: string;
  /** Tick at which the message was sent. */
  readonly sentTick: number;
  readonly payload: Uint8Array;
}

export interface NearbyTag {
  readonly id: number;
  readonly xM: number;
  readonly yM: number;
  readonly distanceM: number;
  readonly payload: Uint8Array;
}

/**
 * What one State had to leave out to stay within its budgets (docs/limits.md): inbox messages
 * beyond MAX_INBOX_MESSAGES_PER_TICK, and the farthest tags and robots beyond
 * MAX_NEARBY_TAGS_PER_STATE and MAX_NEARBY_ROBOTS_PER_STATE.
 */
export interface StateDrops {
  readonly inbox: number;
  readonly nearbyTags: number;
  readonly nearbyRobots: number;
}

export interface RobotState {
  readonly tick: number;
  readonly pose: Pose;
  readonly status: RobotStatus;
  readonly collision: CollisionState;
  readonly scan: LidarScan | null;
  readonly nearbyRobots: readonly NearbyRobot[];
  /** Messages delivered at this tick (not accumulated: read them now or lose them). */
  readonly inbox: readonly InboxMessage[];
  readonly nearbyTags: readonly NearbyTag[];
  /** 0..1, or null when the backend has no battery model. */
  readonly batteryFraction: number | null;
  /**
   * Present when something was dropped from this State to keep it within its budgets. A remote
   * link does not carry it: the gateway tells a remote controller with an Error instead.
   */
  readonly dropped?: StateDrops;
}

export interface Robot {
  readonly id: string;
  /** The robot's sensed state at the current logic tick. */
  state(): RobotState;
  /** The robot's own SLAM map (not the ground truth), with planning helpers. */
  readonly map: SlamMapView;

  /** Drive straight forward (negative: backward) by distanceM, then become idle. */
  move(distanceM: number): void;
  /** Rotate in place by degrees in [-180, 180] (positive: counter-clockwise), then become idle. */
  rotate(degrees: number): void;
  /** Hold a body velocity until changed or stopped. Clamped to the robot's limits. */
  setVelocity(linearMps: number, angularRadps: number): void;
  /** Hold wheel surface speeds until changed or stopped. Clamped to the robot's limits. */
  setWheelSpeeds(leftMps: number, rightMps: number): void;
  /** Cancel any action; the robot brakes to idle. */
  stop(): void;
  /**
   * Send bytes (or a JSON-serialisable value, sent as UTF-8 JSON) to every robot the radio
   * reaches. Over MAX_BROADCAST_PAYLOAD_BYTES, or MAX_BROADCASTS_PER_TICK sends in one tick: SG_BUDGET.
   */
  broadcast(payload: Uint8Array | unknown): void;
  /**
   * Leave a tag with a payload at the robot's current position. Over MAX_TAG_PAYLOAD_BYTES,
   * MAX_TAGS_PER_ROBOT or MAX_TAGS_TOTAL: SG_BUDGET.
   */
  depositTag(payload: Uint8Array | unknown): void;
}

export interface Controller {
  start?(robot: Robot): void;
  /** Called once per logic tick, after sensing. */
  tick(robot: Robot): void;
  stop?(): void;
}
