import { describe, expect, it } from 'vitest';
import { Cell, loadMap } from '@swarmgate/maps';
import type { Controller, Robot } from '@swarmgate/sdk';
import { errorCode } from '../errors.js';
import { World } from './World.js';
import { DEFAULT_WORLD_CONFIG, slamIntervalTicks } from './WorldConfig.js';
import { Trial, type TrialConfig } from './Trial.js';
import { borderedRoom } from './testing/testGrids.js';
import { globalModel } from './radio/index.js';

function trialConfig(seed: number): TrialConfig {
  return {
    grid: loadMap('cave:40x40:seed=2'),
    robots: 4,
    algorithm: 'frontier',
    comm: 'range:10',
    spawn: { kind: 'apart' },
    seed,
    targetExplored: 0.99,
    maxTicks: 250,
    world: { slam: { positionErrorM: 0.2, mergeIntervalS: 1 } },
  };
}

describe('determinism', () => {
  it('the same seed and configuration give the same final state hash; another seed differs', () => {
    const a = new Trial(trialConfig(5)).run();
    const b = new Trial(trialConfig(5)).run();
    const c = new Trial(trialConfig(6)).run();
    expect(a.ticks).toBeGreaterThan(50);
    expect(a.distanceTotalM).toBeGreaterThan(10);
    expect(b.finalStateHash).toBe(a.finalStateHash);
    expect(b.exploredFraction).toBe(a.exploredFraction);
    expect(c.finalStateHash).not.toBe(a.finalStateHash);
  }, 120_000);
});

