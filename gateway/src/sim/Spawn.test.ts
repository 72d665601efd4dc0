import { describe, expect, it } from 'vitest';
import { Cell, createGrid, isWall, loadMap, type Grid } from '@swarmgate/maps';
import { Random } from '@swarmgate/protocols';
import { SPAWN_MARGIN_M, spawnPoses, spawnableMask } from './Spawn.js';
import { Trial } from './Trial.js';
import { borderedRoom } from './testing/testGrids.js';

/** A walled 40 x 20 m room at `cellM` with a 3 x 3-cell free speck walled off in its middle. */
function roomWithSpeck(cellM: number): Grid {
  const w = Math.round(40 / cellM);
  const h = Math.round(20 / cellM);
  const grid = createGrid(w, h, { cellSizeM: cellM });
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const border = x === 0 || y === 0 || x === w - 1 || y === h - 1;
      // A 5 x 5 wall block around the map centre, hollowed to a 3 x 3 speck.
      const cx = Math.abs(x - Math.floor(w / 2));
      const cy = Math.abs(y - Math.floor(h / 2));
      const ring = Math.max(cx, cy) === 2;
      if (border || ring) grid.cells[y * w + x] = Cell.Concrete;
    }
  }
  return grid;
}

/** Distance from a point to the nearest wall cell (brute force). */
function wallDistance(grid: Grid, xM: number, yM: number): number {
  let best = Infinity;
  for (let y = 0; y < grid.height; y++) {
    for (let x = 0; x < grid.width; x++) {
      if (!isWall(grid.cells[y * grid.width + x])) continue;
      const x0 = grid.originM.x + x * grid.cellSizeM;
      const y0 = grid.originM.y + y * grid.cellSizeM;
      const ex = Math.max(x0 - xM, 0, xM - x0 - grid.cellSizeM);
      const ey = Math.max(y0 - yM, 0, yM - y0 - grid.cellSizeM);
      best = Math.min(best, Math.hypot(ex, ey));
    }
  }
  return best;
}

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
    const nan = {
      kind: 'positions',
      poses: [
        { xM: 0.5, yM: 0.5, headingRad: 0 },
        { xM: Number.NaN, yM: 0.5, headingRad: 0 },
      ],
    } as const;
    expect(() => spawnPoses(room, 2, nan, Random.fromSeed(1))).toThrow(/spawn position 2 \(NaN, 0.5\) is off the map/);
  });

  it('never spawns in a speck: together at the map centre goes to the largest region, and the speck counts as unreachable', () => {
    for (const cellM of [1, 0.2]) {
      const grid = roomWithSpeck(cellM);
      const trial = new Trial({
        grid,
        robots: 3,
        algorithm: 'frontier',
        comm: 'global',
        spawn: { kind: 'together' },
        seed: 1,
        targetExplored: 0.99,
        maxTicks: 5,
      });
      for (const id of trial.world.robotIds()) {
        const pose = trial.world.truePose(id);
        expect(wallDistance(grid, pose.xM, pose.yM)).toBeGreaterThanOrEqual(0.3 + SPAWN_MARGIN_M - 1e-9);
      }
      const final = trial.run();
      expect(final.unreachableFreeCells).toBe(9);
      expect(final.unreachableFreeFraction).toBeCloseTo(9 / (final.explorableCells + 9), 12);
      expect(final.exploredFraction).toBeLessThan(0.5);
    }
  });

  it('keeps the same clearance in metres on a 0.2 m map as on a 1 m map', () => {
    for (const cellM of [1, 0.2]) {
      const grid = roomWithSpeck(cellM);
      for (const kind of ['together', 'apart', 'biggest-room'] as const) {
        for (const pose of spawnPoses(grid, 6, { kind }, Random.fromSeed(2))) {
          expect(wallDistance(grid, pose.xM, pose.yM)).toBeGreaterThanOrEqual(0.8 - 1e-9);
        }
      }
    }
  });

  it('an unsatisfiable spawn is an SG_SPAWN error naming the reason and the numbers', () => {
    const room = borderedRoom(6);
    // 4 x 4 free cells, of which only the middle 2 x 2 are 0.8 m from the walls.
    expect(() => spawnPoses(room, 5, { kind: 'together' }, Random.fromSeed(1))).toThrow(
      /cannot place 5 robots 'together': only 4 spawnable cells \(free, 0.80 m from walls\)/,
    );
    expect(() => spawnPoses(room, 1, { kind: 'together', atM: { x: -2.5, y: 0 } }, Random.fromSeed(1))).toThrow(
      /SG_SPAWN.*spawn point \(-2.5, 0\) is off the map, in a wall/,
    );
    const fine = createGrid(20, 20, { cellSizeM: 0.1 });
    fine.cells.fill(Cell.Concrete, 0, 20);
    expect(() => spawnPoses(fine, 1, { kind: 'positions', poses: [{ xM: 1, yM: 0.25, headingRad: 0 }] }, Random.fromSeed(1))).toThrow(
      /spawn position 1 \(1, 0.25\) is 0.15 m from a wall; the robot's body \(radius 0.3 m\) needs 0.3 m/,
    );
    const speckOnly = createGrid(3, 3, { fill: Cell.Concrete });
    speckOnly.cells[4] = Cell.Free;
    expect(() => spawnPoses(speckOnly, 1, { kind: 'apart' }, Random.fromSeed(1))).toThrow(/only 0 spawnable cells/);
  });
});
