import { describe, expect, it } from 'vitest';
import { loadMap } from '@swarmgate/maps';
import { Trial, type TrialConfig } from './Trial.js';

const config: TrialConfig = {
  grid: loadMap('building:30x30:seed=2'),
  robots: 3,
  algorithm: 'greed',
  comm: 'los',
  spawn: { kind: 'together' },
  seed: 5,
  targetExplored: 0.99,
  maxTicks: 400,
};

describe('a stepping Trial', () => {
  it('advances one tick per step, lets the world be read between ticks, and stops at the tick limit', () => {
    const trial = new Trial(config);
    const first = trial.world.truePose('r0');
    for (let i = 0; i < 10; i++) expect(trial.step()).toBe(true);
    expect(trial.world.tick).toBe(10);
    expect(trial.world.truePose('r0')).not.toEqual(first);
    while (trial.step());
    expect(trial.finished).toBe(true);
    const ticks = trial.world.tick;
    expect(ticks).toBeLessThanOrEqual(config.maxTicks);
    // Finished: a step does nothing.
    expect(trial.step()).toBe(false);
    expect(trial.world.tick).toBe(ticks);
  });

  it('stepped to the end, ends as run() ends: the same ticks and final state hash', () => {
    const stepped = new Trial(config);
    while (stepped.step());
    const run = new Trial(config).run();
    expect(stepped.metrics.final().ticks).toBe(run.ticks);
    expect(stepped.metrics.final().finalStateHash).toBe(run.finalStateHash);
  });
});

describe('Trial.build: a trial in steps', () => {
  it('gives the event loop a turn after the world and after the spawn poses, and runs as new Trial runs', async () => {
    const turns: number[] = [];
    const stepped = await Trial.build({ ...config, spawn: { kind: 'apart' } }, async () => {
      turns.push(turns.length);
      await new Promise((resolve) => setImmediate(resolve));
    });
    expect(turns).toEqual([0, 1]);
    const direct = new Trial({ ...config, spawn: { kind: 'apart' } });
    expect(stepped.world.robotIds().map((id) => stepped.world.truePose(id))).toEqual(direct.world.robotIds().map((id) => direct.world.truePose(id)));
    expect(stepped.run().finalStateHash).toBe(direct.run().finalStateHash);
  });

  it('refuses what new Trial refuses, with the same error', async () => {
    const bad = { ...config, robots: 5000 };
    const error = (() => {
      try {
        new Trial(bad);
      } catch (e) {
        return e as Error;
      }
      return null;
    })();
    expect(error).not.toBeNull();
    await expect(Trial.build(bad, async () => undefined)).rejects.toThrow(error!.message);
  });
});
