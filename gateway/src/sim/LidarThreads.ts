/**
 * Casts one tick's lidar wall rays on several threads: this one and `threads - 1` worker threads
 * (lidarThread.ts), over shared memory (the lidar's buffers, every robot's SLAM cells, the job
 * list below). A robot's rays touch only its own ranges and SLAM map, and the tiles it reaches,
 * which every thread stamps with the same tick (first visits claimed atomically, counted once),
 * so the outcome does not depend on how robots are split among threads: the same ranges, cells
 * and counts as one thread casting them in slot order.
 *
 * Per tick: the sense phase queues a job per robot whose rays must be cast (addJob); start()
 * cuts the list into chunks (threadChunks.ts), posts one message per ready worker and rings their
 * doorbell, and returns. Each robot's sensing then waits for its own job (awaitJob), claiming and
 * casting chunks here as the workers do while its job is not done, and finishCasts() claims what
 * is left and blocks (Atomics.wait) until the chunks the workers hold are finished. Structural
 * changes (grown buffers, a new robot's SLAM map) are posted before the next run, so a worker
 * sees them first (a port delivers in order).
 *
 * The same threads find the pairs of the nearby-robot and line-of-sight queries (a PairScan:
 * NearbyRobots, RadioLinks), when asked during the radio and control phases: the poses are copied
 * into shared memory, the rows (robots) are cut into chunks of consecutive rows claimed as above,
 * each thread writes a chunk's pairs into its own result buffer and the chunk's place in the
 * chunk table, and this thread concatenates the chunks in order: the pair list one thread makes.
 * A worker builds its copy of a scan from the scan's recipe, over the grid it was started with
 * (shared memory, read only).
 */
import { MessageChannel, receiveMessageOnPort, type MessagePort, type Worker } from 'node:worker_threads';
import type { Grid } from '@swarmgate/maps';
import type { SlamMapBuffers } from '@swarmgate/sdk/slam-view';
import { SwarmgateError } from '../errors.js';
import type { Lidar, LidarShared } from './Lidar.js';
import { oneThread, PairList, scanRows, type PairScan, type PairScanner, type PairScanRecipe } from './radio/index.js';
import {
  awaitChunks,
  CHECKS,
  claimChunk,
  controlSlots,
  EXPLORED,
  FAILED,
  FINISHED,
  finishChunk,
  isReady,
  ON_WORKERS,
  openRun,
  ringBell,
} from './threadChunks.js';
import type { ControllerRecipe, ControlRun, TurnOutcome } from './threadControl.js';
import { castShare, JOBS_PER_CHUNK, ROWS_PER_CHUNK, type CastJobs, type CastOcclusion } from './threadShares.js';
import { newOcclusionPoses, Occluder, type OcclusionPoses } from './occlusion.js';
import { startTsWorker } from './tsWorker.js';
import type { LidarConfig } from './WorldConfig.js';

/** Pairs a worker's result buffer holds at first (it grows when a chunk did not fit). */
const INITIAL_PAIR_CAPACITY = 4096;
/**
 * Worker threads start when the world first holds this many robots: a thread is ready about 0.1 s
 * after it starts (its bundle made by esbuild, then compiled: tsWorker.ts; the bundle holds the
 * packages' light entries, not their indexes, which would add the wire format, MQTT and map-file
 * code), and costs about 0.1 CPU s, which a one-robot trial never earns back.
 */
const ROBOTS_TO_START_WORKERS = 2 * JOBS_PER_CHUNK;
/** A worker that has not answered in this long is taken to be dead (the main thread is blocked). */
const WORKER_TIMEOUT_MS = 60_000;

/** What a worker thread is started with. */
export interface LidarThreadInit {
  readonly index: number;
  /** The world's grid, its cells in shared memory. */
  readonly grid: Grid;
  readonly config: LidarConfig;
  readonly shared: LidarShared;
  /** threadChunks.ts's counters, and its claim word. */
  readonly control: Int32Array;
  readonly claim: BigInt64Array;
  readonly jobs: CastJobs;
  /** Per slot, the robot's SLAM map (cells and counters) so far; later ones come as 'slam' messages. */
  readonly slamMaps: readonly (SlamMapBuffers | null)[];
  /** The controllers this thread runs are made from this (later: a 'controllers' message); null: none. */
  readonly controllers: ControllerRecipe | null;
  /** Where it imports what makes them: outside its bundle (tsWorker.ts), and only once it has a recipe. */
  readonly controllerModules: ControllerModules;
  /** This thread's pair results: (i, j) interleaved (replaced by 'pairBuffer' messages). */
  readonly pairBuffer: Int32Array;
  /** Per chunk of a pair scan: thread index, first pair in that thread's buffer, pairs (-1: did not fit). */
  readonly chunkTable: Int32Array;
  /** Poses for the pair scans (replaced by 'poses' messages when grown). */
  readonly poses: Float64Array;
  /** The tick's poses the casts' occlusion reads (replaced by 'occlusionPoses' messages when grown). */
  readonly occlusionPoses: OcclusionPoses;
  /** The robots' disc radius (m), for occlusion. */
  readonly robotRadiusM: number;
  /** Where this thread's messages come, read when the doorbell rings. */
  readonly port: MessagePort;
}

