/**
 * The known part of a grid: the smallest rectangle of cells holding every cell that is not
 * unknown (0). A robot's SLAM map spans the whole world from the start, but most of it stays
 * unknown until late in a trial, and a recording writes it every interval: writing the known
 * rectangle only (a Grid whose pose is the rectangle's corner) cuts most of the bytes
 * (BENCHMARKS.md) and shows the same in Foxglove, where cells outside a grid are not drawn.
 */

/** Columns x0..x1 and rows y0..y1, inclusive; rows count from the bottom, as in Grid and SlamMap. */
export interface CellRect {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/**
 * Index of the first (`step` 1) or last (`step` -1) cell of [from, to) that is known (not 0), or
 * -1. Whole 4-byte words are tested at once where `words` (a view of the same bytes) covers them:
 * most of a SLAM map is unknown early on, and this runs over every unknown cell each write.
 */
function findKnown(cells: Uint8Array, words: Uint32Array | null, from: number, to: number, step: 1 | -1): number {
  let lo = from;
  let hi = to;
  if (words !== null) {
    // Bytes up to the first word boundary, then whole words, then the bytes after the last one.
    const w0 = (lo + 3) >> 2;
    const w1 = hi >> 2;
    if (w0 < w1) {
      if (step === 1) {
        for (let i = lo; i < w0 << 2; i++) if (cells[i] !== 0) return i;
        let w = w0;
        while (w < w1 && words[w] === 0) w++;
        lo = w << 2;
      } else {
        for (let i = hi - 1; i >= w1 << 2; i--) if (cells[i] !== 0) return i;
        let w = w1 - 1;
        while (w >= w0 && words[w] === 0) w--;
        hi = (w + 1) << 2;
      }
    }
  }
  if (step === 1) {
    for (let i = lo; i < hi; i++) if (cells[i] !== 0) return i;
  } else {
    for (let i = hi - 1; i >= lo; i--) if (cells[i] !== 0) return i;
  }
  return -1;
}

/**
 * The known rectangle of `cells` (row-major, `width` a row), or null when every cell is
 * unknown. Rows are scanned from each end to the first known one; within the rows between, only
 * the columns outside the rectangle found so far are looked at, so the work is about the
 * unknown cells' count, not the grid's.
 */
export function knownRect(cells: Uint8Array, width: number): CellRect | null {
  if (!Number.isInteger(width) || width < 1 || cells.length % width !== 0) throw new Error(`a grid of ${cells.length} cells is not rows of ${width}`);
  const words = cells.byteOffset % 4 === 0 ? new Uint32Array(cells.buffer, cells.byteOffset, cells.length >> 2) : null;
  const first = findKnown(cells, words, 0, cells.length, 1);
  if (first < 0) return null;
  const last = findKnown(cells, words, first, cells.length, -1);
  const y0 = Math.floor(first / width);
  const y1 = Math.floor(last / width);
  let x0 = Math.min(first % width, last % width);
  let x1 = Math.max(first % width, last % width);
  for (let y = y0; y <= y1; y++) {
    const row = y * width;
    const left = findKnown(cells, words, row, row + x0, 1);
    if (left >= 0) x0 = left - row;
    const right = findKnown(cells, words, row + x1 + 1, row + width, -1);
    if (right >= 0) x1 = right - row;
  }
  return { x0, y0, x1, y1 };
}

/** Copies the cells of `rect` (bottom row first) into `out` from `at`: the cropped grid's data. */
export function copyRect(cells: Uint8Array, width: number, rect: CellRect, out: Uint8Array, at: number): void {
  // Buffer's copy takes offsets: no view made per row (a row is a hundred bytes or so).
  const source = Buffer.from(cells.buffer, cells.byteOffset, cells.length);
  const columns = rect.x1 - rect.x0 + 1;
  for (let y = rect.y0; y <= rect.y1; y++) {
    const start = y * width + rect.x0;
    source.copy(out, at, start, start + columns);
    at += columns;
  }
}
