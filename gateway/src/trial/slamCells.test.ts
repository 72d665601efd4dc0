/**
 * GET /api/robots/{id}/slam's body: what the gateway encodes (slamCells.ts) is what the page
 * decodes (web/static/slamCells.js, plain JS run by the browser), and any other bytes are an
 * Error naming what is wrong, never a crash or a wrong map.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeSlamCells } from './slamCells.js';

interface Decoded {
  readonly width: number;
  readonly height: number;
  readonly cells: Uint8Array;
}
// The page's module, loaded as the browser does (a path, not a typed import: it is plain JS).
const pageModule = '../web/static/slamCells.js';
const { decodeSlamCells } = (await import(pageModule)) as { decodeSlamCells: (buffer: ArrayBuffer) => Decoded };

/** The bytes as a standalone ArrayBuffer, as fetch's arrayBuffer() gives them (a copy: a Buffer may be a view into a shared pool). */
const arrayBuffer = (bytes: Uint8Array): ArrayBuffer => new Uint8Array(bytes).buffer;

const map = fc
  .record({ width: fc.integer({ min: 1, max: 40 }), height: fc.integer({ min: 1, max: 40 }) })
  .chain(({ width, height }) =>
    fc.record({ width: fc.constant(width), height: fc.constant(height), cells: fc.uint8Array({ minLength: width * height, maxLength: width * height }) }),
  );

describe('SLAM cells codec', () => {
  it('the page decodes what the gateway encodes', () => {
    fc.assert(
      fc.property(map, (m) => {
        const decoded = decodeSlamCells(arrayBuffer(encodeSlamCells(m)));
        expect(decoded.width).toBe(m.width);
        expect(decoded.height).toBe(m.height);
        expect([...decoded.cells]).toEqual([...m.cells]);
      }),
    );
  });

  it('refuses any other bytes with an Error naming the size, never another exception', () => {
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 64 }),
      // A valid body cut short or lengthened: the cases a loose length check would let through.
      fc
        .tuple(
          map,
          fc.integer({ min: -20, max: 20 }).filter((d) => d !== 0),
        )
        .map(([m, delta]) => {
          const encoded = encodeSlamCells(m);
          return delta < 0 ? encoded.subarray(0, Math.max(0, encoded.length + delta)) : Buffer.concat([encoded, Buffer.alloc(delta)]);
        }),
    );
    fc.assert(
      fc.property(bytes, (b) => {
        try {
          const decoded = decodeSlamCells(arrayBuffer(b));
          // Accepted: then it is exactly a header and the cells it names.
          expect(b.length).toBe(8 + decoded.width * decoded.height);
        } catch (error) {
          expect(error).toBeInstanceOf(Error);
          expect((error as Error).message).toMatch(/^SLAM map of \d+ bytes/);
        }
      }),
      { numRuns: 1000 },
    );
    expect(() => decodeSlamCells(new ArrayBuffer(3))).toThrow(/3 bytes: shorter than its 8-byte header/);
    expect(() => decodeSlamCells(arrayBuffer(encodeSlamCells({ width: 2, height: 2, cells: new Uint8Array(4) }).subarray(0, 10)))).toThrow(
      /10 bytes does not hold the 2 x 2 cells/,
    );
  });
});
