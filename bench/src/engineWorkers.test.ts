import { describe, expect, it } from 'vitest';
import { Trial } from '@swarmgate/gateway';
import { SCENARIOS } from './engineScenarios.js';

/** The swarm scenarios at reduced ticks (the whole bench takes minutes). */
// building1000 is building1000-200 with a shorter limit: one of them is enough here.
const TICKS: Readonly<Record<string, number>> = { cave120: 60, cave150: 60, 'building1000-200': 6 };

/** The final state hash, and how many pair-query rows (nearby robots, line of sight) worker threads scanned. */
async function finalHash(name: string, workers: number): Promise<{ hash: string; rowsOnWorkers: number }> {
  const scenario = SCENARIOS.find((s) => s.name === name);
  if (!scenario) throw new Error(`no scenario ${name}`);
  const base = scenario.config();
  const trial = new Trial({ ...base, maxTicks: TICKS[name], world: { ...base.world, workers } });
  await trial.world.threadsReady();
  try {
    const { finalStateHash } = trial.run();
    return { hash: finalStateHash, rowsOnWorkers: trial.world.sensing.lidarThreads.rowsOnWorkers };
  } finally {
    await trial.world.close();
  }
}

describe('engine scenarios with worker threads (lidar casts, nearby-robot and line-of-sight pairs)', () => {
  for (const name of Object.keys(TICKS)) {
    it(`${name}: the same final state hash with 1, 2 and 4 threads`, async () => {
      const one = await finalHash(name, 1);
      expect(one.rowsOnWorkers).toBe(0);
      for (const workers of [2, 4]) {
        const many = await finalHash(name, workers);
        expect(many.hash).toBe(one.hash);
        expect(many.rowsOnWorkers).toBeGreaterThan(0);
      }
    }, 300_000);
  }
});
