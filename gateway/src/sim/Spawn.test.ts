import { describe, expect, it } from 'vitest';
import { loadMap } from '@swarmgate/maps';
import { Random } from '@swarmgate/protocols';
import { spawnPoses, spawnableMask } from './Spawn.js';
import { borderedRoom } from './testing/testGrids.js';

function cellsOf(grid: ReturnType<typeof loadMap>, poses: { xM: number; yM: number }[]): number[] {
  return poses.map((p) => Math.floor(p.yM - grid.originM.y) * grid.width + Math.floor(p.xM - grid.originM.x));
}

describe('spawnPoses', () => {
  const grid = loadMap('building:60x60:seed=3');
  const mask = spawnableMask(grid);

  it.each(['together', 'apart', 'biggest-room'] as const)('%s: distinct spawnable cells, deterministic', (kind) => {
    const a = spawnPoses(grid, 12, { kind }, Random.fromSeed(1));
    const b = spawnPoses(grid, 12, { kind }, Random.fromSeed(1));
    expect(a).toEqual(b);
    const cells = cellsOf(grid, a);
    expect(new Set(cells).size).toBe(12);
    for (const c of cells) expect(mask[c]).toBe(1);
  });

  it('together starts next to the requested point', () => {
    const room = borderedRoom(20);
    const [first] = spawnPoses(room, 3, { kind: 'together', atM: { x: 2.2, y: -3.7 } }, Random.fromSeed(1));
    expect(first).toEqual({ xM: 2.5, yM: -3.5, headingRad: 0 });
  });

  it('refuses more robots than spawnable cells and positions inside walls', () => {
    const room = borderedRoom(6);
    expect(() => spawnPoses(room, 17, { kind: 'apart' }, Random.fromSeed(1))).toThrow(/SG_SPAWN/);
    expect(() => spawnPoses(room, 1, { kind: 'positions', poses: [{ xM: -2.5, yM: -2.5, headingRad: 0 }] }, Random.fromSeed(1))).toThrow(/inside a wall/);
    // A NaN coordinate indexes no cell; it must be refused, not placed.
    const nan = { kind: 'positions', poses: [{ xM: 0.5, yM: 0.5, headingRad: 0 }, { xM: Number.NaN, yM: 0.5, headingRad: 0 }] } as const;
    expect(() => spawnPoses(room, 2, nan, Random.fromSeed(1))).toThrow(/spawn position 2 \(NaN, 0.5\) is off the map/);
  });
});
