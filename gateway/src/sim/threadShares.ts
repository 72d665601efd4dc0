/**
 * A thread's share of a run (threadChunks.ts): the wall casts, or the pair-query rows, of the
 * chunks it claims. The main thread (LidarThreads.ts) and the worker threads (lidarThread.ts)
 * both cast and scan with these; a worker's module graph is this, the claiming protocol and the
 * lidar and pair queries, nothing of the main thread's (tsWorker.ts bundles it).
 */
import type { Lidar } from './Lidar.js';
import type { Occluder, OcclusionPoses } from './occlusion.js';
import { scanRows, type PairList, type PairScan } from './radio/index.js';
import { CHECKS, claimChunk, EXPLORED, finishChunk, ON_WORKERS } from './threadChunks.js';

/** Casts per chunk: fewer, and claiming and messaging cost more than the rays. */
export const JOBS_PER_CHUNK = 4;
/** Rows (robots) per chunk of a pair scan. */
export const ROWS_PER_CHUNK = 8;

/** The job list, in shared memory: per job a robot slot, its pose, whether to write its SLAM map, and the writes counted. */
export interface CastJobs {
  readonly slot: Int32Array;
  /** x, y, heading per job. */
  readonly pose: Float64Array;
  /** 1: integrate into the robot's SLAM map. */
  readonly integrate: Uint8Array;
  readonly slamChanged: Int32Array;
  readonly slamNewlyKnown: Int32Array;
  /** The number of the run that cast the job, set once its results are written (awaitJob waits for it). */
  readonly done: Int32Array;
}

/** What a cast run's robots are occluded by: the tick's poses (`robots` slots, snapshot `generation`), searched by this thread's occluder. */
export interface CastOcclusion {
  readonly occluder: Occluder;
  readonly poses: OcclusionPoses;
  readonly robots: number;
  readonly generation: number;
}

/**
 * Casts jobs [begin, end) of run `run` with `lidar` (one thread's) and shortens each robot's scan
 * by the other robots' discs, recording each job's SLAM writes, then the job as done.
 */
export function castShare(
  lidar: Lidar,
  jobs: CastJobs,
  slamCells: readonly (Uint8Array | null)[],
  tick: number,
  begin: number,
  end: number,
  run: number,
  occlusion: CastOcclusion,
): void {
  for (let j = begin; j < end; j++) {
    const slot = jobs.slot[j];
    lidar.castWalls(slot, jobs.pose[3 * j], jobs.pose[3 * j + 1], jobs.pose[3 * j + 2], tick, jobs.integrate[j] === 1 ? slamCells[slot] : null);
    occlusion.occluder.occlude(lidar, slot, occlusion.poses, occlusion.robots, occlusion.generation);
    jobs.slamChanged[j] = lidar.slamChanged;
    jobs.slamNewlyKnown[j] = lidar.slamNewlyKnown;
    // Last: a thread that sees the run's number here sees the job's ranges, map writes and counts.
    Atomics.store(jobs.done, j, run);
  }
}

/** A worker's part of cast run `run` of `count` jobs: claims chunks until none is left. */
export function castChunks(
  lidar: Lidar,
  jobs: CastJobs,
  slamCells: readonly (Uint8Array | null)[],
  control: Int32Array,
  claim: BigInt64Array,
  message: { run: number; tick: number; count: number },
  occlusion: CastOcclusion,
): void {
  const chunks = Math.ceil(message.count / JOBS_PER_CHUNK);
  for (let c = claimChunk(claim, message.run, chunks); c >= 0; c = claimChunk(claim, message.run, chunks)) {
    const begin = c * JOBS_PER_CHUNK;
    const end = Math.min(message.count, begin + JOBS_PER_CHUNK);
    lidar.exploredCount = 0;
    let failed = false;
    try {
      castShare(lidar, jobs, slamCells, message.tick, begin, end, message.run, occlusion);
      Atomics.add(control, EXPLORED, lidar.exploredCount);
      Atomics.add(control, ON_WORKERS, end - begin);
    } catch (error) {
      reportError('cast', error);
      failed = true;
    }
    finishChunk(control, failed);
  }
}

/** What a worker scans pair chunks with: its copy of the scan, its result buffer, the chunk table. */
export interface PairChunkTarget {
  readonly index: number;
  readonly buffer: Int32Array;
  readonly table: Int32Array;
  readonly rows: PairList;
}

/**
 * A worker's part of pair run `run` over `poses`: claims chunks of rows until none is left,
 * each chunk's pairs appended to its result buffer (or marked as not fitting) and placed in the
 * chunk table. The scan is prepared only once a chunk is claimed (a late worker costs nothing);
 * a scan this worker could not build fails the first chunk it claims.
 */
export function scanChunks(
  scan: PairScan | undefined,
  poses: Float64Array,
  control: Int32Array,
  claim: BigInt64Array,
  message: { run: number; rows: number },
  target: PairChunkTarget,
): void {
  const { run, rows: n } = message;
  const chunks = Math.ceil(n / ROWS_PER_CHUNK);
  let prepared = false;
  let used = 0;
  const { buffer, table, rows } = target;
  if (scan === undefined) {
    // Claims one chunk so that the run fails rather than quietly running without this worker.
    if (claimChunk(claim, run, chunks) >= 0) finishChunk(control, true);
    return;
  }
  for (let c = claimChunk(claim, run, chunks); c >= 0; c = claimChunk(claim, run, chunks)) {
    let failed = false;
    try {
      const s = scan;
      if (!prepared) s.prepare(poses);
      prepared = true;
      rows.count = 0;
      const checks = s.linkChecks;
      const begin = c * ROWS_PER_CHUNK;
      const end = Math.min(n, begin + ROWS_PER_CHUNK);
      scanRows(s, poses, begin, end, rows);
      table[3 * c] = target.index;
      if (2 * (used + rows.count) <= buffer.length) {
        buffer.set(rows.pairs.subarray(0, 2 * rows.count), 2 * used);
        table[3 * c + 1] = used;
        table[3 * c + 2] = rows.count;
        used += rows.count;
        Atomics.add(control, CHECKS, s.linkChecks - checks);
        Atomics.add(control, ON_WORKERS, end - begin);
      } else {
        table[3 * c + 2] = -1;
      }
    } catch (error) {
      reportError('pairs', error);
      failed = true;
    }
    finishChunk(control, failed);
  }
}

function reportError(what: string, error: unknown): void {
  process.stderr.write(`lidar worker thread, ${what}: ${(error as Error).stack ?? String(error)}\n`);
}
