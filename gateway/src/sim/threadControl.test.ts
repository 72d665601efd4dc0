import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_BROADCASTS_PER_TICK } from '@swarmgate/protocols';
import { algorithms, SlamMap, type AlgorithmInfo, type Controller, type Robot, type RobotState } from '@swarmgate/sdk';
import { Latch } from './RobotTable.js';
import { ControllerSeats, ControlRunBuilder, errorOf, type ControllerRecipe } from './threadControl.js';
import { Trial, type TrialConfig } from './Trial.js';
import { CONTROLLER_THREADS_PAY_FROM_ROBOTS, type WorldConfigInput } from './WorldConfig.js';
import { loadMap } from '@swarmgate/maps';
import type { World } from './World.js';
import { slamFingerprint } from './testing/slamFingerprint.js';
import { THREAD_SWARM_TICKS, threadSwarm } from './testing/threadSwarm.js';

const open: World[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((w) => w.close()));
});

/** The thread tests' swarm, with the controllers on the worker threads too. */
function config(algorithm: string, workers: number, controllerThreads: boolean): TrialConfig {
  return threadSwarm(algorithm, { workers, controllerThreads });
}

async function outcome(algorithm: string, workers: number, controllerThreads: boolean): Promise<{ hash: string; maps: number; turnsOnWorkers: number }> {
  const trial = new Trial(config(algorithm, workers, controllerThreads));
  open.push(trial.world);
  await trial.world.threadsReady();
  const { finalStateHash } = trial.run();
  return { hash: finalStateHash, maps: slamFingerprint(trial.world), turnsOnWorkers: trial.world.sensing.lidarThreads.turnsOnWorkers };
}

describe('controllers on worker threads', () => {
  // Every algorithm's messages (map tiles, targets, claims, auctions) cross between robots whose
  // controllers run on different threads: their order and delivery tick must be one thread's.
  for (const info of algorithms) {
    it(`${info.name}: the same final state and SLAM maps with controllers on 1, 2 and 4 threads`, async () => {
      const one = await outcome(info.name, 1, true);
      expect(one.turnsOnWorkers).toBe(0);
      for (const workers of [2, 4]) {
        const many = await outcome(info.name, workers, true);
        // Robot slot mod threads: all but the main thread's share ran on the workers, every tick.
        expect(many.turnsOnWorkers).toBe(THREAD_SWARM_TICKS * (32 - 32 / workers));
        expect({ hash: many.hash, maps: many.maps }).toEqual({ hash: one.hash, maps: one.maps });
      }
    }, 60_000);
  }

  it('frontier sharing its map every second: the same outcome with the controllers on 2 threads', async () => {
    const run = async (workers: number, controllerThreads: boolean): Promise<{ hash: string; maps: number }> => {
      const trial = new Trial({ ...config('frontier:shareEveryS=1', workers, controllerThreads), comm: 'range:15', maxTicks: 120 });
      open.push(trial.world);
      await trial.world.threadsReady();
      return { hash: trial.run().finalStateHash, maps: slamFingerprint(trial.world) };
    };
    expect(await run(2, true)).toEqual(await run(1, false));
  }, 60_000);
});

const recipe: ControllerRecipe = {
  algorithm: 'test',
  params: {},
  seed: 1,
  robotCount: 1,
  tileSizeM: 1,
  tickS: 0.1,
  limits: { maxLinearMps: 1, maxAngularRadps: 2, maxWheelMps: 1 },
  wheelBaseM: 0.1,
};

const baseState: RobotState = {
  tick: 3,
  pose: { xM: 1.5, yM: 2.5, headingRad: 0.25 },
  status: 'driving',
  collision: { started: true, touching: false },
  scan: null,
  nearbyRobots: [{ id: 'b', distanceM: 1.25, bearingRad: -0.5 }],
  inbox: [{ from: 'b', sentTick: 2, payload: new Uint8Array([7, 8]) }],
  nearbyTags: [],
  batteryFraction: null,
};

/** One turn of robot 'a' (slot 0; 'b' is slot 1) run by `tick`, with its outcome. */
function turn(tick: (robot: Robot) => void, state: RobotState = baseState) {
  const info: AlgorithmInfo = { name: 'test', summary: '', parameters: [], create: (): Controller => ({ tick }) };
  const map = new SlamMap({ width: 4, height: 4, cellSizeM: 0.5 });
  const ranges = new Float32Array(8).fill(3);
  const seats = new ControllerSeats(recipe, info, () => map, { angleIncrementRad: Math.PI / 2, rangeM: 4, rayCount: 4, ranges: () => ranges });
  seats.setIds(0, ['a', 'b']);
  const run = new ControlRunBuilder();
  run.add(0, 0, 0, state, (id) => ['a', 'b'].indexOf(id));
  const [out] = seats.run(run.build(state.tick, 0));
  return out;
}

