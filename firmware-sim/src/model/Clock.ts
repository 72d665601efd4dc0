/** An opaque timer handle: whatever the clock's setTimer returned. */
export type TimerHandle = unknown;

/**
 * Time and timers, injected everywhere so that watchdog, telemetry and reconnect logic
 * run under fake time in tests (MQTT.js KeepaliveManager does the same).
 */
export interface Clock {
  /** Monotonic milliseconds; only differences are meaningful. */
  nowMs(): number;
  setTimer(callback: () => void, delayMs: number): TimerHandle;
  clearTimer(handle: TimerHandle): void;
}

/** The process clock: performance.now() is monotonic, unlike Date.now(). */
export const systemClock: Clock = {
  nowMs: () => performance.now(),
  setTimer: (callback, delayMs) => setTimeout(callback, delayMs),
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
