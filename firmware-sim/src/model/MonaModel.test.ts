import { describe, expect, it } from 'vitest';
import { Arena, DEFAULT_ARENA } from './Arena.js';
import { wrapAngle } from '@swarmgate/protocols';
import { MonaModel, type MonaDimensions, type MonaModelOptions } from './MonaModel.js';

// Round test dimensions (not the robot's spec) so golden values can be derived by hand.
const DIMS: MonaDimensions = {
  bodyDiameterM: 0.08,
  wheelRadiusM: 0.01,
  wheelBaseM: 0.08,
  encoderTicksPerRev: 100,
  maxWheelSpeedMps: 0.2,
  irSensors: [-Math.PI / 2, -Math.PI / 4, 0, Math.PI / 4, Math.PI / 2].map((angleRad) => ({ angleRad })),
  irRangeMaxM: 0.1,
  batteryFullVolts: 4.2,
  batteryEmptyVolts: 3.3,
};

function model(overrides: Partial<MonaModelOptions> = {}): MonaModel {
  return new MonaModel({
    dims: DIMS,
    arena: new Arena(DEFAULT_ARENA),
    seed: 7,
    startPose: { xM: 1, yM: 1, headingRad: 0 },
    encoderNoiseStd: 0,
    maxSlip: 0,
    ...overrides,
  });
}

describe('MonaModel kinematics', () => {
  it('drives a straight line: 0.1 m/s (10 rad/s on a 10 mm wheel) for 1 s', () => {
    const m = model();
    m.setWheelSpeeds(0.1, 0.1, 10_000);
    m.advanceTo(1000);
    expect(m.pose.xM).toBeCloseTo(1.1, 9);
    expect(m.pose.yM).toBeCloseTo(1, 9);
    expect(m.pose.headingRad).toBeCloseTo(0, 9);
    // 10 rad = 1.5915 revolutions = 159.15 ticks, truncated.
    expect(Array.from(m.encoderTicks)).toEqual([159, 159]);
  });

  it('spins in place: opposite 0.1 m/s wheels turn at 0.2/base = 2.5 rad/s', () => {
    const m = model();
    m.setWheelSpeeds(-0.1, 0.1, 10_000);
    m.advanceTo(400);
    expect(m.pose.headingRad).toBeCloseTo(1.0, 9);
    expect(m.pose.xM).toBeCloseTo(1, 9);
    expect(m.pose.yM).toBeCloseTo(1, 9);
    expect(m.encoderTicks[0]).toBe(-63); // -4 rad * 100 / 2pi = -63.66
    expect(m.encoderTicks[1]).toBe(63);
  });

  it('follows an arc exactly: a quarter circle of radius base/2 * (wr+wl)/(wr-wl)', () => {
    const m = model();
    // wl = 0.05, wr = 0.15 m/s: v = 0.1 m/s, w = 1.25 rad/s, turning radius 0.08 m.
    m.setWheelSpeeds(0.05, 0.15, 100_000);
    m.advanceTo((Math.PI / 2 / 1.25) * 1000 + 1e-6); // not a whole number of steps
    const endMs = m.timeMs;
    const turned = 1.25 * (endMs / 1000);
    expect(m.pose.headingRad).toBeCloseTo(turned, 9);
    expect(m.pose.xM).toBeCloseTo(1 + 0.08 * Math.sin(turned), 9);
    expect(m.pose.yM).toBeCloseTo(1 + 0.08 * (1 - Math.cos(turned)), 9);
  });

  it('integrates whole steps only and never goes back in time', () => {
    const m = model({ stepMs: 10 });
    m.advanceTo(25);
    expect(m.timeMs).toBe(20);
    m.advanceTo(5);
    expect(m.timeMs).toBe(20);
  });

  it('clamps wheel speeds to the motor limit and says so', () => {
    const m = model();
    expect(m.setWheelSpeeds(0.5, -0.5, 1000)).toBe('clamped');
    expect(Array.from(m.wheelSpeedMps)).toEqual([0.2, -0.2]);
    expect(m.setWheelSpeeds(0.01, 0.02, 1000)).toBe('ok');
  });

  it('stops translating at the fence but can back away', () => {
    const m = model({ startPose: { xM: 1.9, yM: 1, headingRad: 0 } });
    m.setWheelSpeeds(0.2, 0.2, 100_000);
    m.advanceTo(2000);
    expect(m.pose.xM).toBeLessThanOrEqual(2 - 0.04 + 1e-9);
    expect(m.pose.xM).toBeGreaterThan(1.95);
    expect(m.bumped).toBe(true);
    expect(m.collisions).toBeGreaterThan(0);
    const atWall = m.pose.xM;
    m.setWheelSpeeds(-0.1, -0.1, 100_000);
    m.advanceTo(3000);
    expect(m.pose.xM).toBeCloseTo(atWall - 0.1, 6);
    expect(m.bumped).toBe(false);
  });

  it('refuses a start pose outside the arena', () => {
    expect(() => model({ startPose: { xM: 3, yM: 1, headingRad: 0 } })).toThrow(/SG_MODEL_CONFIG.*outside/);
  });

  it('wraps angles into (-pi, pi]', () => {
    expect(wrapAngle(Math.PI)).toBeCloseTo(Math.PI, 12);
    expect(wrapAngle(-Math.PI)).toBeCloseTo(Math.PI, 12);
    expect(wrapAngle((3 * Math.PI) / 2)).toBeCloseTo(-Math.PI / 2, 12);
  });
});

