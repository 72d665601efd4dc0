/**
 * Where the physics phase's time goes, robot by robot (issue 13: would stepping robots that touch
 * only walls outside planck pay?). Wraps, in one trial only, World.physicsPhase, planck's
 * World.step, updateContacts (the narrow phase), findNewContacts (the broad phase) and the
 * solver's solveIsland, and classifies:
 * - each robot at the start of each tick: free (stepped by FreeFlight), near (not free, touching
 *   nothing), walls (touching walls only), robots (touching at least one robot);
 * - each island planck solves: lone (one robot, no contact), walls (one robot and wall contacts
 *   only), robots (robot-robot contacts), free (a lone FreeFlight robot planck woke with a new pair).
 * Then planck's step time is attributed to the island kinds (see attribute): solveIsland exactly
 * per island, the narrow and broad phases by the contacts and proxies they handled, the rest by
 * the robots solved. Bodies planck did not solve in a step count as unsolved.
 *
 * World's planck world and FreeFlight are private, and planck's Solver and step internals are not
 * its public API: reached here with narrow casts, never in product code (planck is pinned, 1.4.2).
 * The probe's own bookkeeping is timed and subtracted from the regions it sits in; what remains
 * is the timer calls themselves (timedCalls x a calibrated cost, reported beside the numbers).
 */
import { performance } from 'node:perf_hooks';
import type { Body, BroadPhase, Contact, Solver, TimeStep, World as PlanckWorld } from 'planck';
import type { Trial } from '@swarmgate/gateway';
import { runScenario, type EngineResult, type Scenario } from './engineScenarios.js';

export const TICK_STATES = ['free', 'near', 'walls', 'robots'] as const;
export type TickState = (typeof TICK_STATES)[number];
export const ISLAND_KINDS = ['unsolved', 'free', 'lone', 'walls', 'robots'] as const;
export type IslandKind = (typeof ISLAND_KINDS)[number];

export interface PhysicsProbe {
  /** Robot-ticks per state at the start of the tick (sums to robots x ticks). */
  readonly robotTicks: Record<TickState, number>;
  /** Robots solved per island kind, summed over planck steps ('unsolved': not solved). */
  readonly robotSteps: Record<IslandKind, number>;
  /** Islands solved per kind. */
  readonly islands: Record<IslandKind, number>;
  /** Seconds in solveIsland per island kind. */
  readonly solveSeconds: Record<IslandKind, number>;
  /** planck step seconds attributed to each kind (solveIsland + narrow-phase share + rest share). */
  readonly attributedSeconds: Record<IslandKind, number>;
  /** Seconds in World.physicsPhase and in planck's World.step, less the probe's bookkeeping inside them. */
  physicsPhaseSeconds: number;
  planckStepSeconds: number;
  narrowPhaseSeconds: number;
  broadPhaseSeconds: number;
  planckSteps: number;
  /**
   * The probe's bookkeeping: in the tick outside physicsPhase, inside physicsPhase (with that
   * inside planck's step), inside planck's step. Subtracted from the seconds above already.
   */
  probeTickSeconds: number;
  probePhaseSeconds: number;
  probeStepSeconds: number;
  /** performance.now() calls inside timed regions. */
  timedCalls: number;
}

/** World's private members this probe wraps or reads. */
interface WorldInternals {
  physics: PlanckWorld;
  freeFlight: { free: Uint8Array };
  bodies: readonly (Body | null)[];
  physicsPhase(): void;
}

/** planck World members outside its typed API. */
interface PlanckInternals {
  m_solver: Solver;
  m_broadPhase: BroadPhase;
  step(timeStep: number, velocityIterations?: number, positionIterations?: number): void;
  updateContacts(): void;
  findNewContacts(): void;
}

function zeros<K extends string>(keys: readonly K[]): Record<K, number> {
  return Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
}

/** Robot slot of a body (its fixture's user data), -1 for the wall body. */
function slotOf(body: Body): number {
  return body.isStatic() ? -1 : (body.getFixtureList()?.getUserData() as number);
}

