/**
 * Casts one tick's lidar wall rays on several threads: this one and `threads - 1` worker threads
 * (lidarThread.ts), over shared memory (the lidar's buffers, every robot's SLAM cells, the job
 * list below). A robot's rays touch only its own ranges and SLAM map, and the tiles it reaches,
 * which every thread stamps with the same tick (first visits claimed atomically, counted once),
 * so the outcome does not depend on how robots are split among threads: the same ranges, cells
 * and counts as one thread casting them in slot order.
 *
 * Per tick: the sense phase queues a job per robot whose rays must be cast (addJob), run() splits
 * the list into contiguous shares, posts one message per worker, casts the first share here,
 * then blocks (Atomics.wait) until every worker has counted itself done. Structural changes
 * (grown buffers, a new robot's SLAM map) are posted before the next run, so a worker sees them
 * first (a port delivers in order).
 *
 * The same threads find the pairs of the nearby-robot and line-of-sight queries (a PairScan:
 * NearbyRobots, RadioLinks), when asked during the radio and control phases: the poses are copied
 * into shared memory, robot i's row goes to share i mod shares, each worker scans its rows into
 * its own shared buffer, and this thread concatenates the rows in robot order, which is the pair
 * list one thread makes. A worker builds its copy of a scan from the scan's recipe, over the grid
 * it was started with (shared memory, read only).
 */
import type { Worker } from 'node:worker_threads';
import type { Grid } from '@swarmgate/maps';
import { SwarmgateError } from '../errors.js';
import type { Lidar, LidarShared } from './Lidar.js';
import { oneThread, PairList, scanRows, type PairScan, type PairScanner, type PairScanRecipe } from './radio/index.js';
import { startTsWorker } from './tsWorker.js';
import type { LidarConfig } from './WorldConfig.js';

/** Below this many casts in a tick, messaging a worker costs more than the rays it would take. */
const MIN_JOBS_PER_THREAD = 4;
/** Below this many rows (robots) per share, messaging a worker costs more than the traces it would take. */
const MIN_ROWS_PER_THREAD = 8;
/** Pairs a worker's result buffer holds at first (it grows when a share found more). */
const INITIAL_PAIR_CAPACITY = 4096;
/**
 * Worker threads start when the world first holds this many robots: a thread costs about 0.5 CPU s
 * and 0.7 s to start (tsx's loader, 0.2 CPU s, and the engine's modules), which a one-robot
 * trial never earns back.
 */
const ROBOTS_TO_START_WORKERS = 2 * MIN_JOBS_PER_THREAD;
/** A worker that has not answered in this long is taken to be dead (the main thread is blocked). */
const WORKER_TIMEOUT_MS = 60_000;

/**
 * control[] slots: finished shares, a failure flag, then per thread index the tiles it newly
 * explored, then per thread index 1 once it is ready (its modules loaded: until then it gets no
 * share, so no tick waits for a thread to start), then per thread index two for its last pair
 * share: the pairs it found and the link checks it made.
 */
const DONE = 0;
const FAILED = 1;
const EXPLORED = 2;

/** The job list, in shared memory: per job a robot slot, its pose, whether to write its SLAM map, and the writes counted. */
export interface CastJobs {
  readonly slot: Int32Array;
  /** x, y, heading per job. */
  readonly pose: Float64Array;
  /** 1: integrate into the robot's SLAM map. */
  readonly integrate: Uint8Array;
  readonly slamChanged: Int32Array;
  readonly slamNewlyKnown: Int32Array;
}

/** What a worker thread is started with. */
export interface LidarThreadInit {
  readonly index: number;
  readonly threads: number;
  /** The world's grid, its cells in shared memory. */
  readonly grid: Grid;
  readonly config: LidarConfig;
  readonly shared: LidarShared;
  readonly control: Int32Array;
  readonly jobs: CastJobs;
  /** Per slot, the robot's SLAM cells so far; later ones come as 'slam' messages. */
  readonly slamCells: readonly (Uint8Array | null)[];
  /** This thread's pair results: (i, j) interleaved (replaced by 'pairBuffer' messages). */
  readonly pairBuffer: Int32Array;
  /** Poses for the pair scans (replaced by 'poses' messages when grown). */
  readonly poses: Float64Array;
}

/** Messages to a worker thread, in the order they must take effect. */
export type LidarThreadMessage =
  | { readonly kind: 'ranges'; readonly rangesM: Float32Array; readonly wallRangesM: Float32Array }
  | { readonly kind: 'slam'; readonly slot: number; readonly cells: Uint8Array }
  | { readonly kind: 'jobs'; readonly jobs: CastJobs }
  | { readonly kind: 'cast'; readonly tick: number; readonly begin: number; readonly end: number }
  | { readonly kind: 'scan'; readonly id: number; readonly recipe: PairScanRecipe }
  | { readonly kind: 'poses'; readonly poses: Float64Array }
  | { readonly kind: 'pairBuffer'; readonly buffer: Int32Array }
  | { readonly kind: 'pairs'; readonly id: number; readonly first: number; readonly step: number };

