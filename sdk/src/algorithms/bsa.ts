/**
 * The spiral rules of BSA, the backtracking spiral algorithm (Gonzalez et al.
 * 2005, "BSA: a complete coverage algorithm"), on a grid of tiles, as pure functions of a `free`
 * predicate (open, uncovered, not reserved by another robot): the robot keeps obstacles and
 * covered tiles on its reference lateral side, so each spiral hugs the boundary of what is done.
 *
 * Directions are 0 east (+x), 1 north (+y), 2 west, 3 south; the reference side is +1 (left:
 * counter-clockwise) or -1 (right).
 */
export const DIR_DX: readonly number[] = [1, 0, -1, 0];
export const DIR_DY: readonly number[] = [0, 1, 0, -1];

export type TileFree = (x: number, y: number) => boolean;

/** Direction `dir` turned by `quarter` quarter turns counter-clockwise. */
export function turn(dir: number, quarter: number): number {
  return (((dir + quarter) % 4) + 4) % 4;
}

/**
 * The direction of the next spiral step from tile (x, y) heading `dir`, or -1 when obstacles are
 * all around (the spiral ends). BSA's rule: turn to the reference side when it is free; else go
 * on when the front is free; else turn to the other side (else back, the only way out). Until
 * the robot has something on its reference side (`hugging` false) it goes straight to the first
 * obstacle first, as BSA's robot starts along a wall: turning to a free side in open space would
 * spiral outwards and leave the room's edges in pieces.
 */
export function spiralStep(free: TileFree, x: number, y: number, dir: number, refSide: 1 | -1, hugging: boolean): number {
  const ahead = free(x + DIR_DX[dir], y + DIR_DY[dir]);
  if (!hugging && ahead) return dir;
  const ref = turn(dir, refSide);
  if (free(x + DIR_DX[ref], y + DIR_DY[ref])) return ref;
  if (ahead) return dir;
  const other = turn(dir, -refSide);
  if (free(x + DIR_DX[other], y + DIR_DY[other])) return other;
  const back = turn(dir, 2);
  return free(x + DIR_DX[back], y + DIR_DY[back]) ? back : -1;
}

/** True once something blocks the reference side or the front: from then on the robot hugs it. */
export function startsHugging(free: TileFree, x: number, y: number, dir: number, refSide: 1 | -1): boolean {
  const ref = turn(dir, refSide);
  return !free(x + DIR_DX[ref], y + DIR_DY[ref]) || !free(x + DIR_DX[dir], y + DIR_DY[dir]);
}

/**
 * Record the backtracking points seen from tile (x, y): its free 4-neighbours other than the
 * tile the spiral goes to next (`nextDir`, -1: none). BSA keeps them to restart from when a
 * spiral ends; `record` receives each as (x, y).
 */
export function recordBacktrackingPoints(free: TileFree, x: number, y: number, nextDir: number, record: (x: number, y: number) => void): void {
  for (let d = 0; d < 4; d++) {
    if (d === nextDir) continue;
    const nx = x + DIR_DX[d];
    const ny = y + DIR_DY[d];
    if (free(nx, ny)) record(nx, ny);
  }
}
