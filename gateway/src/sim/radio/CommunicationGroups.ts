import type { RadioLinks } from './RadioLinks.js';

/**
 * Connected components of the can-hear graph (multi-hop), as MAES's communication groups
 * for automatic map merging and the connectivity metrics. Union-find with path halving
 * over reusable buffers. Groups are numbered 0 .. count-1 in order of their lowest robot
 * index, so the numbering is deterministic.
 */
export class CommunicationGroups {
  count = 0;
  /** Size of the biggest group (MAES "biggest cluster" = largestSize / robotCount). */
  largestSize = 0;
  /** Group index of each robot. */
  readonly groupOf: Int32Array;
  /** sizes[g] for g < count. */
  readonly sizes: Int32Array;
  private readonly parent: Int32Array;

  constructor(readonly robotCount: number) {
    this.groupOf = new Int32Array(robotCount);
    this.sizes = new Int32Array(robotCount);
    this.parent = new Int32Array(robotCount);
  }

  compute(links: RadioLinks): this {
    const n = this.robotCount;
    const parent = this.parent;
    for (let i = 0; i < n; i++) parent[i] = i;
    for (let i = 0; i < n; i++) {
      for (let k = links.start[i]; k < links.start[i + 1]; k++) {
        const j = links.neighbours[k];
        if (j > i) this.union(i, j);
      }
    }
    this.count = 0;
    this.largestSize = 0;
    this.groupOf.fill(-1);
    for (let i = 0; i < n; i++) {
      const root = this.find(i);
      // A root's own slot is labelled first because roots are always the lowest index seen.
      if (this.groupOf[root] < 0) {
        this.groupOf[root] = this.count;
        this.sizes[this.count++] = 0;
      }
      const g = this.groupOf[root];
      this.groupOf[i] = g;
      if (++this.sizes[g] > this.largestSize) this.largestSize = this.sizes[g];
    }
    return this;
  }

  /** True when every robot is in one group (MAES "Agents Interconnected"). */
  get interconnected(): boolean {
    return this.count === 1;
  }

  private find(i: number): number {
    const parent = this.parent;
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  }

  private union(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    // The lower index becomes the root, which the labelling above relies on.
    if (ra < rb) this.parent[rb] = ra;
    else if (rb < ra) this.parent[ra] = rb;
  }
}
