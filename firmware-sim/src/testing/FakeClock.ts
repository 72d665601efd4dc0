import type { Clock, TimerHandle } from '../model/Clock.js';

interface FakeTimer {
  readonly id: number;
  readonly dueMs: number;
  readonly callback: () => void;
}

/** A Clock whose time moves only when advance() is called; timers fire in due order. */
export class FakeClock implements Clock {
  private now: number;
  private nextId = 1;
  private timers: FakeTimer[] = [];

  constructor(startMs = 0) {
    this.now = startMs;
  }

  nowMs(): number {
    return this.now;
  }

  setTimer(callback: () => void, delayMs: number): TimerHandle {
    const timer = { id: this.nextId++, dueMs: this.now + Math.max(0, delayMs), callback };
    this.timers.push(timer);
    return timer.id;
  }

  clearTimer(handle: TimerHandle): void {
    this.timers = this.timers.filter((timer) => timer.id !== handle);
  }

  /** Number of pending timers. */
  get pending(): number {
    return this.timers.length;
  }

  /** Moves time forward by ms, firing every timer that falls due (including ones set meanwhile). */
  advance(ms: number): void {
    const end = this.now + ms;
    for (;;) {
      let next: FakeTimer | undefined;
      for (const timer of this.timers) {
        if (timer.dueMs <= end && (next === undefined || timer.dueMs < next.dueMs || (timer.dueMs === next.dueMs && timer.id < next.id))) {
          next = timer;
        }
      }
      if (next === undefined) break;
      const fired = next;
      this.timers = this.timers.filter((timer) => timer !== fired);
      this.now = Math.max(this.now, fired.dueMs);
      fired.callback();
    }
    this.now = end;
  }
}
