import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hypot2 } from './hypot.js';

describe('hypot2', () => {
  it('equals Math.hypot bit for bit on any two doubles (NaN, infinities, -0, subnormals included)', () => {
    fc.assert(
      fc.property(fc.double(), fc.double(), (x, y) => {
        expect(Object.is(hypot2(x, y), Math.hypot(x, y))).toBe(true);
      }),
      { numRuns: 20000 },
    );
  });

  it('equals Math.hypot on the values controllers pass: metre and cell offsets, integers, near-ties', () => {
    const offset = fc.oneof(
      fc.double({ min: -500, max: 500, noNaN: true }),
      fc.integer({ min: -500, max: 500 }),
      fc.double({ min: -1e-6, max: 1e-6, noNaN: true }),
    );
    fc.assert(
      fc.property(offset, offset, (x, y) => {
        expect(Object.is(hypot2(x, y), Math.hypot(x, y))).toBe(true);
        expect(Object.is(hypot2(x, x + y * 1e-12), Math.hypot(x, x + y * 1e-12))).toBe(true);
      }),
      { numRuns: 20000 },
    );
  });

  it('handles the special values as Math.hypot does', () => {
    for (const [x, y] of [
      [0, -0],
      [-0, -0],
      [Infinity, Number.NaN],
      [Number.NaN, -Infinity],
      [Number.NaN, 0],
      [3, 4],
      [Number.MAX_VALUE, Number.MAX_VALUE],
      [Number.MIN_VALUE, Number.MIN_VALUE],
    ]) {
      expect(Object.is(hypot2(x, y), Math.hypot(x, y))).toBe(true);
    }
    expect(hypot2(3, 4)).toBe(5);
    expect(hypot2(Number.MAX_VALUE, Number.MAX_VALUE)).toBe(Infinity);
  });
});
