import { describe, expect, it } from 'vitest';
import { Cell, finishNow, type Grid } from '@swarmgate/maps';
import { wallIndexSteps } from './WallBodies.js';
import { World } from './World.js';
import { borderedRoom } from './testing/testGrids.js';

/** A 220 x 220 room with a pillar on every even cell: more wall boxes than are built at once. */
function pillaredRoom(): Grid {
  const size = 220;
  const grid = borderedRoom(size);
  for (let y = 2; y < size - 1; y += 2) for (let x = 2; x < size - 1; x += 2) grid.cells[y * size + x] = Cell.Concrete;
  return grid;
}

describe('a world in steps', () => {
  it('wallIndexSteps merges a band of about cellsPerStep cells a step, then counts, then fills: the index made at once', () => {
    const grid = pillaredRoom();
    const steps = wallIndexSteps(grid, 10 * grid.width);
    let yields = 0;
    let next = steps.next();
    for (; !next.done; next = steps.next()) yields++;
    // 22 bands of 10 rows, the chunks' counts, their box lists.
    expect(yields).toBe(23);
    expect(next.value).toEqual(finishNow(wallIndexSteps(grid)));
  });

  it('World.build gives the event loop a turn between the wall-index passes, and builds the world new World builds', async () => {
    const grid = pillaredRoom();
    let turns = 0;
    const built = await World.build(grid, { seed: 3 }, async () => {
      turns++;
      await new Promise((resolve) => setImmediate(resolve));
    });
    const direct = new World(grid, { seed: 3 });
    // The merge (one band here), the counts, the box lists, the clearance, the world.
    expect(turns).toBe(4);
    expect(built.walls.boxCount).toBe(direct.walls.boxCount);
    expect(built.walls.createdCount).toBe(direct.walls.createdCount);
  });
});
