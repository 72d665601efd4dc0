import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bodyArbitraries } from './testing/arbitraries.js';
import { expectProtocolError } from './testing/expectProtocolError.js';
import { COMMAND_ACTION_KINDS, validateCommand, validateMotorCommand } from './validateCommand.js';

describe('validateCommand', () => {
  it('returns the one action of any command with finite numbers', () => {
    fc.assert(
      fc.property(bodyArbitraries.command, (command) => {
        const numbers = [
          command.move?.distanceM,
          command.rotate?.angleDeg,
          command.velocity?.linearMps,
          command.velocity?.angularRadps,
          command.wheelSpeeds?.leftMps,
          command.wheelSpeeds?.rightMps,
        ];
        const finite = numbers.every((n) => n == null || Number.isFinite(n));
        if (finite) {
          const kind = validateCommand(command);
          expect(COMMAND_ACTION_KINDS).toContain(kind);
          expect(command[kind]).toBeDefined();
        } else {
          expectProtocolError(() => validateCommand(command), 'SG_PROTO_COMMAND_INVALID', /must be a finite number/);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('names the problem', () => {
    expectProtocolError(() => validateCommand({ commandId: 4 }), 'SG_PROTO_COMMAND_INVALID', /command 4 carries no action/);
    expectProtocolError(() => validateCommand({ stop: {}, move: { distanceM: 1 } }), 'SG_PROTO_COMMAND_INVALID', /several actions \(move, stop\)/);
    expectProtocolError(
      () => validateCommand({ wheelSpeeds: { leftMps: 0.1, rightMps: Number.NaN } }),
      'SG_PROTO_COMMAND_INVALID',
      /wheelSpeeds\.rightMps is NaN/,
    );
    expect(validateCommand({ commandId: 1, rotate: { angleDeg: 90 } })).toBe('rotate');
  });
});

describe('validateMotorCommand', () => {
  it('requires finite speeds and a positive deadline', () => {
    expect(() => validateMotorCommand({ leftMps: 0.1, rightMps: -0.1, deadlineMs: 300 })).not.toThrow();
    expectProtocolError(
      () => validateMotorCommand({ leftMps: 0.1, rightMps: 0.1 }),
      'SG_PROTO_COMMAND_INVALID',
      /deadlineMs is 0; a positive deadline is required/,
    );
    expectProtocolError(() => validateMotorCommand({ leftMps: Infinity, deadlineMs: 100 }), 'SG_PROTO_COMMAND_INVALID', /motorCommand\.leftMps is Infinity/);
  });
});
