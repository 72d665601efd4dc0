import { ProtocolsError } from '../errors.js';

/**
 * Exponential reconnect backoff with jitter and a cap, for every link that retries (MQTT
 * reconnects, serial reopens). Jitter spreads the reconnects of many robots after a broker
 * restart; the cap bounds how stale a link can get. (MQTT.js's fixed 1 s reconnect period is
 * what not to copy.)
 */
export interface BackoffOptions {
  readonly initialMs?: number;
  readonly maxMs?: number;
  readonly factor?: number;
  /** Fraction of each delay that is random, 0..1: delay in [(1 - jitter) * d, d]. */
  readonly jitter?: number;
  /** Injected so that tests and seeded emulators are deterministic; returns [0, 1). */
  readonly random?: () => number;
}

export class Backoff {
  private attempt = 0;
  private readonly initialMs: number;
  private readonly maxMs: number;
  private readonly factor: number;
  private readonly jitter: number;
  private readonly random: () => number;

  constructor(options: BackoffOptions = {}) {
    this.initialMs = options.initialMs ?? 100;
    this.maxMs = options.maxMs ?? 10_000;
    this.factor = options.factor ?? 2;
    this.jitter = options.jitter ?? 0.5;
    this.random = options.random ?? Math.random;
    const { initialMs, maxMs, factor, jitter } = this;
    if (!(initialMs > 0 && maxMs >= initialMs && factor >= 1 && jitter >= 0 && jitter <= 1)) {
      throw new ProtocolsError(
        'SG_BACKOFF_CONFIG',
        `backoff needs 0 < initialMs <= maxMs, factor >= 1, jitter in [0, 1]; got ${JSON.stringify({ initialMs, maxMs, factor, jitter })}`,
      );
    }
  }

  /** Delay before the next attempt; each call counts one failed attempt. */
  nextDelayMs(): number {
    const ceilingMs = Math.min(this.maxMs, this.initialMs * this.factor ** this.attempt);
    if (ceilingMs < this.maxMs) this.attempt++;
    return ceilingMs * (1 - this.jitter * this.random());
  }

  /** Call once a link is up again: the next failure starts from the initial delay. */
  reset(): void {
    this.attempt = 0;
  }
}
