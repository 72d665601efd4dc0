import { describe, expect, it } from 'vitest';
import { Circle, World as PlanckWorld } from 'planck';
import { createWallBody } from './WallBodies.js';
import { planckBroadPhase } from './planckBroadPhase.js';
import { borderedRoom } from './testing/testGrids.js';

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
