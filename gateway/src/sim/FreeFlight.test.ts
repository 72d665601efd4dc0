import { describe, expect, it } from 'vitest';
import { World } from './World.js';
import type { Pose } from '@swarmgate/sdk';
import { borderedRoom } from './testing/testGrids.js';
import { loadMap } from '@swarmgate/maps';
import { algorithms } from '@swarmgate/sdk';
import { Trial, type TrialConfig } from './Trial.js';
import { slamFingerprint } from './testing/slamFingerprint.js';

type Start = Record<string, Pose>;

/** Robots a and b facing each other 12 m apart. */
const FACING: Start = { a: { xM: -6, yM: 0.5, headingRad: 0 }, b: { xM: 6, yM: 0.5, headingRad: Math.PI } };

/** Poses and collision counts per tick of a scripted run, free-robot stepping on or off. */
function scriptedRun(integrateFreeRobots: boolean, script: (world: World, tick: number) => void, ticks: number, start: Start = FACING) {
  const world = new World(borderedRoom(30), { integrateFreeRobots });
  for (const [id, pose] of Object.entries(start)) world.addRobot({ id, pose });
  const trace: number[] = [];
  /** Robots stepped outside planck, per tick. */
  const freeCounts: number[] = [];
  for (let k = 0; k < ticks; k++) {
    script(world, world.tick);
    world.step();
    freeCounts.push(world.freeRobotCount);
    for (const id of Object.keys(start)) {
      const p = world.truePose(id);
      trace.push(p.xM, p.yM, p.headingRad, world.robot(id).state().collision.touching ? 1 : 0);
    }
  }
  return { trace, freeCounts, freeTicks: freeCounts.filter((n) => n > 0).length };
}

