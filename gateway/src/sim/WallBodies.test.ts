import { describe, expect, it } from 'vitest';
import { Circle, World as PlanckWorld, type Body } from 'planck';
import { Cell, mergeWallRectangles, type Grid } from '@swarmgate/maps';
import { createWallBody, EAGER_MAX_BOXES, WallChunks } from './WallBodies.js';
import { planckBroadPhase } from './planckBroadPhase.js';
import { World } from './World.js';
import { borderedRoom } from './testing/testGrids.js';

/**
 * A bordered room of 220 x 220 1 m cells (-110..110 m) with a one-cell pillar on every even
 * column and row inside it, the centre row (through y = 0.5 m) left clear: four border boxes and
 * 109 x 108 pillars, more boxes than are built at once (EAGER_MAX_BOXES).
 */
function pillaredRoom(): Grid {
  const size = 220;
  const grid = borderedRoom(size);
  for (let y = 2; y < size - 1; y += 2) {
    if (y === size / 2) continue;
    for (let x = 2; x < size - 1; x += 2) grid.cells[y * size + x] = Cell.Concrete;
  }
  return grid;
}

/** Boxes of `grid` overlapping the cells [x0, x1) x [y0, y1). */
function boxesIn(grid: Grid, x0: number, x1: number, y0: number, y1: number): number {
  return mergeWallRectangles(grid).filter((r) => r.x < x1 && r.x + r.width > x0 && r.y < y1 && r.y + r.height > y0).length;
}

function fixtureCount(body: Body): number {
  let n = 0;
  for (let f = body.getFixtureList(); f; f = f.getNext()) n++;
  return n;
}

describe('createWallBody', () => {
  it('leaves no wall queued for the pair search, and a robot against a wall still finds it', () => {
    const world = new PlanckWorld({ gravity: { x: 0, y: 0 } });
    expect(createWallBody(world, borderedRoom(10))).toBeGreaterThan(0);
    expect(planckBroadPhase(world).m_moveBuffer).toEqual([]);
    // borderedRoom(10) spans -5..5 m with a one-cell border: the disc overlaps the west wall.
    const disc = world.createBody({ type: 'dynamic', position: { x: -3.8, y: 0 } });
    disc.createFixture(new Circle(0.3), { density: 1 });
    world.step(0.01);
    expect(world.getContactCount()).toBe(1);
    expect(world.getContactList()?.isTouching()).toBe(true);
  });

  it('keeps the queue when other bodies were there first (their pairs with the walls are still to find)', () => {
    const world = new PlanckWorld({ gravity: { x: 0, y: 0 } });
    world.createBody({ type: 'dynamic', position: { x: -3.8, y: 0 } }).createFixture(new Circle(0.3), { density: 1 });
    createWallBody(world, borderedRoom(10));
    expect(planckBroadPhase(world).m_moveBuffer.length).toBeGreaterThan(1);
    world.step(0.01);
    expect(world.getContactList()?.isTouching()).toBe(true);
  });
});

describe('WallChunks', () => {
  it('creates the boxes of the chunks asked for, each box once, a box spanning chunks included', () => {
    const world = new PlanckWorld({ gravity: { x: 0, y: 0 } });
    const grid = pillaredRoom();
    const walls = new WallChunks(world, grid);
    expect(walls.boxCount).toBe(mergeWallRectangles(grid).length);
    expect(walls.boxCount).toBeGreaterThan(EAGER_MAX_BOXES);
    expect(walls.createdCount).toBe(0);
    // Chunks are 16 cells: the south-west corner's is x, y in -110..-94 m. Its boxes include the
    // bottom and left border runs, which reach into other chunks.
    const corner = boxesIn(grid, 0, 16, 0, 16);
    expect(corner).toBeGreaterThan(7 * 7);
    walls.ensureAround(-105, -105, 1);
    expect(walls.createdCount).toBe(corner);
    walls.ensureAround(-105, -105, 1);
    walls.ensureAround(-100, -100, 2);
    expect(walls.createdCount).toBe(corner);
    const body = world.getBodyList() as Body;
    expect(fixtureCount(body)).toBe(corner);
    expect(walls.complete).toBe(false);
    walls.ensureAll();
    expect(walls.complete).toBe(true);
    expect(walls.createdCount).toBe(walls.boxCount);
    expect(fixtureCount(body)).toBe(walls.boxCount);
  });

  it('builds a map of few boxes whole at once', () => {
    const walls = new WallChunks(new PlanckWorld({ gravity: { x: 0, y: 0 } }), borderedRoom(400));
    expect(walls.boxCount).toBe(4);
    expect(walls.createdCount).toBe(4);
    expect(walls.complete).toBe(true);
  });

  it('a world builds the walls near its robots only, and a robot crossing the map still meets the far wall', () => {
    const world = new World(pillaredRoom(), { lidar: { rangeM: 5, rayCount: 8 } });
    const robot = world.addRobot({ id: 'a', pose: { xM: 0.5, yM: 0.5, headingRad: 0 } });
    world.step();
    // Its surroundings (a few metres) lie in the four chunks about the centre, cells 96..128.
    expect(world.walls.createdCount).toBe(boxesIn(world.grid, 96, 128, 96, 128));
    robot.setVelocity(3, 0);
    for (let k = 0; k < 500; k++) world.step();
    // The east wall's cells start at x = 109 m: the disc (0.3 m) rests against it.
    expect(world.truePose('a').xM).toBeCloseTo(108.7, 1);
    expect(robot.state().collision.touching).toBe(true);
    expect(world.walls.createdCount).toBeLessThan(world.walls.boxCount / 2);
  });
});
