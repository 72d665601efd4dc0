import { describe, expect, it } from 'vitest';
import { SwarmgateError } from '../errors.js';
import { checkSlamBudget, SLAM_BUDGET_BYTES } from './sensorSlam.js';
import { SENSORS, type SensorPlugin } from './sensors.js';
import { borderedRoom } from './testing/testGrids.js';
import { World } from './World.js';

describe('the SLAM memory budget', () => {
  it('takes as many robots as their maps fit in it, and refuses one more naming the numbers', () => {
    // 1000 x 1000 cells: 2 x 2 SLAM cells a cell, a byte each, 4 MB a robot.
    const grid = { width: 1000, height: 1000 };
    const fit = Math.floor(SLAM_BUDGET_BYTES / 4e6);
    expect(() => checkSlamBudget(grid, fit)).not.toThrow();
    expect(() => checkSlamBudget(grid, fit + 1)).toThrow(
      new RegExp(`^SG_SLAM_BUDGET: ${fit + 1} robots' SLAM maps would take .* \\(4.0 MB each on this 1000 x 1000 map\\), .* at most ${fit} robots here`),
    );
  });

  it('is asked before a robot is added: a refused robot changes nothing in the world', () => {
    let refuse = false;
    const gate: SensorPlugin = {
      name: 'gate',
      field: 'none',
      doc: 'refuses robots when told to',
      noise: 'none',
      params: [],
      create: () => ({
        admitRobot: () => {
          if (refuse) throw new SwarmgateError('SG_SLAM_BUDGET', 'no room');
        },
      }),
    };
    const world = new World(borderedRoom(10), {}, [...SENSORS, gate]);
    world.addRobot({ id: 'a', pose: { xM: 0.5, yM: 0.5, headingRad: 0 } });
    refuse = true;
    expect(() => world.addRobot({ id: 'b', pose: { xM: 2.5, yM: 0.5, headingRad: 0 } })).toThrow('SG_SLAM_BUDGET: no room');
    expect(world.robotIds()).toEqual(['a']);
    expect(world.table.count).toBe(1);
    world.step();
    expect(world.robot('a').state().tick).toBe(1);
  });
});
