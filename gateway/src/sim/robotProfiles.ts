/**
 * Robot profiles: the size and limits of the simulated robots of a trial (WorldConfig.robot),
 * selectable by name (`--robot-profile`) or built from a robot's Birth capabilities.
 *
 * - maes: MAES's robot (DEFAULT_ROBOT_MODEL: 0.6 m across, 3 m/s, 229 deg/s). The default of
 *   virtual-only trials, so results stay comparable with MAES and the papers that use it.
 * - mona: the MONA (MONA_SPEC: 80 mm across, 0.13 m/s wheel speed, 78 mm wheel base), in its
 *   own metres. A live trial with physical robots scales it by the arena transform
 *   (`scaledProfile`), so a virtual robot and a MONA twin have the same size and top speed on
 *   the map: the controller commands one kind of robot.
 * - fromBirth: a physical robot's claimed body diameter, wheel speed and wheel base, each
 *   falling back to MONA_SPEC when absent or not a positive finite number.
 * - custom:bodyDiameterM=M,maxWheelSpeedMps=MPS,wheelBaseM=M: those three Birth capabilities
 *   given by hand (e.g. copied from a robot's Birth), built by profileFromBirth; physical like
 *   mona. Every field is required, so a typo is an error rather than a silent MONA value.
 *
 * Every profile keeps MAES's drag (linear 20 /s, angular 30 /s) and 1 kg: the move and rotate
 * loops (Motion.ts) are tuned to the drag, and the mass only scales forces. The turn-rate limit
 * of a differential drive is 2 v / wheelBase (both wheels at full speed, opposite ways).
 */
import { MONA_SPEC } from '@swarmgate/protocols';
import { SwarmgateError } from '../errors.js';
import { DEFAULT_ROBOT_MODEL, type RobotModel } from './RobotModel.js';

/** The Birth capabilities a profile reads (HIL's RobotCapabilities has these and more). */
export interface ProfileCapabilities {
  readonly maxWheelSpeedMps: number;
  readonly wheelBaseM: number;
  readonly bodyDiameterM: number;
}

export interface RobotProfile {
  readonly name: string;
  readonly doc: string;
  readonly model: RobotModel;
  /** In physical metres (a robot on the lab's table): scaled by the arena transform in a mixed trial. */
  readonly physical: boolean;
}

/** A differential-drive robot's model from its body, wheel speed and wheel base (metres, m/s). */
function differentialDrive(bodyDiameterM: number, maxWheelSpeedMps: number, wheelBaseM: number): RobotModel {
  return {
    ...DEFAULT_ROBOT_MODEL,
    radiusM: bodyDiameterM / 2,
    maxSpeedMps: maxWheelSpeedMps,
    maxAngularRadps: (2 * maxWheelSpeedMps) / wheelBaseM,
    wheelBaseM,
  };
}

/** The profile of a robot from its Birth capabilities; missing or unusable values are MONA_SPEC's. */
export function profileFromBirth(capabilities: ProfileCapabilities | null): RobotModel {
  return differentialDrive(
    usable(capabilities?.bodyDiameterM, MONA_SPEC.bodyDiameterM),
    usable(capabilities?.maxWheelSpeedMps, MONA_SPEC.maxWheelSpeedMps),
    usable(capabilities?.wheelBaseM, MONA_SPEC.wheelBaseM),
  );
}

export const ROBOT_PROFILES: readonly RobotProfile[] = [
  { name: 'maes', doc: "MAES's robot: 0.6 m across, 3 m/s, 229 deg/s (default for virtual-only trials)", model: DEFAULT_ROBOT_MODEL, physical: false },
  {
    name: 'mona',
    doc: 'the MONA: 80 mm across, 0.13 m/s, 78 mm wheel base; scaled by --arena-scale in a trial with physical robots',
    model: profileFromBirth(null),
    physical: true,
  },
];

export const DEFAULT_ROBOT_PROFILE = 'maes';

const CUSTOM_PREFIX = 'custom:';
const CUSTOM_FIELDS: readonly (keyof ProfileCapabilities)[] = ['bodyDiameterM', 'maxWheelSpeedMps', 'wheelBaseM'];
/** Above these a "robot" is a typo (a 10 m body, a 100 m/s wheel). */
const CUSTOM_MAX: Readonly<Record<keyof ProfileCapabilities, number>> = { bodyDiameterM: 10, maxWheelSpeedMps: 100, wheelBaseM: 10 };
export const CUSTOM_PROFILE_SYNTAX = 'custom:bodyDiameterM=M,maxWheelSpeedMps=MPS,wheelBaseM=M';

