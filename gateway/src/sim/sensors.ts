/**
 * The simulated sensors, registered explicitly (nothing registers itself on import). `Sensing`
 * runs them in this order every sense phase, a State takes its on-demand readings from them,
 * and `swarmgate list sensors` prints this list with their parameters, units and noise. A new
 * sensor is one file sim/sensor<Name>.ts exporting a `SensorPlugin` plus one line here
 * (docs/ARCHITECTURE.md, "Where to add things").
 */
import type { ParamSpec } from '@swarmgate/maps';
import type { CollisionState, InboxMessage, NearbyRobot, NearbyTag } from '@swarmgate/sdk';
import type { StateDropCounts } from './stateReadings.js';
import { collisionSensor } from './sensorCollision.js';
import { lidarSensor } from './sensorLidar.js';
import { nearbyRobotsSensor } from './sensorNearbyRobots.js';
import { radioInboxSensor } from './sensorRadioInbox.js';
import { slamSensor } from './sensorSlam.js';
import { tagsSensor } from './sensorTags.js';
import type { Sensing } from './Sensing.js';

/** The RobotState fields a sensor may build on demand, with their types. */
export interface OnDemandReadings {
  nearbyRobots: readonly NearbyRobot[];
  nearbyTags: readonly NearbyTag[];
  inbox: readonly InboxMessage[];
  collision: CollisionState;
}

export type OnDemandField = keyof OnDemandReadings;

/**
 * A reading built when a State's field is first read (or when the World settles the State
 * before the next step), from the engine's buffers of the State's tick, which do not change
 * during control. It counts what it left out of a budgeted list into `drops`.
 */
export type OnDemandReader = {
  [F in OnDemandField]: { readonly field: F; read(slot: number, drops: StateDropCounts): OnDemandReadings[F] };
}[OnDemandField];

/**
 * What a sensor does in the sense phase and when a State is read. Every hook is optional; none
 * may allocate per tick (buffers grow in onRobotAdded; an on-demand reading allocates only the
 * list it returns, an empty one being a shared frozen array) or draw randomness other than
 * from `world.rng` forks.
 */
export interface SensorHooks {
  /** Before a robot is added, nothing changed yet: throws to refuse it (a memory budget). */
  admitRobot?(): void;
  /** A robot took `slot`: grow buffers, fork per-robot random streams. */
  onRobotAdded?(slot: number, id: string): void;
  /** Once per sense phase, before any robot (sensors in registry order). */
  beginTick?(tick: number): void;
  /** Per active robot in slot order; for one robot the sensors run in registry order. */
  senseRobot?(slot: number, tick: number): void;
  /**
   * senseRobot(slot) reads only what the tick's earlier phases left and robot `slot`'s own
   * readings, and writes only robot `slot`'s readings (its scan, map, pose estimate), which no
   * other robot's controller reads. Then the world may run controllers of lower slots before it,
   * overlapping control with the sensing still running on other threads (World.step); the
   * outcome is the same.
   */
  readonly robotLocal?: boolean;
  /** Once per sense phase, after every robot (sensors in registry order). */
  endTick?(tick: number): void;
  /** False when endTick has nothing to do this tick (absent: it always may): control may then overlap sensing. */
  endTickDue?(tick: number): boolean;
  /** The State field this sensor fills on demand (at most one sensor per field). */
  readonly onDemand?: OnDemandReader;
}

export interface SensorPlugin {
  readonly name: string;
  /** The RobotState field a controller reads. */
  readonly field: string;
  readonly doc: string;
  readonly noise: string;
  readonly params: readonly ParamSpec[];
  /** The sensor's per-world state and hooks; Sensing calls it once, in its constructor. */
  create(sensing: Sensing): SensorHooks;
}

/**
 * Registry order is the sense order: the SLAM pose error, then the lidar (whose rays also feed
 * the SLAM map), then the sensors whose readings are built when a State is read.
 */
export const SENSORS: readonly SensorPlugin[] = [slamSensor, lidarSensor, nearbyRobotsSensor, tagsSensor, collisionSensor, radioInboxSensor];
