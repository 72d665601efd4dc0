import { describe, expect, it } from 'vitest';
import { Sensing } from './Sensing.js';
import { SENSORS, type SensorPlugin } from './sensors.js';
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
    // A sensor with no hooks at all (like the ones read when a State is taken) is allowed.
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