/** A worker's controller modules (TypeScript sources), and tsx's loader it imports them through. */
export interface ControllerModules {
  readonly loader: string;
  readonly threadControl: string;
  readonly sdk: string;
}

/** Messages to a worker thread, in the order they must take effect. */
export type LidarThreadMessage =
  | { readonly kind: 'ranges'; readonly rangesM: Float32Array; readonly wallRangesM: Float32Array }
  | { readonly kind: 'slam'; readonly slot: number; readonly map: SlamMapBuffers }
  | { readonly kind: 'controllers'; readonly recipe: ControllerRecipe }
  | { readonly kind: 'control'; readonly run: ControlRun }
  | { readonly kind: 'dropController'; readonly slot: number }
  | { readonly kind: 'robotIds'; readonly from: number; readonly ids: readonly string[] }
  | { readonly kind: 'jobs'; readonly jobs: CastJobs }
  | { readonly kind: 'occlusionPoses'; readonly poses: OcclusionPoses }
  | { readonly kind: 'cast'; readonly run: number; readonly tick: number; readonly count: number; readonly robots: number; readonly generation: number }
  | { readonly kind: 'scan'; readonly id: number; readonly recipe: PairScanRecipe }
  | { readonly kind: 'poses'; readonly poses: Float64Array }
  | { readonly kind: 'pairBuffer'; readonly buffer: Int32Array }
  | { readonly kind: 'chunkTable'; readonly table: Int32Array }
  | { readonly kind: 'pairs'; readonly run: number; readonly id: number; readonly rows: number };

/** A cast run the workers may still be working on. */
interface CastRun {
  readonly run: number;
  readonly tick: number;
  readonly count: number;
  readonly chunks: number;
}

export class LidarThreads implements PairScanner {
  /** Jobs queued for the next run. */
  jobCount = 0;
  /** Casts made on worker threads so far (a diagnostic: the bench and tests read it). */
  castOnWorkers = 0;
  /** Pair-scan rows scanned on worker threads so far (a diagnostic, like castOnWorkers). */
  rowsOnWorkers = 0;
  /** Controllers' turns run on worker threads so far (a diagnostic, like castOnWorkers). */
  turnsOnWorkers = 0;
  /** Chunks of rows scanned again here because a worker's result buffer was full (a diagnostic). */
  chunksRescanned = 0;
  jobs: CastJobs = newJobs(64);
  /** Casts started and not yet finished (start, awaitJob, finishCasts), or null. */
  private inFlight: CastRun | null = null;
  private readonly workers: Worker[] = [];
  /** Per worker, the port its messages go to. */
  private readonly ports: MessagePort[] = [];
  private readonly control: Int32Array;
  private readonly claim = new BigInt64Array(new SharedArrayBuffer(8));
  /** The last run's number (the claim word's high half). */
  private runNumber = 0;
  /** Per slot, the SLAM cells this thread writes (the workers hold the same maps). */
  private readonly slamCells: (Uint8Array | null)[] = [];
  private readonly slamMaps: (SlamMapBuffers | null)[] = [];
  /** What the workers make their robots' controllers from (setControllers), or null. */
  private controllerRecipe: ControllerRecipe | null = null;
  /** Workers given a control run not yet finished, in worker order (finishControl). */
  private controlling: number[] = [];
  /** The grid as the workers get it: plain fields, cells copied once into shared memory. */
  private readonly sharedGrid: Grid;
  /** A worker's error event (it failed to start or crashed), reported by the next run. */
  private failure: Error | null = null;
  /** close() was called: no worker starts again. */
  private closed = false;
  /** Per thread index, its pair results (index 0: ownPairs' array, which grows as a list does). */
  private readonly pairBuffers: Int32Array[] = [];
  private readonly ownPairs = new PairList();
  /** Per thread index, 1 when a chunk of the last run did not fit in its buffer. */
  private readonly bufferFull: Uint8Array;
  private chunkTable = new Int32Array(new SharedArrayBuffer(4 * 3 * 64));
  private poses = new Float64Array(new SharedArrayBuffer(8 * 3 * 64));
  /** The tick's poses for occlusion (occlusionPoses), how many slots they hold, and their snapshot number. */
  private occlusionSnapshot = newOcclusionPoses(64);
  private occlusionGeneration = 0;
  /** What this thread's casts are occluded by (this thread's neighbour search over the snapshot), set once a tick. */
  private occlusion: CastOcclusion;
  /** Scans the workers hold, by id (a scan is registered at its first parallel run). */
  private readonly scanIds = new WeakMap<PairScan, number>();
  private nextScanId = 0;

