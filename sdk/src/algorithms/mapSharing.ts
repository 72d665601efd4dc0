/**
 * Maps shared as radio messages: a robot broadcasts its SLAM map's encoded bytes (slamMapCodec)
 * and merges every map it hears, sent alone (broadcastMap) or inside another message (Minotaur's
 * heartbeat). No references travel between robots, only bytes through the radio model.
 */
import { MAX_BROADCAST_PAYLOAD_BYTES } from '@swarmgate/protocols';
import type { Robot, RobotState } from '../Robot.js';
import type { SlamMapView } from '../SlamMapView.js';
import { SwarmgateError } from '../errors.js';

/** Merge every SLAM map in this tick's inbox into the robot's own map. */
export function mergeHeardMaps(robot: Robot, state: RobotState): void {
  for (const message of state.inbox) mergeHeardMap(robot.map, message.payload);
}

/**
 * Merge map bytes heard from another robot into `map`; false (nothing merged) for bytes that are
 * not a map or a map of another geometry: another robot's damage is not ours to fix, and it
 * never throws out of a controller's tick.
 */
export function mergeHeardMap(map: SlamMapView, bytes: Uint8Array): boolean {
  if (!looksLikeSlamMap(bytes)) return false;
  try {
    map.mergeFromBytes(bytes);
    return true;
  } catch (error) {
    if (!(error instanceof SwarmgateError)) throw error;
    return false;
  }
}

/** Broadcast the robot's SLAM map as bytes; a map over the broadcast budget (docs/limits.md) is not sent. */
export function broadcastMap(robot: Robot): void {
  const bytes = robot.map.toBytes();
  if (bytes.length <= MAX_BROADCAST_PAYLOAD_BYTES) robot.broadcast(bytes);
}

/** Cheap pre-check before a decode: the SLAM map magic 'SGSM'. */
function looksLikeSlamMap(payload: Uint8Array): boolean {
  return payload.length >= 4 && payload[0] === 0x53 && payload[1] === 0x47 && payload[2] === 0x53 && payload[3] === 0x4d;
}