describe('world structure', () => {
  it('throws SG_WORLD_LOCKED on direct structural changes during a step and applies queued ones next step', () => {
    const world = new World(borderedRoom(20));
    const errors: unknown[] = [];
    const controller: Controller = {
      tick(robot: Robot) {
        if (world.tick !== 1) return;
        try {
          world.addRobot({ id: 'late', pose: { xM: 3, yM: 3, headingRad: 0 } });
        } catch (error) {
          errors.push(error);
        }
        world.queueAddRobot({ id: 'queued', pose: { xM: -3, yM: -3, headingRad: 0 } });
        robot.stop();
      },
    };
    world.addRobot({ id: 'a', pose: { xM: 0.5, yM: 0.5, headingRad: 0 }, controller });
    world.step();
    expect(errors.map(errorCode)).toEqual(['SG_WORLD_LOCKED']);
    expect(world.robotIds()).toEqual(['a']);
    world.step();
    expect(world.robotIds()).toEqual(['a', 'queued']);
    expect(() => world.addRobot({ id: 'a', pose: { xM: 1, yM: 1, headingRad: 0 } })).toThrow(/SG_DUPLICATE_ROBOT/);
    expect(() => world.robot('nobody')).toThrow(/SG_WORLD_UNKNOWN_ROBOT/);
  });

  it("a controller's exception ends the step as SG_CONTROLLER_THREW naming the robot and the tick, or goes to onControllerError", () => {
    let boom: Error | null = null;
    const throwsAtTick2: Controller = {
      tick(robot: Robot) {
        robot.setVelocity(0.2, 0);
        if (robot.state().tick !== 2) return;
        boom = new Error('boom');
        throw boom;
      },
    };
    const world = new World(borderedRoom(20));
    world.addRobot({ id: 'a', pose: { xM: 0.5, yM: 0.5, headingRad: 0 }, controller: throwsAtTick2 });
    let thrown: unknown;
    for (let k = 0; k < 4 && thrown === undefined; k++) {
      try {
        world.step();
      } catch (error) {
        thrown = error;
      }
    }
    expect(errorCode(thrown)).toBe('SG_CONTROLLER_THREW');
    // Its stack frames are the controller's (swarmgate run --controller tests them: a controller here is in the engine's folder).
    expect((thrown as Error).message.split('\n')[0]).toBe("SG_CONTROLLER_THREW: robot a's controller threw at tick 2: boom");
    expect((thrown as Error).cause).toBe(boom);

    const handled = new World(borderedRoom(20));
    const seen: [string, unknown][] = [];
    handled.onControllerError = (id, error) => seen.push([id, error]);
    handled.addRobot({ id: 'b', pose: { xM: 0.5, yM: 0.5, headingRad: 0 }, controller: throwsAtTick2 });
    for (let k = 0; k < 4; k++) handled.step();
    expect(seen).toEqual([['b', boom]]);
    expect(handled.tick).toBe(4);
  });

  it('latched commands: controller order does not change the result', () => {
    const run = (reversed: boolean): string => {
      const world = new World(borderedRoom(20));
      const ids = ['a', 'b'];
      const order = reversed ? [...ids].reverse() : ids;
      for (const id of order) {
        world.addRobot({
          id,
          pose: { xM: id === 'a' ? -2 : 2, yM: 0.5, headingRad: id === 'a' ? 0 : Math.PI },
          controller: { tick: (r) => r.state().status === 'idle' && r.state().tick === 1 && r.move(1.6) },
        });
      }
      for (let k = 0; k < 40; k++) world.step();
      return ids.map((id) => JSON.stringify(world.truePose(id))).join();
    };
    expect(run(true)).toBe(run(false));
  });

  it('state() hands out copies: mutating a scan does not touch the engine', () => {
    const world = new World(borderedRoom(20));
    const robot = world.addRobot({ id: 'a', pose: { xM: 0.5, yM: 0.5, headingRad: 0 } });
    world.step();
    const first = robot.state();
    const sensed = Array.from(first.scan!.rangesM);
    first.scan!.rangesM.fill(-1);
    expect(Array.from(robot.state().scan!.rangesM)).toEqual(sensed);
  });

  it("a State kept unread keeps its own tick's scans, copied when the next step settles it", () => {
    const world = new World(borderedRoom(20));
    const robots = Array.from({ length: 40 }, (_, k) =>
      world.addRobot({
        id: `r${k}`,
        pose: { xM: -8 + (k % 8) * 2, yM: -8 + Math.floor(k / 8) * 3, headingRad: k },
        controller: { tick: (r) => r.setVelocity(0.3, 0.5) },
      }),
    );
    for (let k = 0; k < 3; k++) world.step();
    const kept = robots.map((r) => r.state());
    const expected = robots.map((r) => Array.from(r.state().scan!.rangesM));
    for (let k = 0; k < 10; k++) world.step();
    const now = robots.map((r) => Array.from(r.state().scan!.rangesM));
    // The robots moved, so the engine's ranges changed; the kept States' did not.
    expect(now).not.toEqual(expected);
    expect(kept.map((s) => Array.from(s.scan!.rangesM))).toEqual(expected);
    // Each its own memory: writing one leaves the others.
    kept[0]!.scan!.rangesM.fill(-1);
    expect(Array.from(kept[1]!.scan!.rangesM)).toEqual(expected[1]);
  });

  it('refuses move() while moving and non-finite arguments, with sdk error codes', () => {
    const world = new World(borderedRoom(20));
    const robot = world.addRobot({ id: 'a', pose: { xM: 0.5, yM: 0.5, headingRad: 0 } });
    robot.move(3);
    expect(() => robot.rotate(10)).toThrow(/SG_ROBOT_BUSY/);
    expect(() => robot.setVelocity(Number.NaN, 0)).toThrow(/SG_BAD_ARGUMENT/);
    robot.setVelocity(99, 0);
    expect(world.clampWarnings.count).toBe(1);
  });
});

