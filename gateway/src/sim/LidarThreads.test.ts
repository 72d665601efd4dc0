import { afterEach, describe, expect, it } from 'vitest';
import { algorithms } from '@swarmgate/sdk';
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { Trial } from './Trial.js';
import { defaultWorkers, WORKERS_PAY_FROM_ROBOTS } from './WorldConfig.js';
import type { World } from './World.js';
import { slamFingerprint } from './testing/slamFingerprint.js';
import { THREAD_SWARM_TICKS, threadSwarm } from './testing/threadSwarm.js';

const open: World[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((w) => w.close()));
});

/** The final state hash, the SLAM maps' fingerprint, and how much the threads did. */
async function outcome(
  algorithm: string,
  workers: number,
): Promise<{ hash: string; maps: number; onWorkers: number; rowsOnWorkers: number; overlappedTicks: number }> {
  const trial = new Trial(threadSwarm(algorithm, { workers }));
  open.push(trial.world);
  // Threads get shares once started; waiting makes every tick use them.
  await trial.world.threadsReady();
  const { finalStateHash } = trial.run();
  const threads = trial.world.sensing.lidarThreads;
  return {
    hash: finalStateHash,
    maps: slamFingerprint(trial.world),
    onWorkers: threads.castOnWorkers,
    rowsOnWorkers: threads.rowsOnWorkers,
    overlappedTicks: trial.world.overlappedTicks,
  };
}

describe('lidar threads (wall casts, nearby-robot and line-of-sight pairs)', () => {
  for (const info of algorithms) {
    it(`${info.name}: the same final state and SLAM maps with 1, 2 and 4 threads`, async () => {
      const one = await outcome(info.name, 1);
      expect(one.onWorkers).toBe(0);
      expect(one.rowsOnWorkers).toBe(0);
      expect(one.overlappedTicks).toBe(0);
      for (const workers of [2, 4]) {
        const many = await outcome(info.name, workers);
        expect(many.onWorkers).toBeGreaterThan(0);
        expect(many.rowsOnWorkers).toBeGreaterThan(0);
        // Control overlaps sensing on every tick but the SLAM merge ticks (every 10th), whose merge must come first.
        expect(many.overlappedTicks).toBe(THREAD_SWARM_TICKS - THREAD_SWARM_TICKS / 10);
        expect({ hash: many.hash, maps: many.maps }).toEqual({ hash: one.hash, maps: one.maps });
      }
    }, 60_000);
  }

  it('the CLI default: one thread below WORKERS_PAY_FROM_ROBOTS robots, one per core (at most 2) from there', () => {
    expect(defaultWorkers(1)).toBe(1);
    expect(defaultWorkers(WORKERS_PAY_FROM_ROBOTS - 1)).toBe(1);
    expect(defaultWorkers(WORKERS_PAY_FROM_ROBOTS)).toBe(Math.min(availableParallelism(), 2));
    expect(defaultWorkers(1000)).toBe(Math.min(availableParallelism(), 2));
  });

  it('a world stepped after close() casts on the main thread alone, with the same outcome', async () => {
    const one = await outcome('frontier', 1);
    const trial = new Trial(threadSwarm('frontier', { workers: 2 }));
    open.push(trial.world);
    await trial.world.threadsReady();
    for (let t = 0; t < 30; t++) trial.world.step();
    const before = trial.world.sensing.lidarThreads.castOnWorkers;
    expect(before).toBeGreaterThan(0);
    await trial.world.close();
    expect(trial.run().finalStateHash).toBe(one.hash);
    expect(trial.world.sensing.lidarThreads.castOnWorkers).toBe(before);
  }, 60_000);

  it("threadsReady() rejects with the worker's error once a worker failed (a fault raised on its Worker)", async () => {
    const trial = new Trial(threadSwarm('frontier', { workers: 2 }));
    open.push(trial.world);
    const workers = (trial.world.sensing.lidarThreads as unknown as { workers: Worker[] }).workers;
    expect(workers).toHaveLength(1);
    workers[0]?.emit('error', new Error('out of memory in the worker'));
    await expect(trial.world.threadsReady()).rejects.toThrow(/SG_SIM_WORKER: a lidar worker thread failed: out of memory in the worker/);
  });
});
