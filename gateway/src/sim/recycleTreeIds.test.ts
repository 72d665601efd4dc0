import { describe, expect, it } from 'vitest';
import { Circle, Vec2, World as PlanckWorld, type DynamicTree } from 'planck';
import { recycleTreeIds } from './recycleTreeIds.js';

function treeOf(world: PlanckWorld): DynamicTree<unknown> {
  return (world as unknown as { m_broadPhase: { m_tree: DynamicTree<unknown> } }).m_broadPhase.m_tree;
}

/** Ten discs shuttling back and forth for 2000 steps: thousands of proxy re-insertions. */
function shuttle(world: PlanckWorld): { maxId: number; positions: number[] } {
  const bodies = [];
  for (let i = 0; i < 10; i++) {
    const body = world.createBody({ type: 'dynamic', position: { x: i * 2, y: 0 } });
    body.createFixture(new Circle(0.3), { density: 1 });
    bodies.push(body);
  }
  for (let s = 0; s < 2000; s++) {
    const vx = Math.floor(s / 100) % 2 === 0 ? 3 : -3;
    for (const b of bodies) b.setLinearVelocity(new Vec2(vx, 0));
    world.step(0.01);
  }
  const tree = treeOf(world);
  return { maxId: tree.m_lastProxyId, positions: bodies.map((b) => b.getPosition().x) };
}

describe('recycleTreeIds', () => {
  it('keeps broad-phase node ids bounded by the live node count, with the same motion as planck alone', () => {
    const plain = shuttle(new PlanckWorld({ gravity: { x: 0, y: 0 } }));
    const patchedWorld = new PlanckWorld({ gravity: { x: 0, y: 0 } });
    recycleTreeIds(patchedWorld);
    const patched = shuttle(patchedWorld);
    // planck alone names a new node per re-insertion; recycled, the ids stay below 2n - 1 nodes.
    expect(plain.maxId).toBeGreaterThan(500);
    expect(patched.maxId).toBeLessThanOrEqual(2 * 10 - 1);
    expect(patched.positions).toEqual(plain.positions);
  });

  it('refuses a world that already has proxies', () => {
    const world = new PlanckWorld();
    world.createBody({ type: 'dynamic' }).createFixture(new Circle(0.3));
    expect(() => recycleTreeIds(world)).toThrow(/planck internals changed/);
  });
});
