/**
 * Seeded, splittable PRNG (sfc32, 128-bit state, passes PractRand to 2^60+ bytes).
 *
 * Streams are named: `Random.fromSeed(seed).fork("lidar:3")` derives its state only from the
 * parent's key and the label, never from how many numbers the parent has drawn, so adding a
 * consumer to one stream never shifts another. Everything that needs randomness in the
 * simulator forks its own stream from the trial seed.
 */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private spareGaussian = 0;
  private hasSpareGaussian = false;

  private constructor(readonly key: string) {
    const [a, b, c, d] = hash128(key);
    this.a = a;
    this.b = b;
    this.c = c;
    this.d = d;
    // Discard the first outputs: sfc32 mixes a fresh state poorly for a few rounds.
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  static fromSeed(seed: number | string): Random {
    return new Random(`seed:${String(seed)}`);
  }

  /** An independent stream named `label`, a pure function of this stream's key and the label. */
  fork(label: string): Random {
    return new Random(`${this.key}/${label}`);
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  nextFloat(): number {
    return this.nextUint32() / 4294967296;
  }

  /** Uniform integer in [minInclusive, maxExclusive). */
  int(minInclusive: number, maxExclusive: number): number {
    if (!(maxExclusive > minInclusive)) {
      throw new RangeError(`Random.int: empty range [${minInclusive}, ${maxExclusive})`);
    }
    return minInclusive + Math.floor(this.nextFloat() * (maxExclusive - minInclusive));
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.nextFloat() < p;
  }

  /** Uniform in [min, max). */
  uniform(min: number, max: number): number {
    return min + this.nextFloat() * (max - min);
  }

  /** Standard normal (Box-Muller; the second value is kept, so no allocation per call). */
  gaussian(): number {
    if (this.hasSpareGaussian) {
      this.hasSpareGaussian = false;
      return this.spareGaussian;
    }
    let u = 0;
    while (u === 0) u = this.nextFloat();
    const v = this.nextFloat();
    const r = Math.sqrt(-2 * Math.log(u));
    this.spareGaussian = r * Math.sin(2 * Math.PI * v);
    this.hasSpareGaussian = true;
    return r * Math.cos(2 * Math.PI * v);
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('Random.pick: empty list');
    return items[this.int(0, items.length)] as T;
  }

  /** Fisher-Yates, in place. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(0, i + 1);
      const tmp = items[i] as T;
      items[i] = items[j] as T;
      items[j] = tmp;
    }
    return items;
  }
}

/** cyrb128: a fast 128-bit string hash, used only to turn a key into sfc32 state. */
function hash128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}
