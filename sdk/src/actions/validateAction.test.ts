import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createClampWarnings, validateAction, type ActionLimits, type RobotAction } from './validateAction.js';
import { payloadBytes } from './payloadBytes.js';
import { SwarmgateError } from '../errors.js';
import { MAX_BROADCAST_PAYLOAD_BYTES, MAX_TAG_PAYLOAD_BYTES } from '@swarmgate/protocols';

const limits: ActionLimits = { maxLinearMps: 3, maxAngularRadps: 4, maxWheelMps: 3 };

function codeOf(fn: () => unknown): string | null {
  try {
    fn();
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(SwarmgateError);
    return (error as SwarmgateError).code;
  }
}

describe('validateAction', () => {
  it('refuses NaN and Infinity naming the argument', () => {
    const warnings = createClampWarnings();
    expect(() => validateAction({ kind: 'move', distanceM: Number.NaN }, limits, warnings)).toThrow(
      /SG_BAD_ARGUMENT: move distanceM must be a finite number, got NaN/,
    );
    expect(() => validateAction({ kind: 'velocity', linearMps: 1, angularRadps: Infinity }, limits, warnings)).toThrow(/setVelocity angularRadps/);
    expect(() => validateAction({ kind: 'wheels', leftMps: -Infinity, rightMps: 0 }, limits, warnings)).toThrow(/setWheelSpeeds leftMps/);
    expect(warnings.count).toBe(0);
  });

  it('refuses rotations outside [-180, 180] and accepts the bounds', () => {
    const warnings = createClampWarnings();
    expect(() => validateAction({ kind: 'rotate', degrees: 180.5 }, limits, warnings)).toThrow(/rotate degrees must be in \[-180, 180\], got 180.5/);
    expect(validateAction({ kind: 'rotate', degrees: -180 }, limits, warnings)).toEqual({ kind: 'rotate', degrees: -180 });
  });

  it('clamps speeds in place and counts each clamp', () => {
    const warnings = createClampWarnings();
    const action: RobotAction = { kind: 'velocity', linearMps: 10, angularRadps: -9 };
    expect(validateAction(action, limits, warnings)).toBe(action);
    expect(action).toEqual({ kind: 'velocity', linearMps: 3, angularRadps: -4 });
    expect(warnings).toEqual({ count: 2, lastArgument: 'setVelocity angularRadps' });
    validateAction({ kind: 'wheels', leftMps: 1, rightMps: -2 }, limits, warnings);
    expect(warnings.count).toBe(2);
  });

  it('refuses move() and rotate() while busy, allows continuous commands', () => {
    const warnings = createClampWarnings();
    expect(() => validateAction({ kind: 'move', distanceM: 1 }, limits, warnings, 'rotating')).toThrow(
      'SG_ROBOT_BUSY: move() while rotating; call stop() first or wait for status idle',
    );
    expect(codeOf(() => validateAction({ kind: 'rotate', degrees: 5 }, limits, warnings, 'moving'))).toBe('SG_ROBOT_BUSY');
    expect(codeOf(() => validateAction({ kind: 'move', distanceM: 1 }, limits, warnings, 'driving'))).toBeNull();
    expect(codeOf(() => validateAction({ kind: 'velocity', linearMps: 1, angularRadps: 0 }, limits, warnings, 'moving'))).toBeNull();
    expect(codeOf(() => validateAction({ kind: 'stop' }, limits, warnings, 'rotating'))).toBeNull();
  });

  it('either throws SG_BAD_ARGUMENT or returns values within limits (property)', () => {
    const num = fc.oneof(fc.double(), fc.constantFrom(Number.NaN, Infinity, -Infinity));
    fc.assert(
      fc.property(num, num, (a, b) => {
        const warnings = createClampWarnings();
        const velocity: RobotAction = { kind: 'velocity', linearMps: a, angularRadps: b };
        const code = codeOf(() => validateAction(velocity, limits, warnings));
        if (code !== null) {
          expect(code).toBe('SG_BAD_ARGUMENT');
          return;
        }
        expect(Math.abs(velocity.linearMps)).toBeLessThanOrEqual(3);
        expect(Math.abs(velocity.angularRadps)).toBeLessThanOrEqual(4);
        expect(warnings.count).toBe((Math.abs(a) > 3 ? 1 : 0) + (Math.abs(b) > 4 ? 1 : 0));
      }),
    );
  });
});

describe('payloadBytes', () => {
  it('copies bytes and sends other values as UTF-8 JSON', () => {
    const bytes = Uint8Array.of(1, 2, 3);
    const sent = payloadBytes(bytes, 'broadcast');
    bytes[0] = 9;
    expect([...sent]).toEqual([1, 2, 3]);
    expect(new TextDecoder().decode(payloadBytes({ a: 'ü' }, 'tag'))).toBe('{"a":"ü"}');
  });

  it('refuses values with no JSON form', () => {
    expect(() => payloadBytes(undefined, 'broadcast')).toThrow(/SG_BAD_ARGUMENT: payload of type undefined has no JSON form/);
    expect(() => payloadBytes({ n: 1n }, 'tag')).toThrow(/SG_BAD_ARGUMENT: payload is neither bytes nor JSON-serialisable/);
  });

  it('refuses payloads over their budget with SG_BUDGET naming it, and accepts the budget exactly', () => {
    expect(payloadBytes(new Uint8Array(MAX_BROADCAST_PAYLOAD_BYTES), 'broadcast')).toHaveLength(MAX_BROADCAST_PAYLOAD_BYTES);
    expect(codeOf(() => payloadBytes(new Uint8Array(MAX_BROADCAST_PAYLOAD_BYTES + 1), 'broadcast'))).toBe('SG_BUDGET');
    expect(() => payloadBytes(new Uint8Array(200_000), 'broadcast')).toThrow(
      `SG_BUDGET: broadcast payload is 200000 bytes, over MAX_BROADCAST_PAYLOAD_BYTES (${MAX_BROADCAST_PAYLOAD_BYTES})`,
    );
    // JSON values are held to the budget by their encoded size.
    expect(() => payloadBytes('x'.repeat(MAX_TAG_PAYLOAD_BYTES), 'tag')).toThrow(/SG_BUDGET: tag payload is \d+ bytes, over MAX_TAG_PAYLOAD_BYTES/);
  });
});
