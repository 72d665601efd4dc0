/**
 * One sample Envelope per body kind, plus named samples of messages the one sample of their
 * kind does not show, the source of protocols/vectors/. Every float is exactly
 * representable in float32 (dyadic fractions) so the JSON descriptions are exact.
 */
import { makeEnvelope, type BodyKind, type EnvelopeInit } from '../Envelope.js';
import { swarmgate } from '../generated/swarmgate.js';

export interface VectorSample {
  readonly description: string;
  readonly envelope: EnvelopeInit;
}

/** A vector beyond the one per body kind: its file name and the body kind it carries. */
export interface ExtraVectorSample extends VectorSample {
  readonly kind: BodyKind;
}

const ROBOT = 'mona-07';
const T0_MS = 1_764_000_000_000; // 2025-11-24T16:00:00Z, above 2^32 so the uint64 path is exercised
const bytes = (...values: number[]) => new Uint8Array(values);
const { v1 } = swarmgate;

export const VECTOR_SAMPLES: Readonly<Record<BodyKind, VectorSample>> = {
  birth: {
    description: 'A MONA announcing its session 3 with its capabilities.',
    envelope: makeEnvelope(
      ROBOT,
      {
        birth: {
          model: 'mona',
          firmwareVersion: '0.1.0',
          protocolVersion: { major: 1, minor: 1 },
          capabilities: {
            maxWheelSpeedMps: 0.125,
            wheelBaseM: 0.078125,
            wheelRadiusM: 0.010009765625,
            encoderTicksPerRev: 1176,
            bodyDiameterM: 0.080078125,
            sensors: ['ir5', 'encoders', 'battery'],
          },
          session: 3,
        },
      },
      0,
      T0_MS,
    ),
  },
  death: {
    description: 'The will of session 3 (the MQTT last will).',
    envelope: makeEnvelope(ROBOT, { death: { session: 3 } }, 1, T0_MS + 100),
  },
  telemetry: {
    description: 'Firmware telemetry: encoders, odometry, 5 IR ranges, battery, flags, LED; negative ticks use 10-byte varints.',
    envelope: makeEnvelope(
      ROBOT,
      {
        telemetry: {
          encoderLeftTicks: 1200,
          encoderRightTicks: -35,
          odometry: { xM: 0.25, yM: -0.125, headingRad: 1.5 },
          irRangesM: [0.09375, 0.0625, 0.03125, 0.09375, 0.09375],
          battery: { volts: 3.875, fraction: 0.75 },
          imuYawRateRadps: -0.5,
          flags: v1.TelemetryFlag.TELEMETRY_FLAG_MOTORS_ENABLED | v1.TelemetryFlag.TELEMETRY_FLAG_LOW_BATTERY,
          ledRgb: 0x00ff80,
        },
      },
      2,
      12_345,
    ),
  },
  trackerPose: {
    description: 'Overhead tracker ground truth of a physical robot in the arena frame.',
    envelope: makeEnvelope(
      ROBOT,
      {
        trackerPose: { xM: 1.5, yM: 0.75, headingRad: -3, trackerTimestampMs: T0_MS + 40 },
      },
      3,
      T0_MS + 45,
    ),
  },
  state: {
    description: 'A logic-tick State: pose estimate, status, collision, a 4-ray scan, a neighbour, an inbox message, a tag, battery.',
    envelope: makeEnvelope(
      ROBOT,
      {
        state: {
          tick: 420,
          pose: { xM: 12.5, yM: 3.25, headingRad: 0.5 },
          status: v1.RobotStatus.ROBOT_STATUS_MOVING,
          collision: { started: false, touching: true },
          scan: { angleMinRad: -3, angleIncrementRad: 1.5, rangeMaxM: 7, rangesM: [7, 2.5, 0.75, 7] },
          nearbyRobots: [{ id: 'mona-02', distanceM: 1.25, bearingRad: -0.25 }],
          inbox: [{ from: 'mona-02', sentTick: 419, payload: bytes(0x7b, 0x7d) }],
          nearbyTags: [{ id: 9, xM: 12, yM: 3, distanceM: 0.5, payload: bytes(1, 0, 2) }],
          battery: { volts: 0, fraction: 0.5 },
        },
      },
      4,
      T0_MS + 42_000,
    ),
  },
  command: {
    description: 'A controller command with id 17: set body velocity.',
    envelope: makeEnvelope(ROBOT, { command: { commandId: 17, velocity: { linearMps: 0.125, angularRadps: -0.5 } } }, 5, T0_MS + 42_010),
  },
  motorCommand: {
    description: 'Gateway to firmware: wheel speeds valid for 300 ms after receipt.',
    envelope: makeEnvelope(ROBOT, { motorCommand: { leftMps: 0.0625, rightMps: -0.0625, deadlineMs: 300, commandId: 18 } }, 6, T0_MS + 42_020),
  },
  ack: {
    description: 'Acknowledgement of command 18.',
    envelope: makeEnvelope(ROBOT, { ack: { commandId: 18 } }, 7, 12_400),
  },
  error: {
    description: 'Firmware refusing command 19 (sent in Envelope seq 8) as out of range.',
    envelope: makeEnvelope(
      ROBOT,
      {
        error: { code: v1.ErrorCode.ERROR_CODE_OUT_OF_RANGE, message: 'leftMps 2 above 0.13', refSeq: 8, commandId: 19 },
      },
      8,
      12_500,
    ),
  },
};

/**
 * Named by their file (vectors/<name>.bin); a name never equals a body kind. Add one for a
 * Command action or body variant another implementation must get right byte for byte.
 */
export const EXTRA_VECTOR_SAMPLES: Readonly<Record<string, ExtraVectorSample>> = {
  releaseEmergencyStop: {
    kind: 'command',
    description: 'Gateway to firmware on the downlink: clear a latched emergency stop (command id 20); the motors stay off until the next MotorCommand.',
    envelope: makeEnvelope(ROBOT, { command: { commandId: 20, releaseEmergencyStop: { reason: 'operator: arena clear' } } }, 9, T0_MS + 43_000),
  },
  requestBirth: {
    kind: 'command',
    description:
      'Gateway to firmware on the downlink: send your Birth again (the gateway heard traffic from a robot it does not hold); no acknowledgement wanted.',
    envelope: makeEnvelope(ROBOT, { command: { commandId: 0, requestBirth: {} } }, 10, T0_MS + 44_000),
  },
};