  constructor(
    private readonly lidar: Lidar,
    grid: Grid,
    private readonly config: LidarConfig,
    readonly threads: number,
    private readonly robotRadiusM: number,
  ) {
    this.occlusion = { occluder: new Occluder(grid, config.rangeM, robotRadiusM), poses: this.occlusionSnapshot, robots: 0, generation: 0 };
    this.control = new Int32Array(new SharedArrayBuffer(4 * controlSlots(threads)));
    const cells = new Uint8Array(new SharedArrayBuffer(grid.cells.length));
    cells.set(grid.cells);
    this.sharedGrid = { width: grid.width, height: grid.height, cellSizeM: grid.cellSizeM, originM: { x: grid.originM.x, y: grid.originM.y }, cells };
    this.bufferFull = new Uint8Array(threads);
    // Index 0 is this thread's: its own list's array, set at each scan.
    this.pairBuffers.push(this.ownPairs.pairs);
    for (let index = 1; index < threads; index++) this.pairBuffers.push(new Int32Array(new SharedArrayBuffer(4 * 2 * INITIAL_PAIR_CAPACITY)));
  }

  /** Starts the worker threads with the current buffers, SLAM maps and job list. */
  private startWorkers(): void {
    if (this.closed || this.workers.length > 0) return;
    for (let index = 1; index < this.threads; index++) {
      const channel = new MessageChannel();
      const init: LidarThreadInit = {
        index,
        grid: this.sharedGrid,
        config: this.config,
        shared: this.lidar.sharedBuffers(),
        control: this.control,
        claim: this.claim,
        jobs: this.jobs,
        slamMaps: [...this.slamMaps],
        controllers: this.controllerRecipe,
        controllerModules: {
          loader: import.meta.resolve('tsx/esm/api'),
          threadControl: new URL('./threadControl.ts', import.meta.url).href,
          sdk: import.meta.resolve('@swarmgate/sdk'),
        },
        pairBuffer: this.pairBuffers[index],
        chunkTable: this.chunkTable,
        poses: this.poses,
        occlusionPoses: this.occlusionSnapshot,
        robotRadiusM: this.robotRadiusM,
        port: channel.port2,
      };
      const worker = startTsWorker(new URL('./lidarThread.ts', import.meta.url), init, [channel.port2]);
      // A world nobody closes must not keep the process alive.
      worker.unref();
      worker.on('error', (error: Error) => {
        this.failure ??= error;
      });
      this.workers.push(worker);
      this.ports.push(channel.port1);
    }
  }

  /** The lidar's range buffers were replaced (grown): the workers cast into the new ones. */
  rangesGrown(): void {
    this.post({ kind: 'ranges', rangesM: this.lidar.rangesM, wallRangesM: this.lidar.wallRangesM });
  }

  /** Robot `slot`'s SLAM map (shared memory): its cells written by whichever thread casts its rays, read by its controller's. */
  setSlam(slot: number, map: SlamMapBuffers): void {
    this.slamCells[slot] = map.cells;
    this.slamMaps[slot] = map;
    this.post({ kind: 'slam', slot, map });
    if (this.threads > 1 && this.slamCells.length >= ROBOTS_TO_START_WORKERS) this.startWorkers();
  }

  /** Worker threads started (ready or not): the threads a robot's controller may be placed on, with this one. */
  get startedWorkers(): number {
    return this.workers.length;
  }

  /** The recipe the workers make controllers from (the trial's registered algorithm). */
  setControllers(recipe: ControllerRecipe): void {
    this.controllerRecipe = recipe;
    this.post({ kind: 'controllers', recipe });
  }

