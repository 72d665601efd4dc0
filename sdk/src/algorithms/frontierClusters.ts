/**
 * Frontiers as clusters (The Next Frontier's frontiers): the reachable frontier cells of a
 * FrontierScan grouped 8-connected, each with its BFS distance from the robot (its nearest cell),
 * its information (the distinct unknown cells among its cells' 8-neighbourhoods) and a target
 * cell (its cell nearest the cluster's centroid). Clusters are numbered nearest first.
 * Buffers are sized to the map once and reused; a stamp per build avoids clearing them.
 */
import { SlamCell, type SlamMapView } from '../SlamMapView.js';
import { NEIGHBOUR_DX, NEIGHBOUR_DY } from '../slam/neighbours.js';
import type { FrontierScan } from './frontierScan.js';

export class FrontierClusters {
  count = 0;
  /** Per cluster: the BFS steps from the robot to its nearest cell. */
  steps = new Int32Array(0);
  /** Per cluster: distinct unknown cells next to (8-neighbourhood) its cells. */
  information = new Int32Array(0);
  /** Per cluster: the cell index to drive to. */
  target = new Int32Array(0);
  private size = new Int32Array(0);
  private sumX = new Float64Array(0);
  private sumY = new Float64Array(0);
  private bestD2 = new Float64Array(0);
  /** Per map cell: `gen` when it is a frontier of this build. */
  private candidate = new Uint32Array(0);
  /** Per map cell: `gen` when counted as some cluster's unknown neighbour this build. */
  private counted = new Uint32Array(0);
  /** Per map cell: its cluster (valid where candidate === gen), -1 before labelling. */
  private clusterOf = new Int32Array(0);
  private stack = new Int32Array(0);
  private gen = 0;

  /** Group the scan's cells; `scan` must come from `map`. */
  build(map: SlamMapView, scan: FrontierScan): void {
    const w = map.width;
    const cellCount = w * map.height;
    if (this.candidate.length !== cellCount) {
      this.candidate = new Uint32Array(cellCount);
      this.counted = new Uint32Array(cellCount);
      this.clusterOf = new Int32Array(cellCount);
      this.gen = 0;
    }
    const gen = ++this.gen;
    const { indices, count: n } = scan;
    if (this.stack.length < n) this.stack = new Int32Array(2 * n);
    for (let i = 0; i < n; i++) {
      this.candidate[indices[i]] = gen;
      this.clusterOf[indices[i]] = -1;
    }
    this.count = 0;
    // In BFS order, so a cluster's first cell is its nearest and clusters come nearest first.
    for (let i = 0; i < n; i++) {
      if (this.clusterOf[indices[i]] < 0) this.flood(map, indices[i], scan.steps[i]);
    }
    // Each cluster's target: its cell nearest the centroid.
    for (let i = 0; i < n; i++) {
      const index = indices[i];
      const c = this.clusterOf[index];
      const dx = (index % w) - this.sumX[c] / this.size[c];
      const dy = Math.floor(index / w) - this.sumY[c] / this.size[c];
      const d2 = dx * dx + dy * dy;
      if (d2 < this.bestD2[c]) {
        this.bestD2[c] = d2;
        this.target[c] = index;
      }
    }
  }

  /** The cluster of frontier cell `index` in this build, or -1. */
  clusterAt(index: number): number {
    return index >= 0 && index < this.candidate.length && this.candidate[index] === this.gen ? this.clusterOf[index] : -1;
  }

  /** Label the cluster holding `start` (8-connected over this build's frontier cells) and sum it up. */
  private flood(map: SlamMapView, start: number, steps: number): void {
    const c = this.count++;
    this.ensureClusters(this.count);
    const w = map.width;
    const h = map.height;
    this.steps[c] = steps;
    this.information[c] = 0;
    this.size[c] = 0;
    this.sumX[c] = 0;
    this.sumY[c] = 0;
    this.bestD2[c] = Number.POSITIVE_INFINITY;
    this.target[c] = start;
    const stack = this.stack;
    let top = 0;
    stack[top++] = start;
    this.clusterOf[start] = c;
    while (top > 0) {
      const cur = stack[--top];
      const x = cur % w;
      const y = Math.floor(cur / w);
      this.size[c]++;
      this.sumX[c] += x;
      this.sumY[c] += y;
      for (let k = 0; k < 8; k++) {
        const nx = x + NEIGHBOUR_DX[k];
        const ny = y + NEIGHBOUR_DY[k];
        if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
        const next = ny * w + nx;
        if (this.candidate[next] === this.gen) {
          if (this.clusterOf[next] < 0) {
            this.clusterOf[next] = c;
            stack[top++] = next;
          }
        } else if (this.counted[next] !== this.gen && map.cellAt(nx, ny) === SlamCell.Unknown) {
          this.counted[next] = this.gen;
          this.information[c]++;
        }
      }
    }
  }

  private ensureClusters(n: number): void {
    if (this.steps.length >= n) return;
    const size = Math.max(16, 2 * n);
    this.steps = growInt(this.steps, size);
    this.information = growInt(this.information, size);
    this.target = growInt(this.target, size);
    this.size = growInt(this.size, size);
    this.sumX = growFloat(this.sumX, size);
    this.sumY = growFloat(this.sumY, size);
    this.bestD2 = growFloat(this.bestD2, size);
  }
}

function growInt(array: Int32Array, size: number): Int32Array<ArrayBuffer> {
  const bigger = new Int32Array(size);
  bigger.set(array);
  return bigger;
}

function growFloat(array: Float64Array, size: number): Float64Array<ArrayBuffer> {
  const bigger = new Float64Array(size);
  bigger.set(array);
  return bigger;
}
