/**
 * Cheap structural checks for commands, shared by every edge that accepts them. Physical
 * range checks (speed against the robot's capabilities, the arena fence) stay with the
 * gateway's safety filter, which knows the robot.
 */
import type { swarmgate } from './generated/swarmgate.js';
import { ProtocolError } from './errors.js';

type CommandInit = swarmgate.v1.Command.$Properties;
type MotorCommandInit = swarmgate.v1.MotorCommand.$Properties;

/** Names of the Command's `action` oneof members. */
export type CommandActionKind = NonNullable<swarmgate.v1.Command['action']>;

export const COMMAND_ACTION_KINDS: readonly CommandActionKind[] = Object.freeze([
  'move',
  'rotate',
  'velocity',
  'wheelSpeeds',
  'stop',
  'broadcast',
  'depositTag',
  'emergencyStop',
  'releaseEmergencyStop',
  'requestBirth',
]);

function assertFinite(field: string, value: number | null | undefined): void {
  if (value != null && !Number.isFinite(value)) {
    throw new ProtocolError('SG_PROTO_COMMAND_INVALID', `${field} is ${value}; it must be a finite number`);
  }
}

/**
 * The one action a Command carries, after checking that exactly one is set and its numbers
 * are finite. Throws SG_PROTO_COMMAND_INVALID naming the field.
 */
export function validateCommand(command: CommandInit): CommandActionKind {
  const present = COMMAND_ACTION_KINDS.filter((kind) => command[kind] != null);
  if (present.length !== 1) {
    throw new ProtocolError(
      'SG_PROTO_COMMAND_INVALID',
      `command ${command.commandId ?? 0} carries ${present.length === 0 ? 'no action' : `several actions (${present.join(', ')})`}; exactly one of ${COMMAND_ACTION_KINDS.join(', ')} is needed`,
    );
  }
  assertFinite('move.distanceM', command.move?.distanceM);
  assertFinite('rotate.angleDeg', command.rotate?.angleDeg);
  assertFinite('velocity.linearMps', command.velocity?.linearMps);
  assertFinite('velocity.angularRadps', command.velocity?.angularRadps);
  assertFinite('wheelSpeeds.leftMps', command.wheelSpeeds?.leftMps);
  assertFinite('wheelSpeeds.rightMps', command.wheelSpeeds?.rightMps);
  return present[0];
}

/** Checks finite wheel speeds and a positive deadline. Throws SG_PROTO_COMMAND_INVALID. */
export function validateMotorCommand(command: MotorCommandInit): void {
  assertFinite('motorCommand.leftMps', command.leftMps);
  assertFinite('motorCommand.rightMps', command.rightMps);
  if (!command.deadlineMs || command.deadlineMs <= 0) {
    throw new ProtocolError(
      'SG_PROTO_COMMAND_INVALID',
      `motorCommand.deadlineMs is ${command.deadlineMs ?? 0}; a positive deadline is required so the firmware watchdog can stop the robot`,
    );
  }
}
