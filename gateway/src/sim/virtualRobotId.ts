/**
 * The id of a trial's virtual robot number `index` (r0, r1, ...): taken for the whole trial.
 * A module of its own so that the CLI checks a fleet against it without loading the engine.
 */
export function virtualRobotId(index: number): string {
  return `r${index}`;
}
