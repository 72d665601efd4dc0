import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { World } from './World.js';
import { borderedRoom } from './testing/testGrids.js';

/** A command within the robot's limits, or none (the robot keeps what it was doing). */
const command = fc.oneof(
  fc.constant({ kind: 'none' as const, a: 0, b: 0 }),
  fc.record({ kind: fc.constant('move' as const), a: fc.double({ min: -4, max: 4, noNaN: true }), b: fc.constant(0) }),
  fc.record({ kind: fc.constant('rotate' as const), a: fc.double({ min: -180, max: 180, noNaN: true }), b: fc.constant(0) }),
  // Top speed half the time: the bounds are tightest for robots closing on each other flat out.
  fc.record({
    kind: fc.constant('velocity' as const),
    a: fc.oneof(fc.constantFrom(-3, 3), fc.double({ min: -3, max: 3, noNaN: true })),
    b: fc.oneof(fc.constant(0), fc.double({ min: -4, max: 4, noNaN: true })),
  }),
  fc.constant({ kind: 'stop' as const, a: 0, b: 0 }),
);

/** Lattice sites 0.7 m apart in a 10 m room: robots (0.6 m across) start apart, often within a tick's reach of each other. */
const SITES_PER_ROW = 13;
const site = fc.integer({ min: 0, max: SITES_PER_ROW * SITES_PER_ROW - 1 });

describe('free robots in a crowd (property)', () => {
  // The engine's debug check (on in tests) throws when a robot stepped outside planck touched
  // anything during its tick: the mutual travel bounds must hold for every script.
  it('a robot stepped outside planck never touches a robot or a wall during its tick', () => {
    let freeRobotTicks = 0;
    fc.assert(
      fc.property(
        fc.uniqueArray(site, { minLength: 2, maxLength: 30 }),
        fc.array(fc.array(command, { maxLength: 30 }), { minLength: 1, maxLength: 8 }),
        (sites, rounds) => {
          const world = new World(borderedRoom(12));
          const ids = sites.map((s, k) => {
            const id = `r${k}`;
            world.addRobot({ id, pose: { xM: -4.2 + 0.7 * (s % SITES_PER_ROW), yM: -4.2 + 0.7 * Math.floor(s / SITES_PER_ROW), headingRad: (s * 7) % 6 } });
            return id;
          });
          for (const commands of rounds) {
            for (let k = 0; k < commands.length && k < ids.length; k++) {
              const c = commands[k];
              const robot = world.robot(ids[k]);
              try {
                if (c.kind === 'move') robot.move(c.a);
                else if (c.kind === 'rotate') robot.rotate(c.a);
                else if (c.kind === 'velocity') robot.setVelocity(c.a, c.b);
                else if (c.kind === 'stop') robot.stop();
              } catch (error) {
                // A move or rotate while another runs is refused; the robot goes on with the first.
                expect((error as { code?: string }).code).toBe('SG_ROBOT_BUSY');
              }
            }
            for (let tick = 0; tick < 6; tick++) {
              world.step();
              freeRobotTicks += world.freeRobotCount;
            }
          }
        },
      ),
      { numRuns: 100 },
    );
    // Not vacuous: many robot-ticks were stepped outside planck.
    expect(freeRobotTicks).toBeGreaterThan(1000);
  });
});
