import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { World } from './World.js';
import { wrapAngle } from '@swarmgate/protocols';
import { borderedRoom } from './testing/testGrids.js';

/** The engine's precision for a finished move (Motion.ts: done within 5 mm, plus braking creep). */
const MOVE_TOLERANCE_M = 0.01;
const HEADING_TOLERANCE_RAD = 0.002;

/**
 * Runs robot 'r' from (x, y, headingDeg) through move(d) in a 12 x 12 m room (interior
 * [-5, 5]^2) until it is idle again; returns its pose, or undefined if it never finished.
 */
function moveFrom(xM: number, yM: number, headingDeg: number, distanceM: number) {
  const world = new World(borderedRoom(12));
  const robot = world.addRobot({ id: 'r', pose: { xM, yM, headingRad: (headingDeg * Math.PI) / 180 } });
  robot.move(distanceM);
  for (let tick = 0; tick < 300; tick++) {
    world.step();
    if (tick > 0 && robot.state().status === 'idle') return world.truePose('r');
  }
  return undefined;
}

describe('headings from any range (property)', () => {
  it('a move ends at start + d (cos h, sin h) with the normalised start heading, near a wall or not', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.double({ min: -1e4, max: 1e4, noNaN: true }), fc.constantFrom(180, -180, 200, 370, 540, -540, 1e4, -1e4)),
        // Near a wall (the robot's rim 6 or 10 cm from the wall at x = 5, beyond planck's 1 cm skin) or in the open.
        fc.oneof(fc.constantFrom(4.6, 4.64), fc.double({ min: -2, max: 2, noNaN: true })),
        fc.double({ min: -2, max: 2, noNaN: true }),
        fc.double({ min: 0.5, max: 2, noNaN: true }),
        (headingDeg, xM, yM, distanceM) => {
          const h = wrapAngle((headingDeg * Math.PI) / 180);
          // Move away from the east wall when starting against it, so the target is reachable.
          const d = Math.cos(h) > 0 && xM > 4 ? -distanceM : distanceM;
          const end = moveFrom(xM, yM, headingDeg, d);
          expect(end, 'the move finished').toBeDefined();
          if (end === undefined) return;
          expect(Math.hypot(end.xM - (xM + d * Math.cos(h)), end.yM - (yM + d * Math.sin(h)))).toBeLessThan(MOVE_TOLERANCE_M);
          expect(Math.abs(wrapAngle(end.headingRad - h))).toBeLessThan(HEADING_TOLERANCE_RAD);
          expect(end.headingRad).toBeGreaterThan(-Math.PI);
          expect(end.headingRad).toBeLessThanOrEqual(Math.PI);
        },
      ),
      { numRuns: 80 },
    );
  }, 120_000);

  it('a heading wound past a half turn by rotations does not spin a later move near a wall', () => {
    const world = new World(borderedRoom(12));
    const robot = world.addRobot({ id: 'r', pose: { xM: 4.6, yM: 0, headingRad: 0 } });
    const runUntilIdle = () => {
      for (let tick = 0; tick < 300; tick++) {
        world.step();
        if (tick > 0 && robot.state().status === 'idle') return;
      }
      throw new Error('the action never finished');
    };
    // 170 + 170 = 340 degrees of body angle in the engine: the same heading as -20.
    robot.rotate(170);
    runUntilIdle();
    robot.rotate(170);
    runUntilIdle();
    const start = world.truePose('r');
    expect((start.headingRad * 180) / Math.PI).toBeCloseTo(-20, 1);
    robot.move(-1.5);
    runUntilIdle();
    const end = world.truePose('r');
    expect(end.xM).toBeCloseTo(start.xM - 1.5 * Math.cos(start.headingRad), 2);
    expect(end.yM).toBeCloseTo(start.yM - 1.5 * Math.sin(start.headingRad), 2);
    expect(Math.abs(wrapAngle(end.headingRad - start.headingRad))).toBeLessThan(HEADING_TOLERANCE_RAD);
  });
});
