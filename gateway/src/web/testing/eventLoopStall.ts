/**
 * How long the event loop was held at most while `action` ran, for tests that move work off it
 * (the map thread, the report thread): the longest wait, and how long the action took in all.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

export async function longestStallDuring<T>(action: () => Promise<T>): Promise<{ result: T; tookMs: number; longestStallMs: number }> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  // The histogram records nothing for the turn before its timer first fires: a wait there would go unseen.
  await sleep(30);
  const t0 = performance.now();
  try {
    const result = await action();
    const tookMs = performance.now() - t0;
    // The histogram's timer records a late turn when it next fires: give it that turn.
    await sleep(50);
    return { result, tookMs, longestStallMs: delay.max / 1e6 };
  } finally {
    delay.disable();
  }
}
