/**
 * One check for robot commands, shared by every backend (simulator, MQTT link, serial link), so a
 * controller meets the same rules everywhere (Robotarium `_validate`): non-finite numbers and
 * rotations outside [-180, 180] degrees are refused with SG_BAD_ARGUMENT naming the argument;
 * speeds beyond the robot's limits are clamped and each clamp is counted as a warning.
 */
import type { RobotStatus } from '../Robot.js';
import { SwarmgateError } from '../errors.js';

export interface ActionLimits {
  /** Largest |linear| body speed, m/s. */
  readonly maxLinearMps: number;
  /** Largest |angular| body speed, rad/s. */
  readonly maxAngularRadps: number;
  /** Largest |wheel surface speed|, m/s. */
  readonly maxWheelMps: number;
}

/** A latched command. Fields are mutable: validateAction clamps them in place (no allocation per tick). */
export type RobotAction =
  | { kind: 'move'; distanceM: number }
  | { kind: 'rotate'; degrees: number }
  | { kind: 'velocity'; linearMps: number; angularRadps: number }
  | { kind: 'wheels'; leftMps: number; rightMps: number }
  | { kind: 'stop' };

/** Counts clamps, for the run report ("would real hardware accept these commands?"). */
export interface ClampWarnings {
  count: number;
  /** Name of the most recently clamped argument, e.g. 'setVelocity linearMps'. */
  lastArgument: string | null;
}

export function createClampWarnings(): ClampWarnings {
  return { count: 0, lastArgument: null };
}

function requireFinite(argument: string, value: number): void {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new SwarmgateError('SG_BAD_ARGUMENT', `${argument} must be a finite number, got ${String(value)}`);
  }
}

function clamp(argument: string, value: number, limit: number, warnings: ClampWarnings): number {
  requireFinite(argument, value);
  if (value > limit || value < -limit) {
    warnings.count++;
    warnings.lastArgument = argument;
    return value > 0 ? limit : -limit;
  }
  return value;
}

/**
 * Check `action` and clamp its speeds in place; returns the same object.
 * With `status`, move() and rotate() are refused (SG_ROBOT_BUSY) while a move or rotation is in
 * progress: the caller must stop() first or wait for idle. Continuous commands (velocity, wheels,
 * stop) always replace what runs, and move/rotate replace a 'driving' command.
 */
export function validateAction(action: RobotAction, limits: ActionLimits, warnings: ClampWarnings, status?: RobotStatus): RobotAction {
  switch (action.kind) {
    case 'move':
      requireFinite('move distanceM', action.distanceM);
      break;
    case 'rotate':
      requireFinite('rotate degrees', action.degrees);
      if (action.degrees < -180 || action.degrees > 180) {
        throw new SwarmgateError('SG_BAD_ARGUMENT', `rotate degrees must be in [-180, 180], got ${action.degrees}`);
      }
      break;
    case 'velocity':
      action.linearMps = clamp('setVelocity linearMps', action.linearMps, limits.maxLinearMps, warnings);
      action.angularRadps = clamp('setVelocity angularRadps', action.angularRadps, limits.maxAngularRadps, warnings);
      return action;
    case 'wheels':
      action.leftMps = clamp('setWheelSpeeds leftMps', action.leftMps, limits.maxWheelMps, warnings);
      action.rightMps = clamp('setWheelSpeeds rightMps', action.rightMps, limits.maxWheelMps, warnings);
      return action;
    case 'stop':
      return action;
  }
  if (status === 'moving' || status === 'rotating') {
    const verb = action.kind === 'move' ? 'move()' : 'rotate()';
    throw new SwarmgateError('SG_ROBOT_BUSY', `${verb} while ${status}; call stop() first or wait for status idle`);
  }
  return action;
}
