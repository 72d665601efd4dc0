import { SwarmgateError } from '../errors.js';
import { type Clock } from '@swarmgate/protocols';
import type { Random } from '@swarmgate/protocols';

/** Faults applied to what a robot sends (the --drop, --delay and --corrupt flags). */
export interface FaultOptions {
  /** Probability of dropping an outgoing message, 0..1. */
  readonly dropP: number;
  /** Extra latency on every outgoing message, ms. */
  readonly delayMs: number;
  /** Probability of flipping one random byte of an outgoing message, 0..1. */
  readonly corruptP: number;
}

export const NO_FAULTS: FaultOptions = { dropP: 0, delayMs: 0, corruptP: 0 };

export interface FaultCounters {
  dropped: number;
  corrupted: number;
}

export class FaultInjector {
  readonly counters: FaultCounters = { dropped: 0, corrupted: 0 };

  constructor(
    private readonly options: FaultOptions,
    private readonly rng: Random,
    private readonly clock: Clock,
  ) {
    const { dropP, corruptP, delayMs } = options;
    for (const [name, p] of [
      ['dropP', dropP],
      ['corruptP', corruptP],
    ] as const) {
      if (!(p >= 0 && p <= 1)) throw new SwarmgateError('SG_MODEL_CONFIG', `${name} must be in [0, 1], got ${p}`);
    }
    if (!(delayMs >= 0 && Number.isFinite(delayMs))) {
      throw new SwarmgateError('SG_MODEL_CONFIG', `delayMs must be >= 0, got ${delayMs}`);
    }
  }

  /**
   * Passes bytes to write after the faults: maybe never (dropped), maybe with one byte
   * flipped (a copy: the caller's buffer is untouched), maybe later (delayed).
   */
  send(bytes: Uint8Array, write: (bytes: Uint8Array) => void): void {
    const { dropP, corruptP, delayMs } = this.options;
    if (dropP > 0 && this.rng.nextFloat() < dropP) {
      this.counters.dropped++;
      return;
    }
    let out = bytes;
    if (corruptP > 0 && bytes.length > 0 && this.rng.nextFloat() < corruptP) {
      out = Uint8Array.from(bytes);
      const index = Math.floor(this.rng.nextFloat() * out.length);
      // XOR with 1..255 always changes the byte.
      out[index] = out[index]! ^ (1 + Math.floor(this.rng.nextFloat() * 255));
      this.counters.corrupted++;
    }
    if (delayMs > 0) this.clock.setTimeout(() => write(out), delayMs);
    else write(out);
  }
}
