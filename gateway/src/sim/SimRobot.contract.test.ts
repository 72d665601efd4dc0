/** The Robot contract (sdk robotContract) on the in-process SimRobot, stepped by its World. */
import { robotContract } from '@swarmgate/sdk/testing';
import { World } from './World.js';
import { borderedRoom } from './testing/testGrids.js';

robotContract(
  'SimRobot',
  async () => {
    const world = new World(borderedRoom(20));
    const robot = world.addRobot({ id: 'r1', pose: { xM: -2, yM: 0.5, headingRad: 0 } });
    // A second robot, standing still, to send to r1.
    world.addRobot({ id: 'r0', pose: { xM: -6, yM: -6, headingRad: 0 } });
    return {
      robot,
      step: async () => world.step(),
      deliver: async (payload) => world.robot('r0').broadcast(payload),
      close: async () => undefined,
    };
  },
  // The engine ends 1..20 m moves within 1 mm and rotations within 0.0005 rad (Motion.ts, Motion.test.ts).
  { moveToleranceM: 0.001, rotateToleranceRad: 0.0005 },
);