describe('MonaModel watchdog (model time)', () => {
  it('stops the motors at the first step at or after the deadline', () => {
    const m = model();
    m.setWheelSpeeds(0.1, 0.1, 300);
    m.advanceTo(1000);
    expect(m.motorsRunning).toBe(false);
    expect(m.watchdogTrips).toBe(1);
    expect(m.pose.xM).toBeCloseTo(1 + 0.1 * 0.3, 9); // moved for exactly 300 ms
  });

  it('a newer command before the deadline extends the motion', () => {
    const m = model();
    m.setWheelSpeeds(0.1, 0.1, 300);
    m.advanceTo(200);
    m.setWheelSpeeds(0.1, 0.1, 500);
    m.advanceTo(1000);
    expect(m.pose.xM).toBeCloseTo(1 + 0.1 * 0.5, 9);
    expect(m.watchdogTrips).toBe(1);
  });

  it('emergency stop halts at once and latches until cleared', () => {
    const m = model();
    m.setWheelSpeeds(0.1, 0.1, 10_000);
    m.advanceTo(100);
    m.emergencyStop();
    expect(m.setWheelSpeeds(0.1, 0.1, 10_000)).toBe('estopped');
    m.advanceTo(1000);
    expect(m.pose.xM).toBeCloseTo(1.01, 9);
    m.clearEmergencyStop();
    expect(m.setWheelSpeeds(0.1, 0.1, 2000)).toBe('ok');
  });
});

describe('MonaModel encoders', () => {
  function drive(seed: number): { ticks: number[]; pose: number[] } {
    const m = model({ seed, encoderNoiseStd: 0.05, maxSlip: 0.1 });
    m.setWheelSpeeds(0.1, 0.12, 100_000);
    m.advanceTo(5000);
    return { ticks: Array.from(m.encoderTicks), pose: [m.pose.xM, m.pose.yM, m.pose.headingRad] };
  }

  it('is deterministic per seed and differs between seeds', () => {
    expect(drive(1)).toEqual(drive(1));
    expect(drive(1).ticks).not.toEqual(drive(2).ticks);
  });

  it('noise is unbiased: ticks stay within 1 % of the exact count over 5 s', () => {
    const { ticks } = drive(3);
    const exactLeft = (10 * 5 * 100) / (2 * Math.PI);
    const exactRight = (12 * 5 * 100) / (2 * Math.PI);
    expect(Math.abs(ticks[0]! - exactLeft) / exactLeft).toBeLessThan(0.01);
    expect(Math.abs(ticks[1]! - exactRight) / exactRight).toBeLessThan(0.01);
  });

  it('slip makes the ground travel shorter than the wheel rotation (odometry overestimates)', () => {
    const slipping = model({ maxSlip: 0.2 });
    const ideal = model();
    for (const m of [slipping, ideal]) {
      m.setWheelSpeeds(0.1, 0.1, 100_000);
      m.advanceTo(1000);
    }
    expect(Array.from(slipping.encoderTicks)).toEqual(Array.from(ideal.encoderTicks));
    const travelled = slipping.pose.xM - 1;
    expect(travelled).toBeLessThan(0.1 * 0.95); // mean slip 10 %
    expect(travelled).toBeGreaterThan(0.1 * 0.85);
  });
});

describe('MonaModel battery and IR', () => {
  it('drains faster with the motors on and stops them when empty', () => {
    const idle = model();
    const busy = model();
    busy.setWheelSpeeds(0.2, 0.2, Number.POSITIVE_INFINITY);
    busy.pose.xM = 0.1; // room to drive is irrelevant: the fence stops it, the motors still run
    idle.advanceTo(60_000);
    busy.advanceTo(60_000);
    // 8 h idle life: 60 s drains 1/480; 2 h full load: 60 s drains 1/120.
    expect(1 - idle.battery.soc).toBeCloseTo(1 / 480, 6);
    expect(1 - busy.battery.soc).toBeCloseTo(1 / 120, 6);
    const empty = model({ battery: { idleLifeH: 8, fullLoadLifeH: 2, initialSoc: 0.00001 } });
    empty.setWheelSpeeds(0.2, 0.2, Number.POSITIVE_INFINITY);
    empty.advanceTo(10_000);
    expect(empty.motorsRunning).toBe(false);
    expect(empty.battery.voltageV).toBeCloseTo(3.3, 6);
    expect(empty.setWheelSpeeds(0.01, 0.01, 1e9)).toBe('battery-empty');
  });

  it('reads IR ranges from the rim to the walls, max range when clear', () => {
    const m = model({ startPose: { xM: 1.92, yM: 1, headingRad: 0 } });
    const ranges = m.readIr();
    // Front sensor: rim at x = 1.96, fence at x = 2.
    expect(ranges[2]).toBeCloseTo(0.04, 9);
    // 45 deg sensors: rim at 1.92 + 0.04 cos45, ray to x = 2 along 45 deg: 0.0731 m.
    const diagonal = (2 - (1.92 + 0.04 * Math.SQRT1_2)) / Math.SQRT1_2;
    expect(ranges[1]).toBeCloseTo(diagonal, 9);
    expect(ranges[3]).toBeCloseTo(diagonal, 9);
    expect(ranges[0]).toBe(0.1);
    expect(ranges[4]).toBe(0.1);
  });

  it('sees interior walls', () => {
    const m = model({ arena: new Arena({ widthM: 2, heightM: 2, walls: [[1.1, 0.5, 1.1, 1.5]] }) });
    expect(m.readIr()[2]).toBeCloseTo(0.06, 9);
  });
});
