/**
 * Robot actions <-> the wire Command (swarmgate.v1.Command). A remote controller's link turns
 * each Robot call into a Command; the gateway turns each Command back into the same Robot call
 * on the in-process robot, so validation, clamping and latching happen in one place whatever
 * the link.
 */
import { validateCommand, type Command, type CommandActionKind, type swarmgate } from '@swarmgate/protocols';
import { SwarmgateError } from '../errors.js';
import type { Robot } from '../Robot.js';
import type { RobotAction } from '../actions/validateAction.js';

/** What encodeEnvelope accepts as a Command body. */
export type CommandInit = swarmgate.v1.Command.$Properties;

/** The Command carrying a motion action (already validated and clamped by the caller). */
export function motionCommand(action: RobotAction, commandId: number): CommandInit {
  switch (action.kind) {
    case 'move':
      return { commandId, move: { distanceM: action.distanceM } };
    case 'rotate':
      return { commandId, rotate: { angleDeg: action.degrees } };
    case 'velocity':
      return { commandId, velocity: { linearMps: action.linearMps, angularRadps: action.angularRadps } };
    case 'wheels':
      return { commandId, wheelSpeeds: { leftMps: action.leftMps, rightMps: action.rightMps } };
    case 'stop':
      return { commandId, stop: {} };
  }
}

/**
 * Performs a received Command on `robot` through the Robot API (so the robot's own checks
 * apply: SG_BAD_ARGUMENT, SG_ROBOT_BUSY). An emergency stop reads as stop() here: the hardware
 * side of it is the gateway's. Throws ProtocolError SG_PROTO_COMMAND_INVALID when the Command
 * carries no action, several, or a non-finite number. Returns the action performed.
 */
export function applyCommand(robot: Robot, command: Command): CommandActionKind {
  const kind = validateCommand(command as CommandInit);
  switch (kind) {
    case 'move':
      robot.move(command.move!.distanceM);
      break;
    case 'rotate':
      robot.rotate(command.rotate!.angleDeg);
      break;
    case 'velocity':
      robot.setVelocity(command.velocity!.linearMps, command.velocity!.angularRadps);
      break;
    case 'wheelSpeeds':
      robot.setWheelSpeeds(command.wheelSpeeds!.leftMps, command.wheelSpeeds!.rightMps);
      break;
    case 'broadcast':
      robot.broadcast(command.broadcast!.payload);
      break;
    case 'depositTag':
      robot.depositTag(command.depositTag!.payload);
      break;
    case 'stop':
    case 'emergencyStop':
      robot.stop();
      break;
    case 'releaseEmergencyStop':
      // Only the operator releases (docs/safety.md#emergency-stop), never a controller.
      throw new SwarmgateError('SG_OPERATOR_ONLY', "releaseEmergencyStop is the gateway operator's, not a robot action");
    case 'requestBirth':
      // The gateway's own link control (a robot whose Birth it lost), not a robot action.
      throw new SwarmgateError('SG_OPERATOR_ONLY', "requestBirth is the gateway's, not a robot action");
  }
  return kind;
}