export class LidarThreads implements PairScanner {
  /** Jobs queued for the next run. */
  jobCount = 0;
  /** Casts made on worker threads so far (a diagnostic: the bench and tests read it). */
  castOnWorkers = 0;
  /** Pair-scan rows scanned on worker threads so far (a diagnostic, like castOnWorkers). */
  rowsOnWorkers = 0;
  jobs: CastJobs = newJobs(64);
  private readonly workers: Worker[] = [];
  private readonly control: Int32Array;
  /** Per slot, the SLAM cells this thread writes (the workers hold the same list). */
  private readonly slamCells: (Uint8Array | null)[] = [];
  /** The grid as the workers get it: plain fields, cells copied once into shared memory. */
  private readonly sharedGrid: Grid;
  /** A worker's error event (it failed to start or crashed), reported by the next run. */
  private failure: Error | null = null;
  /** close() was called: no worker starts again. */
  private closed = false;
  /** Per thread index (0 unused), its pair results; per share, the rows this thread reads back. */
  private readonly pairBuffers: Int32Array[] = [];
  private readonly shareRows: PairList[] = [];
  /** Per share: pairs found, and the merge's cursor. */
  private readonly counts: Int32Array;
  private readonly cursors: Int32Array;
  private poses = new Float64Array(new SharedArrayBuffer(8 * 3 * 64));
  /** Scans the workers hold, by id (a scan is registered at its first parallel run). */
  private readonly scanIds = new WeakMap<PairScan, number>();
  private nextScanId = 0;

  constructor(
    private readonly lidar: Lidar,
    grid: Grid,
    private readonly config: LidarConfig,
    readonly threads: number,
  ) {
    this.control = new Int32Array(new SharedArrayBuffer(4 * (EXPLORED + 4 * threads)));
    const cells = new Uint8Array(new SharedArrayBuffer(grid.cells.length));
    cells.set(grid.cells);
    this.sharedGrid = { width: grid.width, height: grid.height, cellSizeM: grid.cellSizeM, originM: { x: grid.originM.x, y: grid.originM.y }, cells };
    for (let index = 0; index < threads; index++) {
      this.pairBuffers.push(new Int32Array(new SharedArrayBuffer(4 * 2 * INITIAL_PAIR_CAPACITY)));
      this.shareRows.push(new PairList());
    }
    this.counts = new Int32Array(threads);
    this.cursors = new Int32Array(threads);
  }

  /** Starts the worker threads with the current buffers, SLAM maps and job list. */
  private startWorkers(): void {
    if (this.closed || this.workers.length > 0) return;
    for (let index = 1; index < this.threads; index++) {
      const init: LidarThreadInit = {
        index,
        threads: this.threads,
        grid: this.sharedGrid,
        config: this.config,
        shared: this.lidar.sharedBuffers(),
        control: this.control,
        jobs: this.jobs,
        slamCells: this.slamCells,
        pairBuffer: this.pairBuffers[index],
        poses: this.poses,
      };
      const worker = startTsWorker(new URL('./lidarThread.ts', import.meta.url), init);
      // A world nobody closes must not keep the process alive.
      worker.unref();
      worker.on('error', (error: Error) => {
        this.failure ??= error;
      });
      this.workers.push(worker);
    }
  }

  /** The lidar's range buffers were replaced (grown): the workers cast into the new ones. */
  rangesGrown(): void {
    this.post({ kind: 'ranges', rangesM: this.lidar.rangesM, wallRangesM: this.lidar.wallRangesM });
  }

  /** Robot `slot`'s SLAM map cells (shared memory), written by whichever thread casts its rays. */
  setSlam(slot: number, cells: Uint8Array): void {
    this.slamCells[slot] = cells;
    this.post({ kind: 'slam', slot, cells });
    if (this.threads > 1 && this.slamCells.length >= ROBOTS_TO_START_WORKERS) this.startWorkers();
  }

  addJob(slot: number, xM: number, yM: number, headingRad: number, integrate: boolean): void {
    const j = this.jobCount++;
    if (j >= this.jobs.slot.length) {
      const next = newJobs(2 * this.jobs.slot.length);
      next.slot.set(this.jobs.slot);
      next.pose.set(this.jobs.pose);
      next.integrate.set(this.jobs.integrate);
      this.jobs = next;
      this.post({ kind: 'jobs', jobs: next });
    }
    const jobs = this.jobs;
    jobs.slot[j] = slot;
    jobs.pose[3 * j] = xM;
    jobs.pose[3 * j + 1] = yM;
    jobs.pose[3 * j + 2] = headingRad;
    jobs.integrate[j] = integrate ? 1 : 0;
  }

