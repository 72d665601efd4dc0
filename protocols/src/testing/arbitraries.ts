/**
 * fast-check arbitraries of every swarmgate.v1 message, for the property tests (test support:
 * not exported from the package). Scalars are always present so a decoded message compares
 * equal field by field; sub-messages are sometimes absent to exercise presence.
 */
import fc from 'fast-check';
import type { BodyKind, EnvelopeBodyInit, EnvelopeInit } from '../Envelope.js';
import { PROTOCOL_VERSION } from '../limits.js';

const f32 = fc.float(); // 32-bit floats, NaN, infinities and -0 included
const u32 = fc.integer({ min: 0, max: 0xffffffff });
const i32 = fc.integer({ min: -0x80000000, max: 0x7fffffff });
const u64 = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER });
const text = fc.string({ unit: 'binary', maxLength: 24 });
const payload = fc.uint8Array({ maxLength: 40 });
/** Known enum values and unknown ones from a newer minor (proto3 enums are open). */
const enumValue = fc.integer({ min: 0, max: 40 });
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

const pose = fc.record({ xM: f32, yM: f32, headingRad: f32 });
const battery = fc.record({ volts: f32, fraction: f32 });
const protocolVersion = fc.record({ major: u32, minor: u32 });

export const bodyArbitraries: { [K in BodyKind]: fc.Arbitrary<NonNullable<EnvelopeInit[K]>> } = {
  birth: fc.record({
    model: text,
    firmwareVersion: text,
    protocolVersion: optional(protocolVersion),
    capabilities: optional(
      fc.record({
        maxWheelSpeedMps: f32,
        wheelBaseM: f32,
        wheelRadiusM: f32,
        encoderTicksPerRev: u32,
        bodyDiameterM: f32,
        sensors: fc.array(text, { maxLength: 4 }),
      }),
    ),
    session: u32,
  }),
  death: fc.record({ session: u32 }),
  telemetry: fc.record({
    encoderLeftTicks: i32,
    encoderRightTicks: i32,
    odometry: optional(pose),
    irRangesM: fc.array(f32, { maxLength: 5 }),
    battery: optional(battery),
    imuYawRateRadps: f32,
    flags: u32,
    ledRgb: u32,
  }),
  trackerPose: fc.record({ xM: f32, yM: f32, headingRad: f32, trackerTimestampMs: u64 }),
  state: fc.record({
    tick: u32,
    pose: optional(pose),
    status: enumValue,
    collision: optional(fc.record({ started: fc.boolean(), touching: fc.boolean() })),
    scan: optional(fc.record({ angleMinRad: f32, angleIncrementRad: f32, rangeMaxM: f32, rangesM: fc.array(f32, { maxLength: 64 }) })),
    nearbyRobots: fc.array(fc.record({ id: text, distanceM: f32, bearingRad: f32 }), { maxLength: 3 }),
    inbox: fc.array(fc.record({ from: text, sentTick: u32, payload }), { maxLength: 3 }),
    nearbyTags: fc.array(fc.record({ id: u32, xM: f32, yM: f32, distanceM: f32, payload }), { maxLength: 3 }),
    battery: optional(battery),
  }),
  command: fc
    .tuple(
      u32,
      fc.oneof(
        fc.record({ move: fc.record({ distanceM: f32 }) }),
        fc.record({ rotate: fc.record({ angleDeg: f32 }) }),
        fc.record({ velocity: fc.record({ linearMps: f32, angularRadps: f32 }) }),
        fc.record({ wheelSpeeds: fc.record({ leftMps: f32, rightMps: f32 }) }),
        fc.record({ stop: fc.constant({}) }),
        fc.record({ broadcast: fc.record({ payload }) }),
        fc.record({ depositTag: fc.record({ payload }) }),
        fc.record({ emergencyStop: fc.record({ reason: text }) }),
        fc.record({ releaseEmergencyStop: fc.record({ reason: text }) }),
        fc.record({ requestBirth: fc.constant({}) }),
      ),
    )
    .map(([commandId, action]) => ({ commandId, ...action })),
  motorCommand: fc.record({ leftMps: f32, rightMps: f32, deadlineMs: u32, commandId: u32 }),
  ack: fc.record({ commandId: u32 }),
  error: fc.record({ code: enumValue, message: text, refSeq: u32, commandId: u32 }),
};

export const bodyArbitrary: fc.Arbitrary<EnvelopeBodyInit> = fc.oneof(
  ...(Object.keys(bodyArbitraries) as BodyKind[]).map((kind) => bodyArbitraries[kind].map((message) => ({ [kind]: message }) as EnvelopeBodyInit)),
);

/** Envelopes of this protocol major (any minor), any body. */
export const envelopeArbitrary: fc.Arbitrary<EnvelopeInit> = fc
  .record({ minor: u32, robotId: text, seq: u32, timestampMs: u64, body: bodyArbitrary })
  .map(({ minor, robotId, seq, timestampMs, body }) => ({
    version: { major: PROTOCOL_VERSION.major, minor },
    robotId,
    seq,
    timestampMs,
    ...body,
  }));

/**
 * A decoded message as a plain object: prototype defaults made own, absent sub-messages
 * (null) dropped, bytes as plain Uint8Array, so it compares with toEqual against an input.
 */
export function toPlain(value: unknown): unknown {
  if (value instanceof Uint8Array) return new Uint8Array(value);
  if (Array.isArray(value)) return value.map(toPlain);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  // for-in on purpose: decoded messages keep defaults on the prototype.
  for (const key in value) {
    const field = (value as Record<string, unknown>)[key];
    if (field !== null && typeof field !== 'function') out[key] = toPlain(field);
  }
  return out;
}
