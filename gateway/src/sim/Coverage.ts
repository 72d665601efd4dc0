/**
 * Covered area by body sweep: every logic tick each robot's disc is swept along the segment
 * from its previous to its current position (a capsule), and the half-tile sub-cells whose
 * centres fall inside it are marked. Counting at twice the tile resolution keeps a robot that
 * hugs a wall able to cover the sub-cells next to it (centre 0.25 m from the wall, body 0.3 m).
 */
import type { Grid } from '@swarmgate/maps';
import type { RobotTable } from './RobotTable.js';

export class Coverage {
  readonly width: number;
  readonly height: number;
  readonly cellSizeM: number;
  /** Tick each sub-cell was last swept (0 = never): the coverage heatmap. */
  readonly lastCoveredTick: Int32Array;
  /** 1 for sub-cells of explorable tiles (the denominator of the covered fraction). */
  readonly coverable: Uint8Array;
  readonly coverableCount: number;
  coveredCount = 0;
  /** The segment being swept (sweepSegment's input): ax, ay, bx, by, radiusM. */
  private readonly segment = new Float64Array(5);

  constructor(
    private readonly grid: Grid,
    explorable: Uint8Array,
  ) {
    this.width = grid.width * 2;
    this.height = grid.height * 2;
    this.cellSizeM = grid.cellSizeM / 2;
    this.lastCoveredTick = new Int32Array(this.width * this.height);
    this.coverable = new Uint8Array(this.width * this.height);
    // By grid cell, each explorable one marking its 2 x 2 sub-cells: a quarter of the iterations of
    // a loop over the sub-cells (16,000,000 on a 2000 x 2000 map, in a step of Trial.build).
    const w = this.width;
    let count = 0;
    for (let y = 0; y < grid.height; y++) {
      for (let x = 0; x < grid.width; x++) {
        if (!explorable[y * grid.width + x]) continue;
        const sub = 2 * y * w + 2 * x;
        this.coverable[sub] = 1;
        this.coverable[sub + 1] = 1;
        this.coverable[sub + w] = 1;
        this.coverable[sub + w + 1] = 1;
        count += 4;
      }
    }
    this.coverableCount = count;
  }

  get fraction(): number {
    return this.coverableCount === 0 ? 0 : this.coveredCount / this.coverableCount;
  }

  /** Marks sub-cells within radiusM of the segment (ax, ay)-(bx, by). */
  sweep(ax: number, ay: number, bx: number, by: number, radiusM: number, tick: number): void {
    const segment = this.segment;
    segment[0] = ax;
    segment[1] = ay;
    segment[2] = bx;
    segment[3] = by;
    segment[4] = radiusM;
    this.sweepSegment(tick);
  }

  /**
   * sweep for every active robot of the table, from its previous to its current position: the
   * metrics' per-tick call. The positions go from the table to the sweep through `segment`, as
   * five doubles passed to a call that is not inlined would be boxed (per robot per tick).
   */
  sweepRobots(t: RobotTable, radiusM: number, tick: number): void {
    const segment = this.segment;
    segment[4] = radiusM;
    for (let i = 0; i < t.count; i++) {
      if (!t.active[i]) continue;
      segment[0] = t.prevXM[i];
      segment[1] = t.prevYM[i];
      segment[2] = t.xM[i];
      segment[3] = t.yM[i];
      this.sweepSegment(tick);
    }
  }

  /** The sweep of `segment`: ax, ay, bx, by, radiusM. Allocation-free. */
  private sweepSegment(tick: number): void {
    const segment = this.segment;
    const ax = segment[0];
    const ay = segment[1];
    const bx = segment[2];
    const by = segment[3];
    const radiusM = segment[4];
    const s = this.cellSizeM;
    const ox = this.grid.originM.x;
    const oy = this.grid.originM.y;
    const x0 = Math.max(0, Math.floor((Math.min(ax, bx) - radiusM - ox) / s));
    const x1 = Math.min(this.width - 1, Math.floor((Math.max(ax, bx) + radiusM - ox) / s));
    const y0 = Math.max(0, Math.floor((Math.min(ay, by) - radiusM - oy) / s));
    const y1 = Math.min(this.height - 1, Math.floor((Math.max(ay, by) + radiusM - oy) / s));
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy;
    const r2 = radiusM * radiusM;
    for (let y = y0; y <= y1; y++) {
      const py = oy + (y + 0.5) * s;
      for (let x = x0; x <= x1; x++) {
        const px = ox + (x + 0.5) * s;
        // Distance from the sub-cell centre to the segment.
        let u = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0;
        u = u < 0 ? 0 : u > 1 ? 1 : u;
        const ex = ax + u * dx - px;
        const ey = ay + u * dy - py;
        if (ex * ex + ey * ey > r2) continue;
        const index = y * this.width + x;
        if (this.lastCoveredTick[index] === 0 && this.coverable[index]) this.coveredCount++;
        this.lastCoveredTick[index] = tick;
      }
    }
  }
}
