/**
 * Work of one run (a tick's lidar casts, one pair query) cut into numbered chunks that any thread
 * claims, the main thread included, so the split follows which threads actually run: a worker the
 * scheduler leaves out (a loaded machine) costs the run nothing but the chunk it holds, where a
 * fixed share would make the main thread wait for all of it. Results never depend on the split:
 * each chunk's results are kept by chunk number (or are independent of who computed them).
 *
 * The claim word (a 64-bit integer in shared memory) holds the run's number in its high half and
 * the next chunk in its low half, so a worker reading a run's message late, after the next run
 * began, claims nothing from the wrong run: claims are one compare-and-swap of both halves.
 */

/** control[] slots shared by every run. */
export const FINISHED = 0;
export const FAILED = 1;
/** Tiles newly explored by workers' casts in this run. */
export const EXPLORED = 2;
/** Items (casts, rows) done on workers in this run; a diagnostic. */
export const ON_WORKERS = 3;
/** Pair evaluations made on workers in this run. */
export const CHECKS = 4;
/**
 * The workers' doorbell: a counter the main thread bumps after posting a run (or close), which
 * wakes the workers blocked on it (Atomics.wait costs a futex wake, where a port message
 * costs a wake of the worker's event loop, several times more per run).
 */
const BELL = 5;
/** Then per thread index, 1 once it is ready (its modules loaded). */
const READY = 6;

export function controlSlots(threads: number): number {
  return READY + threads;
}

/** The chunk thread's next claim in run `run` of `chunks` chunks, or -1 when none is left (or the run is over). */
export function claimChunk(claim: BigInt64Array, run: number, chunks: number): number {
  for (;;) {
    const word = Atomics.load(claim, 0);
    if (Number(word >> 32n) !== run) return -1;
    const next = Number(word & 0xffffffffn);
    if (next >= chunks) return -1;
    if (Atomics.compareExchange(claim, 0, word, word + 1n) === word) return next;
  }
}

/** Starts run `run`: resets the counters, then opens the chunks to claims. */
export function openRun(control: Int32Array, claim: BigInt64Array, run: number): void {
  Atomics.store(control, FINISHED, 0);
  Atomics.store(control, EXPLORED, 0);
  Atomics.store(control, ON_WORKERS, 0);
  Atomics.store(control, CHECKS, 0);
  Atomics.store(claim, 0, BigInt(run) << 32n);
}

/** Counts a claimed chunk finished (its results written first), waking the main thread. */
export function finishChunk(control: Int32Array, failed: boolean): void {
  if (failed) Atomics.store(control, FAILED, 1);
  Atomics.add(control, FINISHED, 1);
  Atomics.notify(control, FINISHED);
}

/** Blocks until all `chunks` are finished; false if one waited `timeoutMs` without progress. */
export function awaitChunks(control: Int32Array, chunks: number, timeoutMs: number): boolean {
  for (let done = Atomics.load(control, FINISHED); done < chunks; done = Atomics.load(control, FINISHED)) {
    if (Atomics.wait(control, FINISHED, done, timeoutMs) === 'timed-out') return false;
  }
  return true;
}

/** Wakes every worker waiting on the doorbell (after the messages it must read are posted). */
export function ringBell(control: Int32Array): void {
  Atomics.add(control, BELL, 1);
  Atomics.notify(control, BELL);
}

/**
 * Blocks this worker until the doorbell has rung since it last rang at `seen`, and returns the
 * count to pass next time. A ring between two waits is never lost: the count, not the wake, says.
 */
export function awaitBell(control: Int32Array, seen: number): number {
  Atomics.wait(control, BELL, seen);
  return Atomics.load(control, BELL);
}

export function markReady(control: Int32Array, index: number): void {
  Atomics.store(control, READY + index, 1);
}

export function isReady(control: Int32Array, index: number): boolean {
  return Atomics.load(control, READY + index) === 1;
}
