/**
 * Math.hypot(x, y), value for value (V8's algorithm: the larger magnitude factored out, the two
 * squares added with its Kahan compensation, which is exact for two terms), without its garbage:
 * V8 runs Math.hypot as a builtin call that allocates an array of its arguments and a heap
 * number for the result, per call, and controllers call it in their per-tick loops. Inlined,
 * this allocates nothing. hypot.test.ts checks it equals Math.hypot bit for bit, so the results
 * of code that switches to it do not change.
 */
export function hypot2(x: number, y: number): number {
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  // Infinity wins over NaN, as in Math.hypot.
  if (ax === Infinity || ay === Infinity) return Infinity;
  if (Number.isNaN(ax) || Number.isNaN(ay)) return Number.NaN;
  const max = ax > ay ? ax : ay;
  if (max === 0) return 0;
  const a = ax / max;
  const b = ay / max;
  return Math.sqrt(a * a + b * b) * max;
}
