/**
 * The safety filter between every motion command and a physical robot (pure: no IO, no
 * engine). It clamps wheel speeds to the robot's limits, refuses motion that would carry the
 * robot through the arena fence or into a wall of the virtual map within a look-ahead, and
 * stamps every MotorCommand with a deadline after which the firmware stops the motors.
 *
 * Frames: the pose, the arena rectangle and `isBlocked` are all in the arena frame (metres,
 * y up). The caller composes the arena-to-map transform into `isBlocked`, so this module
 * needs neither the map nor the simulator.
 */
import { cappedMotorDeadlineMs } from '@swarmgate/protocols';

export interface ArenaRect {
  readonly minXM: number;
  readonly minYM: number;
  readonly maxXM: number;
  readonly maxYM: number;
}

export interface SafetyPose {
  readonly xM: number;
  readonly yM: number;
  readonly headingRad: number;
}

/** The robot's effective limits: the smaller of its Birth capabilities and the fleet file. */
export interface SafetyLimits {
  readonly maxWheelSpeedMps: number;
  readonly wheelBaseM: number;
  /** Half the body diameter: the fence and walls keep this clearance from the centre. */
  readonly bodyRadiusM: number;
}

export interface CommandSafetyOptions {
  /** The physical fence; null: no fence check. */
  readonly arena?: ArenaRect | null;
  /** True where the virtual map has a wall (arena frame); null: no wall check. */
  readonly isBlocked?: ((xM: number, yM: number) => boolean) | null;
  /** How far ahead motion is projected, s. Should cover a command period plus link latency. */
  readonly lookAheadS?: number;
  /** Projected points per look-ahead (the arc is sampled, not swept). */
  readonly samples?: number;
  /** Watchdog deadline attached to every MotorCommand, ms (default 300; at most MONA_SPEC.maxMotorDeadlineMs). */
  readonly deadlineMs?: number;
}

export type SafetyVerdict = 'ok' | 'clamped' | 'fence' | 'wall' | 'no-pose' | 'invalid';

/** A filtered motor set-point. Written into a caller's scratch object (hot path). */
export interface MotorDecision {
  leftMps: number;
  rightMps: number;
  deadlineMs: number;
  verdict: SafetyVerdict;
}

export interface SafetyCounters {
  commands: number;
  clamps: number;
  fenceRefusals: number;
  wallRefusals: number;
  noPoseRefusals: number;
  invalid: number;
}

export function newMotorDecision(): MotorDecision {
  return { leftMps: 0, rightMps: 0, deadlineMs: 0, verdict: 'ok' };
}

export class CommandSafety {
  readonly counters: SafetyCounters = { commands: 0, clamps: 0, fenceRefusals: 0, wallRefusals: 0, noPoseRefusals: 0, invalid: 0 };
  readonly deadlineMs: number;
  private readonly arena: ArenaRect | null;
  private readonly isBlocked: ((xM: number, yM: number) => boolean) | null;
  private readonly lookAheadS: number;
  private readonly samples: number;

  constructor(options: CommandSafetyOptions = {}) {
    this.arena = options.arena ?? null;
    this.isBlocked = options.isBlocked ?? null;
    this.lookAheadS = options.lookAheadS ?? 0.5;
    this.samples = Math.max(1, Math.round(options.samples ?? 8));
    // The cap the firmware applies too: a longer deadline would not be honoured there anyway.
    this.deadlineMs = cappedMotorDeadlineMs(options.deadlineMs ?? 300);
  }

  /** A zero set-point with the deadline: what every stop and refusal sends. */
  stop(out: MotorDecision, verdict: SafetyVerdict = 'ok'): MotorDecision {
    out.leftMps = 0;
    out.rightMps = 0;
    out.deadlineMs = this.deadlineMs;
    out.verdict = verdict;
    return out;
  }

