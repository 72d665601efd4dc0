import type { Controller, InboxMessage, Robot, RobotState } from '@swarmgate/sdk';
import { describe, expect, it } from 'vitest';
import { SwarmgateError } from '../errors.js';
import { Sensing } from './Sensing.js';
import { SENSORS, type OnDemandField, type SensorPlugin } from './sensors.js';
import { borderedRoom } from './testing/testGrids.js';
import { World } from './World.js';

/** A throwaway sensor that logs each hook call into `log`, tagged with its name. */
function probe(name: string, log: string[]): SensorPlugin {
  return {
    name,
    field: 'none',
    doc: 'test probe',
    noise: 'none',
    params: [],
    create: (sensing) => {
      expect(sensing.world).toBeInstanceOf(World);
      return {
        onRobotAdded: (slot, id) => log.push(`${name}.add ${slot} ${id}`),
        beginTick: (tick) => log.push(`${name}.begin ${tick}`),
        senseRobot: (slot, tick) => log.push(`${name}.robot ${slot} ${tick}`),
        endTick: (tick) => log.push(`${name}.end ${tick}`),
      };
    },
  };
}

describe('Sensing runs the registered sensors', () => {
  it('calls every hook of a test-local registry, sensors in registry order, robots in slot order, removed robots skipped', () => {
    const world = new World(borderedRoom(12));
    for (const id of ['a', 'b', 'c']) world.addRobot({ id, pose: { xM: -3 + 2 * world.robotIds().length, yM: 0, headingRad: 0 } });
    world.removeRobot('b');
    const log: string[] = [];
    // A sensor with no hooks at all is allowed.
    const quiet: SensorPlugin = { ...probe('quiet', log), create: () => ({}) };
    const sensing = new Sensing(world, [probe('one', log), quiet, probe('two', log)]);
    sensing.onRobotAdded(3, 'd');
    world.step();
    sensing.sense();
    expect(log).toEqual([
      'one.add 3 d',
      'two.add 3 d',
      'one.begin 1',
      'two.begin 1',
      'one.robot 0 1',
      'two.robot 0 1',
      'one.robot 2 1',
      'two.robot 2 1',
      'one.end 1',
      'two.end 1',
    ]);
  });

  it('the built-in registry is what the world senses with: its lidar fills the scan, an empty registry computes nothing', () => {
    expect(SENSORS.map((s) => s.name)).toEqual(['slam', 'lidar', 'nearby-robots', 'tags', 'collision', 'radio-inbox']);
    const world = new World(borderedRoom(12));
    world.addRobot({ id: 'a', pose: { xM: 0, yM: 0, headingRad: 0 } });
    world.step();
    const scan = world.sensing.scanRanges(0);
    // From the centre of a 12 m room every ray hits a wall within the lidar's 10 m.
    expect(Math.max(...scan)).toBeLessThan(world.sensing.lidar.rangeM);
    expect(Math.min(...scan)).toBeGreaterThan(0);

    const bare = new World(borderedRoom(12));
    bare.addRobot({ id: 'a', pose: { xM: 0, yM: 0, headingRad: 0 } });
    const none = new Sensing(bare, []);
    none.onRobotAdded(0, 'a');
    none.sense();
    // Without the lidar plug-in nothing even sized the scan buffers.
    expect(none.scanRanges(0).length).toBe(0);
    expect(world.sensing.scanRanges(0).length).toBe(world.sensing.lidar.rayCount);
  });
});

/** A controller that keeps every State it is handed (read by the test, after the fact or at once). */
class Keeper implements Controller {
  readonly states: RobotState[] = [];
  constructor(private readonly act: (robot: Robot, tick: number) => void = () => {}) {}
  tick(robot: Robot): void {
    const state = robot.state();
    this.states.push(state);
    this.act(robot, state.tick);
  }
}

