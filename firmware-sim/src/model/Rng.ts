/**
 * A small seeded PRNG (mulberry32) with a Gaussian draw. Each noise source owns its own
 * stream, forked by name from the robot's seed, so adding a draw in one place never shifts
 * the numbers another place sees.
 */
export class Rng {
  private state: number;
  private spareGaussian = Number.NaN;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A new independent stream whose seed mixes this stream's seed with a purpose name. */
  static fork(seed: number, purpose: string): Rng {
    // FNV-1a over the purpose, xored into the seed: cheap, stable and good enough to
    // decorrelate a handful of named streams.
    let hash = 0x811c9dc5;
    for (let i = 0; i < purpose.length; i++) {
      hash = Math.imul(hash ^ purpose.charCodeAt(i), 0x01000193);
    }
    return new Rng((seed ^ hash) >>> 0);
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Standard normal (Box-Muller; the second value of each pair is kept for the next call). */
  gaussian(): number {
    if (!Number.isNaN(this.spareGaussian)) {
      const spare = this.spareGaussian;
      this.spareGaussian = Number.NaN;
      return spare;
    }
    const u1 = 1 - this.next(); // (0, 1]: log(0) would be -Infinity
    const u2 = this.next();
    const radius = Math.sqrt(-2 * Math.log(u1));
    this.spareGaussian = radius * Math.sin(2 * Math.PI * u2);
    return radius * Math.cos(2 * Math.PI * u2);
  }
}