describe('kinematic twins (HIL)', () => {
  it('follow the external pose exactly, sense like virtual robots and push dynamic robots', () => {
    const world = new World(borderedRoom(30), { lidar: { rangeM: 10, rayCount: 90 } });
    world.addRobot({ id: 'twin', kind: 'kinematic', pose: { xM: -5, yM: 0.5, headingRad: 0 } });
    world.addRobot({ id: 'v', pose: { xM: -3, yM: 0.5, headingRad: 0 } });
    for (let k = 1; k <= 20; k++) {
      world.setKinematicPose('twin', { xM: -5 + 0.15 * k, yM: 0.5, headingRad: 0.01 * k });
      world.step();
    }
    const twin = world.truePose('twin');
    expect(twin.xM).toBeCloseTo(-2, 9);
    expect(twin.headingRad).toBeCloseTo(0.2, 9);
    // The dynamic robot was in the way and has been pushed ahead of the twin.
    expect(world.truePose('v').xM).toBeGreaterThan(-2 + 0.55);
    const state = world.robot('twin').state();
    expect(state.scan?.rangesM.length).toBe(90);
    expect(state.scan?.rangesM[0]).toBeLessThan(1.5);
    expect(() => world.setKinematicPose('v', { xM: 0, yM: 0, headingRad: 0 })).toThrow(/SG_NOT_KINEMATIC/);
  });

  it('report driving into a virtual wall as a collision (planck has no kinematic-static contacts)', () => {
    const world = new World(borderedRoom(20));
    const twin = world.addRobot({ id: 'twin', kind: 'kinematic', pose: { xM: 8, yM: 0.5, headingRad: 0 } });
    world.step();
    expect(twin.state().collision).toEqual({ started: false, touching: false });
    world.setKinematicPose('twin', { xM: 8.8, yM: 0.5, headingRad: 0 });
    world.step();
    expect(twin.state().collision).toEqual({ started: true, touching: true });
    world.step();
    expect(twin.state().collision).toEqual({ started: false, touching: true });
    world.setKinematicPose('twin', { xM: 8, yM: 0.5, headingRad: 0 });
    world.step();
    expect(twin.state().collision).toEqual({ started: false, touching: false });
  });

  /**
   * The test is the physical robot: each tick it integrates the twin's setpoint for 0.1 s into
   * its pose (a wrapped heading, as a tracker reports it) and hands the pose back. The act phase
   * closes the loop: a 90 deg rotation across the +-pi seam and a 2 m move each end idle within
   * the twin's tolerances (doneWithin).
   */
  it("get their setpoint from the act phase: rotate across +-pi and move end within the twin's tolerances", () => {
    const world = new World(borderedRoom(20));
    const twin = world.addRobot({ id: 'twin', kind: 'kinematic', pose: { xM: -4, yM: 0.5, headingRad: 3 }, doneWithin: { distanceM: 0.01, angleRad: 0.02 } });
    world.addRobot({ id: 'v', pose: { xM: 4, yM: 4, headingRad: 0 } });
    const pose = { xM: -4, yM: 0.5, headingRad: 3 };
    const setpoint = { linearMps: 0, angularRadps: 0, xM: 0, yM: 0, headingRad: 0 };
    const tick = (): void => {
      world.step();
      world.kinematicSetpoint('twin', setpoint);
      pose.headingRad = Math.atan2(Math.sin(pose.headingRad + setpoint.angularRadps * 0.1), Math.cos(pose.headingRad + setpoint.angularRadps * 0.1));
      pose.xM += setpoint.linearMps * Math.cos(pose.headingRad) * 0.1;
      pose.yM += setpoint.linearMps * Math.sin(pose.headingRad) * 0.1;
      world.setKinematicPose('twin', pose);
    };
    const runUntilIdle = (): number => {
      let ticks = 0;
      do tick();
      while (twin.state().status !== 'idle' && ++ticks < 100);
      return ticks;
    };
    twin.rotate(90);
    expect(runUntilIdle()).toBeLessThan(100);
    const turnedRad = Math.atan2(Math.sin(pose.headingRad - 3 - Math.PI / 2), Math.cos(pose.headingRad - 3 - Math.PI / 2));
    expect(Math.abs(turnedRad), 'ends within doneWithin.angleRad of 3 + pi/2 (wrapped)').toBeLessThan(0.02);
    expect(world.kinematicSetpoint('twin', setpoint)).toMatchObject({ linearMps: 0, angularRadps: 0 });
    const start = { ...pose };
    twin.move(2);
    expect(runUntilIdle()).toBeLessThan(100);
    const alongM = (pose.xM - start.xM) * Math.cos(start.headingRad) + (pose.yM - start.yM) * Math.sin(start.headingRad);
    expect(Math.abs(alongM - 2), 'ends within doneWithin.distanceM of 2 m').toBeLessThan(0.01);
    expect(world.kinematicSetpoint('twin', setpoint)).toMatchObject({ xM: pose.xM, yM: pose.yM, headingRad: pose.headingRad });

    // A velocity is clamped to the limits; latched after a step, it waits for the next act phase.
    twin.setVelocity(100, 0);
    expect(world.kinematicSetpoint('twin', setpoint).linearMps).toBe(0);
    world.step();
    expect(world.kinematicSetpoint('twin', setpoint)).toMatchObject({ linearMps: world.actionLimits.maxLinearMps, angularRadps: 0 });
    expect(world.cancelMove('twin'), 'driving, not moving').toBe(false);
    twin.move(1);
    world.step();
    // 1 m to go at k = 5 /s asks for 5 m/s: clamped to the top speed.
    expect(world.kinematicSetpoint('twin', setpoint).linearMps).toBe(world.actionLimits.maxLinearMps);
    expect(world.cancelMove('twin')).toBe(true);
    expect(twin.state().status).toBe('idle');
    expect(world.kinematicSetpoint('twin', setpoint)).toMatchObject({ linearMps: 0, angularRadps: 0 });
    expect(() => world.kinematicSetpoint('v', setpoint)).toThrow(/SG_NOT_KINEMATIC/);
  });
});

