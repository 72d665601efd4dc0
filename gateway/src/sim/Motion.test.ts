import { describe, expect, it } from 'vitest';
import { World } from './World.js';
import { borderedRoom } from './testing/testGrids.js';

/** Runs until the robot is idle again, then 10 more ticks (MAES's test settles the same way). */
function settle(world: World, id: string, maxTicks = 600): number {
  const robot = world.robot(id);
  let ticks = 0;
  do {
    world.step();
    ticks++;
  } while (robot.state().status !== 'idle' && ticks < maxTicks);
  for (let k = 0; k < 10; k++) world.step();
  return ticks;
}

function angleDiffDeg(a: number, b: number): number {
  let d = ((a - b) * 180) / Math.PI;
  d = ((((d + 180) % 360) + 360) % 360) - 180;
  return d;
}

describe.each([0.5, 1, 1.5])('motion accuracy at speed factor %s (MAES Robot2DControllerTest)', (speedFactor) => {
  // MAES accepts 0.1 tile and 0.5 deg; the closed loop here does better, and that is pinned:
  // the move is done within 5 mm at under 0.02 m/s, so it coasts to rest under 1 mm from its
  // target (Motion.ts), and a rotation ends within 0.03 deg.
  it.each([1, 2, 5, 10, 20])('move(%s) ends within 1 mm of the target', (distanceM) => {
    const world = new World(borderedRoom(50), { robot: { speedFactor } });
    world.addRobot({ id: 'r', pose: { xM: -21, yM: 0.5, headingRad: 0 } });
    world.robot('r').move(distanceM);
    settle(world, 'r');
    const pose = world.truePose('r');
    expect(Math.hypot(pose.xM - (-21 + distanceM), pose.yM - 0.5)).toBeLessThan(0.001);
    expect(world.robot('r').state().collision.touching).toBe(false);
  });

  it.each([1, -1, 2, 5, 10, 20, -20, 180, -180])('rotate(%s) ends within 0.03 deg, in place', (degrees) => {
    const world = new World(borderedRoom(50), { robot: { speedFactor } });
    const startRad = 0.3;
    world.addRobot({ id: 'r', pose: { xM: 0.5, yM: 0.5, headingRad: startRad } });
    world.robot('r').rotate(degrees);
    settle(world, 'r');
    const pose = world.truePose('r');
    expect(Math.abs(angleDiffDeg(pose.headingRad, startRad + (degrees * Math.PI) / 180))).toBeLessThan(0.03);
    expect(Math.hypot(pose.xM - 0.5, pose.yM - 0.5)).toBeLessThan(1e-9);
  });
});

describe('drive dynamics', () => {
  it('reaches about half of the 3 m/s terminal speed after 4 physics steps and 3 m/s through drag', () => {
    const world = new World(borderedRoom(200), { stepsPerTick: 1 });
    world.addRobot({ id: 'r', pose: { xM: -90, yM: 0.5, headingRad: 0 } });
    world.robot('r').setVelocity(3, 0);
    let last = -90;
    const speeds: number[] = [];
    for (let s = 0; s < 200; s++) {
      world.step();
      const x = world.truePose('r').xM;
      speeds.push((x - last) / 0.01);
      last = x;
    }
    // v_n = 3 (1 - 1.2^-n): 1.553 m/s after 4 steps.
    expect(speeds[3]).toBeCloseTo(3 * (1 - 1.2 ** -4), 3);
    expect(speeds[199]).toBeCloseTo(3, 3);
  });

  it('setWheelSpeeds: equal wheels drive straight at their speed, opposite wheels turn in place', () => {
    const world = new World(borderedRoom(100));
    const robot = world.addRobot({ id: 'r', pose: { xM: -40, yM: 0.5, headingRad: 0 } });
    robot.setWheelSpeeds(1, 1);
    for (let k = 0; k < 20; k++) world.step();
    const a = world.truePose('r');
    world.step();
    const b = world.truePose('r');
    expect((b.xM - a.xM) / 0.1).toBeCloseTo(1, 3);
    expect(b.yM).toBeCloseTo(0.5, 6);
    robot.setWheelSpeeds(-0.5, 0.5);
    for (let k = 0; k < 20; k++) world.step();
    const c = world.truePose('r');
    world.step();
    const d = world.truePose('r');
    // omega = (right - left) / wheel base = 1 / 0.528 rad/s.
    expect((d.headingRad - c.headingRad) / 0.1).toBeCloseTo(1 / 0.528, 3);
    expect(robot.state().status).toBe('driving');
    robot.stop();
    for (let k = 0; k < 10; k++) world.step();
    expect(robot.state().status).toBe('idle');
  });

  it('a collision cancels the action and is reported as started, then touching', () => {
    const world = new World(borderedRoom(20));
    world.addRobot({ id: 'r', pose: { xM: 5, yM: 0.5, headingRad: 0 } });
    const robot = world.robot('r');
    robot.move(20);
    let started = 0;
    for (let k = 0; k < 60; k++) {
      world.step();
      if (robot.state().collision.started) started++;
    }
    const state = robot.state();
    expect(started).toBe(1);
    expect(state.status).toBe('idle');
    expect(state.collision.touching).toBe(true);
    expect(world.truePose('r').xM).toBeLessThan(9 - 0.29);
  });
});
