import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BODY_KINDS, bodyOf, decodeEnvelope, encodeEnvelope, makeEnvelope, swarmgate, type BodyKind, type EnvelopeInit } from './Envelope.js';
import { ProtocolError } from './errors.js';
import { MAX_ENVELOPE_BYTES, PROTOCOL_VERSION } from './limits.js';
import { bodyArbitraries, envelopeArbitrary, toPlain } from './testing/arbitraries.js';
import { expectProtocolError } from './testing/expectProtocolError.js';

/** A raw Envelope with any version (makeEnvelope always stamps ours). */
function rawEnvelope(version: { major: number; minor: number } | undefined, body: Partial<EnvelopeInit>): Uint8Array {
  return swarmgate.v1.Envelope.encode({ version, robotId: 'mona-1', seq: 9, timestampMs: 5, ...body }).finish();
}

describe('Envelope', () => {
  it.each(BODY_KINDS)('encode then decode is identity for %s', (kind: BodyKind) => {
    fc.assert(
      fc.property(bodyArbitraries[kind], fc.integer({ min: 0, max: 0xffffffff }), (message, seq) => {
        const env = makeEnvelope('mona-1', { [kind]: message } as never, seq, 1_764_000_000_123);
        const decoded = decodeEnvelope(encodeEnvelope(env));
        expect(decoded.body).toBe(kind);
        expect(toPlain(decoded)).toEqual(toPlain(env));
        const body = bodyOf(decoded);
        expect(body.kind).toBe(kind);
        expect(toPlain(body.message)).toEqual(toPlain(message));
      }),
      { numRuns: 150 },
    );
  });

  it('encode then decode is identity for any envelope of this major, any minor', () => {
    fc.assert(
      fc.property(envelopeArbitrary, (env) => {
        expect(toPlain(decodeEnvelope(encodeEnvelope(env)))).toEqual(toPlain(env));
      }),
      { numRuns: 300 },
    );
  });

  it('decodes absent fields to proto3 defaults and absent sub-messages to null', () => {
    const env = decodeEnvelope(encodeEnvelope(makeEnvelope('', { state: {} }, 0, 0)));
    expect(env.robotId).toBe('');
    expect(env.timestampMs).toBe(0);
    expect(env.state?.tick).toBe(0);
    expect(env.state?.nearbyRobots).toEqual([]);
    expect(env.state?.scan).toBeNull();
    expect(env.state?.battery).toBeNull();
    expect(env.telemetry).toBeNull();
  });

  it('keeps uint64 timestamps as exact numbers above 2^32', () => {
    const timestampMs = 2 ** 53 - 1;
    const env = decodeEnvelope(encodeEnvelope(makeEnvelope('r', { trackerPose: { trackerTimestampMs: timestampMs } }, 1, timestampMs)));
    expect(typeof env.timestampMs).toBe('number');
    expect(env.timestampMs).toBe(timestampMs);
    expect(env.trackerPose?.trackerTimestampMs).toBe(timestampMs);
  });

  it('stamps PROTOCOL_VERSION', () => {
    expect(makeEnvelope('r', { ack: { commandId: 1 } }, 2, 3)).toEqual({
      version: { major: PROTOCOL_VERSION.major, minor: PROTOCOL_VERSION.minor },
      robotId: 'r',
      seq: 2,
      timestampMs: 3,
      ack: { commandId: 1 },
    });
  });

  it('accepts any minor of its major, and ignores unknown fields from a newer minor', () => {
    const known = rawEnvelope({ major: PROTOCOL_VERSION.major, minor: PROTOCOL_VERSION.minor + 7 }, { ack: { commandId: 4 } });
    // Field 100 (varint) in the Envelope and field 50 (length-delimited) appended: a newer sender's additions.
    const unknownTail = [0xa0, 0x06, 0x2a, 0x92, 0x03, 0x03, 0x61, 0x62, 0x63];
    const env = decodeEnvelope(new Uint8Array([...known, ...unknownTail]));
    expect(env.version.minor).toBe(PROTOCOL_VERSION.minor + 7);
    expect(env.ack?.commandId).toBe(4);
    expect(Object.keys(toPlain(env) as object)).not.toContain('$unknowns');
  });

  it('refuses another major version with a clear error', () => {
    const bytes = rawEnvelope({ major: 2, minor: 3 }, { ack: { commandId: 4 } });
    expectProtocolError(() => decodeEnvelope(bytes), 'SG_PROTO_VERSION', /major version 2 not supported by this side \(speaks 1\.x\).*"mona-1" sent 2\.3/);
    expectProtocolError(() => decodeEnvelope(rawEnvelope({ major: 0, minor: 9 }, { ack: {} })), 'SG_PROTO_VERSION', /major version 0/);
  });

  it('refuses an Envelope without a version or without a body', () => {
    expectProtocolError(() => decodeEnvelope(rawEnvelope(undefined, { ack: {} })), 'SG_PROTO_VERSION', /carries no protocol version/);
    expectProtocolError(() => decodeEnvelope(rawEnvelope({ major: 1, minor: 0 }, {})), 'SG_PROTO_NO_BODY', /"mona-1" seq 9 has no body/);
    expectProtocolError(() => decodeEnvelope(new Uint8Array()), 'SG_PROTO_VERSION', /no protocol version/);
  });

  it('refuses bytes that are not an Envelope', () => {
    // Field 1 as length-delimited with a length past the end.
    expectProtocolError(() => decodeEnvelope(new Uint8Array([0x0a, 0x20, 0x01])), 'SG_PROTO_DECODE', /not a swarmgate\.v1\.Envelope \(3 bytes\)/);
    // Wire type 7 does not exist.
    expectProtocolError(() => decodeEnvelope(new Uint8Array([0x0f])), 'SG_PROTO_DECODE', /not a swarmgate\.v1\.Envelope/);
  });

  it('throws only ProtocolError on arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        try {
          decodeEnvelope(bytes);
        } catch (error) {
          expect(error).toBeInstanceOf(ProtocolError);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses oversize Envelopes on encode and decode', () => {
    const big = makeEnvelope('r', { command: { broadcast: { payload: new Uint8Array(MAX_ENVELOPE_BYTES) } } }, 0, 0);
    expectProtocolError(() => encodeEnvelope(big), 'SG_PROTO_OVERSIZE', /over MAX_ENVELOPE_BYTES \(262144\)/);
    expectProtocolError(() => decodeEnvelope(new Uint8Array(MAX_ENVELOPE_BYTES + 1)), 'SG_PROTO_OVERSIZE', /262145 bytes/);
  });
});
