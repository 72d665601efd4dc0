/** Small numeric helpers shared by the engine's hot paths (allocation-free). */

/** Clamps value into [-limit, limit]. */
export function clampAbs(value: number, limit: number): number {
  return value > limit ? limit : value < -limit ? -limit : value;
}
