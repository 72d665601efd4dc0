/**
 * Every reachable frontier cell of a SLAM map with its BFS distance from the robot, nearest first:
 * one flood fill (the map's nearestFrontier) whose skip records each frontier it is offered and
 * rejects it, so the fill runs on through all of them. Used by the controllers that weigh every
 * frontier (cme, tnf) rather than take the nearest. Buffers grow once and are reused.
 */
import type { SlamMapView } from '../SlamMapView.js';

export class FrontierScan {
  /** Cell indices (y * width + x) of the frontier cells found, in BFS order. */
  indices: Int32Array = new Int32Array(256);
  /** BFS steps from the start of each (8-connected, a diagonal move counts one). */
  steps: Int32Array = new Int32Array(256);
  count = 0;
  private exclude: (index: number) => boolean = () => false;
  private readonly record = (index: number, steps: number): boolean => {
    if (this.exclude(index)) return true;
    if (this.count === this.indices.length) {
      this.indices = grow(this.indices);
      this.steps = grow(this.steps);
    }
    this.indices[this.count] = index;
    this.steps[this.count++] = steps;
    return true;
  };

  /** Scan from cell index `from`, leaving out cells `exclude` rejects; `maxVisits` caps the fill. */
  run(map: SlamMapView, from: number, exclude: (index: number) => boolean, maxVisits: number): void {
    this.count = 0;
    this.exclude = exclude;
    const w = map.width;
    map.nearestFrontier({ x: from % w, y: Math.floor(from / w) }, { skip: this.record, maxVisits });
  }
}

function grow(array: Int32Array): Int32Array {
  const bigger = new Int32Array(array.length * 2);
  bigger.set(array);
  return bigger;
}
