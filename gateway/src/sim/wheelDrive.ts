/**
 * A robot's wheel forces for one physics step, shared by planck's robots (World) and the robots
 * stepped outside planck (FreeFlight), so both drive with the very same arithmetic.
 */
import type { RobotTable } from './RobotTable.js';
import { forceForSpeed, torqueForRate, type RobotModel } from './RobotModel.js';
import { driveSetpoint, type DriveSetpoint } from './Motion.js';
import { clampAbs } from './math.js';

/**
 * One robot's body velocity in (vx, vy, angular) and wheel drive out (fx, fy, torque) for
 * driveForces: numbers passed to or returned from a non-inlined call are boxed, thousands per
 * tick in a swarm; typed-array slots are not.
 */
export const drive = new Float64Array(6);
export const VX = 0;
export const VY = 1;
export const W = 2;
export const FX = 3;
export const FY = 4;
export const TORQUE = 5;
/** driveSetpoint's input: forward and angular body speed (driveSetpoint says why an array). */
const bodySpeed = new Float64Array(2);
const setpoint: DriveSetpoint = { linearMps: 0, angularRadps: 0 };

/**
 * Robot i's wheel forces for this physics step from its setpoint and its body velocity (world
 * frame) in drive[VX, VY, W]: the total force into drive[FX, FY], the torque into
 * drive[TORQUE]. False when the setpoint is zero (no force is applied, so a sleeping body
 * stays asleep). Marks a finished move / rotate idle (driveSetpoint).
 */
export function driveForces(t: RobotTable, i: number, model: RobotModel): boolean {
  const angle = t.angleRad[i];
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  bodySpeed[0] = drive[VX] * c + drive[VY] * s;
  bodySpeed[1] = drive[W];
  driveSetpoint(t, i, model, bodySpeed, setpoint);
  if (setpoint.linearMps === 0 && setpoint.angularRadps === 0) return false;
  // Split into wheel forces and clamp each wheel to its share of the full forward force, as a
  // differential drive cannot exceed either motor's limit.
  const wheelMaxN = forceForSpeed(model, model.maxSpeedMps * model.speedFactor) / 2;
  const forceN = forceForSpeed(model, setpoint.linearMps);
  const halfBase = model.wheelBaseM / 2;
  const diffN = torqueForRate(model, setpoint.angularRadps) / (2 * halfBase);
  const left = clampAbs(forceN / 2 - diffN, wheelMaxN);
  const right = clampAbs(forceN / 2 + diffN, wheelMaxN);
  drive[FX] = (left + right) * c;
  drive[FY] = (left + right) * s;
  drive[TORQUE] = (right - left) * halfBase;
  return true;
}
