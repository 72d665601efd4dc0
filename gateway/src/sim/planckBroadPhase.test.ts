import { describe, expect, it } from 'vitest';
import { Box, Circle, World as PlanckWorld } from 'planck';
import { planckBroadPhase } from './planckBroadPhase.js';

/** A static box and a disc 0.15 m from it: their fat AABBs overlap (0.1 m margins), the shapes do not touch. */
function boxAndDisc() {
  const world = new PlanckWorld({ gravity: { x: 0, y: 0 } });
  world.createBody({ type: 'static' }).createFixture(new Box(1, 1));
  const disc = world.createBody({ type: 'dynamic', position: { x: 1.45, y: 0 } });
  disc.createFixture(new Circle(0.3), { density: 1 });
  world.step(0.01);
  return { world, disc };
}

describe('planckBroadPhase', () => {
  it("returns the world's broad phase, holding every fixture's proxy", () => {
    const { world } = boxAndDisc();
    expect(planckBroadPhase(world).m_tree.getHeight()).toBe(1);
  });

  it('refuses an object that is not a planck world', () => {
    expect(() => planckBroadPhase({} as PlanckWorld)).toThrow(/planck internals changed/);
  });
});
