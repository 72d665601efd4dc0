/**
 * MONA-class robot constants: the one place the robot's geometry and limits live
 * (docs/STYLE.md#layout-and-boundaries: the Robotarium's simulator and controllers disagreed on the wheel base).
 *
 * Sources: body 80 mm
 * (secondary sources), mass 0.085 kg, wheel radius 10.4 mm and separation 78 mm (Webots
 * model ICE9-Robotics/MONA_ESP_WeBot), 5 IR sensors right..left (Mona-Motion-Control.ino).
 * Values marked "estimate" are derived, not published: replace them when measured.
 */

export interface IrSensorSpec {
  /** Firmware name, in Telemetry.ir_ranges_m order. */
  readonly name: string;
  /** Mounting angle relative to the heading, counter-clockwise positive. */
  readonly angleRad: number;
}

export interface MonaSpec {
  readonly model: string;
  readonly bodyDiameterM: number;
  readonly massKg: number;
  readonly wheelRadiusM: number;
  readonly wheelBaseM: number;
  readonly maxWheelSpeedMps: number;
  readonly encoderTicksPerRev: number;
  readonly irSensors: readonly IrSensorSpec[];
  readonly irRangeMaxM: number;
  readonly batteryFullVolts: number;
  readonly batteryNominalVolts: number;
  readonly batteryEmptyVolts: number;
  readonly serialBaud: number;
  /**
   * Longest deadline a MotorCommand may carry, ms: a longer one is clamped to this (gateway,
   * mona-sim and the C firmware alike), so no command keeps the motors running unwatched.
   */
  readonly maxMotorDeadlineMs: number;
}

const DEG = Math.PI / 180;

export const MONA_SPEC: MonaSpec = Object.freeze({
  model: 'mona',
  bodyDiameterM: 0.08,
  massKg: 0.085,
  wheelRadiusM: 0.0104,
  wheelBaseM: 0.078,
  // Estimate: the original firmware's cruise target, 910 pulses per 400 ms at 18 pulses/mm
  // (InMOLab calibration) = 0.126 m/s. No published maximum was found.
  maxWheelSpeedMps: 0.13,
  // Estimate: 18 pulses/mm x 2*pi*10.4 mm wheel circumference = 1176 ticks per revolution.
  encoderTicksPerRev: 1176,
  // Order of the original firmware's analog pins A3, A2, A1, A0, A7. Evenly spread over the
  // front half (estimate: the exact mounting angles were not published).
  irSensors: Object.freeze([
    Object.freeze({ name: 'right', angleRad: -90 * DEG }),
    Object.freeze({ name: 'right-front', angleRad: -45 * DEG }),
    Object.freeze({ name: 'front', angleRad: 0 }),
    Object.freeze({ name: 'left-front', angleRad: 45 * DEG }),
    Object.freeze({ name: 'left', angleRad: 90 * DEG }),
  ]),
  // The Webots IR lookup table ends at 0.1 m (reading 21, near the noise floor).
  irRangeMaxM: 0.1,
  // Estimate: a single-cell LiPo (chemistry not published; 3.3 V logic, "2 to 8 hours").
  batteryFullVolts: 4.2,
  batteryNominalVolts: 3.7,
  batteryEmptyVolts: 3.3,
  serialBaud: 115200,
  // 1 s at 0.13 m/s is 13 cm: about a body length and a half of travel with the link gone.
  // The gateway sends 300 ms deadlines every tick; 1 s leaves room for a slow link.
  // firmware/src/mona_config.h mirrors it (MONA_MAX_MOTOR_DEADLINE_MS; a test compares them).
  maxMotorDeadlineMs: 1000,
});

/**
 * The deadline a MotorCommand runs under: `deadlineMs` clamped to MONA_SPEC.maxMotorDeadlineMs.
 * Clamped, not refused: the shorter deadline is the safe side, and a refusal would leave the
 * motors on the previous set-point instead.
 */
export function cappedMotorDeadlineMs(deadlineMs: number): number {
  return Math.min(deadlineMs, MONA_SPEC.maxMotorDeadlineMs);
}
