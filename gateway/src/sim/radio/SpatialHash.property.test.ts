import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SpatialHash } from './SpatialHash.js';

/** Points in and around a 40 m square (outside ones go to the edge buckets). */
const point = fc.record({ x: fc.double({ min: -10, max: 50, noNaN: true }), y: fc.double({ min: -10, max: 50, noNaN: true }) });
const query = fc.record({
  x: fc.double({ min: -10, max: 50, noNaN: true }),
  y: fc.double({ min: -10, max: 50, noNaN: true }),
  r: fc.double({ min: 0, max: 30, noNaN: true }),
});

describe('SpatialHash (property)', () => {
  it('after any sequence of builds, each cleared before the next, a query finds exactly the points of the last build within range', () => {
    fc.assert(
      fc.property(
        // Fine buckets (many, few points: clear empties only the buckets in use) and coarse ones (the whole grid refilled).
        fc.constantFrom(0.5, 20),
        fc.array(fc.array(point, { maxLength: 60 }), { minLength: 1, maxLength: 6 }),
        fc.array(query, { minLength: 1, maxLength: 10 }),
        (bucketM, builds, queries) => {
          const hash = new SpatialHash({ minX: 0, minY: 0, maxX: 40, maxY: 40 }, bucketM);
          for (const build of builds) {
            hash.clear();
            build.forEach((p, id) => hash.insert(id, p.x, p.y));
          }
          const last = builds[builds.length - 1];
          const out = new Int32Array(last.length + 1);
          for (const q of queries) {
            const found = hash.query(q.x, q.y, q.r, out);
            const expected = last.flatMap((p, id) => ((p.x - q.x) ** 2 + (p.y - q.y) ** 2 <= q.r * q.r ? [id] : []));
            expect([...out.subarray(0, found)].sort((a, b) => a - b)).toEqual(expected);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
