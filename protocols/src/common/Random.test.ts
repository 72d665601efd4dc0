import { describe, expect, it } from 'vitest';
import { Random } from './Random.js';

const draw = (rng: Random, n: number): number[] => Array.from({ length: n }, () => rng.nextUint32());

describe('Random', () => {
  it('is deterministic per seed and differs across seeds', () => {
    expect(draw(Random.fromSeed(42), 5)).toEqual(draw(Random.fromSeed(42), 5));
    expect(draw(Random.fromSeed(42), 5)).not.toEqual(draw(Random.fromSeed(43), 5));
  });

  it('forks depend only on the key and label, not on what the parent drew', () => {
    const a = Random.fromSeed(1);
    const b = Random.fromSeed(1);
    draw(b, 100);
    expect(draw(a.fork('lidar:3'), 4)).toEqual(draw(b.fork('lidar:3'), 4));
    expect(draw(a.fork('lidar:3'), 4)).not.toEqual(draw(a.fork('lidar:4'), 4));
    expect(a.fork('x').fork('y').key).toBe('seed:1/x/y');
  });

  it('draws in range with a plausible distribution', () => {
    const rng = Random.fromSeed('dist');
    const counts = [0, 0, 0, 0];
    let sum = 0;
    let sumSq = 0;
    for (let i = 0; i < 40_000; i++) {
      const k = rng.int(0, 4);
      counts[k] = (counts[k] as number) + 1;
      const f = rng.nextFloat();
      expect(f >= 0 && f < 1).toBe(true);
      const g = rng.gaussian();
      sum += g;
      sumSq += g * g;
    }
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(500);
    expect(Math.abs(sum / 40_000)).toBeLessThan(0.03);
    expect(Math.abs(sumSq / 40_000 - 1)).toBeLessThan(0.05);
    expect(() => rng.int(3, 3)).toThrow(RangeError);
  });

  it('shuffles into a permutation', () => {
    const items = Random.fromSeed(3).shuffle([1, 2, 3, 4, 5, 6, 7, 8]);
    expect([...items].sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(items).not.toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});
