import { describe, expect, it } from 'vitest';
import { Random } from '@swarmgate/protocols';
import { pickAsideCell } from './stepAside.js';
import { SlamCell } from '../SlamMapView.js';
import { SlamMap } from '../slam/SlamMap.js';

/** A 6 x 6 SLAM map of 1 m cells, all open but the cells listed solid. */
function mapWith(solid: readonly (readonly [number, number])[]): SlamMap {
  const map = new SlamMap({ width: 6, height: 6, cellSizeM: 1 });
  for (let i = 0; i < 36; i++) map.mark(i, SlamCell.Open);
  // Open never overwrites, so the solid cells are written to a fresh map first.
  const walled = new SlamMap({ width: 6, height: 6, cellSizeM: 1 });
  for (const [x, y] of solid) walled.mark(y * 6 + x, SlamCell.Solid);
  walled.mergeFrom(map);
  return walled;
}

describe('step aside', () => {
  it('picks only neighbours whose 3 x 3 neighbourhood is open: away from a wall', () => {
    // A wall along x = 1; the robot at (2, 2) may only step to x = 3.
    const map = mapWith([0, 1, 2, 3, 4, 5].map((y) => [1, y] as const));
    const rng = Random.fromSeed(3);
    const picked = new Set<number>();
    for (let i = 0; i < 200; i++) picked.add(pickAsideCell(map, 2 * 6 + 2, rng));
    expect([...picked].sort((a, b) => a - b)).toEqual([1 * 6 + 3, 2 * 6 + 3, 3 * 6 + 3]);
  });

  it('returns -1 when no neighbour is clear, and treats unknown cells as not clear', () => {
    const boxed = mapWith([0, 1, 2, 3, 4, 5].flatMap((y) => [[1, y] as const, [3, y] as const]));
    expect(pickAsideCell(boxed, 2 * 6 + 2, Random.fromSeed(1))).toBe(-1);
    const unknown = new SlamMap({ width: 6, height: 6, cellSizeM: 1 });
    expect(pickAsideCell(unknown, 2 * 6 + 2, Random.fromSeed(1))).toBe(-1);
  });

  it('is a function of the seeded stream, and reaches every clear neighbour', () => {
    const map = mapWith([]);
    const draw = (seed: number): number[] => {
      const rng = Random.fromSeed(seed);
      return Array.from({ length: 40 }, () => pickAsideCell(map, 2 * 6 + 2, rng));
    };
    expect(draw(5)).toEqual(draw(5));
    expect(new Set(draw(5)).size).toBe(8);
  });
});
