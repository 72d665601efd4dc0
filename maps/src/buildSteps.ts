/**
 * Work that may be done in steps: a generator that yields between pieces of bounded length and
 * returns its result. A gateway building a trial on a large map awaits a turn of the event loop at
 * each yield (the gateway's Trial.build); everything else runs it through at once (finishNow), the
 * same code giving the same result either way.
 */
export type BuildSteps<T> = Generator<void, T, void>;

/**
 * About how many grid cells one step of a scan over the grid handles: a 2000 x 2000 map's wall
 * merge in four steps, its regions' labelling in as many as it has free cells in millions.
 */
export const CELLS_PER_STEP = 1_000_000;

/** Rows of a `width`-cell grid per step: CELLS_PER_STEP cells, at least one row. */
export function rowsPerStep(width: number, cellsPerStep: number = CELLS_PER_STEP): number {
  return Math.max(1, Math.floor(cellsPerStep / Math.max(1, width)));
}

/** Runs every step at once and returns the result. */
export function finishNow<T>(steps: BuildSteps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** Runs the steps with `between()` awaited after each, and returns the result. */
export async function finishInSteps<T>(steps: BuildSteps<T>, between: () => Promise<void>): Promise<T> {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    await between();
  }
}