describe('on-demand sensors fill the State through their plug-ins', () => {
  /** A throwaway sensor filling `inbox` with one message naming the slot and the tick it was built at. */
  function beacon(calls: number[]): SensorPlugin {
    return {
      name: 'beacon',
      field: 'inbox',
      doc: 'test beacon',
      noise: 'none',
      params: [],
      create: (sensing) => ({
        onDemand: {
          field: 'inbox',
          read: (slot): readonly InboxMessage[] => {
            calls.push(slot);
            return [{ from: 'beacon', sentTick: sensing.world.tick, payload: Uint8Array.of(slot) }];
          },
        },
      }),
    };
  }

  it("a test-local sensor's reading reaches the controller's State, built on first read and kept for its tick", () => {
    const calls: number[] = [];
    const world = new World(borderedRoom(12), {}, [beacon(calls)]);
    const keeper = new Keeper();
    world.addRobot({ id: 'a', pose: { xM: 0, yM: 0, headingRad: 0 }, controller: keeper });
    world.addRobot({ id: 'b', pose: { xM: 3, yM: 0, headingRad: 0 } });
    world.step();
    // Lazy: the controller took a State but nobody read its inbox yet.
    expect(calls).toEqual([]);
    const held = world.robot('b').state();
    world.step();
    world.step();
    // Settled before each step: each State holds the reading of its own tick, built once.
    expect(keeper.states.map((s) => s.inbox[0]?.sentTick)).toEqual([1, 2, 3]);
    expect(keeper.states[0].inbox).toEqual([{ from: 'beacon', sentTick: 1, payload: Uint8Array.of(0) }]);
    expect(held.inbox).toEqual([{ from: 'beacon', sentTick: 1, payload: Uint8Array.of(1) }]);
    expect(calls.sort()).toEqual([0, 0, 0, 1]);
    // The built-in readings it does not replace stay empty: no sensor fills them.
    expect(keeper.states[2].nearbyRobots).toEqual([]);
    expect(keeper.states[2].collision).toEqual({ started: false, touching: false });
  });

  it('two sensors filling one State field are refused, naming both', () => {
    const twice = () => new World(borderedRoom(12), {}, [beacon([]), { ...(SENSORS.find((s) => s.name === 'radio-inbox') as SensorPlugin) }]);
    expect(twice).toThrow(SwarmgateError);
    expect(twice).toThrow(/'beacon' and 'radio-inbox' both fill the State field 'inbox'/);
  });

  /**
   * Two overlapping robots in one room (a contact at the first step) that see each other; a
   * deposits a tag and broadcasts at tick 1. Returns b's State at tick 2 under `sensors`.
   */
  function stateAtTick2(sensors: readonly SensorPlugin[]): RobotState {
    const world = new World(borderedRoom(12), {}, sensors);
    const sender = new Keeper((robot, tick) => {
      if (tick !== 1) return;
      robot.depositTag(Uint8Array.of(7));
      robot.broadcast(Uint8Array.of(9));
    });
    const reader = new Keeper();
    world.addRobot({ id: 'a', pose: { xM: 0, yM: 0, headingRad: 0 }, controller: sender });
    world.addRobot({ id: 'b', pose: { xM: 0.4, yM: 0, headingRad: 0 }, controller: reader });
    world.step();
    world.step();
    return reader.states[1];
  }

  const ON_DEMAND: readonly [string, OnDemandField][] = [
    ['nearby-robots', 'nearbyRobots'],
    ['tags', 'nearbyTags'],
    ['radio-inbox', 'inbox'],
    ['collision', 'collision'],
  ];

  it('with the built-in registry every on-demand reading is there', () => {
    const state = stateAtTick2(SENSORS);
    expect(state.nearbyRobots.map((r) => r.id)).toEqual(['a']);
    expect(state.nearbyTags.map((t) => t.payload)).toEqual([Uint8Array.of(7)]);
    expect(state.inbox.map((m) => [m.from, m.payload])).toEqual([['a', Uint8Array.of(9)]]);
    expect(state.collision.touching).toBe(true);
  });

  it.each(ON_DEMAND)('removing %s from a test-local registry removes its reading (%s) and only it', (name, field) => {
    const without = stateAtTick2(SENSORS.filter((s) => s.name !== name));
    const full = stateAtTick2(SENSORS);
    const empty = field === 'collision' ? { started: false, touching: false } : [];
    expect(without[field]).toEqual(empty);
    expect(full[field]).not.toEqual(empty);
    for (const [, other] of ON_DEMAND) if (other !== field) expect(without[other]).toEqual(full[other]);
  });
});

describe('control overlapping sensing (World.step)', () => {
  /** A sensor with a per-robot hook, robot-local or not, whose endTick is due on even ticks. */
  function counted(robotLocal: boolean): SensorPlugin {
    return {
      name: 'counted',
      field: 'none',
      doc: 'test sensor',
      noise: 'none',
      params: [],
      create: () => ({ robotLocal, senseRobot: () => undefined, endTick: () => undefined, endTickDue: (tick) => tick % 2 === 0 }),
    };
  }

  async function overlapped(sensors: readonly SensorPlugin[], workers: number): Promise<number> {
    const world = new World(borderedRoom(20), { workers }, sensors);
    try {
      for (let k = 0; k < 8; k++) world.addRobot({ id: `r${k}`, pose: { xM: -6 + 1.5 * k, yM: 0, headingRad: 0 } });
      await world.threadsReady();
      for (let t = 0; t < 6; t++) world.step();
      return world.overlappedTicks;
    } finally {
      await world.close();
    }
  }

  it('only with worker threads, every senseRobot robot-local, and no endTick due', async () => {
    const builtIn = SENSORS.filter((s) => s.name === 'slam' || s.name === 'lidar');
    expect(await overlapped(builtIn, 2)).toBe(6);
    expect(await overlapped(builtIn, 1)).toBe(0);
    // Ticks 1..6: the endTick is due on 2, 4 and 6.
    expect(await overlapped([...builtIn, counted(true)], 2)).toBe(3);
    expect(await overlapped([...builtIn, counted(false)], 2)).toBe(0);
  });
});
