/** Angle wrapped into (-pi, pi]. */
export function wrapAngleRad(angleRad: number): number {
  let a = angleRad % (2 * Math.PI);
  if (a > Math.PI) a -= 2 * Math.PI;
  else if (a <= -Math.PI) a += 2 * Math.PI;
  return a;
}
