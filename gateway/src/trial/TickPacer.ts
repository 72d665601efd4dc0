/**
 * Runs a tick function either paced to wall-clock time (one tick per period: reality cannot be
 * fast-forwarded) or as fast as the CPU allows, yielding to IO between batches.
 *
 * Paced ticks are due at start + k * period. A tick that starts more than one period after
 * it was due has overrun (the previous tick, or the IO between, took too long): it is
 * counted, and the schedule restarts from now rather than running a burst of catch-up ticks
 * (a burst would send physical robots a burst of stale commands).
 *
 * A tick that throws is handed to `onError` and the schedule goes on: the tick runs from a
 * timer, where an exception would end the process.
 */
import { type Clock, type TimerHandle } from '@swarmgate/protocols';

export interface TickPacerOptions {
  readonly periodMs: number;
  readonly clock: Clock;
  /** Paced to wall-clock time when true; asked before every tick, so it may change. */
  readonly paced: () => boolean;
  /** Unpaced: ticks per batch before yielding to IO. */
  readonly batchTicks?: number;
  /** Gets what a tick threw; the next tick runs on schedule. */
  readonly onError: (error: unknown) => void;
}

export class TickPacer {
  /** Paced ticks that started more than one period late. */
  overruns = 0;
  /** Largest lateness of a paced tick so far, ms. */
  maxLatenessMs = 0;
  /** Ticks that threw (each handed to onError). */
  failedTicks = 0;
  /**
   * Paced: simulated time per wall-clock time (a tick every periodMs / speed). The operator's
   * fast-forward or slow motion; unpaced runs ignore it (they already go as fast as they can).
   */
  speed = 1;
  private timer: TimerHandle | null = null;
  private running = false;
  private dueMs = 0;

  constructor(
    private readonly options: TickPacerOptions,
    private readonly tick: () => void,
  ) {}

  get isRunning(): boolean {
    return this.running;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.dueMs = this.options.clock.nowMs();
    this.schedule(0);
  }

  stop(): void {
    this.running = false;
    if (this.timer) this.options.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(delayMs: number): void {
    this.timer = this.options.clock.setTimeout(() => this.run(), delayMs);
  }

  private run(): void {
    this.timer = null;
    if (!this.running) return;
    const { clock } = this.options;
    if (!this.options.paced()) {
      for (let k = 0; k < (this.options.batchTicks ?? 50) && this.running && !this.options.paced(); k++) this.runTick();
      this.dueMs = clock.nowMs();
      if (this.running) this.schedule(0);
      return;
    }
    const latenessMs = clock.nowMs() - this.dueMs;
    if (latenessMs > this.maxLatenessMs) this.maxLatenessMs = latenessMs;
    const periodMs = this.options.periodMs / this.speed;
    if (latenessMs > periodMs) {
      this.overruns++;
      this.dueMs = clock.nowMs();
    }
    this.runTick();
    this.dueMs += periodMs;
    if (this.running) this.schedule(Math.max(0, this.dueMs - clock.nowMs()));
  }

  /** One tick now, outside the schedule (a paused trial's single step); its failure goes to onError. */
  runTick(): void {
    try {
      this.tick();
    } catch (error) {
      this.failedTicks++;
      this.options.onError(error);
    }
  }
}
