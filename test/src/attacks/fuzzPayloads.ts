/**
 * Seeded fuzz payloads for the attack suite: what a hostile or broken peer might put on a
 * topic or a serial line. Each payload is one of
 * - random bytes (mostly short, sometimes kilobytes);
 * - a test vector from protocols/vectors, truncated or with bits flipped;
 * - a well-formed Envelope with extreme field values: huge and odd strings, NaN, infinities,
 *   negatives, out-of-range enums and ids, a wrong robot id or body kind for its topic, a
 *   wrong or missing protocol version;
 * - an oversized payload just under or over MAX_ENVELOPE_BYTES (`maxBytes`).
 * The stream is a pure function of the seed (maps' Random), so a failure names its case.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Random } from '@swarmgate/protocols';
import { BODY_KINDS, MAX_ENVELOPE_BYTES, PROTOCOL_VERSION, swarmgate, type BodyKind, type EnvelopeInit } from '@swarmgate/protocols';

const VECTORS_DIR = join(import.meta.dirname, '..', '..', '..', 'protocols', 'vectors');

/** The byte-for-byte Envelopes of protocols/vectors, by file name. */
export function vectorEnvelopes(): ReadonlyMap<string, Uint8Array> {
  const vectors = new Map<string, Uint8Array>();
  for (const file of readdirSync(VECTORS_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const { envelopeHex } = JSON.parse(readFileSync(join(VECTORS_DIR, file), 'utf8')) as { envelopeHex: string };
    vectors.set(file, Uint8Array.from(Buffer.from(envelopeHex, 'hex')));
  }
  return vectors;
}

export interface FuzzCase {
  readonly bytes: Uint8Array;
  /** What kind of case it is, for failure messages. */
  readonly label: string;
}

export interface FuzzPayloadOptions {
  /** Robot ids to put in Envelopes that do not name their topic's robot. */
  readonly strangerIds: readonly string[];
  /** Size limit to probe around (MAX_ENVELOPE_BYTES for MQTT, the serial limit for frames). */
  readonly maxBytes?: number;
  /** Longest "huge" string or byte field, before the near-limit cases. */
  readonly hugeBytes?: number;
}

/** Timestamps near a fixed day, not the clock: the same seed gives the same bytes. */
const FUZZ_EPOCH_MS = 1_764_000_000_000;
const EXTREME_FLOATS = [Number.NaN, Infinity, -Infinity, -0, 0, -1, 1e-45, 3.4e38, -3.4e38, 1e30, Number.MAX_VALUE, Number.MIN_VALUE];
const EXTREME_U32 = [0, 1, 0x7fffffff, 0x80000000, 0xffffffff];
const ODD_STRINGS = ['', '\u0000', '$gateway', '+', '#', 'a/b', '../../etc/passwd', '\u{1F916}'.repeat(30), '%s%n', '<script>alert(1)</script>', 'r0'];

export class FuzzPayloads {
  private readonly vectors: readonly Uint8Array[];
  private readonly maxBytes: number;
  private readonly hugeBytes: number;

  constructor(
    private readonly rng: Random,
    private readonly options: FuzzPayloadOptions,
  ) {
    this.vectors = [...vectorEnvelopes().values()];
    this.maxBytes = options.maxBytes ?? MAX_ENVELOPE_BYTES;
    this.hugeBytes = options.hugeBytes ?? 64 * 1024;
  }

  /** The next payload for a topic of robot `topicId` whose body kind would be `bodyKind`. */
  next(topicId: string, bodyKind: BodyKind): FuzzCase {
    const r = this.rng.nextFloat();
    if (r < 0.2) return { bytes: this.randomBytes(this.rng.chance(0.05) ? 4096 : 300), label: 'random bytes' };
    if (r < 0.35) return this.truncatedVector();
    if (r < 0.5) return this.flippedVector();
    if (r < 0.99) return this.extremeEnvelope(topicId, bodyKind);
    return this.oversized(topicId, bodyKind);
  }

  private pick<T>(values: readonly T[]): T {
    return values[this.rng.int(0, values.length)]!;
  }

  private randomBytes(maxLength: number): Uint8Array {
    const bytes = new Uint8Array(this.rng.int(0, maxLength + 1));
    for (let i = 0; i < bytes.length; i++) bytes[i] = this.rng.int(0, 256);
    return bytes;
  }

  private truncatedVector(): FuzzCase {
    const vector = this.pick(this.vectors);
    const length = this.rng.int(0, vector.length);
    return { bytes: vector.slice(0, length), label: `vector truncated to ${length} of ${vector.length} bytes` };
  }

  private flippedVector(): FuzzCase {
    const bytes = Uint8Array.from(this.pick(this.vectors));
    const flips = this.rng.int(1, 9);
    for (let k = 0; k < flips; k++) {
      const bit = this.rng.int(0, bytes.length * 8);
      bytes[bit >> 3] = bytes[bit >> 3]! ^ (1 << (bit & 7));
    }
    return { bytes, label: `vector with ${flips} bit(s) flipped` };
  }

  private float(): number {
    return this.rng.chance(0.6) ? this.pick(EXTREME_FLOATS) : this.rng.uniform(-1e6, 1e6);
  }

  private u32(): number {
    return this.rng.chance(0.6) ? this.pick(EXTREME_U32) : this.rng.nextUint32();
  }

  private i32(): number {
    return this.u32() | 0;
  }

  private string(): string {
    const r = this.rng.nextFloat();
    if (r < 0.05) return 'x'.repeat(this.rng.int(1, this.hugeBytes));
    if (r < 0.5) return this.pick(ODD_STRINGS);
    return String.fromCharCode(...Array.from({ length: this.rng.int(0, 40) }, () => this.rng.int(0, 0x3000)));
  }

  private bytesField(): Uint8Array {
    if (this.rng.chance(0.05)) return new Uint8Array(this.rng.int(1, this.hugeBytes));
    return this.randomBytes(64);
  }

  /** An out-of-range enum value as often as a known one. */
  private enumValue(known: number): number {
    return this.rng.chance(0.5) ? this.rng.int(0, known) : this.pick([known, 999, -1, 0x7fffffff]);
  }

  private pose() {
    return { xM: this.float(), yM: this.float(), headingRad: this.float() };
  }

  private body(kind: BodyKind): Partial<EnvelopeInit> {
    switch (kind) {
      case 'birth':
        return {
          birth: {
            model: this.string(),
            firmwareVersion: this.string(),
            protocolVersion: this.rng.chance(0.8) ? { major: this.pick([PROTOCOL_VERSION.major, 0, 2, 0xffffffff]), minor: this.u32() } : null,
            capabilities: this.rng.chance(0.8)
              ? {
                  maxWheelSpeedMps: this.float(),
                  wheelBaseM: this.float(),
                  wheelRadiusM: this.float(),
                  encoderTicksPerRev: this.u32(),
                  bodyDiameterM: this.float(),
                  sensors: Array.from({ length: this.rng.chance(0.05) ? 2000 : this.rng.int(0, 5) }, () => this.string().slice(0, 64)),
                }
              : null,
            session: this.u32(),
          },
        };
      case 'death':
        return { death: { session: this.u32() } };
      case 'telemetry':
        return {
          telemetry: {
            encoderLeftTicks: this.i32(),
            encoderRightTicks: this.i32(),
            odometry: this.rng.chance(0.9) ? this.pose() : null,
            irRangesM: Array.from({ length: this.rng.chance(0.05) ? 10_000 : this.rng.int(0, 6) }, () => this.float()),
            battery: this.rng.chance(0.9) ? { volts: this.float(), fraction: this.float() } : null,
            imuYawRateRadps: this.float(),
            flags: this.u32(),
            ledRgb: this.u32(),
          },
        };
      case 'trackerPose':
        return { trackerPose: { ...this.pose(), trackerTimestampMs: this.rng.chance(0.5) ? Number.MAX_SAFE_INTEGER : this.u32() } };
      case 'ack':
        return { ack: { commandId: this.u32() } };
      case 'error':
        return { error: { code: this.enumValue(8), message: this.string(), refSeq: this.u32(), commandId: this.u32() } };
      case 'motorCommand':
        return { motorCommand: { leftMps: this.float(), rightMps: this.float(), deadlineMs: this.u32(), commandId: this.u32() } };
      case 'state':
        return { state: { tick: this.u32(), pose: this.pose(), status: this.enumValue(6) } };
      case 'command':
        return { command: this.command() };
    }
  }

  private command(): swarmgate.v1.ICommand {
    const commandId = this.u32();
    switch (this.rng.int(0, 9)) {
      case 0:
        return { commandId, move: { distanceM: this.float() } };
      case 1:
        return { commandId, rotate: { angleDeg: this.float() } };
      case 2:
        return { commandId, velocity: { linearMps: this.float(), angularRadps: this.float() } };
      case 3:
        return { commandId, wheelSpeeds: { leftMps: this.float(), rightMps: this.float() } };
      case 4:
        return { commandId, stop: {} };
      case 5:
        return { commandId, broadcast: { payload: this.bytesField() } };
      case 6:
        return { commandId, depositTag: { payload: this.bytesField() } };
      case 7:
        return { commandId, emergencyStop: { reason: this.string() } };
      default:
        return { commandId, releaseEmergencyStop: { reason: this.string() } };
    }
  }

  private envelopeFor(topicId: string, bodyKind: BodyKind): { envelope: EnvelopeInit; label: string } {
    const r = this.rng.nextFloat();
    // Mostly the topic's own robot and kind, so the decoded value reaches the handlers.
    const robotId = r < 0.8 ? topicId : r < 0.9 ? this.pick(this.options.strangerIds) : this.string().slice(0, 100);
    const kind = this.rng.chance(0.9) ? bodyKind : this.pick(BODY_KINDS);
    const v = this.rng.nextFloat();
    const version =
      v < 0.93
        ? { major: PROTOCOL_VERSION.major, minor: this.rng.chance(0.9) ? PROTOCOL_VERSION.minor : this.u32() }
        : v < 0.98
          ? { major: this.pick([0, 2, 0xffffffff]), minor: 0 }
          : null;
    const envelope: EnvelopeInit = {
      version,
      robotId,
      seq: this.u32(),
      timestampMs: this.rng.chance(0.9) ? FUZZ_EPOCH_MS + this.rng.int(0, 86_400_000) : Number.MAX_SAFE_INTEGER,
      ...this.body(kind),
    };
    const label = `${kind} Envelope for ${JSON.stringify(robotId.slice(0, 20))}${robotId.length > 20 ? '...' : ''}, version ${version ? `${version.major}.${version.minor}` : 'none'}`;
    return { envelope, label };
  }

  private extremeEnvelope(topicId: string, bodyKind: BodyKind): FuzzCase {
    const { envelope, label } = this.envelopeFor(topicId, bodyKind);
    const bytes = swarmgate.v1.Envelope.encode(envelope).finish();
    return { bytes, label: `${label}, ${bytes.length} bytes` };
  }

  /** A valid Envelope padded to just under or just over the limit, or that many random bytes. */
  private oversized(topicId: string, bodyKind: BodyKind): FuzzCase {
    const sizeBytes = this.maxBytes + this.rng.int(-64, 65);
    if (this.rng.chance(0.5)) {
      const bytes = new Uint8Array(sizeBytes);
      for (let i = 0; i < bytes.length; i += 97) bytes[i] = this.rng.int(0, 256);
      return { bytes, label: `${sizeBytes} random bytes (limit ${this.maxBytes})` };
    }
    const { envelope, label } = this.envelopeFor(topicId, bodyKind);
    const baseBytes = swarmgate.v1.Envelope.encode(envelope).finish().length;
    const padBytes = Math.max(0, sizeBytes - baseBytes - 8);
    if (envelope.command) {
      // A controller's Broadcast or DepositTag of about the whole budget: what the robots'
      // next States then have to carry.
      const payload = new Uint8Array(padBytes);
      const action = this.rng.chance(0.5) ? { broadcast: { payload } } : { depositTag: { payload } };
      const bytes = swarmgate.v1.Envelope.encode({ ...envelope, command: { commandId: envelope.command.commandId, ...action } }).finish();
      return { bytes, label: `${label}, ${Object.keys(action)[0]} of ${padBytes} bytes, ${bytes.length} bytes in all (limit ${this.maxBytes})` };
    }
    // Padded with a field every body ignores on decode: an unknown field from a "newer minor".
    const writer = swarmgate.v1.Envelope.encode(envelope);
    writer.uint32((1000 << 3) | 2).bytes(new Uint8Array(padBytes));
    const bytes = writer.finish();
    return { bytes, label: `${label}, padded to ${bytes.length} bytes (limit ${this.maxBytes})` };
  }
}
