/**
 * The Envelope: encode, decode (with the version check), construct, and the friendly types.
 *
 * Every type here is derived from the generated code (src/generated, from the .proto), so the
 * schema is written once. Field names are the .proto's in camelCase (x_m -> xM).
 */
import { swarmgate } from './generated/swarmgate.js';
import { ProtocolError } from './errors.js';
import { MAX_ENVELOPE_BYTES, PROTOCOL_VERSION } from './limits.js';

export { swarmgate };

type Plain = string | number | boolean | Uint8Array;
type DecodedValue<V> = V extends Plain ? V : V extends readonly (infer E)[] ? DecodedValue<E>[] : Decoded<V> | null;

/**
 * What decode yields for a message whose generated properties interface is P: scalars, enums,
 * bytes and repeated fields always present (proto3 defaults: 0, "", empty), sub-messages and
 * oneof members `null` when absent. Bytes fields are views into the decoded buffer.
 */
export type Decoded<P> = {
  readonly [K in keyof P as K extends `$${string}` ? never : K]-?: DecodedValue<Exclude<P[K], null | undefined>>;
};

/** What encode accepts: the generated properties (every field optional, plain objects fine). */
export type EnvelopeInit = swarmgate.v1.Envelope.$Properties;

/** Names of the Envelope's `body` oneof members. */
export type BodyKind = NonNullable<swarmgate.v1.Envelope['body']>;

/** The body list, in field-number order (for iteration in tests, vectors and dispatch tables). */
export const BODY_KINDS: readonly BodyKind[] = Object.freeze([
  'birth',
  'death',
  'telemetry',
  'trackerPose',
  'state',
  'command',
  'motorCommand',
  'ack',
  'error',
]);

type BodyInits = { [K in BodyKind]-?: NonNullable<EnvelopeInit[K]> };
/** Exactly one body member, e.g. `{ telemetry: { encoderLeftTicks: 3 } }`. */
export type EnvelopeBodyInit = { [K in BodyKind]: { [P in K]: BodyInits[P] } }[BodyKind];

/** The decoded body message of kind K. */
export type BodyMessage<K extends BodyKind> = Decoded<BodyInits[K]>;

export type ProtocolVersion = Decoded<swarmgate.v1.ProtocolVersion.$Properties>;
export type Pose = Decoded<swarmgate.v1.Pose.$Properties>;
export type Birth = BodyMessage<'birth'>;
export type Death = BodyMessage<'death'>;
export type Telemetry = BodyMessage<'telemetry'>;
export type TrackerPose = BodyMessage<'trackerPose'>;
export type State = BodyMessage<'state'>;
export type Command = BodyMessage<'command'>;
export type MotorCommand = BodyMessage<'motorCommand'>;
export type Ack = BodyMessage<'ack'>;
/** The wire Error message (named so it does not shadow the global Error). */
export type ErrorMessage = BodyMessage<'error'>;

/** A decoded Envelope whose version was accepted and whose body is present. */
export type Envelope = Decoded<EnvelopeInit> & {
  readonly version: ProtocolVersion;
  readonly body: BodyKind;
};

/** A decoded body as a discriminated union: `switch (b.kind) { case 'telemetry': b.message... }`. */
export type EnvelopeBody = { [K in BodyKind]: { readonly kind: K; readonly message: BodyMessage<K> } }[BodyKind];

/** An Envelope stamped with this side's PROTOCOL_VERSION. */
export function makeEnvelope(robotId: string, body: EnvelopeBodyInit, seq: number, timestampMs: number): EnvelopeInit {
  return { version: { major: PROTOCOL_VERSION.major, minor: PROTOCOL_VERSION.minor }, robotId, seq, timestampMs, ...body };
}

/**
 * Protobuf bytes of an Envelope. Throws SG_PROTO_OVERSIZE. The input is trusted to match its
 * type: protobufjs never throws on a mistyped value, it encodes it as the default (check
 * commands with validateCommand / validateMotorCommand where they enter).
 */
export function encodeEnvelope(env: EnvelopeInit): Uint8Array {
  const bytes = swarmgate.v1.Envelope.encode(env).finish();
  if (bytes.length > MAX_ENVELOPE_BYTES) {
    throw new ProtocolError('SG_PROTO_OVERSIZE', `Envelope is ${bytes.length} bytes, over MAX_ENVELOPE_BYTES (${MAX_ENVELOPE_BYTES})`);
  }
  return bytes;
}

/**
 * Decodes and checks an Envelope: size, protobuf validity, version major, body presence.
 * Unknown fields (from a newer minor) are ignored. Throws ProtocolError with SG_PROTO_OVERSIZE,
 * SG_PROTO_DECODE, SG_PROTO_VERSION or SG_PROTO_NO_BODY; never anything else.
 */
export function decodeEnvelope(bytes: Uint8Array): Envelope {
  if (bytes.length > MAX_ENVELOPE_BYTES) {
    throw new ProtocolError('SG_PROTO_OVERSIZE', `Envelope is ${bytes.length} bytes, over MAX_ENVELOPE_BYTES (${MAX_ENVELOPE_BYTES})`);
  }
  let env: swarmgate.v1.Envelope;
  try {
    env = swarmgate.v1.Envelope.decode(bytes);
  } catch (cause) {
    throw new ProtocolError('SG_PROTO_DECODE', `not a swarmgate.v1.Envelope (${bytes.length} bytes): ${(cause as Error).message}`, { cause });
  }
  const version = env.version;
  if (!version) {
    throw new ProtocolError('SG_PROTO_VERSION', `Envelope carries no protocol version (this side speaks ${PROTOCOL_VERSION.major}.x)`);
  }
  const major = version.major ?? 0;
  if (major !== PROTOCOL_VERSION.major) {
    throw new ProtocolError(
      'SG_PROTO_VERSION',
      `major version ${major} not supported by this side (speaks ${PROTOCOL_VERSION.major}.x); robot ${JSON.stringify(env.robotId)} sent ${major}.${version.minor ?? 0}`,
    );
  }
  if (env.body === undefined) {
    throw new ProtocolError('SG_PROTO_NO_BODY', `Envelope from robot ${JSON.stringify(env.robotId)} seq ${env.seq} has no body`);
  }
  return env as unknown as Envelope;
}

/** The body of a decoded Envelope as a discriminated union. */
export function bodyOf(env: Envelope): EnvelopeBody {
  const message = env[env.body];
  return { kind: env.body, message } as EnvelopeBody;
}

/** Wire enums, as values (e.g. RobotStatus.ROBOT_STATUS_IDLE) and types. */
export const RobotStatus = swarmgate.v1.RobotStatus;
export type RobotStatus = swarmgate.v1.RobotStatus;
export const TelemetryFlag = swarmgate.v1.TelemetryFlag;
export type TelemetryFlag = swarmgate.v1.TelemetryFlag;