  /**
   * Casts every queued job (their SLAM writes counted in jobs.slamChanged / slamNewlyKnown),
   * empties the queue and returns how many jobs it cast.
   */
  run(tick: number): number {
    this.checkFailure();
    const count = this.jobCount;
    this.jobCount = 0;
    const control = this.control;
    const ready = this.readyWorkers();
    const shares = Math.max(1, Math.min(ready + 1, Math.floor(count / MIN_JOBS_PER_THREAD)));
    const per = Math.ceil(count / shares);
    Atomics.store(control, DONE, 0);
    let posted = 0;
    for (let w = 1; w < shares; w++) {
      const begin = w * per;
      const end = Math.min(count, begin + per);
      if (begin >= end) break;
      this.workers[w - 1].postMessage({ kind: 'cast', tick, begin, end } satisfies LidarThreadMessage);
      this.castOnWorkers += end - begin;
      posted++;
    }
    castShare(this.lidar, this.jobs, this.slamCells, tick, 0, Math.min(count, per));
    this.awaitShares(posted);
    for (let w = 1; w <= posted; w++) {
      this.lidar.exploredCount += control[EXPLORED + w];
      control[EXPLORED + w] = 0;
    }
    return count;
  }

  /**
   * Scans every row of `scan` into `out`: rows i = w, w + shares, ... on worker w (this thread
   * is share 0), then concatenated in robot order. Scans without a recipe, few rows, or no
   * ready worker run here alone.
   */
  scan(scan: PairScan, poses: Float64Array, out: PairList): void {
    const recipe = scan.recipe;
    const n = scan.robotCount;
    if (recipe !== null && n >= ROBOTS_TO_START_WORKERS && this.threads > 1) this.startWorkers();
    const ready = recipe === null ? 0 : this.readyWorkers();
    const shares = Math.max(1, Math.min(ready + 1, Math.floor(n / MIN_ROWS_PER_THREAD)));
    if (shares === 1 || recipe === null) {
      oneThread.scan(scan, poses, out);
      return;
    }
    this.checkFailure();
    let id = this.scanIds.get(scan);
    if (id === undefined) {
      id = this.nextScanId++;
      this.scanIds.set(scan, id);
      this.post({ kind: 'scan', id, recipe });
    }
    if (this.poses.length < poses.length) {
      this.poses = new Float64Array(new SharedArrayBuffer(8 * 2 * poses.length));
      this.post({ kind: 'poses', poses: this.poses });
    }
    this.poses.set(poses);
    const control = this.control;
    Atomics.store(control, DONE, 0);
    for (let w = 1; w < shares; w++) this.workers[w - 1].postMessage({ kind: 'pairs', id, first: w, step: shares } satisfies LidarThreadMessage);
    const rows = this.shareRows;
    rows[0].count = 0;
    scan.prepare(poses);
    scanRows(scan, poses, 0, shares, rows[0]);
    this.awaitShares(shares - 1);
    // Each share's rows, in row order (a list for an overflowed share, else its shared buffer).
    const sources: Int32Array[] = [rows[0].pairs];
    const counts = this.counts;
    counts[0] = rows[0].count;
    for (let w = 1; w < shares; w++) {
      const found = control[pairSlot(this.threads, w)];
      if (2 * found > this.pairBuffers[w].length) {
        // Its buffer was too small: scan its rows here (the same rows) and give it a bigger one.
        rows[w].count = 0;
        scanRows(scan, poses, w, shares, rows[w]);
        sources.push(rows[w].pairs);
        this.pairBuffers[w] = new Int32Array(new SharedArrayBuffer(4 * 2 * 2 * found));
        this.workers[w - 1].postMessage({ kind: 'pairBuffer', buffer: this.pairBuffers[w] } satisfies LidarThreadMessage);
      } else {
        sources.push(this.pairBuffers[w]);
        scan.linkChecks += control[pairSlot(this.threads, w) + 1];
        this.rowsOnWorkers += Math.ceil((n - w) / shares);
      }
      counts[w] = found;
    }
    mergeRows(sources, counts, this.cursors, shares, n, out);
  }

  private checkFailure(): void {
    if (this.failure) throw new SwarmgateError('SG_SIM_WORKER', `a lidar worker thread failed: ${this.failure.message}`);
  }

