/**
 * foxglove.PoseInFrame of a planar pose (x, y, heading), written by hand: a recording writes one
 * per robot per tick, the most messages it has, and protobufjs's generic writer spends more on
 * its five nested messages than the engine spends on a robot's tick. The timestamp and frame id
 * are the same for every robot of a tick, so they are encoded once (`planarPosePrefix`); the
 * pose is fixed-size (seven doubles), so its bytes are written in place.
 */
import { messageType } from './recordingSchemas.js';

/** Field tags (field number << 3 | wire type: 1 for a double, 2 for a length-delimited message). */
const POSE_IN_FRAME_POSE = (3 << 3) | 2;
const POSE_POSITION = (1 << 3) | 2;
const POSE_ORIENTATION = (2 << 3) | 2;
/** A double field: its tag and 8 bytes. */
const DOUBLE_FIELD = 9;
const POSITION_BYTES = 3 * DOUBLE_FIELD;
const ORIENTATION_BYTES = 4 * DOUBLE_FIELD;
const POSE_BYTES = 2 + POSITION_BYTES + 2 + ORIENTATION_BYTES;
/** Each length above fits a one-byte varint (< 128), which the layout relies on. */
const FIELD_BYTES = 2 + POSE_BYTES;

/** PoseInFrame's `timestamp` and `frame_id` fields, encoded: the start of every pose of one tick. */
export function planarPosePrefix(timestamp: { readonly seconds: number; readonly nanos: number }, frameId: string): Uint8Array {
  return messageType('foxglove.PoseInFrame').encode({ timestamp, frame_id: frameId }).finish();
}

/**
 * A foxglove.PoseInFrame: `prefix` (planarPosePrefix) and the pose at (xM, yM, 0) turned
 * `headingRad` about z, as the quaternion (0, 0, sin(h/2), cos(h/2)).
 */
export function encodePlanarPose(prefix: Uint8Array, xM: number, yM: number, headingRad: number): Uint8Array {
  const out = Buffer.allocUnsafe(prefix.length + FIELD_BYTES);
  out.set(prefix);
  let at = prefix.length;
  out[at++] = POSE_IN_FRAME_POSE;
  out[at++] = POSE_BYTES;
  out[at++] = POSE_POSITION;
  out[at++] = POSITION_BYTES;
  at = writeDouble(out, at, 1, xM);
  at = writeDouble(out, at, 2, yM);
  at = writeDouble(out, at, 3, 0);
  out[at++] = POSE_ORIENTATION;
  out[at++] = ORIENTATION_BYTES;
  at = writeDouble(out, at, 1, 0);
  at = writeDouble(out, at, 2, 0);
  at = writeDouble(out, at, 3, Math.sin(headingRad / 2));
  writeDouble(out, at, 4, Math.cos(headingRad / 2));
  return out;
}

/** Double field `field` (wire type 1, 8 bytes little-endian) at `at`; the offset after it. */
function writeDouble(out: Buffer, at: number, field: number, value: number): number {
  out[at] = (field << 3) | 1;
  out.writeDoubleLE(value, at + 1);
  return at + DOUBLE_FIELD;
}
