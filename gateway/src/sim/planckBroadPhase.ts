/**
 * What the engine needs of planck's broad phase beyond its public API: the broad phase itself,
 * which planck's World keeps in a private field. planck is pinned exactly in
 * gateway/package.json, so these internals are stable; each access checks its field and fails
 * loudly if an upgrade moved it.
 */
import type { BroadPhase, World as PlanckWorld } from 'planck';

/** The private field of planck's World that holds the broad phase (not in its typings). */
interface WithBroadPhase {
  readonly m_broadPhase?: BroadPhase;
}

export function planckBroadPhase(world: PlanckWorld): BroadPhase {
  const broadPhase = (world as unknown as WithBroadPhase).m_broadPhase;
  // Our fault, not the user's: a planck upgrade moved the field this relies on.
  if (!broadPhase || typeof broadPhase.moveProxy !== 'function' || !Array.isArray(broadPhase.m_moveBuffer)) {
    throw new Error('planckBroadPhase: planck internals changed (World.m_broadPhase is not a BroadPhase)');
  }
  return broadPhase;
}
