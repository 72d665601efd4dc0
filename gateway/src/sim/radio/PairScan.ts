import { growArray } from './growArray.js';

/**
 * The shape the pair queries share (NearbyRobots, RadioLinks): for each robot i, its partners
 * j > i that pass the query's test, in an order that depends on the poses only. A row reads the
 * poses and the static walls and writes nothing shared, so rows can be scanned on several
 * threads and concatenated in row order: the pair list one thread would have made, bit for bit.
 */
export interface PairScan {
  readonly robotCount: number;
  /** How another thread builds the same scan (buildPairScan), or null to scan on the calling thread only. */
  readonly recipe: PairScanRecipe | null;
  /** Pair evaluations so far (a diagnostic for benchmarks; a thread runner adds its workers' here). */
  linkChecks: number;
  /** Once per scan, before its rows: index the poses (the spatial hash). */
  prepare(poses: Float64Array): void;
  /** Appends row i's pairs (i, j) to `out`, in the row's order. */
  scanRow(poses: Float64Array, i: number, out: PairList): void;
}

/**
 * What a worker thread needs to build a scan equal to the caller's. Only scans whose rows trace
 * walls have one: without traces a row costs less than handing it to a thread.
 */
export type PairScanRecipe =
  | { readonly kind: 'nearby'; readonly robotCount: number; readonly rangeM: number; readonly stride: number }
  | { readonly kind: 'links'; readonly robotCount: number; readonly commSpec: string; readonly stride: number };

/** Runs every row of a scan, possibly on several threads; `out` gets the same pairs in the same order either way. */
export interface PairScanner {
  scan(scan: PairScan, poses: Float64Array, out: PairList): void;
}

/** A growable list of pairs (i, j), interleaved: i at 2p, j at 2p + 1. */
export class PairList {
  pairs = new Int32Array(128);
  count = 0;

  push(i: number, j: number): void {
    const at = 2 * this.count;
    if (at + 2 > this.pairs.length) this.pairs = growArray(this.pairs, at + 2);
    this.pairs[at] = i;
    this.pairs[at + 1] = j;
    this.count++;
  }
}

/** Scans rows [begin, end) of `scan` (prepared) into `out`, after what it holds. */
export function scanRows(scan: PairScan, poses: Float64Array, begin: number, end: number, out: PairList): void {
  for (let i = begin; i < end; i++) scan.scanRow(poses, i, out);
}

/** The one-thread scanner: every row here, in order. */
export const oneThread: PairScanner = {
  scan(scan, poses, out) {
    out.count = 0;
    scan.prepare(poses);
    scanRows(scan, poses, 0, scan.robotCount, out);
  },
};
