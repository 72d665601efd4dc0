import { SwarmgateError } from '../errors.js';
import type { Rng } from '../model/Rng.js';

export interface BackoffOptions {
  readonly initialMs: number;
  readonly maxMs: number;
  readonly factor: number;
  /** Fraction of each delay that is random: delay * (1 - jitter * u), u uniform in [0, 1). */
  readonly jitter: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { initialMs: 250, maxMs: 10_000, factor: 2, jitter: 0.5 };

/**
 * Exponential reconnect delays with jitter and a cap, so a fleet that lost its broker does
 * not reconnect in lock-step (MQTT.js's fixed 1 s period is what not to copy).
 */
export class Backoff {
  private attempt = 0;

  constructor(
    private readonly rng: Rng,
    private readonly options: BackoffOptions = DEFAULT_BACKOFF,
  ) {
    const { initialMs, maxMs, factor, jitter } = options;
    if (!(initialMs > 0 && maxMs >= initialMs && factor >= 1 && jitter >= 0 && jitter <= 1)) {
      throw new SwarmgateError('SG_MODEL_CONFIG', `backoff needs 0 < initialMs <= maxMs, factor >= 1, jitter in [0, 1]; got ${JSON.stringify(options)}`);
    }
  }

  /** The delay before the next attempt; grows until maxMs. */
  nextDelayMs(): number {
    const { initialMs, maxMs, factor, jitter } = this.options;
    const baseMs = Math.min(maxMs, initialMs * factor ** this.attempt);
    this.attempt++;
    return baseMs * (1 - jitter * this.rng.next());
  }

  /** After a successful connection. */
  reset(): void {
    this.attempt = 0;
  }
}
