import { afterEach, describe, expect, it } from 'vitest';
import { algorithms } from '@swarmgate/sdk';
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { Trial } from './Trial.js';
import { defaultWorkers, WORKERS_PAY_FROM_ROBOTS } from './WorldConfig.js';
import { World } from './World.js';
import { borderedRoom } from './testing/testGrids.js';
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

  it('every scan, other robots occluding it, is the same on 1, 2 and 4 threads, tick by tick', async () => {
    /** Per tick, a fingerprint of every robot's ranges, and how many rays other robots cut short. */
    const scans = async (workers: number): Promise<{ ticks: number[]; occluded: number; onWorkers: number }> => {
      const trial = new Trial({ ...threadSwarm('frontier', { workers }), spawn: { kind: 'together' } });
      open.push(trial.world);
      await trial.world.threadsReady();
      const lidar = trial.world.sensing.lidar;
      const used = trial.world.robotIds().length * lidar.rayCount;
      const ticks: number[] = [];
      let occluded = 0;
      for (let t = 0; t < 30; t++) {
        trial.world.step();
        let h = 0;
        for (let k = 0; k < used; k++) {
          h = (Math.imul(h, 31) + Math.round(lidar.rangesM[k] * 1e6)) | 0;
          if (lidar.rangesM[k] < lidar.wallRangesM[k]) occluded++;
        }
        ticks.push(h);
      }
      return { ticks, occluded, onWorkers: trial.world.sensing.lidarThreads.castOnWorkers };
    };
    const one = await scans(1);
    expect(one.occluded).toBeGreaterThan(100);
    for (const workers of [2, 4]) {
      const many = await scans(workers);
      expect(many.onWorkers).toBeGreaterThan(0);
      expect(many).toEqual({ ...one, onWorkers: many.onWorkers });
    }
  }, 60_000);

  it('a robot standing still (not cast again) sees a robot coming into range, on 1 and 2 threads', async () => {
    for (const workers of [1, 2]) {
      const world = new World(borderedRoom(30), { workers });
      open.push(world);
      world.addRobot({ id: 'still', pose: { xM: 0, yM: 0, headingRad: 0 } });
      // A crowd, so that the workers start and take casts.
      for (let k = 0; k < 40; k++) world.addRobot({ id: `far${k}`, pose: { xM: -8 + (k % 8) * 1.2, yM: 3 + Math.floor(k / 8) * 1.2, headingRad: 0 } });
      // Out of the lidar's reach at first, in it after about 5 s.
      world.addRobot({ id: 'mover', pose: { xM: 2, yM: -11.5, headingRad: Math.PI / 2 }, controller: { tick: (r) => r.setVelocity(0.3, 0) } });
      await world.threadsReady();
      const lidar = world.sensing.lidar;
      const slot = world.robotIds().indexOf('still');
      let seen = 0;
      for (let t = 0; t < 150; t++) {
        world.step();
        const mover = world.truePose('mover');
        const k = Math.round((Math.atan2(mover.yM, mover.xM) + 2 * Math.PI) / lidar.angleIncrementRad) % lidar.rayCount;
        // Ray k's hit on the mover's disc (the robot stands at the origin facing +x), once in reach;
        // before that the walls, beyond the reach.
        const along = mover.xM * Math.cos(k * lidar.angleIncrementRad) + mover.yM * Math.sin(k * lidar.angleIncrementRad);
        const r = world.config.robot.radiusM;
        const hitM = along - Math.sqrt(r * r - (mover.xM ** 2 + mover.yM ** 2 - along * along));
        if (hitM < lidar.rangeM) seen++;
        expect(lidar.rangesM[slot * lidar.rayCount + k]).toBeCloseTo(Math.min(hitM, lidar.rangeM), 4);
      }
      expect(seen).toBeGreaterThan(50);
      expect(seen).toBeLessThan(150);
      expect(world.truePose('still')).toEqual({ xM: 0, yM: 0, headingRad: 0 });
    }
  }, 60_000);

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