/**
 * The capabilities of a `custom:` spec: each of the three fields exactly once, a positive number
 * up to CUSTOM_MAX; SG_ROBOT_PROFILE naming the field otherwise.
 */
export function parseCustomProfile(spec: string): ProfileCapabilities {
  if (!spec.startsWith(CUSTOM_PREFIX)) throw new SwarmgateError('SG_ROBOT_PROFILE', `a custom robot profile is ${CUSTOM_PROFILE_SYNTAX}, got '${spec}'`);
  const values: Partial<Record<keyof ProfileCapabilities, number>> = {};
  for (const part of spec.slice(CUSTOM_PREFIX.length).split(',')) {
    const eq = part.indexOf('=');
    const key = eq < 0 ? part : part.slice(0, eq);
    const field = CUSTOM_FIELDS.find((f) => f === key);
    if (field === undefined) {
      throw new SwarmgateError('SG_ROBOT_PROFILE', `custom robot profile: unknown field '${key}' (fields: ${CUSTOM_FIELDS.join(', ')})`);
    }
    if (values[field] !== undefined) throw new SwarmgateError('SG_ROBOT_PROFILE', `custom robot profile: ${field} is given twice`);
    const text = eq < 0 ? '' : part.slice(eq + 1).trim();
    const value = text === '' ? Number.NaN : Number(text);
    if (!(value > 0) || !(value <= CUSTOM_MAX[field])) {
      throw new SwarmgateError('SG_ROBOT_PROFILE', `custom robot profile: ${field} must be a number in (0, ${CUSTOM_MAX[field]}], got '${text}'`);
    }
    values[field] = value;
  }
  const missing = CUSTOM_FIELDS.filter((f) => values[f] === undefined);
  if (missing.length > 0) throw new SwarmgateError('SG_ROBOT_PROFILE', `custom robot profile: missing ${missing.join(', ')} (${CUSTOM_PROFILE_SYNTAX})`);
  return values as ProfileCapabilities;
}

/** The named profile, or a `custom:` one; SG_ROBOT_PROFILE naming the known ones otherwise. */
export function findRobotProfile(name: string): RobotProfile {
  if (name.startsWith(CUSTOM_PREFIX)) {
    const c = parseCustomProfile(name);
    return {
      name,
      doc: `Birth capabilities given by hand: ${c.bodyDiameterM} m across, ${c.maxWheelSpeedMps} m/s, ${c.wheelBaseM} m wheel base`,
      model: profileFromBirth(c),
      physical: true,
    };
  }
  const profile = ROBOT_PROFILES.find((p) => p.name === name);
  if (profile === undefined) {
    throw new SwarmgateError(
      'SG_ROBOT_PROFILE',
      `unknown robot profile '${name}' (known: ${ROBOT_PROFILES.map((p) => p.name).join(', ')}) or a ${CUSTOM_PROFILE_SYNTAX}`,
    );
  }
  return profile;
}

/**
 * A profile seen through the arena transform (map metres per arena metre): lengths and speeds
 * times scale, turn rates unchanged (scaling a robot and its wheel base together keeps 2 v / b).
 */
export function scaledProfile(model: RobotModel, scale: number): RobotModel {
  if (!(scale > 0) || !Number.isFinite(scale)) {
    throw new SwarmgateError('SG_ROBOT_PROFILE', `a profile's scale must be a positive finite number, got ${scale}`);
  }
  return {
    ...model,
    radiusM: model.radiusM * scale,
    maxSpeedMps: model.maxSpeedMps * scale,
    wheelBaseM: model.wheelBaseM * scale,
  };
}

/**
 * The model of a live trial's virtual robots. `arenaScale` (map metres per arena metre) is
 * given when physical robots are expected: then the profile (MONA's unless one is named) is
 * the physical robots', seen through the arena transform, so twins and virtual robots have the
 * same size and top speed on the map. A profile in map metres (maes) is never scaled.
 */
export function liveTrialProfile(named: RobotProfile | undefined, arenaScale: number | null): RobotModel {
  if (arenaScale === null) return (named ?? findRobotProfile(DEFAULT_ROBOT_PROFILE)).model;
  const profile = named ?? findRobotProfile('mona');
  return profile.physical ? scaledProfile(profile.model, arenaScale) : profile.model;
}

function usable(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;
}
