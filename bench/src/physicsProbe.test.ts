import { beforeAll, describe, expect, it } from 'vitest';
import { loadMap } from '@swarmgate/maps';
import { runScenario, type Scenario } from './engineScenarios.js';
import { ISLAND_KINDS, measurePhysicsShare, TICK_STATES, type PhysicsShare } from './physicsProbe.js';

/** 40 robots spawned together in a small cave: within 80 ticks they meet each other and the walls, so every state occurs. */
const TICKS = 80;
const CROWD: Scenario = {
  name: 'crowd',
  doc: '40 robots together in a 30 x 30 cave',
  goalX: 1,
  ticks: TICKS,
  config: () => ({
    comm: 'global',
    seed: 1,
    targetExplored: 1.01,
    sampleEveryTicks: 10,
    grid: loadMap('cave:30x30:seed=1'),
    robots: 40,
    algorithm: 'frontier',
    spawn: { kind: 'together' },
    maxTicks: TICKS,
  }),
};

const sum = (values: Record<string, number>): number => Object.values(values).reduce((a, b) => a + b, 0);

describe('physicsProbe', () => {
  let share: PhysicsShare;
  beforeAll(() => {
    share = measurePhysicsShare(CROWD);
  });

  it('classifies every robot-tick once, and meets every state in a crowd', () => {
    expect(sum(share.robotTicks)).toBe(share.run.robots * share.run.ticks);
    for (const state of TICK_STATES) expect(share.robotTicks[state], state).toBeGreaterThan(0);
  });

  it('counts each solved robot once per step, one robot per lone, free and walls island', () => {
    // Ten a tick, but for ticks in which every robot was stepped outside planck and nothing
    // waited for planck's pair search: World skips planck's steps then (here 7 of the 80 ticks).
    expect(share.planckSteps % 10).toBe(0);
    expect(share.planckSteps).toBeLessThan(TICKS * 10);
    expect(share.planckSteps).toBeGreaterThan(TICKS * 5);
    expect(share.robotSteps.unsolved).toBe(0);
    expect(sum(share.robotSteps)).toBeLessThanOrEqual(share.run.robots * share.planckSteps);
    for (const kind of ['free', 'lone', 'walls'] as const) expect(share.robotSteps[kind], kind).toBe(share.islands[kind]);
    expect(share.islands.walls).toBeGreaterThan(0);
    expect(share.robotSteps.robots).toBeGreaterThanOrEqual(2 * share.islands.robots);
  });

  it('attributes all of planck step time, and the timed parts nest', () => {
    expect(sum(share.attributedSeconds)).toBeCloseTo(share.planckStepSeconds, 9);
    for (const kind of ISLAND_KINDS) expect(share.attributedSeconds[kind], kind).toBeGreaterThanOrEqual(share.solveSeconds[kind]);
    expect(sum(share.solveSeconds) + share.narrowPhaseSeconds + share.broadPhaseSeconds).toBeLessThanOrEqual(share.planckStepSeconds);
    expect(share.planckStepSeconds).toBeLessThan(share.physicsPhaseSeconds);
    expect(share.physicsPhaseSeconds).toBeLessThan(share.tickSeconds);
  });

  it('changes nothing the trial does', () => {
    expect(share.run.finalStateHash).toBe(runScenario(CROWD).finalStateHash);
  });
});
