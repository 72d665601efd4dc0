/**
 * A robot's SLAM map as the web page draws it (GET /api/robots/{id}/slam), whole or as the
 * cells changed since a version the page holds. Not the SLAM codec (slamMapCodec, run-length for
 * merging): the page wants the cells as they are, with no decoder beyond length checks.
 *
 * Whole: u32 width, u32 height (little-endian), then the cells, one byte each (SlamCell: 0
 * unknown, 1 open, 2 solid), row 0 at the bottom.
 * Changes: u32 width, u32 height, then runs, each u32 first cell, u32 count and its `count`
 * cells as they are now, in ascending order, apart from one another (the same header, so the
 * page checks the size it holds before it applies anything).
 */
import type { SlamMap } from '@swarmgate/sdk';

const HEADER_BYTES = 8;
const RUN_HEADER_BYTES = 8;
/**
 * Unchanged cells between two changed ones that still go in one run: a run's header costs 8
 * bytes, so a gap shorter than that is cheaper sent than split (a ray's new cells come in short
 * runs with gaps of known cells between them).
 */
const MAX_GAP_IN_RUN = RUN_HEADER_BYTES;

export function encodeSlamCells(map: Pick<SlamMap, 'width' | 'height' | 'cells'>): Buffer {
  const out = withHeader(map.width, map.height, map.cells.length);
  out.set(map.cells, HEADER_BYTES);
  return out;
}

/** The header alone: the whole body of changes when nothing changed. */
export function slamHeader(width: number, height: number): Buffer {
  return withHeader(width, height, 0);
}

/** A body of `bytes` after the header, the header written. */
function withHeader(width: number, height: number, bytes: number): Buffer {
  const out = Buffer.allocUnsafe(HEADER_BYTES + bytes);
  out.writeUInt32LE(width, 0);
  out.writeUInt32LE(height, 4);
  return out;
}

/**
 * The changes from `before` to `now` (cells of a width x height map), or null when they would be
 * no smaller than the whole map. Compared four cells at a time: a 2000 x 2000 grid's SLAM map is
 * 16,000,000 cells of which a second of mapping changes a few thousand.
 */
export function encodeSlamChanges(width: number, height: number, before: Uint8Array, now: Uint8Array): Buffer | null {
  const runs = changedRuns(before, now);
  let bytes = HEADER_BYTES;
  for (let r = 0; r < runs.length; r += 2) bytes += RUN_HEADER_BYTES + runs[r + 1];
  if (bytes >= HEADER_BYTES + now.length) return null;
  const out = withHeader(width, height, bytes - HEADER_BYTES);
  let at = HEADER_BYTES;
  for (let r = 0; r < runs.length; r += 2) {
    const [first, count] = [runs[r], runs[r + 1]];
    out.writeUInt32LE(first, at);
    out.writeUInt32LE(count, at + 4);
    out.set(now.subarray(first, first + count), at + RUN_HEADER_BYTES);
    at += RUN_HEADER_BYTES + count;
  }
  return out;
}

/** First cell and count of each run of changed cells, flat; gaps up to MAX_GAP_IN_RUN joined. */
function changedRuns(before: Uint8Array, now: Uint8Array): number[] {
  const runs: number[] = [];
  let first = -1;
  let last = -1;
  const changed = (i: number): void => {
    if (first >= 0 && i - last - 1 <= MAX_GAP_IN_RUN) {
      last = i;
      return;
    }
    if (first >= 0) runs.push(first, last - first + 1);
    first = last = i;
  };
  // Word compares need both arrays aligned to 4 bytes; any other view is compared a byte at a time.
  const aligned = before.byteOffset % 4 === 0 && now.byteOffset % 4 === 0;
  const words = aligned ? now.length >> 2 : 0;
  const was32 = aligned ? new Uint32Array(before.buffer, before.byteOffset, words) : new Uint32Array(0);
  const now32 = aligned ? new Uint32Array(now.buffer, now.byteOffset, words) : new Uint32Array(0);
  for (let k = 0; k < words; k++) {
    if (was32[k] === now32[k]) continue;
    for (let i = 4 * k; i < 4 * k + 4; i++) if (before[i] !== now[i]) changed(i);
  }
  for (let i = 4 * words; i < now.length; i++) if (before[i] !== now[i]) changed(i);
  if (first >= 0) runs.push(first, last - first + 1);
  return runs;
}