  /** Blocks until `posted` shares are reported done; throws if a worker failed or stalled. */
  private awaitShares(posted: number): void {
    const control = this.control;
    for (let done = Atomics.load(control, DONE); done < posted; done = Atomics.load(control, DONE)) {
      if (Atomics.wait(control, DONE, done, WORKER_TIMEOUT_MS) === 'timed-out') {
        throw new SwarmgateError('SG_SIM_WORKER', `a lidar worker thread did not answer within ${WORKER_TIMEOUT_MS / 1000} s`);
      }
    }
    if (Atomics.load(control, FAILED) !== 0) throw new SwarmgateError('SG_SIM_WORKER', 'a lidar worker thread failed (its error is printed on stderr)');
  }

  /** How many workers, from the first, have started (threads start in index order, but may finish starting in any). */
  private readyWorkers(): number {
    let ready = 0;
    while (ready < this.workers.length && Atomics.load(this.control, EXPLORED + this.threads + ready + 1) === 1) ready++;
    return ready;
  }

  /** Resolves once every started worker thread is ready (tests use it so that workers do get shares). */
  async ready(): Promise<void> {
    while (this.readyWorkers() < this.workers.length) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  /** Stops the worker threads. */
  close(): Promise<unknown> {
    this.closed = true;
    return Promise.all(this.workers.splice(0).map((w) => w.terminate()));
  }

  private post(message: LidarThreadMessage): void {
    for (const w of this.workers) w.postMessage(message);
  }
}

/** Casts jobs [begin, end) with `lidar` (one thread's), recording each job's SLAM writes. */
export function castShare(lidar: Lidar, jobs: CastJobs, slamCells: readonly (Uint8Array | null)[], tick: number, begin: number, end: number): void {
  for (let j = begin; j < end; j++) {
    const slot = jobs.slot[j];
    lidar.castWalls(slot, jobs.pose[3 * j], jobs.pose[3 * j + 1], jobs.pose[3 * j + 2], tick, jobs.integrate[j] === 1 ? slamCells[slot] : null);
    jobs.slamChanged[j] = lidar.slamChanged;
    jobs.slamNewlyKnown[j] = lidar.slamNewlyKnown;
  }
}

/** Marks worker thread `index` ready for shares (its modules loaded); `threads` is the pool's size. */
export function reportReady(control: Int32Array, index: number, threads: number): void {
  Atomics.store(control, EXPLORED + threads + index, 1);
}

/** Marks a worker's share done (or failed), waking the main thread. */
export function reportShare(control: Int32Array, index: number, explored: number, failed: boolean): void {
  control[EXPLORED + index] = explored;
  markDone(control, failed);
}

/**
 * Reports a worker's pair share: its pairs copied into `buffer` when they fit (else only their
 * count: the main thread sees it is over and scans those rows itself), and its link checks.
 */
export function reportPairs(control: Int32Array, index: number, threads: number, rows: PairList, buffer: Int32Array, checks: number, failed: boolean): void {
  const at = pairSlot(threads, index);
  if (2 * rows.count <= buffer.length) buffer.set(rows.pairs.subarray(0, 2 * rows.count));
  control[at] = rows.count;
  control[at + 1] = checks;
  markDone(control, failed);
}

/** control[] slot of thread `index`'s pair count (its link checks are next). */
function pairSlot(threads: number, index: number): number {
  return EXPLORED + 2 * threads + 2 * index;
}

function markDone(control: Int32Array, failed: boolean): void {
  if (failed) Atomics.store(control, FAILED, 1);
  Atomics.add(control, DONE, 1);
  Atomics.notify(control, DONE);
}

/**
 * Concatenates the shares' rows in robot order: robot i's row is the run of pairs (i, j) at the
 * cursor of share i mod shares (each share's list is in row order, `counts` pairs long).
 */
function mergeRows(sources: readonly Int32Array[], counts: Int32Array, cursors: Int32Array, shares: number, robots: number, out: PairList): void {
  out.count = 0;
  cursors.fill(0);
  for (let i = 0; i < robots; i++) {
    const w = i % shares;
    const pairs = sources[w];
    let c = cursors[w];
    while (c < counts[w] && pairs[2 * c] === i) {
      out.push(i, pairs[2 * c + 1]);
      c++;
    }
    cursors[w] = c;
  }
}

function newJobs(capacity: number): CastJobs {
  return {
    slot: new Int32Array(new SharedArrayBuffer(4 * capacity)),
    pose: new Float64Array(new SharedArrayBuffer(8 * 3 * capacity)),
    integrate: new Uint8Array(new SharedArrayBuffer(capacity)),
    slamChanged: new Int32Array(new SharedArrayBuffer(4 * capacity)),
    slamNewlyKnown: new Int32Array(new SharedArrayBuffer(4 * capacity)),
  };
}
