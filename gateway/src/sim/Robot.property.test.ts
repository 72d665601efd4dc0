import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { World } from './World.js';
import { borderedRoom } from './testing/testGrids.js';

const anyNumber = fc.oneof(fc.double(), fc.constantFrom(Number.NaN, Infinity, -Infinity, 0, 1e308));
const command = fc.oneof(
  fc.record({ kind: fc.constant('move' as const), a: anyNumber }),
  fc.record({ kind: fc.constant('rotate' as const), a: anyNumber }),
  fc.record({ kind: fc.constant('velocity' as const), a: anyNumber, b: anyNumber }),
  fc.record({ kind: fc.constant('wheels' as const), a: anyNumber, b: anyNumber }),
  fc.record({ kind: fc.constant('stop' as const) }),
);

describe('Robot API under arbitrary commands (property)', () => {
  it('either refuses a command with an sdk code or runs it; poses stay finite and inside the walls', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(command, fc.integer({ min: 1, max: 5 })), { maxLength: 12 }), (script) => {
        const world = new World(borderedRoom(12));
        const robot = world.addRobot({ id: 'r', pose: { xM: 0.5, yM: 0.5, headingRad: 0 } });
        for (const [c, ticks] of script) {
          try {
            if (c.kind === 'move') robot.move(c.a);
            else if (c.kind === 'rotate') robot.rotate(c.a);
            else if (c.kind === 'velocity') robot.setVelocity(c.a, c.b);
            else if (c.kind === 'wheels') robot.setWheelSpeeds(c.a, c.b);
            else robot.stop();
          } catch (error) {
            expect((error as { code?: string }).code).toMatch(/^SG_(BAD_ARGUMENT|ROBOT_BUSY)$/);
          }
          for (let k = 0; k < ticks; k++) world.step();
          const pose = world.truePose('r');
          expect(Number.isFinite(pose.xM) && Number.isFinite(pose.yM) && Number.isFinite(pose.headingRad)).toBe(true);
          // Interior of the room is [-5, 5]; the body (r = 0.3) may not sink into the border.
          expect(Math.abs(pose.xM)).toBeLessThan(5 - 0.25);
          expect(Math.abs(pose.yM)).toBeLessThan(5 - 0.25);
        }
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});
