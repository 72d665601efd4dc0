/** Small numeric helpers shared by the engine's hot paths (allocation-free). */

/** Wraps an angle into (-pi, pi]. */
export function wrapAngle(rad: number): number {
  let a = rad % (2 * Math.PI);
  if (a <= -Math.PI) a += 2 * Math.PI;
  else if (a > Math.PI) a -= 2 * Math.PI;
  return a;
}

/** Clamps value into [-limit, limit]. */
export function clampAbs(value: number, limit: number): number {
  return value > limit ? limit : value < -limit ? -limit : value;
}
