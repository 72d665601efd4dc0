import { describe, expect, it } from 'vitest';
import { Random } from '@swarmgate/protocols';
import { PointRobot } from '../testing/PointRobot.js';
import { gridFromAscii } from '../testing/asciiMaps.js';
import { FrontierExplorerController, frontierParams, type TargetStrategy } from './FrontierExplorer.js';

const room = gridFromAscii(['#######', '#.....#', '#.....#', '#.....#', '#######']);
/** The map's corner: a wall cell, so no path reaches it and the controller gives it up at once. */
const UNREACHABLE = 0;

function controllerWith(strategy: TargetStrategy): { controller: FrontierExplorerController; robot: PointRobot } {
  const context = { seed: 7, rng: Random.fromSeed(7), robotId: 'r0', robotIndex: 0, robotCount: 1, tileSizeM: 1, params: frontierParams({}) };
  return { controller: new FrontierExplorerController(context, { strategy }), robot: new PointRobot(room, { pose: { xM: 3.5, yM: 2.5, headingRad: 0 } }) };
}

describe('frontier controller with a TargetStrategy', () => {
  it('blacklists a target given up, unless the strategy takes it back through abandoned', () => {
    for (const takeBack of [false, true]) {
      const skipped: boolean[] = [];
      const abandoned: number[] = [];
      const strategy: TargetStrategy = {
        beforeTick: () => false,
        choose: (_map, _from, _state, skip) => {
          skipped.push(skip(UNREACHABLE));
          return UNREACHABLE;
        },
        ...(takeBack
          ? {
              abandoned: (index: number) => {
                abandoned.push(index);
                return true;
              },
            }
          : {}),
      };
      const { controller, robot } = controllerWith(strategy);
      controller.tick(robot);
      // Three planning attempts in the tick, each finding no path to the target.
      expect(skipped).toEqual(takeBack ? [false, false, false] : [false, true, true]);
      expect(abandoned).toEqual(takeBack ? [UNREACHABLE, UNREACHABLE, UNREACHABLE] : []);
    }
  });

  it('asks again at once when beforeTick says so, even after running out of targets', () => {
    let wake = false;
    let chosen = 0;
    const { controller, robot } = controllerWith({
      beforeTick: () => wake,
      choose: () => {
        chosen++;
        return -1;
      },
    });
    controller.tick(robot);
    expect(controller.done).toBe(true);
    // Well before recheckS (5 s = 50 ticks) the controller waits without asking ...
    for (let t = 0; t < 5; t++) {
      robot.step();
      controller.tick(robot);
    }
    expect(chosen).toBe(1);
    // ... unless the strategy has a new target for it (Minotaur: an auction sent it through a doorway).
    wake = true;
    robot.step();
    controller.tick(robot);
    expect(chosen).toBe(2);
  });
});
