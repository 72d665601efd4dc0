import { describe, expect, it } from 'vitest';
import { MONA_SPEC } from '@swarmgate/protocols';
import { ManualClock } from '@swarmgate/protocols';
import { HilGateway } from '../hil/HilGateway.js';
import { MemoryLogger } from '../hil/Logger.js';
import { RobotRegistry } from '../hil/RobotRegistry.js';
import { liveTrialProfile } from '../sim/robotProfiles.js';
import { borderedRoom } from '../sim/testing/testGrids.js';
import { LiveTrial } from './LiveTrial.js';
import { twinSafety, type TwinOptions } from './PhysicalTwins.js';
import { testTrialConfig } from './testing/testTrialConfig.js';
import { monaBirth, wireDecoded } from './testing/wireDecoded.js';

const SCALE = 30;
const TWINS: TwinOptions = { poseSource: 'odometry', transform: { scale: SCALE, rotationRad: 0, offsetXM: 0, offsetYM: 0 } };
const BIRTH = monaBirth();
const odometryAt = (xM: number) => wireDecoded('telemetry', { telemetry: { odometry: { xM, yM: 0, headingRad: 0 } } });

describe("a mixed trial: virtual robots take the physical robots' profile through the arena transform", () => {
  it('a MONA twin and a virtual robot have the same body radius and top speed in the map frame', () => {
    const grid = borderedRoom(80);
    const registry = new RobotRegistry({ clock: new ManualClock() });
    const hil = new HilGateway({ registry, safety: twinSafety(grid, TWINS) });
    // r0 is remote-controlled: no host-side algorithm overrides the test's commands. It starts
    // facing 30 m of open floor, so its 25 ticks at full speed (under 10 m) touch no wall.
    const spawn = { kind: 'positions' as const, poses: [{ xM: -30, yM: 0, headingRad: 0 }] };
    const trial = { ...testTrialConfig(grid, 1, ['r0']), spawn, world: { robot: liveTrialProfile(undefined, SCALE) } };
    const live = new LiveTrial({ trial, hil, twins: TWINS, logger: new MemoryLogger() });
    const world = live.world;
    registry.birth('m1', 'mqtt', BIRTH);
    registry.telemetry('m1', odometryAt(0));
    world.step();

    // Size: the disc every robot of the world has, against the twin's body (its Birth, as the
    // safety filter takes it) seen through the arena transform.
    const limits = hil.limitsOf('m1');
    expect(world.config.robot.radiusM).toBeCloseTo(limits.bodyRadiusM * SCALE, 12);
    expect(world.config.robot.radiusM).toBeCloseTo(1.2, 12);

    // Top speed: the virtual robot commanded far beyond its limit, and the twin whose physical
    // robot drives at the fastest wheel speed the safety filter lets through (odometry per tick).
    const virtual = world.robot('r0');
    virtual.setVelocity(1000, 0);
    const tickS = world.config.physicsStepS * world.config.stepsPerTick;
    let odometryM = 0;
    const speeds = { virtual: 0, twin: 0 };
    for (let k = 0; k < 25; k++) {
      const v0 = world.truePose('r0');
      const t0 = world.truePose('m1');
      odometryM += limits.maxWheelSpeedMps * tickS;
      registry.telemetry('m1', odometryAt(odometryM));
      world.step();
      const v1 = world.truePose('r0');
      const t1 = world.truePose('m1');
      speeds.virtual = Math.hypot(v1.xM - v0.xM, v1.yM - v0.yM) / tickS;
      speeds.twin = Math.hypot(t1.xM - t0.xM, t1.yM - t0.yM) / tickS;
    }
    // Odometry is float32 on the wire: equal to 1e-5 m/s.
    expect(speeds.twin).toBeCloseTo(MONA_SPEC.maxWheelSpeedMps * SCALE, 4);
    expect(speeds.virtual).toBeCloseTo(speeds.twin, 3);
    // The default (maes) profile would have been 3 m/s and 0.3 m: the two kinds would differ.
    expect(Math.abs(speeds.virtual - 3)).toBeGreaterThan(0.5);
  });
});