/** Installs the probe on `trial` before its first tick; the returned totals fill as it runs. */
export function installPhysicsProbe(trial: Trial): PhysicsProbe {
  const world = trial.world as unknown as WorldInternals;
  const planck = world.physics as unknown as PlanckInternals;
  const solver = planck.m_solver;
  // Robot slots: the World's body array (one entry per slot, null once removed); the robot table is the engine's own.
  const slots = world.bodies;
  const probe: PhysicsProbe = {
    robotTicks: zeros(TICK_STATES),
    robotSteps: zeros(ISLAND_KINDS),
    islands: zeros(ISLAND_KINDS),
    solveSeconds: zeros(ISLAND_KINDS),
    attributedSeconds: zeros(ISLAND_KINDS),
    physicsPhaseSeconds: 0,
    planckStepSeconds: 0,
    narrowPhaseSeconds: 0,
    broadPhaseSeconds: 0,
    planckSteps: 0,
    probeTickSeconds: 0,
    probePhaseSeconds: 0,
    probeStepSeconds: 0,
    timedCalls: 0,
  };
  // Contact state per slot at the start of the tick: 0 none, 1 walls only, 2 a robot.
  let touch = new Uint8Array(0);
  const current: StepRecord = { kinds: new Int8Array(0), updated: [], moved: [], solveS: zeros(ISLAND_KINDS), narrowS: 0, broadS: 0, stepS: 0 };

  const phase = world.physicsPhase;
  world.physicsPhase = function (this: WorldInternals): void {
    const p0 = performance.now();
    if (touch.length < slots.length) touch = new Uint8Array(slots.length);
    for (let i = 0; i < slots.length; i++) touch[i] = touchState(world.bodies[i]);
    const p1 = performance.now();
    const probeBefore = probe.probePhaseSeconds;
    phase.call(this);
    const p2 = performance.now();
    const free = world.freeFlight.free;
    for (let i = 0; i < slots.length; i++) {
      if (!world.bodies[i]) continue;
      probe.robotTicks[free[i] ? 'free' : (['near', 'walls', 'robots'] as const)[touch[i] as number]]++;
    }
    const p3 = performance.now();
    probe.physicsPhaseSeconds += (p2 - p1) / 1000 - (probe.probePhaseSeconds - probeBefore);
    probe.probeTickSeconds += (p1 - p0 + p3 - p2) / 1000;
    probe.timedCalls += 2;
  };

  const updateContacts = planck.updateContacts;
  planck.updateContacts = function (this: PlanckInternals): void {
    const t0 = performance.now();
    updateContacts.call(this);
    current.narrowS += (performance.now() - t0) / 1000;
    probe.timedCalls += 2;
  };
  const findNewContacts = planck.findNewContacts;
  const broadPhase = planck.m_broadPhase;
  planck.findNewContacts = function (this: PlanckInternals): void {
    const m0 = performance.now();
    for (const proxyId of broadPhase.m_moveBuffer) if (proxyId !== null) current.moved.push(slotOf(broadPhase.getUserData(proxyId).fixture.getBody()));
    const t0 = performance.now();
    probe.probeStepSeconds += (t0 - m0) / 1000;
    findNewContacts.call(this);
    current.broadS += (performance.now() - t0) / 1000;
    probe.timedCalls += 4;
  };

  const solveIsland = solver.solveIsland;
  solver.solveIsland = function (this: Solver, step: TimeStep): void {
    const t0 = performance.now();
    solveIsland.call(this, step);
    const t1 = performance.now();
    const kind = islandKind(this, world.freeFlight.free);
    const index = ISLAND_KINDS.indexOf(kind);
    for (const body of this.m_bodies) {
      if (body.isStatic()) continue;
      current.kinds[slotOf(body)] = index;
      probe.robotSteps[kind]++;
    }
    probe.islands[kind]++;
    probe.solveSeconds[kind] += (t1 - t0) / 1000;
    current.solveS[kind] += (t1 - t0) / 1000;
    probe.timedCalls += 3;
    probe.probeStepSeconds += (performance.now() - t1) / 1000;
  };

  const step = planck.step;
  planck.step = function (this: PlanckInternals, timeStep: number, velocityIterations?: number, positionIterations?: number): void {
    const b0 = performance.now();
    if (current.kinds.length < slots.length) current.kinds = new Int8Array(slots.length);
    current.kinds.fill(0);
    for (const kind of ISLAND_KINDS) current.solveS[kind] = 0;
    current.narrowS = 0;
    current.broadS = 0;
    current.moved.length = 0;
    recordUpdatedContacts(world.physics, current.updated);
    const probeBefore = probe.probeStepSeconds;
    const t0 = performance.now();
    step.call(this, timeStep, velocityIterations, positionIterations);
    const t1 = performance.now();
    const inStep = probe.probeStepSeconds - probeBefore;
    current.stepS = (t1 - t0) / 1000 - inStep;
    probe.planckStepSeconds += current.stepS;
    probe.narrowPhaseSeconds += current.narrowS;
    probe.broadPhaseSeconds += current.broadS;
    probe.planckSteps++;
    attribute(probe.attributedSeconds, current, slots.length);
    probe.timedCalls += 3;
    probe.probePhaseSeconds += (t0 - b0 + performance.now() - t1) / 1000 + inStep;
  };
  return probe;
}

/** One planck step as the probe saw it. */
interface StepRecord {
  /** Island kind per robot slot (index into ISLAND_KINDS; 0: not solved in this step). */
  kinds: Int8Array;
  /** Robot slots of the contacts the narrow phase updates, two per contact (-1: the walls). */
  readonly updated: number[];
  /** Robot slots of the proxies the broad phase queried for new pairs (-1: a wall box). */
  readonly moved: number[];
  /** solveIsland seconds per island kind in this step. */
  readonly solveS: Record<IslandKind, number>;
  narrowS: number;
  broadS: number;
  /** The step's seconds less the probe's bookkeeping inside it. */
  stepS: number;
}

