import { describe, expect, it } from 'vitest';
import { Trial } from '@swarmgate/gateway';
import { SCENARIOS } from './engineScenarios.js';

/** The swarm scenarios at reduced ticks (the whole bench takes minutes). */
// building1000 is building1000-200 with a shorter limit: one of them is enough here.
const TICKS: Readonly<Record<string, number>> = { cave120: 60, cave150: 60, 'building1000-200': 6 };

/**
 * The final state hash; how many casts and pair-query rows (nearby robots, line of sight) worker
 * threads did; on how many ticks control overlapped sensing.
 */
async function finalHash(
  name: string,
  workers: number,
  controllerThreads = false,
): Promise<{ hash: string; castOnWorkers: number; rowsOnWorkers: number; overlappedTicks: number; turnsOnWorkers: number }> {
  const config = base(name);
  const trial = new Trial({ ...config, maxTicks: TICKS[name], world: { ...config.world, workers, controllerThreads } });
  await trial.world.threadsReady();
  try {
    const { finalStateHash } = trial.run();
    const threads = trial.world.sensing.lidarThreads;
    return {
      hash: finalStateHash,
      castOnWorkers: threads.castOnWorkers,
      rowsOnWorkers: threads.rowsOnWorkers,
      overlappedTicks: trial.world.overlappedTicks,
      turnsOnWorkers: threads.turnsOnWorkers,
    };
  } finally {
    await trial.world.close();
  }
}

function base(name: string) {
  const scenario = SCENARIOS.find((s) => s.name === name);
  if (!scenario) throw new Error(`no scenario ${name}`);
  return scenario.config();
}

describe('engine scenarios with worker threads (lidar casts, nearby-robot and line-of-sight pairs)', () => {
  for (const name of Object.keys(TICKS)) {
    it(`${name}: the same final state hash with 1, 2 and 4 threads, with the controllers on them or not`, async () => {
      const one = await finalHash(name, 1);
      expect(one).toMatchObject({ castOnWorkers: 0, rowsOnWorkers: 0, overlappedTicks: 0 });
      for (const workers of [2, 4]) {
        const many = await finalHash(name, workers);
        expect(many.hash).toBe(one.hash);
        expect(many.castOnWorkers).toBeGreaterThan(0);
        // No SLAM merges in these scenarios: every tick's control overlaps its sensing.
        expect(many.overlappedTicks).toBe(TICKS[name]);
        // cave150's line-of-sight links are found in the radio phase, before the casts start, on
        // every thread. (Nearby-robot rows asked for while casts are in flight are scanned on the
        // main thread beside them, so where they go depends on timing.)
        if (name === 'cave150') expect(many.rowsOnWorkers).toBeGreaterThan(0);
        // And with the controllers on the worker threads too (robot slot mod threads).
        const controllers = await finalHash(name, workers, true);
        expect(controllers.hash).toBe(one.hash);
        const robots = base(name).robots;
        expect(controllers.turnsOnWorkers).toBe(TICKS[name] * (robots - Math.ceil(robots / workers)));
      }
    }, 300_000);
  }
});
