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

/** The metrics' inputs of a trial built in steps (from the spawn poses) are those new Trial makes (from the robots). */
function expectSameMetricsGround(stepped: Trial, direct: Trial): void {
  expect(stepped.metrics.explorable).toEqual(direct.metrics.explorable);
  expect(stepped.metrics.explorableCount).toBe(direct.metrics.explorableCount);
  expect(stepped.metrics.freeCount).toBe(direct.metrics.freeCount);
  expect(stepped.metrics.coverage.coverable).toEqual(direct.metrics.coverage.coverable);
  expect(stepped.metrics.coverage.coverableCount).toBe(direct.metrics.coverage.coverableCount);
  expect(stepped.world.sensing.lidar.exploredCount).toBe(direct.world.sensing.lidar.exploredCount);
}

describe('Trial.build: a trial in steps', () => {
  it("gives the event loop a turn between the world's steps, after the regions, after the spawn poses and between the metrics' steps, and runs as new Trial runs", async () => {
    const turns: number[] = [];
    const stepped = await Trial.build({ ...config, spawn: { kind: 'apart' } }, async () => {
      turns.push(turns.length);
      await new Promise((resolve) => setImmediate(resolve));
    });
    // The wall index's merge, counts and box lists, the clearance, the world; the regions; the spawn
    // poses; the metrics' explorable cells, their coverage grid.
    expect(turns).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
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
      expectSameMetricsGround(stepped, direct);
      expect(stepped.run().finalStateHash).toBe(direct.run().finalStateHash);
    } finally {
      await Promise.all([stepped.world.close(), direct.world.close()]);
    }
  });

  it("counts the regions under the body of a robot whose centre is in none, from its spawn pose as from the robot's", async () => {
    // Two halves of a room split by a wall; the right half's only robot stands on an unknown
    // cell (no region), so that half is explorable through the regions under its body alone.
    const grid = borderedRoom(12);
    for (let y = 1; y < 11; y++) grid.cells[y * 12 + 6] = Cell.Concrete;
    grid.cells[5 * 12 + 9] = Cell.Unknown;
    const at = (x: number, y: number) => ({ xM: grid.originM.x + x + 0.5, yM: grid.originM.y + y + 0.5, headingRad: 0 });
    const split: TrialConfig = { ...config, grid, robots: 2, spawn: { kind: 'positions', poses: [at(3, 5), at(9, 5)] }, maxTicks: 50 };
    const stepped = await Trial.build(split, () => new Promise((resolve) => setImmediate(resolve)));
    const direct = new Trial(split);
    // Both halves' free cells: 5 x 10 on the left, 4 x 10 less the unknown one on the right.
    expect(direct.metrics.explorableCount).toBe(89);
    expectSameMetricsGround(stepped, direct);
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
