/**
 * GET /api/robots/{id}/slam's bodies, the whole map and the changes since a version: what the
 * gateway encodes (slamCells.ts) is what the page decodes (web/static/slamCells.js, plain JS run
 * by the browser), and any other bytes are an Error naming what is wrong, never a crash or a
 * wrong map.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeSlamCells, encodeSlamChanges } from './slamCells.js';

interface Decoded {
  readonly width: number;
  readonly height: number;
  readonly cells: Uint8Array;
}
interface DecodedChanges {
  readonly width: number;
  readonly height: number;
  readonly runs: readonly { readonly first: number; readonly cells: Uint8Array }[];
}
// The page's module, loaded as the browser does (a path, not a typed import: it is plain JS).
const pageModule = '../web/static/slamCells.js';
const { decodeSlamCells, decodeSlamChanges } = (await import(pageModule)) as {
  decodeSlamCells: (buffer: ArrayBuffer) => Decoded;
  decodeSlamChanges: (buffer: ArrayBuffer) => DecodedChanges;
};

/** `cells` with the decoded runs written over them, as the page's view applies them. */
function applied(cells: Uint8Array, changes: DecodedChanges): Uint8Array {
  const out = cells.slice();
  for (const run of changes.runs) out.set(run.cells, run.first);
  return out;
}

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

  // Two maps of one size: the second a few cells (or many) changed from the first, as a robot's
  // map is a second later, or anything at all.
  const mapPair = map.chain((m) =>
    fc.record({
      before: fc.constant(m),
      now: fc.oneof(
        fc.array(fc.tuple(fc.nat(m.cells.length - 1), fc.integer({ min: 0, max: 2 })), { maxLength: 12 }).map((edits) => {
          const cells = m.cells.slice();
          for (const [i, v] of edits) cells[i] = v;
          return cells;
        }),
        fc.uint8Array({ minLength: m.cells.length, maxLength: m.cells.length }),
      ),
    }),
  );

  it('the page brings the map it holds to the one now by the changes the gateway sends, or is sent the whole map', () => {
    fc.assert(
      fc.property(mapPair, ({ before, now }) => {
        const body = encodeSlamChanges(before.width, before.height, before.cells, now);
        if (body === null) {
          // Sent whole only when the changes would not be smaller.
          let changed = 0;
          for (let i = 0; i < now.length; i++) if (now[i] !== before.cells[i]) changed++;
          expect(8 + 9 * changed).toBeGreaterThanOrEqual(8 + now.length);
          return;
        }
        expect(body.length).toBeLessThan(8 + now.length);
        const changes = decodeSlamChanges(arrayBuffer(body));
        expect([changes.width, changes.height]).toEqual([before.width, before.height]);
        expect([...applied(before.cells, changes)]).toEqual([...now]);
      }),
      { numRuns: 2000 },
    );
    // Word-at-a-time compares miss nothing in a view that is not aligned (a Buffer from the pool).
    const was = Buffer.alloc(23, 1).subarray(3);
    const now = Uint8Array.from(was);
    now[19] = 2;
    const changes = decodeSlamChanges(arrayBuffer(encodeSlamChanges(4, 5, was, now)!));
    expect(changes.runs).toHaveLength(1);
    expect(changes.runs[0].first).toBe(19);
  });

  it('refuses changes that do not fit the map, are out of order or cut short, with an Error naming it', () => {
    const run = (first: number, cells: number[]): Buffer => {
      const head = Buffer.alloc(8);
      head.writeUInt32LE(first, 0);
      head.writeUInt32LE(cells.length, 4);
      return Buffer.concat([head, Buffer.from(cells)]);
    };
    const body = (width: number, height: number, ...runs: Buffer[]): ArrayBuffer => {
      const head = Buffer.alloc(8);
      head.writeUInt32LE(width, 0);
      head.writeUInt32LE(height, 4);
      return arrayBuffer(Buffer.concat([head, ...runs]));
    };
    expect(decodeSlamChanges(body(3, 3)).runs).toEqual([]);
    expect(() => decodeSlamChanges(body(3, 3, run(7, [1, 1, 1])))).toThrow(/run of 3 cells from cell 7 does not fit the 3 x 3 map/);
    expect(() => decodeSlamChanges(body(3, 3, run(4, [1]), run(2, [1])))).toThrow(/from cell 2 does not fit the 3 x 3 map after cell 5/);
    expect(() => decodeSlamChanges(body(3, 3, run(1, [])))).toThrow(/a run of 0 cells/);
    expect(() => decodeSlamChanges(body(3, 3, run(1, [1, 2]).subarray(0, 9)))).toThrow(/cut short: a run of 2 cells at byte 8 of 17/);
    expect(() => decodeSlamChanges(body(3, 3, run(1, [1]).subarray(0, 5)))).toThrow(/cut short: a run header at byte 8 of 13/);
    expect(() => decodeSlamChanges(body(0, 3))).toThrow(/SLAM map of 8 bytes names 0 x 3 cells/);
    // Any bytes at all: an accepted body's runs lie in order inside the map; anything else an Error.
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 80 }), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 }), (tail, width, height) => {
        const bytes = body(width, height, Buffer.from(tail));
        try {
          const { runs } = decodeSlamChanges(bytes);
          let end = 0;
          for (const r of runs) {
            expect(r.first).toBeGreaterThanOrEqual(end);
            end = r.first + r.cells.length;
            expect(end).toBeLessThanOrEqual(width * height);
          }
        } catch (error) {
          expect(error).toBeInstanceOf(Error);
          expect((error as Error).message).toMatch(/^SLAM (map|changes)/);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
