/**
 * RobotState <-> the wire State (swarmgate.v1.State): the one mapping used by the gateway when
 * it publishes a robot's state and by a remote controller's link when it reads it, so the two
 * ends cannot drift apart.
 */
import { RobotStatus as WireStatus, type State, type swarmgate } from '@swarmgate/protocols';
import type { InboxMessage, NearbyRobot, NearbyTag, RobotState, RobotStatus } from '../Robot.js';

/** What encodeEnvelope accepts as a State body. */
export type StateInit = swarmgate.v1.State.$Properties;

const TO_WIRE: Readonly<Record<RobotStatus, WireStatus>> = {
  idle: WireStatus.ROBOT_STATUS_IDLE,
  moving: WireStatus.ROBOT_STATUS_MOVING,
  rotating: WireStatus.ROBOT_STATUS_ROTATING,
  driving: WireStatus.ROBOT_STATUS_DRIVING,
};

function statusFromWire(status: WireStatus): RobotStatus {
  switch (status) {
    case WireStatus.ROBOT_STATUS_MOVING:
      return 'moving';
    case WireStatus.ROBOT_STATUS_ROTATING:
      return 'rotating';
    case WireStatus.ROBOT_STATUS_DRIVING:
      return 'driving';
    // UNSPECIFIED (an older or partial sender) reads as idle: the safe assumption for move().
    default:
      return 'idle';
  }
}

/** The wire form of a robot's state (the gateway publishes one per robot per logic tick). */
export function robotStateToWire(state: RobotState): StateInit {
  const scan = state.scan;
  return {
    tick: state.tick,
    pose: { xM: state.pose.xM, yM: state.pose.yM, headingRad: state.pose.headingRad },
    status: TO_WIRE[state.status],
    collision: { started: state.collision.started, touching: state.collision.touching },
    scan: scan
      ? {
          angleMinRad: scan.angleMinRad,
          angleIncrementRad: scan.angleIncrementRad,
          rangeMaxM: scan.rangeMaxM,
          // protobufjs writes a packed float field by index and length: a Float32Array encodes
          // as-is, without copying 100+ ranges into an array first.
          rangesM: scan.rangesM as unknown as number[],
        }
      : null,
    nearbyRobots: state.nearbyRobots.map((r) => ({ id: r.id, distanceM: r.distanceM, bearingRad: r.bearingRad })),
    inbox: state.inbox.map((m) => ({ from: m.from, sentTick: m.sentTick, payload: m.payload })),
    nearbyTags: state.nearbyTags.map((t) => ({ id: t.id, xM: t.xM, yM: t.yM, distanceM: t.distanceM, payload: t.payload })),
    battery: state.batteryFraction === null ? null : { volts: 0, fraction: state.batteryFraction },
  };
}

/**
 * A decoded wire State as the controller API's RobotState. Bytes are copied out of the
 * decode buffer (controllers may keep them); a missing pose reads as the origin.
 */
export function robotStateFromWire(state: State): RobotState {
  const pose = state.pose;
  const scan = state.scan;
  // Bytes are copied: in Node, decoded bytes are Buffer views whose slice() does not copy.
  // Repeated message elements are typed nullable by the generated code; protobufjs never
  // decodes a null element, and skipping one is the safe reading anyway.
  const nearbyRobots: NearbyRobot[] = state.nearbyRobots.flatMap((r) => (r ? [{ id: r.id, distanceM: r.distanceM, bearingRad: r.bearingRad }] : []));
  const inbox: InboxMessage[] = state.inbox.flatMap((m) => (m ? [{ from: m.from, sentTick: m.sentTick, payload: new Uint8Array(m.payload) }] : []));
  const nearbyTags: NearbyTag[] = state.nearbyTags.flatMap((t) =>
    t ? [{ id: t.id, xM: t.xM, yM: t.yM, distanceM: t.distanceM, payload: new Uint8Array(t.payload) }] : [],
  );
  return {
    tick: state.tick,
    pose: { xM: pose?.xM ?? 0, yM: pose?.yM ?? 0, headingRad: pose?.headingRad ?? 0 },
    status: statusFromWire(state.status),
    collision: { started: state.collision?.started ?? false, touching: state.collision?.touching ?? false },
    scan: scan
      ? {
          angleMinRad: scan.angleMinRad,
          angleIncrementRad: scan.angleIncrementRad,
          rangeMaxM: scan.rangeMaxM,
          rangesM: Float32Array.from(scan.rangesM),
        }
      : null,
    nearbyRobots,
    inbox,
    nearbyTags,
    batteryFraction: state.battery ? state.battery.fraction : null,
  };
}
