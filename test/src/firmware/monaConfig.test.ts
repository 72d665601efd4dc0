/**
 * The C firmware's constants mirror MONA_SPEC (protocols/src/MonaSpec.ts, the one place they
 * are defined): read from firmware/src/mona_config.h and compared, so neither side can change
 * alone. The Birth test (firmware.test.ts) checks the same numbers on the wire, but not the
 * MotorCommand deadline cap, which no message carries.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MONA_SPEC } from '@swarmgate/protocols';

const HEADER = join(import.meta.dirname, '..', '..', '..', 'firmware', 'src', 'mona_config.h');

function defines(): Map<string, number> {
  const values = new Map<string, number>();
  for (const match of readFileSync(HEADER, 'utf8').matchAll(/^#define (MONA_\w+) ([0-9.]+)[uf]?\b/gm)) {
    values.set(match[1]!, Number(match[2]));
  }
  return values;
}

describe('firmware/src/mona_config.h', () => {
  it('holds MONA_SPEC\'s numbers, the MotorCommand deadline cap among them', () => {
    const c = defines();
    expect(c.get('MONA_MAX_MOTOR_DEADLINE_MS')).toBe(MONA_SPEC.maxMotorDeadlineMs);
    expect(c.get('MONA_WHEEL_RADIUS_M')).toBe(MONA_SPEC.wheelRadiusM);
    expect(c.get('MONA_WHEEL_BASE_M')).toBe(MONA_SPEC.wheelBaseM);
    expect(c.get('MONA_BODY_DIAMETER_M')).toBe(MONA_SPEC.bodyDiameterM);
    expect(c.get('MONA_MAX_WHEEL_SPEED_MPS')).toBe(MONA_SPEC.maxWheelSpeedMps);
    expect(c.get('MONA_ENCODER_TICKS_PER_REV')).toBe(MONA_SPEC.encoderTicksPerRev);
    expect(c.get('MONA_IR_SENSORS')).toBe(MONA_SPEC.irSensors.length);
    expect(c.get('MONA_IR_RANGE_MAX_M')).toBe(MONA_SPEC.irRangeMaxM);
  });
});
