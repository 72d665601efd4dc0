/**
 * planck's broad-phase tree (pinned exactly in gateway/package.json: this reaches into its
 * internals) names every new node `++m_lastProxyId` and keeps nodes in a plain object,
 * deleting the key when a node is freed. A moving robot's proxy is re-inserted every few
 * physics steps (a new parent node each time), so the keys grow without bound and the
 * object turns into a sparse dictionary whose inserts cost microseconds: ~10 % of a one-robot
 * run's CPU was `DynamicTree.allocateNode`. Reusing freed ids keeps the keys below the peak
 * node count, in an array.
 *
 * The ids decide the order in which the broad phase reports new pairs, so contacts may be
 * created in another order than with planck's own ids; the order stays a function of the
 * world's history alone (last freed, first reused), which keeps runs deterministic.
 */
import type { DynamicTree, TreeNode, World as PlanckWorld } from 'planck';
import { planckBroadPhase } from './planckBroadPhase.js';

/** Call on a fresh world, before any body exists. */
export function recycleTreeIds(world: PlanckWorld): void {
  const tree = planckBroadPhase(world).m_tree as DynamicTree<unknown> | undefined;
  if (!tree || typeof tree.allocateNode !== 'function' || typeof tree.freeNode !== 'function' || tree.m_lastProxyId !== 0) {
    // Our fault, not the user's: a planck upgrade moved the field this relies on.
    throw new Error('recycleTreeIds: planck internals changed (World.m_broadPhase.m_tree is not an empty DynamicTree)');
  }
  const allocate = tree.allocateNode;
  const free = tree.freeNode;
  const freeIds: number[] = [];
  tree.m_nodes = [];
  tree.allocateNode = function allocateRecycled(this: DynamicTree<unknown>): TreeNode<unknown> {
    const id = freeIds.pop();
    if (id === undefined) return allocate.call(this);
    // planck's allocateNode assigns ++m_lastProxyId: point it one below the reused id.
    const top = this.m_lastProxyId;
    this.m_lastProxyId = id - 1;
    const node = allocate.call(this);
    this.m_lastProxyId = top;
    return node;
  };
  tree.freeNode = function freeRecycled(this: DynamicTree<unknown>, node: TreeNode<unknown>): void {
    const id = node.id;
    free.call(this, node);
    freeIds.push(id);
  };
}
