import type { BackoffOptions, Random } from '@swarmgate/protocols';

/**
 * mona-sim's reconnect schedule (MQTT reconnects, serial reopens): 250 ms doubling to 10 s,
 * half of each delay random, so a fleet that lost its broker does not reconnect in lock-step.
 */
export const MONA_BACKOFF = { initialMs: 250, maxMs: 10_000, factor: 2, jitter: 0.5 } as const;

/** MONA_BACKOFF with its jitter drawn from the robot's own seeded stream: a run is reproducible from its seed. */
export function monaBackoff(rng: Random): BackoffOptions {
  return { ...MONA_BACKOFF, random: () => rng.nextFloat() };
}