describe('tick observers', () => {
  it('are called after each tick from addObserver until removeObserver', () => {
    const world = new World(borderedRoom(20));
    const seen: number[] = [];
    const observer = { afterTick: (w: World) => seen.push(w.tick) };
    world.addObserver(observer);
    world.step();
    world.step();
    world.removeObserver(observer);
    world.step();
    // Removing one that is not there is a no-op.
    world.removeObserver(observer);
    world.step();
    expect(seen).toEqual([1, 2]);
  });
});

describe('radio, tags and nearby robots through the Robot API', () => {
  it('delivers a broadcast at the next tick to others only; tags become readable at the next tick', () => {
    const world = new World(borderedRoom(20));
    const a = world.addRobot({ id: 'a', pose: { xM: 0.5, yM: 0.5, headingRad: 0 } });
    const b = world.addRobot({ id: 'b', pose: { xM: 2.5, yM: 0.5, headingRad: 0 } });
    world.comms.configure({ model: globalModel() });
    world.step();
    a.broadcast({ hello: 1 });
    a.depositTag('here');
    expect(b.state().nearbyTags).toEqual([]);
    world.step();
    const inbox = b.state().inbox;
    expect(inbox.map((m) => [m.from, m.sentTick, new TextDecoder().decode(m.payload)])).toEqual([['a', 1, '{"hello":1}']]);
    expect(a.state().inbox).toEqual([]);
    expect(b.state().nearbyTags.map((t) => new TextDecoder().decode(t.payload))).toEqual(['"here"']);
    expect(b.state().nearbyRobots.map((r) => [r.id, Math.round(r.distanceM * 100) / 100])).toEqual([['a', 2]]);
  });

  it('a removed robot no longer links: it is in no group and no one senses it', () => {
    const world = new World(borderedRoom(20));
    world.comms.configure({ model: globalModel() });
    const a = world.addRobot({ id: 'a', pose: { xM: 0.5, yM: 0.5, headingRad: 0 } });
    world.addRobot({ id: 'b', pose: { xM: 2.5, yM: 0.5, headingRad: 0 } });
    world.addRobot({ id: 'c', pose: { xM: 4.5, yM: 0.5, headingRad: 0 } });
    world.step();
    expect(world.comms.groups()?.largestSize).toBe(3);
    world.removeRobot('b');
    world.step();
    expect(world.comms.groups()?.largestSize).toBe(2);
    expect(a.state().nearbyRobots.map((r) => r.id)).toEqual(['c']);
  });

  it('a robot removed between steps drops out of states read before the next step, leaving no gap in the list', () => {
    const world = new World(borderedRoom(20));
    const a = world.addRobot({ id: 'a', pose: { xM: 0.5, yM: 0.5, headingRad: 0 } });
    world.addRobot({ id: 'b', pose: { xM: 2.5, yM: 0.5, headingRad: 0 } });
    world.addRobot({ id: 'c', pose: { xM: 4.5, yM: 0.5, headingRad: 0 } });
    world.step();
    const before = a.state().nearbyRobots;
    world.removeRobot('b');
    // This tick's nearby lists still hold b's slot; the reading skips the removed robot.
    const after = a.state().nearbyRobots;
    expect(before.map((r) => r.id)).toEqual(['b', 'c']);
    expect(after).toHaveLength(1);
    expect(after[0]).toEqual(before[1]);
    // The earlier state's list is its own: the later read changed nothing in it.
    expect(before.map((r) => r.id)).toEqual(['b', 'c']);
  });

  it('a robot added between steps reads no nearby robots until the next radio phase, then its neighbours', () => {
    const world = new World(borderedRoom(20));
    world.addRobot({ id: 'a', pose: { xM: 0.5, yM: 0.5, headingRad: 0 } });
    world.step();
    // As a physical robot joining a live trial as a twin: its state is read before the next step.
    const late = world.addRobot({ id: 'late', pose: { xM: 2.5, yM: 0.5, headingRad: 0 } });
    expect(late.state().nearbyRobots).toEqual([]);
    world.step();
    expect(late.state().nearbyRobots.map((r) => r.id)).toEqual(['a']);
  });
});

