/**
 * Maps shared as radio messages: a robot broadcasts its SLAM map's encoded bytes and merges every
 * map it hears. No references travel between robots, only bytes through the radio model.
 */
import { MAX_BROADCAST_PAYLOAD_BYTES } from '@swarmgate/protocols';
import type { Robot, RobotState } from '../Robot.js';
import { SwarmgateError } from '../errors.js';

/** Merge every SLAM map in this tick's inbox into the robot's own map. */
export function mergeHeardMaps(robot: Robot, state: RobotState): void {
  for (const message of state.inbox) {
    if (!looksLikeSlamMap(message.payload)) continue;
    try {
      robot.map.mergeFromBytes(message.payload);
    } catch (error) {
      // A map of another geometry or damaged bytes from another robot: not ours to fix.
      if (!(error instanceof SwarmgateError)) throw error;
    }
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
