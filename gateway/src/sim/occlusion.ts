/**
 * Other robots' discs shortening a robot's scan (Lidar.occludeBy), from the tick's poses copied
 * into shared memory, so that whichever thread casts a robot's walls shortens its scan right
 * after (threadShares.castShare): the main thread, which runs physics and the controllers, is
 * left the robots that were not cast. A robot's occlusion reads the poses and writes only its own
 * ranges, and the nearest hit wins whatever the order of the neighbours: the outcome does not
 * depend on the thread.
 */
import type { Lidar, LidarGrid } from './Lidar.js';
import { gridBounds, SpatialHash } from './radio/index.js';

/** The tick's poses by slot, in shared memory; NaN x for a slot not in the world (inactive). */
export interface OcclusionPoses {
  readonly xM: Float64Array;
  readonly yM: Float64Array;
  readonly headingRad: Float64Array;
}

export function newOcclusionPoses(capacity: number): OcclusionPoses {
  const shared = (): Float64Array => new Float64Array(new SharedArrayBuffer(8 * capacity)).fill(Number.NaN);
  return { xM: shared(), yM: shared(), headingRad: shared() };
}

/** One thread's neighbour search over a tick's poses (built once per snapshot, on its first robot). */
export class Occluder {
  private readonly hash: SpatialHash;
  /** Robots near the one being occluded (query output, grown on demand). */
  private candidates = new Int32Array(64);
  /** The pose snapshot (its generation) the hash holds. */
  private generation = -1;

  constructor(
    grid: LidarGrid,
    rangeM: number,
    private readonly radiusM: number,
  ) {
    this.hash = new SpatialHash(gridBounds(grid), Math.max(2, rangeM / 2));
  }

  /**
   * Shortens robot `slot`'s scan in `lidar` where the discs of the robots in `poses[0 .. robots)`
   * block its rays; `generation` names the snapshot (the hash is rebuilt when it changes).
   */
  occlude(lidar: Lidar, slot: number, poses: OcclusionPoses, robots: number, generation: number): void {
    const { xM, yM, headingRad } = poses;
    if (this.generation !== generation) {
      this.generation = generation;
      this.hash.clear();
      for (let i = 0; i < robots; i++) if (!Number.isNaN(xM[i])) this.hash.insert(i, xM[i], yM[i]);
    }
    const reachM = lidar.rangeM + this.radiusM;
    let found = this.hash.query(xM[slot], yM[slot], reachM, this.candidates);
    if (found > this.candidates.length) {
      this.candidates = new Int32Array(found * 2);
      found = this.hash.query(xM[slot], yM[slot], reachM, this.candidates);
    }
    lidar.occludeBy(slot, xM, yM, headingRad, this.candidates, found, this.radiusM);
  }
}
