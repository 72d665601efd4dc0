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
 * The `pose` field, rebuilt in place for each pose: its tags and lengths are written once here,
 * its doubles through a DataView (faster than Buffer's writeDoubleLE, and no allocation).
 */
const poseField = new Uint8Array(FIELD_BYTES);
const poseView = new DataView(poseField.buffer);
/** Offsets of the doubles in poseField: position x, y, z, then orientation x, y, z, w. */
const DOUBLE_AT: number[] = [];
{
  let at = 0;
  poseField[at++] = POSE_IN_FRAME_POSE;
  poseField[at++] = POSE_BYTES;
  for (const [tag, length, count] of [
    [POSE_POSITION, POSITION_BYTES, 3],
    [POSE_ORIENTATION, ORIENTATION_BYTES, 4],
  ]) {
    poseField[at++] = tag;
    poseField[at++] = length;
    for (let field = 1; field <= count; field++) {
      poseField[at] = (field << 3) | 1;
      DOUBLE_AT.push(at + 1);
      at += DOUBLE_FIELD;
    }
  }
}
// Position z and orientation x, y stay 0 (the zero bytes poseField starts with are 0.0).
const [X_AT, Y_AT, , , , QZ_AT, QW_AT] = DOUBLE_AT;

/**
 * A foxglove.PoseInFrame: `prefix` (planarPosePrefix) and the pose at (xM, yM, 0) turned
 * `headingRad` about z, as the quaternion (0, 0, sin(h/2), cos(h/2)).
 */
export function encodePlanarPose(prefix: Uint8Array, xM: number, yM: number, headingRad: number): Uint8Array {
  poseView.setFloat64(X_AT, xM, true);
  poseView.setFloat64(Y_AT, yM, true);
  poseView.setFloat64(QZ_AT, Math.sin(headingRad / 2), true);
  poseView.setFloat64(QW_AT, Math.cos(headingRad / 2), true);
  const out = new Uint8Array(prefix.length + FIELD_BYTES);
  out.set(prefix);
  out.set(poseField, prefix.length);
  return out;
}
