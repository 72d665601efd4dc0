/**
 * Closed-loop move / rotate and open-loop drive, evaluated every physics step.
 *
 * The plant per axis is first order: planck's damping makes the commanded terminal speed u
 * (force = m c u) the setpoint of v' = c (u - v). A proportional position loop u = k * error
 * closes it to s^2 + c s + c k = 0, critically damped at k = c / 4 (no overshoot, both poles
 * at -c/2). Linear c = 20 gives k = 5 /s, angular c = 30 gives k = 7.5 /s. The setpoint is
 * clamped to the speed limits, so long moves cruise at top speed and brake exponentially.
 * Simulated at h = 10 ms this ends a 1..20 m move within 1 mm and a rotation within 0.03 deg.
 */
import { Action, type RobotTable } from './RobotTable.js';
import type { RobotModel } from './RobotModel.js';
import { clampAbs } from './math.js';
import { wrapAngle } from '@swarmgate/protocols';

/** A move is done when this close to its target and this slow (m, m/s). */
const MOVE_DONE_M = 0.005;
const MOVE_DONE_MPS = 0.02;
/** A rotation is done within 0.03 deg, turning slower than 0.3 deg/s. */
const ROTATE_DONE_RAD = 0.0005;
const ROTATE_DONE_RADPS = 0.005;

/** Setpoints computed for one robot for one physics step (a scratch out-parameter). */
export interface DriveSetpoint {
  linearMps: number;
  angularRadps: number;
}

/**
 * Computes robot i's setpoint for this physics step from its action and true state;
 * marks a finished move / rotate idle. bodySpeed holds the body's velocity: forward m/s at 0,
 * angular rad/s at 1 (a typed array, not two number arguments: this call is not inlined, and
 * doubles passed to it would be boxed, two heap numbers per robot per physics step).
 */
export function driveSetpoint(table: RobotTable, i: number, model: RobotModel, bodySpeed: Float64Array, out: DriveSetpoint): void {
  const forwardMps = bodySpeed[0];
  const angularRadps = bodySpeed[1];
  const vMax = model.maxSpeedMps * model.speedFactor;
  const wMax = model.maxAngularRadps * model.speedFactor;
  const kLin = model.linearDampingPerS / 4;
  const kAng = model.angularDampingPerS / 4;
  out.linearMps = 0;
  out.angularRadps = 0;
  switch (table.action[i]) {
    case Action.Move: {
      const remainingM = (table.targetXM[i] - table.xM[i]) * table.dirX[i] + (table.targetYM[i] - table.yM[i]) * table.dirY[i];
      if (Math.abs(remainingM) < MOVE_DONE_M && Math.abs(forwardMps) < MOVE_DONE_MPS) {
        table.action[i] = Action.Idle;
        return;
      }
      out.linearMps = clampAbs(kLin * remainingM, vMax);
      // Wrapped: planck may have wrapped the body's angle by a full turn since the move began.
      out.angularRadps = clampAbs(kAng * wrapAngle(table.holdAngleRad[i] - table.angleRad[i]), wMax);
      return;
    }
    case Action.Rotate: {
      let remainingRad = table.targetHeadingRad[i] - table.angleRad[i];
      // A rotation is at most half a turn, so more means planck wrapped the body's angle by a
      // full turn; exactly -pi (rotate(-180)) is left alone to keep its direction.
      if (Math.abs(remainingRad) > Math.PI) remainingRad = wrapAngle(remainingRad);
      if (Math.abs(remainingRad) < ROTATE_DONE_RAD && Math.abs(angularRadps) < ROTATE_DONE_RADPS) {
        table.action[i] = Action.Idle;
        return;
      }
      out.angularRadps = clampAbs(kAng * remainingRad, wMax);
      return;
    }
    case Action.Drive:
      out.linearMps = clampAbs(table.cmdLinearMps[i], vMax);
      out.angularRadps = clampAbs(table.cmdAngularRadps[i], wMax);
      return;
    default:
      return;
  }
}

/**
 * Where a kinematic twin's move / rotate ends by default (m, rad): a real robot's encoders and
 * wheel slip cannot resolve the simulator's 5 mm and 0.03 deg, so a twin would never finish.
 */
export const TWIN_DONE_DEFAULT = { distanceM: 0.005, angleRad: Math.PI / 180 } as const;

/**
 * A kinematic twin's body setpoint for the coming tick, from its action and its measured pose
 * (the latest external pose, kin*): the proportional laws of driveSetpoint with the errors taken
 * on the wrapped measured heading (a tracker's or odometry's heading is in (-pi, pi], not an
 * unwrapped body angle), done within the twin's own tolerances. No velocity test: the pose is
 * measured, not integrated. Marks a finished move / rotate idle.
 */
export function twinSetpoint(table: RobotTable, i: number, model: RobotModel, out: DriveSetpoint): void {
  const vMax = model.maxSpeedMps * model.speedFactor;
  const wMax = model.maxAngularRadps * model.speedFactor;
  out.linearMps = 0;
  out.angularRadps = 0;
  switch (table.action[i]) {
    case Action.Move: {
      const remainingM = (table.targetXM[i] - table.kinXM[i]) * table.dirX[i] + (table.targetYM[i] - table.kinYM[i]) * table.dirY[i];
      if (Math.abs(remainingM) < table.twinDoneM[i]) {
        table.action[i] = Action.Idle;
        return;
      }
      out.linearMps = clampAbs((model.linearDampingPerS / 4) * remainingM, vMax);
      out.angularRadps = clampAbs((model.angularDampingPerS / 4) * wrapAngle(table.holdAngleRad[i] - table.kinAngleRad[i]), wMax);
      return;
    }
    case Action.Rotate: {
      const remainingRad = wrapAngle(table.targetHeadingRad[i] - table.kinAngleRad[i]);
      if (Math.abs(remainingRad) < table.twinDoneRad[i]) {
        table.action[i] = Action.Idle;
        return;
      }
      out.angularRadps = clampAbs((model.angularDampingPerS / 4) * remainingRad, wMax);
      return;
    }
    case Action.Drive:
      out.linearMps = clampAbs(table.cmdLinearMps[i], vMax);
      out.angularRadps = clampAbs(table.cmdAngularRadps[i], wMax);
      return;
    default:
      return;
  }
}
