/**
 * Injected time for link logic (keepalive, reconnect backoff, command deadlines, a robot's
 * watchdog), so that tests drive it with fake time instead of sleeping (after MQTT.js
 * KeepaliveManager). Never used by the simulator's physics: its time is the integer tick.
 */
export interface TimerHandle {
  readonly id: number;
}

export interface Clock {
  /** Milliseconds; only differences are meaningful to link logic, envelopes carry it as a timestamp. */
  nowMs(): number;
  setTimeout(callback: () => void, delayMs: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

/**
 * Process time for production use. `timeOrigin + performance.now()` is monotonic (a wall-clock
 * step cannot fire a watchdog or stall a backoff), yet reads as Unix-epoch milliseconds.
 */
export const systemClock: Clock = (() => {
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  let nextId = 1;
  return {
    nowMs: () => performance.timeOrigin + performance.now(),
    setTimeout(callback, delayMs) {
      const id = nextId++;
      const timer = setTimeout(() => {
        timers.delete(id);
        callback();
      }, delayMs);
      // A pending reconnect or keepalive check must not keep the process alive on shutdown.
      timer.unref();
      timers.set(id, timer);
      return { id };
    },
    clearTimeout(handle) {
      clearTimeout(timers.get(handle.id));
      timers.delete(handle.id);
    },
  };
})();

/** Time that moves only when told to: `advance(ms)` runs due timers in time order (ties in the order set). */
export class ManualClock implements Clock {
  private now: number;
  private nextId = 1;
  private readonly timers = new Map<number, { dueMs: number; callback: () => void }>();

  constructor(startMs = 0) {
    this.now = startMs;
  }

  nowMs(): number {
    return this.now;
  }

  setTimeout(callback: () => void, delayMs: number): TimerHandle {
    const id = this.nextId++;
    this.timers.set(id, { dueMs: this.now + Math.max(0, delayMs), callback });
    return { id };
  }

  clearTimeout(handle: TimerHandle): void {
    this.timers.delete(handle.id);
  }

  get pendingTimers(): number {
    return this.timers.size;
  }

  /**
   * Moves time forward by ms without firing anything, as an event loop held busy does: timers
   * that fell due meanwhile fire late, at the next `advance`.
   */
  stall(ms: number): void {
    this.now += ms;
  }

  /** Moves time forward by ms, firing every timer that falls due (including ones set meanwhile). */
  advance(ms: number): void {
    const end = this.now + ms;
    for (;;) {
      let nextId = -1;
      let nextDue = Infinity;
      // Map iteration is insertion order, so `<` keeps the earliest-set timer among equal dues.
      for (const [id, timer] of this.timers) {
        if (timer.dueMs <= end && timer.dueMs < nextDue) {
          nextDue = timer.dueMs;
          nextId = id;
        }
      }
      if (nextId < 0) break;
      const timer = this.timers.get(nextId)!;
      this.timers.delete(nextId);
      this.now = Math.max(this.now, timer.dueMs);
      timer.callback();
    }
    this.now = end;
  }
}
