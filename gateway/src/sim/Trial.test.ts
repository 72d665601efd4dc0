import { describe, expect, it } from 'vitest';
import { Cell, loadMap, type Grid } from '@swarmgate/maps';
import { Trial, type TrialConfig } from './Trial.js';
import { EAGER_MAX_BOXES } from './WallBodies.js';
import { borderedRoom } from './testing/testGrids.js';

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

/**
 * A 220 x 220 room with a pillar on every even cell but in a band across the middle, where robots
 * spawn: more wall boxes than are built at once (EAGER_MAX_BOXES).
 */
function pillaredRoom(): Grid {
  const size = 220;
  const grid = borderedRoom(size);
  for (let y = 2; y < size - 1; y += 2) {
    if (Math.abs(y - size / 2) < 10) continue;
    for (let x = 2; x < size - 1; x += 2) grid.cells[y * size + x] = Cell.Concrete;
  }
  return grid;
}

describe('Trial.build: a trial in steps', () => {
  it("gives the event loop a turn between the world's steps, after the regions and after the spawn poses, and runs as new Trial runs", async () => {
    const turns: number[] = [];
    const stepped = await Trial.build({ ...config, spawn: { kind: 'apart' } }, async () => {
      turns.push(turns.length);
      await new Promise((resolve) => setImmediate(resolve));
    });
    // The wall index's merge, counts and box lists, the clearance, the world; the regions; the spawn poses.
    expect(turns).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const direct = new Trial({ ...config, spawn: { kind: 'apart' } });
    expect(stepped.world.robotIds().map((id) => stepped.world.truePose(id))).toEqual(direct.world.robotIds().map((id) => direct.world.truePose(id)));
    expect(stepped.run().finalStateHash).toBe(direct.run().finalStateHash);
  });

  it.each([1, 2])('on a map whose walls are built as robots come near, with %i worker(s): the same trial as new Trial', async (workers) => {
    const lazy: TrialConfig = { ...config, grid: pillaredRoom(), robots: 4, maxTicks: 150, world: { workers } };
    const stepped = await Trial.build(lazy, () => new Promise((resolve) => setImmediate(resolve)));
    const direct = new Trial(lazy);
    try {
      expect(stepped.world.walls.boxCount).toBeGreaterThan(EAGER_MAX_BOXES);
      expect(stepped.metrics.explorableCount).toBe(direct.metrics.explorableCount);
      expect(stepped.run().finalStateHash).toBe(direct.run().finalStateHash);
    } finally {
      await Promise.all([stepped.world.close(), direct.world.close()]);
    }
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