  /**
   * Starts a control run: `runs[w]` (if any) to worker w + 1, which runs those turns' controllers
   * and answers with their outcomes; finishControl collects them. Waits for nothing: this thread
   * runs its own robots' controllers meanwhile.
   */
  startControl(runs: readonly (ControlRun | null)[]): void {
    this.checkFailure();
    this.finishCasts();
    this.nextRun();
    this.controlling = [];
    for (let w = 0; w < runs.length; w++) {
      const run = runs[w];
      if (run === null || run === undefined) continue;
      this.ports[w].postMessage({ kind: 'control', run } satisfies LidarThreadMessage);
      this.controlling.push(w);
    }
    if (this.controlling.length > 0) ringBell(this.control);
  }

  /** Blocks until the started control run's workers answer; their outcomes, per worker given a run (startControl's order). */
  finishControl(): TurnOutcome[][] {
    const workers = this.controlling;
    this.controlling = [];
    if (workers.length === 0) return [];
    this.awaitRun(workers.length);
    return workers.map((w) => {
      const answer = receiveMessageOnPort(this.ports[w]);
      if (answer === undefined) throw new SwarmgateError('SG_SIM_WORKER', `worker thread ${w + 1} finished a control run without its outcomes`);
      const outcomes = answer.message as TurnOutcome[];
      this.turnsOnWorkers += outcomes.length;
      return outcomes;
    });
  }

  /** Robots from slot `from` on are named `ids` (their controllers' and nearby robots' names). */
  setRobotIds(from: number, ids: readonly string[]): void {
    this.post({ kind: 'robotIds', from, ids });
  }

  /** Robot `slot`, whose controller worker `thread` runs, left the world: the worker stops its controller. */
  dropController(thread: number, slot: number): void {
    this.ports[thread - 1]?.postMessage({ kind: 'dropController', slot } satisfies LidarThreadMessage);
  }

