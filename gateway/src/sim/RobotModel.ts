/**
 * The simulated robot's physical model: a disc driven by two wheel forces against
 * viscous drag, MAES-compatible by default (1 tile = 1 m, diameter 0.6, 3 tiles/s).
 *
 * Why these constants (planck / Box2D integrates damping as
 *   v' = (v + h * F / m) / (1 + h * c),
 * a Padé approximation of exp(-c * h)):
 * - Terminal speed solves v = (v + h F / m) / (1 + h c), i.e. v = F / (m c). With m = 1 kg,
 *   c = 20 /s and a full forward force of 60 N (two wheels x 30 N) that is 3 m/s.
 *   MAES reaches the same 60 N by applying 15 N per wheel twice per physics step (a bug);
 *   we state the force once.
 * - The approach is v_n = v_term * (1 - 1.2^-n) at h = 10 ms: 52 % after 4 steps ("about
 *   half speed after 4 physics steps"), 84 % after one 100 ms logic tick.
 * - Rotation: inertia of a uniform disc I = m r^2 / 2 = 0.045 kg m^2 at r = 0.3 m, angular
 *   drag 30 /s (MAES), so terminal rate = torque / (I c_a). A 4 rad/s (229 deg/s) limit matches
 *   MAES's derived rotation rate and needs 5.4 N m, close to MAES's 5.29 N m.
 */
export interface RobotModel {
  readonly radiusM: number;
  readonly massKg: number;
  /** Box2D linear damping coefficient c (1/s). */
  readonly linearDampingPerS: number;
  /** Box2D angular damping coefficient (1/s). */
  readonly angularDampingPerS: number;
  /** Terminal forward speed at full wheel force and speed factor 1. */
  readonly maxSpeedMps: number;
  /** Terminal turn rate at full differential force and speed factor 1. */
  readonly maxAngularRadps: number;
  /** Distance between the wheel contact points (MAES: wheels at +-0.264 m for size 0.6). */
  readonly wheelBaseM: number;
  /** Scales both speed limits (MAES RelativeMoveSpeed). */
  readonly speedFactor: number;
}

export const DEFAULT_ROBOT_MODEL: RobotModel = {
  radiusM: 0.3,
  massKg: 1,
  linearDampingPerS: 20,
  angularDampingPerS: 30,
  maxSpeedMps: 3,
  maxAngularRadps: 4,
  wheelBaseM: 0.528,
  speedFactor: 1,
};

/** Moment of inertia of the robot disc about its centre. */
export function inertiaOf(model: RobotModel): number {
  return 0.5 * model.massKg * model.radiusM * model.radiusM;
}

/** Force that holds terminal speed speedMps against drag: F = m c v. */
export function forceForSpeed(model: RobotModel, speedMps: number): number {
  return model.massKg * model.linearDampingPerS * speedMps;
}

/** Torque that holds terminal turn rate: T = I c_a w. */
export function torqueForRate(model: RobotModel, rateRadps: number): number {
  return inertiaOf(model) * model.angularDampingPerS * rateRadps;
}