describe('walls', () => {
  it('merges wall cells into few fixtures', () => {
    const grid = borderedRoom(50);
    grid.cells[25 * 50 + 25] = Cell.Wood;
    const world = new World(grid);
    expect(world.walls.boxCount).toBeLessThanOrEqual(5);
  });
});

describe('configuration', () => {
  it.each([
    [{ physicsStepS: 0 }, /physicsStepS must be a positive number/],
    [{ stepsPerTick: 2.5 }, /stepsPerTick must be an integer >= 1/],
    [{ lidar: { rayCount: 0 } }, /lidar.rayCount must be an integer >= 1/],
    [{ slam: { positionErrorM: -1 } }, /slam.positionErrorM must be >= 0/],
    [{ slam: { updateIntervalS: 0 } }, /slam.updateIntervalS must be a positive number of seconds/],
    [{ slam: { mergeIntervalS: -0.1 } }, /slam.mergeIntervalS must be a number of seconds >= 0/],
    [{ robot: { speedFactor: Number.NaN } }, /robot.speedFactor must be a positive number/],
  ])('refuses %j with SG_SIM_CONFIG', (config, message) => {
    expect(() => new World(borderedRoom(10), config)).toThrow(message);
    expect(() => new World(borderedRoom(10), config)).toThrow(/SG_SIM_CONFIG/);
  });

  it('turns the SLAM intervals from seconds into whole ticks of the trial', () => {
    const tick = { physicsStepS: 0.01, stepsPerTick: 10 };
    expect(slamIntervalTicks({ ...tick, slam: DEFAULT_WORLD_CONFIG.slam })).toEqual({ updateTicks: 1, mergeTicks: 0 });
    expect(slamIntervalTicks({ ...tick, slam: { updateIntervalS: 1, positionErrorM: 0, mergeIntervalS: 2.5 } })).toEqual({ updateTicks: 10, mergeTicks: 25 });
    // A shorter tick counts more ticks for the same seconds; never less than one tick.
    expect(slamIntervalTicks({ physicsStepS: 0.01, stepsPerTick: 5, slam: { updateIntervalS: 0.01, positionErrorM: 0, mergeIntervalS: 1 } })).toEqual({
      updateTicks: 1,
      mergeTicks: 20,
    });
  });
});
