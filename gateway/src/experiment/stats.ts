/** Summary statistics of a sample: what every report table and chart of an experiment shows. */

export interface Spread {
  readonly n: number;
  readonly mean: number;
  /** The sample standard deviation (n - 1 in the denominator); null with fewer than two values. */
  readonly sd: number | null;
  readonly min: number;
  readonly max: number;
}

/** The spread of a non-empty sample, or null for an empty one. */
export function spreadOf(values: readonly number[]): Spread | null {
  const n = values.length;
  if (n === 0) return null;
  const min = Math.min(...values);
  const max = Math.max(...values);
  // Equal values have that mean and no spread exactly; summing them could leave a rounding residue (0.8 ± 1e-16).
  const mean = min === max ? min : values.reduce((sum, v) => sum + v, 0) / n;
  const sd = n < 2 ? null : min === max ? 0 : Math.sqrt(values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (n - 1));
  return { n, mean, sd, min, max };
}