/** 2: touching a robot, 1: touching walls only, 0: touching nothing (or no body). */
function touchState(body: Body | null | undefined): number {
  let state = 0;
  for (let edge = body?.getContactList() ?? null; edge; edge = edge.next ?? null) {
    if (!edge.contact.isTouching()) continue;
    if (!edge.other?.isStatic()) return 2;
    state = 1;
  }
  return state;
}

/** The kind of the island the solver holds now. */
function islandKind(solver: Solver, free: Uint8Array): IslandKind {
  const contacts: readonly Contact[] = solver.m_contacts;
  if (contacts.length === 0) {
    const body = solver.m_bodies.find((b) => !b.isStatic());
    return body && free[slotOf(body)] ? 'free' : 'lone';
  }
  for (const c of contacts) if (!c.getFixtureA().getBody().isStatic() && !c.getFixtureB().getBody().isStatic()) return 'robots';
  return 'walls';
}

/** The contacts planck's updateContacts will visit (one of the two bodies awake and not static), as slot pairs. */
function recordUpdatedContacts(world: PlanckWorld, out: number[]): void {
  out.length = 0;
  for (let c = world.getContactList(); c; c = c.getNext()) {
    const a = c.getFixtureA().getBody();
    const b = c.getFixtureB().getBody();
    if ((a.isAwake() && !a.isStatic()) || (b.isAwake() && !b.isStatic())) out.push(slotOf(a), slotOf(b));
  }
}

/**
 * One step's planck time to island kinds (step.kinds: index into ISLAND_KINDS per slot, 0 unsolved):
 * solveIsland per island as timed; the narrow phase to the updated contacts' robots, half each
 * when both are robots; the broad phase's pair search to the robots whose proxies it queried
 * (FreeFlight's hand-backs among them, as unsolved: planck queries them in the next tick's first
 * step); the rest of the step (island search, synchronizeFixtures) to the robots solved, evenly.
 * Walls count as unsolved.
 */
function attribute(share: Record<IslandKind, number>, step: StepRecord, robots: number): void {
  const { kinds, updated, solveS } = step;
  const perContact = updated.length > 0 ? step.narrowS / (updated.length / 2) : 0;
  const kindOf = (slot: number): IslandKind => ISLAND_KINDS[kinds[slot] as number] as IslandKind;
  for (let k = 0; k < updated.length; k += 2) {
    const a = updated[k] as number;
    const b = updated[k + 1] as number;
    if (a >= 0 && b >= 0) {
      share[kindOf(a)] += perContact / 2;
      share[kindOf(b)] += perContact / 2;
    } else {
      share[kindOf(Math.max(a, b))] += perContact;
    }
  }
  const perMove = step.moved.length > 0 ? step.broadS / step.moved.length : 0;
  for (const slot of step.moved) share[slot >= 0 ? kindOf(slot) : 'unsolved'] += perMove;
  const solved = zeros(ISLAND_KINDS);
  for (let i = 0; i < robots; i++) solved[kindOf(i)]++;
  const solvedRobots = robots - solved.unsolved;
  // Phases with nothing to attribute to (no contact updated, no proxy queried) fall into the rest.
  let restS = step.stepS - (updated.length > 0 ? step.narrowS : 0) - (step.moved.length > 0 ? step.broadS : 0);
  for (const kind of ISLAND_KINDS) {
    share[kind] += solveS[kind];
    restS -= solveS[kind];
  }
  if (solvedRobots === 0) {
    share.unsolved += restS;
    return;
  }
  for (const kind of ISLAND_KINDS) if (kind !== 'unsolved') share[kind] += (restS * solved[kind]) / solvedRobots;
}

export interface PhysicsShare extends PhysicsProbe {
  readonly run: EngineResult;
  /** The stepping loop's seconds less the probe's bookkeeping (its timer calls remain). */
  readonly tickSeconds: number;
  /** Cost of one performance.now() call on this machine, now. */
  readonly timerCallSeconds: number;
}

/** Runs `scenario` (one lidar thread, as the single-core question asks) with the probe installed. */
export function measurePhysicsShare(scenario: Scenario, ticks = scenario.ticks): PhysicsShare {
  let probe: PhysicsProbe | undefined;
  const run = runScenario(scenario, ticks, 1, undefined, (trial) => {
    probe = installPhysicsProbe(trial);
  });
  if (!probe) throw new Error('measurePhysicsShare: runScenario never handed over the trial');
  const tickSeconds = run.wallSeconds - probe.probeTickSeconds - probe.probePhaseSeconds;
  return { ...probe, run, tickSeconds, timerCallSeconds: timerCallSeconds() };
}

/** The mean cost of performance.now() over a burst of calls. */
function timerCallSeconds(): number {
  const calls = 200_000;
  let sink = 0;
  const start = performance.now();
  for (let i = 0; i < calls; i++) sink += performance.now();
  const end = performance.now();
  if (sink === 0) throw new Error('timerCallSeconds: the clock stood still');
  return (end - start) / 1000 / calls;
}
