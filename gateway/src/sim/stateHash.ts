/**
 * The final-state fingerprint of a trial: 64-bit FNV-1a over integers quantised from the
 * state (poses to 0.1 mm and 1e-4 rad, distances to 1 mm) and the metric counters.
 * Equal hashes mean the same trajectory; any divergence in physics, sensing or control
 * changes at least one pose or counter.
 */
const FNV_OFFSET = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const MASK = 0xffffffffffffffffn;

export class StateHasher {
  private hash = FNV_OFFSET;

  /** Mixes one integer (as 8 little-endian bytes of its two's-complement 64-bit form). */
  addInt(value: number): this {
    let v = BigInt.asUintN(64, BigInt(Math.trunc(value)));
    for (let b = 0; b < 8; b++) {
      this.hash ^= v & 0xffn;
      this.hash = (this.hash * FNV_PRIME) & MASK;
      v >>= 8n;
    }
    return this;
  }

  /** Mixes round(value * scale). */
  addQuantised(value: number, scale: number): this {
    return this.addInt(Math.round(value * scale));
  }

  hex(): string {
    return this.hash.toString(16).padStart(16, '0');
  }
}
