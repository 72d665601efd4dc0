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
 */
import type { Worker } from 'node:worker_threads';
import { SwarmgateError } from '../errors.js';
import type { Lidar, LidarGrid, LidarShared } from './Lidar.js';
import { startTsWorker } from './tsWorker.js';
import type { LidarConfig } from './WorldConfig.js';

/** Below this many casts in a tick, messaging a worker costs more than the rays it would take. */
const MIN_JOBS_PER_THREAD = 4;
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
 * share, so no tick waits for a thread to start).
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
  readonly grid: LidarGrid;
  readonly config: LidarConfig;
  readonly shared: LidarShared;
  readonly control: Int32Array;
  readonly jobs: CastJobs;
  /** Per slot, the robot's SLAM cells so far; later ones come as 'slam' messages. */
  readonly slamCells: readonly (Uint8Array | null)[];
}

/** Messages to a worker thread, in the order they must take effect. */
export type LidarThreadMessage =
  | { readonly kind: 'ranges'; readonly rangesM: Float32Array; readonly wallRangesM: Float32Array }
  | { readonly kind: 'slam'; readonly slot: number; readonly cells: Uint8Array }
  | { readonly kind: 'jobs'; readonly jobs: CastJobs }
  | { readonly kind: 'cast'; readonly tick: number; readonly begin: number; readonly end: number };

export class LidarThreads {
  /** Jobs queued for the next run. */
  jobCount = 0;
  /** Casts made on worker threads so far (a diagnostic: the bench and tests read it). */
  castOnWorkers = 0;
  jobs: CastJobs = newJobs(64);
  private readonly workers: Worker[] = [];
  private readonly control: Int32Array;
  /** Per slot, the SLAM cells this thread writes (the workers hold the same list). */
  private readonly slamCells: (Uint8Array | null)[] = [];
  private readonly plainGrid: LidarGrid;
  /** A worker's error event (it failed to start or crashed), reported by the next run. */
  private failure: Error | null = null;

  constructor(
    private readonly lidar: Lidar,
    grid: LidarGrid,
    private readonly config: LidarConfig,
    readonly threads: number,
  ) {
    this.control = new Int32Array(new SharedArrayBuffer(4 * (EXPLORED + 2 * threads)));
    this.plainGrid = { width: grid.width, height: grid.height, cellSizeM: grid.cellSizeM, originM: { x: grid.originM.x, y: grid.originM.y } };
  }

  /** Starts the worker threads with the current buffers, SLAM maps and job list. */
  private startWorkers(): void {
    for (let index = 1; index < this.threads; index++) {
      const init: LidarThreadInit = {
        index,
        threads: this.threads,
        grid: this.plainGrid,
        config: this.config,
        shared: this.lidar.sharedBuffers(),
        control: this.control,
        jobs: this.jobs,
        slamCells: this.slamCells,
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
    if (this.workers.length === 0 && this.threads > 1 && this.slamCells.length >= ROBOTS_TO_START_WORKERS) this.startWorkers();
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
    if (this.failure) throw new SwarmgateError('SG_SIM_WORKER', `a lidar worker thread failed: ${this.failure.message}`);
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
    for (let done = Atomics.load(control, DONE); done < posted; done = Atomics.load(control, DONE)) {
      if (Atomics.wait(control, DONE, done, WORKER_TIMEOUT_MS) === 'timed-out') {
        throw new SwarmgateError('SG_SIM_WORKER', `a lidar worker thread did not answer within ${WORKER_TIMEOUT_MS / 1000} s`);
      }
    }
    if (Atomics.load(control, FAILED) !== 0) throw new SwarmgateError('SG_SIM_WORKER', 'a lidar worker thread failed (its error is printed on stderr)');
    for (let w = 1; w <= posted; w++) {
      this.lidar.exploredCount += control[EXPLORED + w];
      control[EXPLORED + w] = 0;
    }
    return count;
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
  if (failed) Atomics.store(control, FAILED, 1);
  Atomics.add(control, DONE, 1);
  Atomics.notify(control, DONE);
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
