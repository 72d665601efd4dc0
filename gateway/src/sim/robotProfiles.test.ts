import { describe, expect, it } from 'vitest';
import { MONA_SPEC } from '@swarmgate/protocols';
import { DEFAULT_ROBOT_MODEL } from './RobotModel.js';
import fc from 'fast-check';
import { findRobotProfile, liveTrialProfile, parseCustomProfile, profileFromBirth, ROBOT_PROFILES, scaledProfile } from './robotProfiles.js';
import { World } from './World.js';
import { borderedRoom } from './testing/testGrids.js';

/** Terminal speed of a robot of this world commanded far beyond its limit, m/s (ground truth). */
function topSpeedMps(world: World): number {
  const robot = world.addRobot({ id: 'v', pose: { xM: -15, yM: 0, headingRad: 0 } });
  robot.setVelocity(1000, 0);
  for (let k = 0; k < 20; k++) world.step();
  const before = world.truePose('v').xM;
  world.step();
  return (world.truePose('v').xM - before) / 0.1;
}

describe('robot profiles', () => {
  it('maes is the engine default and mona is MONA_SPEC; unknown names are SG_ROBOT_PROFILE naming the known ones', () => {
    expect(ROBOT_PROFILES.map((p) => p.name)).toEqual(['maes', 'mona']);
    expect(findRobotProfile('maes').model).toBe(DEFAULT_ROBOT_MODEL);
    const mona = findRobotProfile('mona').model;
    expect(mona.radiusM).toBe(MONA_SPEC.bodyDiameterM / 2);
    expect(mona.maxSpeedMps).toBe(MONA_SPEC.maxWheelSpeedMps);
    expect(mona.wheelBaseM).toBe(MONA_SPEC.wheelBaseM);
    expect(mona.maxAngularRadps).toBeCloseTo((2 * 0.13) / 0.078, 12);
    expect(() => findRobotProfile('roomba')).toThrow(/SG_ROBOT_PROFILE.*'roomba'.*maes, mona\) or a custom:bodyDiameterM=M,maxWheelSpeedMps=MPS,wheelBaseM=M/);
  });

  it('builds a profile from Birth capabilities, falling back to MONA_SPEC per unusable value', () => {
    const model = profileFromBirth({ bodyDiameterM: 0.1, maxWheelSpeedMps: 0.2, wheelBaseM: 0.09 });
    expect(model).toMatchObject({ radiusM: 0.05, maxSpeedMps: 0.2, wheelBaseM: 0.09 });
    expect(model.maxAngularRadps).toBeCloseTo(0.4 / 0.09, 12);
    const partial = profileFromBirth({ bodyDiameterM: 0, maxWheelSpeedMps: Number.NaN, wheelBaseM: 0.1 });
    expect(partial).toMatchObject({ radiusM: 0.04, maxSpeedMps: 0.13, wheelBaseM: 0.1 });
  });

  it('scales lengths and speeds by the arena scale, not turn rates; refuses a bad scale', () => {
    const scaled = scaledProfile(findRobotProfile('mona').model, 25);
    expect(scaled.radiusM).toBeCloseTo(1, 12);
    expect(scaled.maxSpeedMps).toBeCloseTo(3.25, 12);
    expect(scaled.wheelBaseM).toBeCloseTo(1.95, 12);
    expect(scaled.maxAngularRadps).toBe(findRobotProfile('mona').model.maxAngularRadps);
    expect(() => scaledProfile(DEFAULT_ROBOT_MODEL, 0)).toThrow(/SG_ROBOT_PROFILE.*scale/);
  });

  it('a live trial: maes without physical robots, mona scaled with them, a map-metre profile never scaled', () => {
    expect(liveTrialProfile(undefined, null)).toBe(DEFAULT_ROBOT_MODEL);
    expect(liveTrialProfile(findRobotProfile('mona'), null)).toBe(findRobotProfile('mona').model);
    expect(liveTrialProfile(undefined, 30).radiusM).toBeCloseTo(1.2, 12);
    expect(liveTrialProfile(findRobotProfile('maes'), 30)).toBe(DEFAULT_ROBOT_MODEL);
  });

  it("the world drives a robot at its profile's top speed: 3 m/s for maes, 0.13 m/s for mona", () => {
    expect(topSpeedMps(new World(borderedRoom(40)))).toBeCloseTo(3, 2);
    expect(topSpeedMps(new World(borderedRoom(40), { robot: findRobotProfile('mona').model }))).toBeCloseTo(0.13, 3);
  });

  it('custom: builds a physical profile from Birth capabilities given by hand, in any field order', () => {
    const profile = findRobotProfile('custom:wheelBaseM=0.09,bodyDiameterM=0.1,maxWheelSpeedMps=0.2');
    expect(profile.physical).toBe(true);
    expect(profile.model).toEqual(profileFromBirth({ bodyDiameterM: 0.1, maxWheelSpeedMps: 0.2, wheelBaseM: 0.09 }));
    expect(profile.model.maxAngularRadps).toBeCloseTo(0.4 / 0.09, 12);
    expect(topSpeedMps(new World(borderedRoom(40), { robot: profile.model }))).toBeCloseTo(0.2, 3);
  });

  it.each([
    ['custom:bodyDiameterM=0.1,maxWheelSpeedMps=0.2', /missing wheelBaseM/],
    ['custom:bodyDiameterM=0.1,maxWheelSpeedMps=0.2,wheelBase=0.09', /unknown field 'wheelBase' \(fields: bodyDiameterM, maxWheelSpeedMps, wheelBaseM\)/],
    ['custom:bodyDiameterM=0,maxWheelSpeedMps=0.2,wheelBaseM=0.09', /bodyDiameterM must be a number in \(0, 10\], got '0'/],
    ['custom:bodyDiameterM=0.1,maxWheelSpeedMps=fast,wheelBaseM=0.09', /maxWheelSpeedMps must be a number in \(0, 100\], got 'fast'/],
    ['custom:bodyDiameterM=0.1,maxWheelSpeedMps=0.2,wheelBaseM', /wheelBaseM must be a number in \(0, 10\], got ''/],
    ['custom:bodyDiameterM=0.1,bodyDiameterM=0.2,wheelBaseM=0.09', /bodyDiameterM is given twice/],
    ['custom:', /unknown field ''/],
  ])('custom: refuses %s naming the field', (spec, message) => {
    expect(() => findRobotProfile(spec)).toThrow(message);
    expect(() => findRobotProfile(spec)).toThrow(/SG_ROBOT_PROFILE/);
  });

  it('custom: any string is a profile or SG_ROBOT_PROFILE; written capabilities read back', () => {
    fc.assert(
      fc.property(fc.string(), (tail) => {
        try {
          const c = parseCustomProfile('custom:' + tail);
          for (const v of [c.bodyDiameterM, c.maxWheelSpeedMps, c.wheelBaseM]) expect(v > 0 && Number.isFinite(v)).toBe(true);
        } catch (error) {
          expect((error as { code?: unknown }).code).toBe('SG_ROBOT_PROFILE');
        }
      }),
    );
    const positive = (max: number) => fc.double({ min: 1e-6, max, noNaN: true });
    fc.assert(
      fc.property(positive(10), positive(100), positive(10), (bodyDiameterM, maxWheelSpeedMps, wheelBaseM) => {
        const spec = `custom:bodyDiameterM=${bodyDiameterM},maxWheelSpeedMps=${maxWheelSpeedMps},wheelBaseM=${wheelBaseM}`;
        expect(parseCustomProfile(spec)).toEqual({ bodyDiameterM, maxWheelSpeedMps, wheelBaseM });
      }),
    );
  });
});
