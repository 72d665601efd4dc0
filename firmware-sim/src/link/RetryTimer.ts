import type { Backoff, Clock, TimerHandle } from '@swarmgate/protocols';

/**
 * The serial link's one pending reopen after the backoff's next delay on
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
    this.timer = this.clock.setTimeout(() => {
      this.timer = undefined;
      retry();
    }, delayMs);
    return delayMs;
  }

  cancel(): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
  }
}
