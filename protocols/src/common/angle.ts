/** Wraps an angle into (-pi, pi]. Allocation-free: the engine calls it per robot per tick. */
export function wrapAngle(angleRad: number): number {
  let a = angleRad % (2 * Math.PI);
  if (a <= -Math.PI) a += 2 * Math.PI;
  else if (a > Math.PI) a -= 2 * Math.PI;
  return a;
}