describe('a controller thread robot (ControllerSeats)', () => {
  it("hands out its turn's State, a fresh copy each call, with the scan from the shared ranges", () => {
    const seen: RobotState[] = [];
    turn((robot) => {
      seen.push(robot.state(), robot.state());
    });
    const [first, second] = seen;
    expect(first).toEqual({ ...baseState, scan: { angleMinRad: 0, angleIncrementRad: Math.PI / 2, rangeMaxM: 4, rangesM: new Float32Array(4).fill(3) } });
    expect(first).not.toBe(second);
    expect(first.inbox[0].payload).not.toBe(second.inbox[0].payload);
    expect(first.scan?.rangesM).not.toBe(second.scan?.rangesM);
  });

  it('hands out any State as packed: every field, list and payload (property)', () => {
    const finite = fc.double({ min: -1e6, max: 1e6, noNaN: true });
    const bytes = fc.uint8Array({ maxLength: 16 }).map((b) => new Uint8Array(b));
    const state: fc.Arbitrary<RobotState> = fc
      .record({
        tick: fc.integer({ min: 1, max: 1e6 }),
        pose: fc.record({ xM: finite, yM: finite, headingRad: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }) }),
        status: fc.constantFrom('idle', 'moving', 'rotating', 'driving'),
        collision: fc.record({ started: fc.boolean(), touching: fc.boolean() }),
        nearbyRobots: fc.array(fc.record({ id: fc.constantFrom('a', 'b'), distanceM: finite, bearingRad: finite }), { maxLength: 5 }),
        inbox: fc.array(fc.record({ from: fc.string(), sentTick: fc.nat(), payload: bytes }), { maxLength: 3 }),
        nearbyTags: fc.array(fc.record({ id: fc.nat(), xM: finite, yM: finite, distanceM: finite, payload: bytes }), { maxLength: 3 }),
        batteryFraction: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null }),
        dropped: fc.option(fc.record({ inbox: fc.nat(9), nearbyTags: fc.nat(9), nearbyRobots: fc.integer({ min: 1, max: 9 }) }), { nil: undefined }),
      })
      .map(({ dropped, ...rest }) => ({ ...rest, scan: null, ...(dropped ? { dropped } : {}) }));
    fc.assert(
      fc.property(state, (given) => {
        let seen: RobotState | null = null;
        turn((robot) => {
          seen = robot.state();
        }, given);
        expect(seen).toEqual({ ...given, scan: { angleMinRad: 0, angleIncrementRad: Math.PI / 2, rangeMaxM: 4, rangesM: new Float32Array(4).fill(3) } });
      }),
    );
  });

  it('keeps the last latched command, clamps counted, and broadcasts within the budget', () => {
    const out = turn((robot) => {
      robot.move(1);
      robot.setVelocity(5, 0);
      for (let k = 0; k <= MAX_BROADCASTS_PER_TICK; k++) robot.broadcast(new Uint8Array([k]));
    });
    expect({ latch: out.latch, latchA: out.latchA, clamps: out.clamps, lastClamped: out.lastClamped }).toEqual({
      latch: Latch.Velocity,
      latchA: 1,
      clamps: 1,
      lastClamped: 'setVelocity linearMps',
    });
    expect(out.broadcasts).toHaveLength(MAX_BROADCASTS_PER_TICK);
    expect(out.error?.code).toBe('SG_BUDGET');
    expect(errorOf(out.error as NonNullable<typeof out.error>).message).toBe(
      `SG_BUDGET: robot a already sent MAX_BROADCASTS_PER_TICK (${MAX_BROADCASTS_PER_TICK}) broadcasts at tick 3`,
    );
  });

  it("checks a move against the robot's status, as the world's robot does", () => {
    const busy = turn((robot) => robot.rotate(10), { ...baseState, status: 'moving' });
    expect(busy.error?.code).toBe('SG_ROBOT_BUSY');
    expect(busy.latch).toBe(Latch.None);
  });

  it("refuses a robot kept and used after its controller's tick", () => {
    let kept: Robot | null = null;
    turn((robot) => {
      kept = robot;
    });
    expect(() => (kept as Robot | null)?.stop()).toThrow(/SG_ROBOT_OUTSIDE_TICK: robot a was used outside its controller's start\(\) or tick\(\)/);
  });
});

describe("where a trial's controllers run (controllerThreads)", () => {
  it(`auto: on the worker threads for an algorithm with heavy controllers from ${CONTROLLER_THREADS_PAY_FROM_ROBOTS} robots, else here; on and off as told`, async () => {
    const placed = async (algorithm: string, robots: number, world: WorldConfigInput): Promise<boolean> => {
      const trial = new Trial({ ...threadSwarm(algorithm, world), grid: loadMap('building:80x80:seed=2'), robots });
      open.push(trial.world);
      return trial.world.controllersOnThreads;
    };
    const n = CONTROLLER_THREADS_PAY_FROM_ROBOTS;
    expect(algorithms.filter((a) => a.heavyControllers === true).map((a) => a.name)).toEqual(['greed', 'cme', 'tnf', 'ssb', 'minotaur']);
    expect(await placed('greed', n, { workers: 2 })).toBe(true);
    expect(await placed('greed', n - 1, { workers: 2 })).toBe(false);
    expect(await placed('frontier', n, { workers: 2 })).toBe(false);
    expect(await placed('greed', n, { workers: 1 })).toBe(false);
    expect(await placed('greed', n, { workers: 2, controllerThreads: false })).toBe(false);
    expect(await placed('frontier', 8, { workers: 2, controllerThreads: true })).toBe(true);
  });
});

describe('a world with controllers on threads, closed', () => {
  it('steps on with the controllers on the main thread, and names a robot whose controller was on a stopped worker', async () => {
    const few = new Trial({ ...config('frontier', 2, true), robots: 4 });
    open.push(few.world);
    // Below 8 robots no worker starts: every controller is on the main thread, closed or not.
    await few.world.close();
    expect(() => few.world.step()).not.toThrow();
    const many = new Trial(config('frontier', 2, true));
    open.push(many.world);
    await many.world.threadsReady();
    many.world.step();
    await many.world.close();
    expect(() => many.world.step()).toThrow(/SG_SIM_WORKER: robot r1's controller ran on worker thread 1, which is stopped \(the world was closed\)/);
  });
});
