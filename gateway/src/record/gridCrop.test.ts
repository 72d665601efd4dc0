import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { copyRect, knownRect, type CellRect } from './gridCrop.js';

/** The known rectangle by looking at every cell. */
function bruteRect(cells: Uint8Array, width: number): CellRect | null {
  let rect: CellRect | null = null;
  for (let i = 0; i < cells.length; i++) {
    if (cells[i] === 0) continue;
    const x = i % width;
    const y = Math.floor(i / width);
    rect =
      rect === null
        ? { x0: x, y0: y, x1: x, y1: y }
        : { x0: Math.min(rect.x0, x), y0: Math.min(rect.y0, y), x1: Math.max(rect.x1, x), y1: Math.max(rect.y1, y) };
  }
  return rect;
}

/** A grid of mostly unknown cells (as a SLAM map early on), at a byte offset 0..3 in its buffer. */
const grid = fc
  .record({ width: fc.integer({ min: 1, max: 23 }), height: fc.integer({ min: 1, max: 17 }), offset: fc.integer({ min: 0, max: 3 }) })
  .chain(({ width, height, offset }) =>
    fc.record({
      width: fc.constant(width),
      offset: fc.constant(offset),
      known: fc.array(fc.record({ index: fc.nat(width * height - 1), state: fc.integer({ min: 1, max: 2 }) }), { maxLength: 12 }),
      size: fc.constant(width * height),
    }),
  )
  .map(({ width, offset, known, size }) => {
    const cells = new Uint8Array(new ArrayBuffer(size + offset), offset, size);
    for (const { index, state } of known) cells[index] = state;
    return { cells, width };
  });

describe('knownRect', () => {
  it('is the smallest rectangle holding every known cell, whatever the width and the alignment', () => {
    fc.assert(
      fc.property(grid, ({ cells, width }) => {
        expect(knownRect(cells, width)).toEqual(bruteRect(cells, width));
      }),
      { numRuns: 500 },
    );
  });

  it('is null for a grid with no known cell', () => {
    expect(knownRect(new Uint8Array(64), 8)).toBeNull();
  });

  it('refuses a width that does not divide the cells into rows, naming both', () => {
    expect(() => knownRect(new Uint8Array(10), 3)).toThrow('a grid of 10 cells is not rows of 3');
    expect(() => knownRect(new Uint8Array(10), 0)).toThrow('not rows of 0');
  });
});

describe('copyRect', () => {
  it("copies the rectangle's rows, bottom first, each the rectangle's columns", () => {
    fc.assert(
      fc.property(grid, ({ cells, width }) => {
        const rect = bruteRect(cells, width);
        if (rect === null) return;
        const columns = rect.x1 - rect.x0 + 1;
        const out = new Uint8Array(2 + columns * (rect.y1 - rect.y0 + 1)).fill(9);
        copyRect(cells, width, rect, out, 2);
        expect(out.subarray(0, 2)).toEqual(Uint8Array.of(9, 9));
        for (let y = rect.y0; y <= rect.y1; y++)
          for (let x = rect.x0; x <= rect.x1; x++) expect(out[2 + (y - rect.y0) * columns + (x - rect.x0)]).toBe(cells[y * width + x]);
      }),
      { numRuns: 200 },
    );
  });
});
