import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Circle, World as PlanckWorld, type Body } from 'planck';
import { loadMap, type Grid } from '@swarmgate/maps';
import { createWallBody } from './WallBodies.js';
import { recycleTreeIds } from './recycleTreeIds.js';
import { dropLonelyQueries } from './lonelyQueries.js';

const RADIUS_M = 0.3;

interface Scene {
  world: PlanckWorld;
  robots: Body[];
  /** Every contact planck began, in order: the two fixtures' user data. */
  contacts: string[];
}

/** Walls from `grid` and discs at the given spots, built as World.ts builds them. */
function scene(grid: Grid, spots: readonly { x: number; y: number }[], filtered: boolean) {
  const world = new PlanckWorld({ gravity: { x: 0, y: 0 } });
  recycleTreeIds(world);
  createWallBody(world, grid);
  const stats = filtered ? dropLonelyQueries(world, grid) : null;
  const robots = spots.map((p, i) => {
    const body = world.createBody({ type: 'dynamic', position: p, linearDamping: 0.5 });
    body.createFixture(new Circle(RADIUS_M), { density: 1, friction: 0, userData: i });
    return body;
  });
  const contacts: string[] = [];
  world.on('begin-contact', (c) => contacts.push(`${c.getFixtureA().getUserData()}-${c.getFixtureB().getUserData()}`));
  const s: Scene = { world, robots, contacts };
  return { s, stats };
}

/** Drives every robot with its own force for `steps` steps, handing each back with setTransform every 10 steps (as FreeFlight does). */
function run(s: Scene, forces: readonly { x: number; y: number }[], steps: number): string {
  for (let k = 0; k < steps; k++) {
    s.robots.forEach((b, i) => b.applyForceToCenter(forces[i], true));
    s.world.step(0.01, 8, 3);
    if (k % 10 === 9) s.robots.forEach((b) => b.setTransform(b.getPosition(), b.getAngle()));
  }
  return s.robots.map((b) => `${b.getPosition().x},${b.getPosition().y},${b.getAngle()}`).join(';');
}

describe('dropLonelyQueries', () => {
  const grid = loadMap('cave:24x24:seed=3');
  const free: { x: number; y: number }[] = [];
  for (let y = 0; y < grid.height; y++) for (let x = 0; x < grid.width; x++) if (grid.cells[y * grid.width + x] === 0) free.push({ x: x + 0.5, y: y + 0.5 });

  it('leaves planck stepping bit for bit as it was, contacts begun in the same order, while dropping queries', () => {
    let dropped = 0;
    let contacts = 0;
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.nat(free.length - 1), { minLength: 2, maxLength: 24 }),
        fc.array(fc.record({ x: fc.double({ min: -40, max: 40, noNaN: true }), y: fc.double({ min: -40, max: 40, noNaN: true }) }), {
          minLength: 24,
          maxLength: 24,
        }),
        (cells, forces) => {
          const spots = cells.map((c) => free[c]);
          const plain = scene(grid, spots, false);
          const filtered = scene(grid, spots, true);
          expect(run(filtered.s, forces, 300)).toBe(run(plain.s, forces, 300));
          expect(filtered.s.contacts).toEqual(plain.s.contacts);
          dropped += filtered.stats?.dropped ?? 0;
          contacts += plain.s.contacts.length;
        },
      ),
      { numRuns: 40, seed: 13 },
    );
    // The runs did exercise both sides: queries dropped, and contacts made by the ones kept.
    expect(dropped).toBeGreaterThan(100);
    expect(contacts).toBeGreaterThan(20);
  });

  it('keeps the query of a robot whose fat AABB reaches a wall, and the contact it finds', () => {
    const open = loadMap('building:12x12:seed=1');
    // A cell beside a wall cell: the robot's 0.1 m margin reaches the wall's.
    let spot: { x: number; y: number } | null = null;
    for (let y = 1; y < open.height - 1 && !spot; y++) {
      for (let x = 1; x < open.width - 1 && !spot; x++) {
        if (open.cells[y * open.width + x] === 0 && open.cells[y * open.width + x + 1] !== 0) spot = { x: x + 1 - RADIUS_M - 0.15, y: y + 0.5 };
      }
    }
    expect(spot).not.toBeNull();
    const { s, stats } = scene(open, [spot!], true);
    s.world.step(0.01);
    expect(stats!.robotQueries).toBe(1);
    expect(stats!.dropped).toBe(0);
    expect(s.world.getContactCount()).toBeGreaterThan(0);
  });

  it('keeps the queries of two robots whose fat AABBs meet in open space, and drops a lone one', () => {
    const open = loadMap('building:40x40:seed=2');
    let centre: { x: number; y: number } | null = null;
    // Find a 4 x 4 m block of open cells, far from every wall.
    for (let y = 2; y < open.height - 6 && !centre; y++) {
      for (let x = 2; x < open.width - 6 && !centre; x++) {
        let clear = true;
        for (let dy = -1; dy <= 4 && clear; dy++) for (let dx = -1; dx <= 4 && clear; dx++) clear = open.cells[(y + dy) * open.width + x + dx] === 0;
        if (clear) centre = { x: x + 2, y: y + 2 };
      }
    }
    expect(centre).not.toBeNull();
    const c = centre!;
    // Discs 0.7 m apart: shapes 0.1 m apart, fat AABBs (0.1 m margins) overlapping.
    const { s, stats } = scene(
      open,
      [
        { x: c.x - 0.35, y: c.y },
        { x: c.x + 0.35, y: c.y },
      ],
      true,
    );
    s.world.step(0.01);
    expect(stats!.dropped).toBe(0);
    expect(s.world.getContactCount()).toBe(1);
    const lone = scene(open, [c], true);
    lone.s.world.step(0.01);
    expect(lone.stats!.dropped).toBe(1);
  });
});
