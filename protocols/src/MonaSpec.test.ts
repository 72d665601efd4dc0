import { describe, expect, it } from 'vitest';
import { MONA_SPEC } from './MonaSpec.js';

describe('MONA_SPEC', () => {
  it('describes a MONA-class robot: 80 mm body, ~10 mm wheels, ~80 mm base, 5 IR on the front half', () => {
    expect(MONA_SPEC.bodyDiameterM).toBe(0.08);
    expect(MONA_SPEC.wheelRadiusM).toBeCloseTo(0.01, 3);
    expect(MONA_SPEC.wheelBaseM).toBeCloseTo(0.08, 2);
    expect(MONA_SPEC.wheelBaseM).toBeLessThan(MONA_SPEC.bodyDiameterM);
    expect(MONA_SPEC.irSensors).toHaveLength(5);
    for (const sensor of MONA_SPEC.irSensors) expect(Math.abs(sensor.angleRad)).toBeLessThanOrEqual(Math.PI / 2);
    const angles = MONA_SPEC.irSensors.map((s) => s.angleRad);
    expect(angles).toEqual([...angles].sort((a, b) => a - b)); // right to left, as the firmware's pins
    expect(MONA_SPEC.batteryEmptyVolts).toBeLessThan(MONA_SPEC.batteryNominalVolts);
    expect(MONA_SPEC.batteryNominalVolts).toBeLessThan(MONA_SPEC.batteryFullVolts);
  });

  it('is frozen, so no consumer can drift from it', () => {
    expect(Object.isFrozen(MONA_SPEC)).toBe(true);
    expect(Object.isFrozen(MONA_SPEC.irSensors)).toBe(true);
    expect(Object.isFrozen(MONA_SPEC.irSensors[0])).toBe(true);
  });

  it('keeps the encoder estimate consistent with 18 pulses per mm of travel', () => {
    const pulsesPerMm = MONA_SPEC.encoderTicksPerRev / (2 * Math.PI * MONA_SPEC.wheelRadiusM * 1000);
    expect(pulsesPerMm).toBeCloseTo(18, 1);
  });
});
