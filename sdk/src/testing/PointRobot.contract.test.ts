/** The Robot contract (robotContract.ts) on PointRobot, the SDK's kinematic test robot. */
import { PointRobot } from './PointRobot.js';
import { gridFromAscii } from './asciiMaps.js';
import { robotContract } from './robotContract.js';

const ROOM = gridFromAscii(['##########', ...Array.from({ length: 8 }, () => '#........#'), '##########']);

robotContract(
  'PointRobot',
  async () => {
    const robot = new PointRobot(ROOM, { id: 'r1', pose: { xM: 3.5, yM: 4.5, headingRad: 0 } });
    return {
      robot,
      step: async () => robot.step(),
      deliver: async (payload) => void robot.pendingInbox.push({ from: 'r0', sentTick: robot.state().tick, payload }),
      close: async () => undefined,
    };
  },
  // No dynamics: a move or rotation ends exactly where it was asked to (float rounding only).
  { moveToleranceM: 1e-9, rotateToleranceRad: 1e-9 },
);
