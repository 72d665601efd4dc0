import type { Clock, TimerHandle } from '../model/Clock.js';
import type { Backoff } from './Backoff.js';

/**
 * A link's one pending retry (MQTT reconnect, serial reopen) after the backoff's next delay on
 * the injected clock: at most one is pending, and stopping the link cancels it.
 */
export class RetryTimer {
  private timer: TimerHandle | undefined;

  constructor(
    private readonly backoff: Backoff,
    private readonly clock: Clock,
  ) {}

  /** Runs `retry` after the next backoff delay, replacing a pending retry; returns that delay, ms. */
  schedule(retry: () => void): number {
    this.cancel();
    const delayMs = this.backoff.nextDelayMs();
    this.timer = this.clock.setTimer(() => {
      this.timer = undefined;
      retry();
    }, delayMs);
    return delayMs;
  }

  cancel(): void {
    if (this.timer !== undefined) this.clock.clearTimer(this.timer);
    this.timer = undefined;
  }
}
