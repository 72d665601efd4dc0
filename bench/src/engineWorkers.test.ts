import { describe, expect, it } from 'vitest';
import { Trial } from '@swarmgate/gateway';
import { SCENARIOS } from './engineScenarios.js';

/** The swarm scenarios at reduced ticks (the whole bench takes minutes). */
// building1000 is building1000-200 with a shorter limit: one of them is enough here.
const TICKS: Readonly<Record<string, number>> = { cave120: 60, cave150: 60, 'building1000-200': 6 };

async function finalHash(name: string, workers: number): Promise<string> {
  const scenario = SCENARIOS.find((s) => s.name === name);
  if (!scenario) throw new Error(`no scenario ${name}`);
  const base = scenario.config();
  const trial = new Trial({ ...base, maxTicks: TICKS[name], world: { ...base.world, workers } });
  await trial.world.threadsReady();
  try {
    return trial.run().finalStateHash;
  } finally {
    await trial.world.close();
  }
}

describe('engine scenarios with lidar worker threads', () => {
  for (const name of Object.keys(TICKS)) {
    it(`${name}: the same final state hash with 1, 2 and 4 threads`, async () => {
      const one = await finalHash(name, 1);
      expect(await finalHash(name, 2)).toBe(one);
      expect(await finalHash(name, 4)).toBe(one);
    }, 300_000);
  }
});
