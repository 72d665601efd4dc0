/**
 * The similarity transform from a physical arena (metres on the lab table) to the virtual map
 * (metres of the trial's map): scale, then rotate, then offset.
 *
 *   map = offset + scale * R(rotation) * arena,   heading_map = heading_arena + rotation
 *
 * A table of 2 m beside a 50 m building is scale 25. Speeds scale the same way (a 0.1 m/s
 * robot crosses 2.5 map metres a second); turn rates do not scale.
 */
import type { Pose } from '@swarmgate/sdk';
import { SwarmgateError } from '../errors.js';
import { wrapAngle } from '@swarmgate/protocols';

export interface ArenaTransformSpec {
  /** Map metres per arena metre (> 0). */
  readonly scale: number;
  /** Rotation from the arena frame to the map frame, counter-clockwise. */
  readonly rotationRad: number;
  /** Where the arena origin lies on the map. */
  readonly offsetXM: number;
  readonly offsetYM: number;
}

/** A pose written in place (hot paths pass a scratch object instead of allocating). */
export interface MutablePose {
  xM: number;
  yM: number;
  headingRad: number;
}

export class ArenaTransform implements ArenaTransformSpec {
  readonly scale: number;
  readonly rotationRad: number;
  readonly offsetXM: number;
  readonly offsetYM: number;
  private readonly cos: number;
  private readonly sin: number;

  /** Throws SG_TRIAL_CONFIG naming the field when a value is not finite or the scale not positive. */
  constructor(spec: ArenaTransformSpec) {
    for (const [name, value] of Object.entries(spec)) {
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        throw new SwarmgateError('SG_TRIAL_CONFIG', `arena transform ${name} must be a finite number, got ${String(value)}`);
      }
    }
    if (!(spec.scale > 0)) throw new SwarmgateError('SG_TRIAL_CONFIG', `arena transform scale must be > 0, got ${spec.scale}`);
    this.scale = spec.scale;
    this.rotationRad = spec.rotationRad;
    this.offsetXM = spec.offsetXM;
    this.offsetYM = spec.offsetYM;
    this.cos = Math.cos(spec.rotationRad);
    this.sin = Math.sin(spec.rotationRad);
  }

  /**
   * The transform with `scale` that maps `arenaPose` exactly onto `mapPose`: how a robot's own
   * odometry frame (zero where the robot booted) is anchored where its twin stands.
   */
  static matching(arenaPose: Pose, mapPose: Pose, scale: number): ArenaTransform {
    const rotationRad = wrapAngle(mapPose.headingRad - arenaPose.headingRad);
    const c = Math.cos(rotationRad);
    const s = Math.sin(rotationRad);
    return new ArenaTransform({
      scale,
      rotationRad,
      offsetXM: mapPose.xM - scale * (c * arenaPose.xM - s * arenaPose.yM),
      offsetYM: mapPose.yM - scale * (s * arenaPose.xM + c * arenaPose.yM),
    });
  }

  /** The map pose of an arena pose, written into `out` (a new object by default). */
  toMap(xM: number, yM: number, headingRad: number, out: MutablePose = { xM: 0, yM: 0, headingRad: 0 }): Pose {
    out.xM = this.offsetXM + this.scale * (this.cos * xM - this.sin * yM);
    out.yM = this.offsetYM + this.scale * (this.sin * xM + this.cos * yM);
    out.headingRad = wrapAngle(headingRad + this.rotationRad);
    return out;
  }

  /** The arena pose of a map pose, written into `out` (a new object by default). */
  toArena(xM: number, yM: number, headingRad: number, out: MutablePose = { xM: 0, yM: 0, headingRad: 0 }): Pose {
    const dx = (xM - this.offsetXM) / this.scale;
    const dy = (yM - this.offsetYM) / this.scale;
    out.xM = this.cos * dx + this.sin * dy;
    out.yM = -this.sin * dx + this.cos * dy;
    out.headingRad = wrapAngle(headingRad - this.rotationRad);
    return out;
  }
}
