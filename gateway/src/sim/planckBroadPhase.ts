/**
 * What the engine needs of planck's broad phase beyond its public API: the broad phase itself,
 * which planck's World keeps in a private field, and the rule by which planck drops a contact.
 * planck is pinned exactly in gateway/package.json, so these internals are stable; each access
 * checks its field and fails loudly if an upgrade moved it.
 */
import type { Body, BroadPhase, Contact, Fixture, World as PlanckWorld } from 'planck';

/** The private field of planck's World that holds the broad phase (not in its typings). */
interface WithBroadPhase {
  readonly m_broadPhase?: BroadPhase;
}

/** planck's World.destroyContact and Fixture.m_proxies, private (not in its typings). */
interface WithDestroyContact {
  destroyContact(contact: Contact): void;
}
interface WithProxies {
  readonly m_proxies: readonly { readonly proxyId: number }[];
}

export function planckBroadPhase(world: PlanckWorld): BroadPhase {
  const broadPhase = (world as unknown as WithBroadPhase).m_broadPhase;
  // Our fault, not the user's: a planck upgrade moved the field this relies on.
  if (!broadPhase || typeof broadPhase.moveProxy !== 'function' || !Array.isArray(broadPhase.m_moveBuffer)) {
    throw new Error('planckBroadPhase: planck internals changed (World.m_broadPhase is not a BroadPhase)');
  }
  return broadPhase;
}

function proxyId(fixture: Fixture, childIndex: number): number {
  return (fixture as unknown as WithProxies).m_proxies[childIndex].proxyId;
}

/**
 * Destroys the body's contacts whose fat AABBs no longer overlap, as planck's updateContacts
 * does at the start of a step for every contact with an awake body. A robot that sleeps in
 * planck while FreeFlight steps it is never awake during a step, so without this its contacts
 * with walls it flew past would pile up until it next touched something.
 */
export function dropStaleContacts(body: Body, broadPhase: BroadPhase): void {
  const world = body.getWorld() as unknown as WithDestroyContact;
  for (let edge = body.getContactList(); edge;) {
    const contact = edge.contact;
    edge = edge.next ?? null; // read before the edge is freed
    if (!broadPhase.testOverlap(proxyId(contact.getFixtureA(), contact.getChildIndexA()), proxyId(contact.getFixtureB(), contact.getChildIndexB()))) {
      world.destroyContact(contact);
    }
  }
}