describe('free robots stepped outside planck (FreeFlight)', () => {
  it('move bit-identically to planck through move, rotate, drive, stop and falling asleep', () => {
    const script = (world: World, tick: number): void => {
      const a = world.robot('a');
      if (tick === 0) a.move(5);
      if (tick === 40) a.rotate(-120);
      if (tick === 80) a.setVelocity(1.2, 0.7);
      if (tick === 110) a.stop();
      // Long enough idle for planck's sleep rule (0.5 s below tolerance), then woken again.
      if (tick === 200) a.move(-2);
    };
    const planck = scriptedRun(false, script, 260);
    const free = scriptedRun(true, script, 260);
    expect(planck.freeTicks).toBe(0);
    expect(free.freeTicks).toBeGreaterThan(200);
    expect(free.trace).toEqual(planck.trace);
  });

  it('hand robots back to planck before they can touch: a head-on crash and a wall hit are the same', () => {
    const script = (world: World, tick: number): void => {
      if (tick === 0) {
        world.robot('a').setVelocity(2, 0);
        world.robot('b').setVelocity(2, 0);
      }
      if (tick === 60) world.robot('a').setVelocity(-3, 0);
    };
    const planck = scriptedRun(false, script, 140);
    const free = scriptedRun(true, script, 140);
    expect(free.freeTicks).toBeGreaterThan(20);
    // Both robots touched each other and, later, robot a the west wall.
    expect(planck.trace.filter((_, k) => k % 4 === 3).some((touching) => touching === 1)).toBe(true);
    expect(free.trace).toEqual(planck.trace);
  });

  it('bound a resting robot by its own travel: two at rest side by side stay free while another drives at full speed', () => {
    const world = new World(borderedRoom(30), { integrateFreeRobots: true });
    // 0.75 m apart: 0.15 m of gap, less than the fast robot's travel in a tick plus the margin.
    world.addRobot({ id: 'a', pose: { xM: -6, yM: 0, headingRad: 0 } });
    world.addRobot({ id: 'b', pose: { xM: -6, yM: 0.75, headingRad: 0 } });
    world.addRobot({ id: 'fast', pose: { xM: 6, yM: 0, headingRad: Math.PI / 2 } });
    world.robot('fast').setVelocity(world.actionLimits.maxLinearMps, 0);
    for (let k = 0; k < 5; k++) world.step();
    expect(world.freeRobotCount).toBe(3);
  });

  it('keep two robots free closer than their travel bounds while their planned paths stay apart: side by side, and passing head-on', () => {
    // a and b side by side with 0.15 m of gap, both driving east; c and d head-on, passing with
    // 0.1 m between them. Each pair is within its travel bounds of the other every tick.
    const start: Start = {
      a: { xM: -8, yM: -4, headingRad: 0 },
      b: { xM: -8, yM: -3.25, headingRad: 0 },
      c: { xM: -6, yM: 4, headingRad: 0 },
      d: { xM: 6, yM: 4.7, headingRad: Math.PI },
    };
    const script = (world: World, tick: number): void => {
      if (tick !== 0) return;
      for (const id of ['a', 'b']) world.robot(id).setVelocity(world.actionLimits.maxLinearMps, 0);
      for (const id of ['c', 'd']) world.robot(id).move(10);
    };
    const planck = scriptedRun(false, script, 50, start);
    const free = scriptedRun(true, script, 50, start);
    expect(free.freeCounts.every((n) => n === 4)).toBe(true);
    expect(planck.trace.filter((_, k) => k % 4 === 3).every((touching) => touching === 0)).toBe(true);
    expect(free.trace).toEqual(planck.trace);
  });

  it('hand two free robots back to planck before their planned paths touch: one turning into the other', () => {
    const start: Start = { a: { xM: -6, yM: 0, headingRad: 0 }, b: { xM: -6, yM: 0.75, headingRad: 0 } };
    const script = (world: World, tick: number): void => {
      if (tick === 0) for (const id of ['a', 'b']) world.robot(id).setVelocity(world.actionLimits.maxLinearMps, 0);
      if (tick === 10) world.robot('a').setVelocity(world.actionLimits.maxLinearMps, 1);
    };
    const planck = scriptedRun(false, script, 40, start);
    const free = scriptedRun(true, script, 40, start);
    expect(free.freeCounts.slice(0, 10).every((n) => n === 2)).toBe(true);
    expect(free.freeCounts.slice(10).some((n) => n === 0)).toBe(true);
    expect(planck.trace.filter((_, k) => k % 4 === 3).some((touching) => touching === 1)).toBe(true);
    expect(free.trace).toEqual(planck.trace);
  });

  it('hand a robot driving at a resting one back to planck before they touch, and the resting one with it', () => {
    const start: Start = { a: { xM: -6, yM: 0.5, headingRad: 0 }, b: { xM: -2, yM: 0.5, headingRad: Math.PI / 2 } };
    const script = (world: World, tick: number): void => {
      if (tick === 0) world.robot('a').setVelocity(2, 0);
    };
    const planck = scriptedRun(false, script, 60, start);
    const free = scriptedRun(true, script, 60, start);
    expect(free.freeTicks).toBeGreaterThan(10);
    expect(planck.trace.filter((_, k) => k % 4 === 3).some((touching) => touching === 1)).toBe(true);
    expect(free.trace).toEqual(planck.trace);
  });

  it('bound a robot starting from rest by its acceleration: its first tick towards a wall 0.35 m away is free, then planck takes it', () => {
    // The west wall's face is at x = -14: 0.35 m of gap. A tick at top speed (0.3 m) plus the
    // margin would reach it; from rest the robot covers at most 0.17 m.
    const start: Start = { a: { xM: -14 + 0.3 + 0.35, yM: 0.5, headingRad: Math.PI } };
    const script = (world: World, tick: number): void => {
      if (tick === 0) world.robot('a').move(3);
    };
    const planck = scriptedRun(false, script, 20, start);
    const free = scriptedRun(true, script, 20, start);
    expect(free.freeCounts[0]).toBe(1);
    expect(free.freeCounts[1]).toBe(0);
    expect(planck.trace.filter((_, k) => k % 4 === 3).some((touching) => touching === 1)).toBe(true);
    expect(free.trace).toEqual(planck.trace);
  });

  it("keep a robot driving along a wall in planck when its path passes within planck's polygon skin of the wall", () => {
    // The west wall's face is at x = -14; a creeps north 5 mm from it (the skin is 10 mm, a's
    // steps 1 mm): planck reports it touching the wall the whole way, so it cannot be free; b,
    // driving at top speed 8 cm from it, can.
    const radiusM = 0.3;
    const start: Start = { a: { xM: -14 + radiusM + 0.005, yM: -5, headingRad: Math.PI / 2 }, b: { xM: -14 + radiusM + 0.08, yM: 5, headingRad: Math.PI / 2 } };
    const script = (world: World, tick: number): void => {
      if (tick !== 0) return;
      world.robot('a').setVelocity(0.1, 0);
      world.robot('b').setVelocity(world.actionLimits.maxLinearMps, 0);
    };
    const planck = scriptedRun(false, script, 20, start);
    const free = scriptedRun(true, script, 20, start);
    expect(planck.trace.filter((_, k) => k % 8 === 3).every((touching) => touching === 1)).toBe(true);
    expect(planck.trace.filter((_, k) => k % 8 === 7).every((touching) => touching === 0)).toBe(true);
    expect(free.freeCounts.every((n) => n === 1)).toBe(true);
    expect(free.trace).toEqual(planck.trace);
  });

  it('leave the planck body of a free robot where it was until needed: a robot driving through that place later meets nothing there', () => {
    // a drives 8 m east from beside the west wall (0.35 m of gap), free all the way: its planck
    // body stays at its start, asleep. b then drives south along the wall at top speed, too close
    // to it to be free, so planck steps it, straight through a's start: unless a's body is
    // handed back first, b hits it there.
    const start: Start = { a: { xM: -13.35, yM: 0.5, headingRad: 0 }, b: { xM: -13.35, yM: 7, headingRad: -Math.PI / 2 } };
    const script = (world: World, tick: number): void => {
      if (tick === 0) world.robot('a').move(8);
      if (tick === 40) world.robot('b').setVelocity(3, 0);
      if (tick === 70) world.robot('b').stop();
    };
    const planck = scriptedRun(false, script, 120, start);
    const free = scriptedRun(true, script, 120, start);
    // b went past a's start (y = 0.5) without touching anything.
    expect(free.trace[free.trace.length - 3]).toBeLessThan(-1);
    expect(planck.trace.filter((_, k) => k % 4 === 3).every((touching) => touching === 0)).toBe(true);
    expect(free.freeTicks).toBeGreaterThan(100);
    expect(free.trace).toEqual(planck.trace);
  });

  /** Whether robot slot i was stepped outside planck in the trial's last tick (FreeFlight's own flag). */
  function isFree(trial: Trial, i: number): boolean {
    return (trial.world as unknown as { freeFlight: { free: Uint8Array } }).freeFlight.free[i] === 1;
  }

  /**
   * A trial's final state hash, its SLAM maps' fingerprint, and its
   * robot-ticks stepped outside planck.
   */
  function swarmRun(config: TrialConfig, integrateFreeRobots: boolean): { hash: string; maps: number; freeRobotTicks: number } {
    const trial = new Trial({ ...config, world: { ...config.world, integrateFreeRobots } });
    let freeRobotTicks = 0;
    while (!trial.finished) {
      trial.world.step();
      freeRobotTicks += trial.world.freeRobotCount;
    }
    return { hash: trial.metrics.final().finalStateHash, maps: slamFingerprint(trial.world), freeRobotTicks };
  }

  // The whole trial, not one robot: every robot stepped here must move exactly as planck would
  // have moved it, or the swarm's state drifts and the hash differs (a heading one bit off after
  // a hand-back was enough, before handBack kept planck's own angle).
  for (const info of algorithms) {
    it(`${info.name}: a swarm starting together in a cave ends in the same state and SLAM maps as with planck alone`, () => {
      const config: TrialConfig = {
        grid: loadMap('cave:50x50:seed=3'),
        robots: 32,
        algorithm: info.name,
        comm: 'los',
        spawn: { kind: 'together' },
        seed: 5,
        targetExplored: 1.01,
        maxTicks: 150,
      };
      const planck = swarmRun(config, false);
      const free = swarmRun(config, true);
      expect(planck.freeRobotTicks).toBe(0);
      expect(free.freeRobotTicks).toBeGreaterThan(0.3 * 32 * 150);
      expect({ hash: free.hash, maps: free.maps }).toEqual({ hash: planck.hash, maps: planck.maps });
    }, 60_000);
  }

  it("a crowd of 300 robots in a building moves as with planck alone until robots push each other, where planck's own contact order decides", () => {
    // When three robots push each other, planck's result depends on the order its pair search
    // found their contacts in, and that order depends on which bodies moved in its tree: robots
    // stepped outside planck do not. So the two runs may part there, and only there: never at a
    // robot stepped outside planck, nor at one that touches nothing.
    const config: TrialConfig = {
      grid: loadMap('building:60x60:seed=2'),
      robots: 300,
      algorithm: 'frontier',
      comm: 'range:20',
      spawn: { kind: 'apart' },
      seed: 3,
      targetExplored: 1.01,
      maxTicks: 120,
    };
    const planck = new Trial({ ...config, world: { integrateFreeRobots: false } });
    const free = new Trial({ ...config, world: { integrateFreeRobots: true } });
    const a = planck.world.table;
    const b = free.world.table;
    let freeRobotTicks = 0;
    let parted: { tick: number; robots: { free: number; touching: number }[] } | undefined;
    while (!free.finished && !parted) {
      planck.world.step();
      free.world.step();
      freeRobotTicks += free.world.freeRobotCount;
      const robots: { free: number; touching: number }[] = [];
      for (let i = 0; i < a.count; i++) {
        if (a.xM[i] === b.xM[i] && a.yM[i] === b.yM[i] && a.angleRad[i] === b.angleRad[i]) continue;
        robots.push({ free: free.world.freeRobotCount > 0 && isFree(free, i) ? 1 : 0, touching: Math.min(a.touching[i], b.touching[i]) });
      }
      if (robots.length > 0) parted = { tick: free.world.tick, robots };
    }
    expect(freeRobotTicks).toBeGreaterThan(0.3 * 300 * 30);
    // This crowd does part (the check below is not vacuous), after the robots have spread.
    expect(parted?.tick).toBeGreaterThan(30);
    expect(parted?.robots.length).toBeGreaterThan(0);
    expect(parted?.robots.filter((robot) => robot.free === 1 || robot.touching === 0)).toEqual([]);
  }, 60_000);
});