  /**
   * Filters wheel speeds for one robot. `pose` null means "not known yet" (no tracker fix):
   * motion is refused when a fence or walls are configured, since it cannot be checked.
   */
  filterWheels(limits: SafetyLimits, pose: SafetyPose | null, leftMps: number, rightMps: number, out: MotorDecision): MotorDecision {
    this.counters.commands++;
    if (!Number.isFinite(leftMps) || !Number.isFinite(rightMps)) {
      this.counters.invalid++;
      return this.stop(out, 'invalid');
    }
    let verdict: SafetyVerdict = 'ok';
    // Scale both wheels by one factor: the robot keeps its arc, only slower (clamping each
    // wheel alone would change the curvature and steer it somewhere unplanned).
    const fastest = Math.max(Math.abs(leftMps), Math.abs(rightMps));
    if (fastest > limits.maxWheelSpeedMps) {
      const scale = limits.maxWheelSpeedMps / fastest;
      leftMps *= scale;
      rightMps *= scale;
      this.counters.clamps++;
      verdict = 'clamped';
    }
    if (leftMps === 0 && rightMps === 0) return this.stop(out, verdict);
    if (this.arena || this.isBlocked) {
      if (!pose) {
        this.counters.noPoseRefusals++;
        return this.stop(out, 'no-pose');
      }
      const refusal = this.projectedRefusal(limits, pose, leftMps, rightMps);
      if (refusal === 'fence') this.counters.fenceRefusals++;
      if (refusal === 'wall') this.counters.wallRefusals++;
      if (refusal) return this.stop(out, refusal);
    }
    out.leftMps = leftMps;
    out.rightMps = rightMps;
    out.deadlineMs = this.deadlineMs;
    out.verdict = verdict;
    return out;
  }

  /** How far the body pokes through the fence at (x, y), m; 0 when fully inside. */
  private fencePenetrationM(xM: number, yM: number, radiusM: number): number {
    const a = this.arena!;
    return Math.max(0, a.minXM + radiusM - xM, xM - (a.maxXM - radiusM), a.minYM + radiusM - yM, yM - (a.maxYM - radiusM));
  }

  /**
   * Samples the differential-drive arc over the look-ahead. The fence refuses motion that
   * increases penetration (so a robot already at the fence may still back away); walls
   * refuse motion whose leading edge would enter a blocked cell. Rotation in place never
   * moves the round body, so it is always allowed.
   */
  private projectedRefusal(limits: SafetyLimits, pose: SafetyPose, leftMps: number, rightMps: number): 'fence' | 'wall' | null {
    const speedMps = (leftMps + rightMps) / 2;
    if (speedMps === 0) return null;
    const turnRadps = (rightMps - leftMps) / limits.wheelBaseM;
    const radiusM = limits.bodyRadiusM;
    const startPenetrationM = this.arena ? this.fencePenetrationM(pose.xM, pose.yM, radiusM) : 0;
    const leadM = Math.sign(speedMps) * radiusM;
    for (let k = 1; k <= this.samples; k++) {
      const tS = (this.lookAheadS * k) / this.samples;
      const headingRad = pose.headingRad + turnRadps * tS;
      let xM: number;
      let yM: number;
      if (Math.abs(turnRadps) < 1e-9) {
        xM = pose.xM + speedMps * tS * Math.cos(pose.headingRad);
        yM = pose.yM + speedMps * tS * Math.sin(pose.headingRad);
      } else {
        // Exact arc of a unicycle at constant (v, w): radius v / w about the turn centre.
        const arcRadiusM = speedMps / turnRadps;
        xM = pose.xM + arcRadiusM * (Math.sin(headingRad) - Math.sin(pose.headingRad));
        yM = pose.yM - arcRadiusM * (Math.cos(headingRad) - Math.cos(pose.headingRad));
      }
      if (this.arena && this.fencePenetrationM(xM, yM, radiusM) > startPenetrationM + 1e-9) return 'fence';
      if (this.isBlocked && this.isBlocked(xM + leadM * Math.cos(headingRad), yM + leadM * Math.sin(headingRad))) return 'wall';
    }
    return null;
  }
}