  addJob(slot: number, xM: number, yM: number, headingRad: number, integrate: boolean): void {
    const j = this.jobCount++;
    if (j >= this.jobs.slot.length) {
      const next = newJobs(2 * this.jobs.slot.length);
      next.slot.set(this.jobs.slot);
      next.pose.set(this.jobs.pose);
      next.integrate.set(this.jobs.integrate);
      next.done.set(this.jobs.done);
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
   * The tick's poses for occlusion, to be filled before start() for slots 0 .. robots - 1 (NaN x:
   * not in the world): every cast shortens its robot's scan by the other robots' discs there.
   */
  occlusionPoses(robots: number): OcclusionPoses {
    if (this.occlusionSnapshot.xM.length < robots) {
      this.occlusionSnapshot = newOcclusionPoses(2 * robots);
      this.post({ kind: 'occlusionPoses', poses: this.occlusionSnapshot });
    }
    this.occlusion = { occluder: this.occlusion.occluder, poses: this.occlusionSnapshot, robots, generation: ++this.occlusionGeneration };
    return this.occlusionSnapshot;
  }

  /** Shortens robot `slot`'s scan by the other robots' discs, as a cast does (for a robot not cast this tick). */
  occlude(slot: number): void {
    const { occluder, poses, robots, generation } = this.occlusion;
    occluder.occlude(this.lidar, slot, poses, robots, generation);
  }

  /**
   * Casts every queued job (their SLAM writes counted in jobs.slamChanged / slamNewlyKnown),
   * empties the queue and returns how many jobs it cast.
   */
  run(tick: number): number {
    const count = this.start(tick);
    this.finishCasts();
    return count;
  }

  /**
   * Starts casting every queued job and returns how many there are, without waiting for them:
   * the workers cast while this thread goes on, and awaitJob / finishCasts wait for (and help
   * with) what is left. The queue is empty afterwards. With no ready worker it casts them all
   * here before returning.
   */
  start(tick: number): number {
    this.checkFailure();
    const count = this.jobCount;
    this.jobCount = 0;
    const chunks = Math.ceil(count / JOBS_PER_CHUNK);
    const helpers = Math.min(this.readyWorkers(), chunks - 1);
    const run = this.nextRun();
    if (helpers <= 0) {
      castShare(this.lidar, this.jobs, this.slamCells, tick, 0, count, run, this.occlusion);
      return count;
    }
    const { robots, generation } = this.occlusion;
    for (let w = 0; w < helpers; w++) this.ports[w].postMessage({ kind: 'cast', run, tick, count, robots, generation } satisfies LidarThreadMessage);
    ringBell(this.control);
    this.inFlight = { run, tick, count, chunks };
    return count;
  }

  /** Blocks until job `j` of the started casts is cast, casting unclaimed chunks here meanwhile. */
  awaitJob(j: number): void {
    const cast = this.inFlight;
    if (cast === null) return;
    const done = this.jobs.done;
    while (Atomics.load(done, j) !== cast.run) {
      if (this.castChunk(cast)) continue;
      // A failed chunk never marks its jobs done: finish the run, which reports the failure.
      if (Atomics.load(this.control, FAILED) !== 0) this.finishCasts();
      const finished = Atomics.load(this.control, FINISHED);
      if (Atomics.load(done, j) === cast.run) return;
      if (Atomics.wait(this.control, FINISHED, finished, WORKER_TIMEOUT_MS) === 'timed-out') this.finishCasts();
    }
  }

  /** Finishes the started casts: casts the unclaimed chunks here, then waits for the workers'. */
  finishCasts(): void {
    const cast = this.inFlight;
    if (cast === null) return;
    while (this.castChunk(cast));
    this.inFlight = null;
    this.awaitRun(cast.chunks);
    this.lidar.exploredCount += this.control[EXPLORED];
    this.castOnWorkers += this.control[ON_WORKERS];
  }

  /** Claims and casts one chunk of `cast` here; false when none was left to claim. */
  private castChunk(cast: CastRun): boolean {
    const c = claimChunk(this.claim, cast.run, cast.chunks);
    if (c < 0) return false;
    const begin = c * JOBS_PER_CHUNK;
    castShare(this.lidar, this.jobs, this.slamCells, cast.tick, begin, Math.min(cast.count, begin + JOBS_PER_CHUNK), cast.run, this.occlusion);
    finishChunk(this.control, false);
    return true;
  }

  /**
   * Scans every row of `scan` into `out`, in chunks of consecutive rows claimed by this thread
   * and the ready workers, then concatenated in chunk order. Scans without a recipe, few rows,
   * or no ready worker run here alone.
   */
  scan(scan: PairScan, poses: Float64Array, out: PairList): void {
    const recipe = scan.recipe;
    const n = scan.robotCount;
    // Casts still in flight hold the claim word, and the workers: this thread scans alone
    // meanwhile (the same pairs), which is work done beside theirs rather than after it.
    const cast = this.inFlight;
    if (cast !== null && Atomics.load(this.control, FINISHED) < cast.chunks) {
      oneThread.scan(scan, poses, out);
      return;
    }
    this.finishCasts();
    if (recipe !== null && n >= ROBOTS_TO_START_WORKERS && this.threads > 1) this.startWorkers();
    const chunks = Math.ceil(n / ROWS_PER_CHUNK);
    const helpers = recipe === null ? 0 : Math.min(this.readyWorkers(), chunks - 1);
    if (helpers <= 0 || recipe === null) {
      oneThread.scan(scan, poses, out);
      return;
    }
    this.checkFailure();
    const id = this.shareScan(scan, recipe, poses, chunks);
    const table = this.chunkTable;
    const run = this.nextRun();
    for (let w = 0; w < helpers; w++) this.ports[w].postMessage({ kind: 'pairs', run, id, rows: n } satisfies LidarThreadMessage);
    ringBell(this.control);
    const own = this.ownPairs;
    own.count = 0;
    scan.prepare(poses);
    for (let c = claimChunk(this.claim, run, chunks); c >= 0; c = claimChunk(this.claim, run, chunks)) {
      const at = own.count;
      scanRows(scan, poses, c * ROWS_PER_CHUNK, Math.min(n, (c + 1) * ROWS_PER_CHUNK), own);
      table[3 * c] = 0;
      table[3 * c + 1] = at;
      table[3 * c + 2] = own.count - at;
      finishChunk(this.control, false);
    }
    this.awaitRun(chunks);
    scan.linkChecks += this.control[CHECKS];
    this.rowsOnWorkers += this.control[ON_WORKERS];
    this.pairBuffers[0] = own.pairs;
    this.mergeChunks(scan, poses, chunks, out);
  }

  /** Gives the workers what a run of `scan` needs (the scan, once; the poses; a large enough chunk table) and returns the scan's id. */
  private shareScan(scan: PairScan, recipe: PairScanRecipe, poses: Float64Array, chunks: number): number {
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
    if (this.chunkTable.length < 3 * chunks) {
      this.chunkTable = new Int32Array(new SharedArrayBuffer(4 * 3 * 2 * chunks));
      this.post({ kind: 'chunkTable', table: this.chunkTable });
    }
    return id;
  }

  /** Concatenates the run's chunks into `out` in chunk order (row order), from whichever thread's buffer holds each. */
  private mergeChunks(scan: PairScan, poses: Float64Array, chunks: number, out: PairList): void {
    const n = scan.robotCount;
    const table = this.chunkTable;
    out.count = 0;
    for (let c = 0; c < chunks; c++) {
      const thread = table[3 * c];
      const at = table[3 * c + 1];
      const found = table[3 * c + 2];
      if (found < 0) {
        // The worker's buffer was full: scan the chunk here (the same rows), and give it a bigger buffer.
        scanRows(scan, poses, c * ROWS_PER_CHUNK, Math.min(n, (c + 1) * ROWS_PER_CHUNK), out);
        this.bufferFull[thread] = 1;
        this.chunksRescanned++;
        continue;
      }
      const pairs = this.pairBuffers[thread];
      for (let p = 2 * at; p < 2 * (at + found); p += 2) out.push(pairs[p], pairs[p + 1]);
    }
    this.growFullBuffers();
  }

  /** Doubles the result buffer of each worker that had a chunk not fit in this run. */
  private growFullBuffers(): void {
    const full = this.bufferFull;
    for (let thread = 1; thread < full.length; thread++) {
      if (full[thread] === 0) continue;
      full[thread] = 0;
      this.pairBuffers[thread] = new Int32Array(new SharedArrayBuffer(4 * 2 * this.pairBuffers[thread].length));
      this.ports[thread - 1].postMessage({ kind: 'pairBuffer', buffer: this.pairBuffers[thread] } satisfies LidarThreadMessage);
    }
  }

  private nextRun(): number {
    this.runNumber = (this.runNumber + 1) & 0x7fffffff;
    openRun(this.control, this.claim, this.runNumber);
    return this.runNumber;
  }

  private checkFailure(): void {
    if (this.failure) throw new SwarmgateError('SG_SIM_WORKER', `a lidar worker thread failed: ${this.failure.message}`);
  }

  /** Blocks until the run's chunks are finished; throws if a worker failed or stalled. */
  private awaitRun(chunks: number): void {
    if (!awaitChunks(this.control, chunks, WORKER_TIMEOUT_MS)) {
      throw new SwarmgateError('SG_SIM_WORKER', `a lidar worker thread did not answer within ${WORKER_TIMEOUT_MS / 1000} s`);
    }
    if (Atomics.load(this.control, FAILED) !== 0) throw new SwarmgateError('SG_SIM_WORKER', 'a lidar worker thread failed (its error is printed on stderr)');
  }

  /** How many workers, from the first, have started (threads start in index order, but may finish starting in any). */
  private readyWorkers(): number {
    let ready = 0;
    while (ready < this.workers.length && isReady(this.control, ready + 1)) ready++;
    return ready;
  }

  /** Whether a worker thread is ready to take casts. */
  hasWorkers(): boolean {
    return this.readyWorkers() > 0;
  }

  /**
   * Resolves once every started worker thread is ready (tests use it so that workers do get
   * chunks; a live trial, so that its first paced tick does not wait for a worker's start-up);
   * rejects with SG_SIM_WORKER once a worker failed.
   */
  async ready(): Promise<void> {
    // A worker that failed to start never becomes ready: its error ends the wait.
    this.checkFailure();
    while (this.readyWorkers() < this.workers.length) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      this.checkFailure();
    }
  }

  /** Stops the worker threads. */
  close(): Promise<unknown> {
    this.closed = true;
    for (const port of this.ports.splice(0)) port.close();
    return Promise.all(this.workers.splice(0).map((w) => w.terminate()));
  }

  private post(message: LidarThreadMessage): void {
    for (const port of this.ports) port.postMessage(message);
  }
}

function newJobs(capacity: number): CastJobs {
  return {
    slot: new Int32Array(new SharedArrayBuffer(4 * capacity)),
    pose: new Float64Array(new SharedArrayBuffer(8 * 3 * capacity)),
    integrate: new Uint8Array(new SharedArrayBuffer(capacity)),
    slamChanged: new Int32Array(new SharedArrayBuffer(4 * capacity)),
    slamNewlyKnown: new Int32Array(new SharedArrayBuffer(4 * capacity)),
    done: new Int32Array(new SharedArrayBuffer(4 * capacity)),
  };
}
