/**
 * Cross-check against the reference implementation: the real protoc decodes what the TS code
 * encodes, and re-encoding protoc's text gives back the same bytes.
 */
import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROTO_FILE, PROTO_INCLUDE_DIR } from './codegen/generateStatic.js';
import { BODY_KINDS, encodeEnvelope } from './Envelope.js';
import { envelopeArbitrary } from './testing/arbitraries.js';
import { EXTRA_VECTOR_SAMPLES, VECTOR_SAMPLES } from './vectors/samples.js';
import { PROTOCOL_VERSION } from './limits.js';

const protocArgs = (mode: 'decode' | 'encode') => [`--${mode}=swarmgate.v1.Envelope`, '-I', PROTO_INCLUDE_DIR, PROTO_FILE];
const protocDecode = (bytes: Uint8Array) => execFileSync('protoc', protocArgs('decode'), { input: bytes }).toString('utf8');
const protocEncode = (text: string) => new Uint8Array(execFileSync('protoc', protocArgs('encode'), { input: text }));

describe('protoc', () => {
  it('prints the field values the TS code encoded', () => {
    const text = protocDecode(encodeEnvelope(VECTOR_SAMPLES.telemetry.envelope));
    for (const line of [
      'robot_id: "mona-07"',
      'seq: 2',
      'timestamp_ms: 12345',
      'encoder_left_ticks: 1200',
      'encoder_right_ticks: -35',
      'x_m: 0.25',
      'y_m: -0.125',
      'heading_rad: 1.5',
      'ir_ranges_m: 0.0625',
      'volts: 3.875',
      'imu_yaw_rate_radps: -0.5',
      'flags: 9',
      'led_rgb: 65408',
    ]) {
      expect(text).toContain(line);
    }
    expect(text).toMatch(new RegExp(`^version \\{\\n {2}major: ${PROTOCOL_VERSION.major}\\n {2}minor: ${PROTOCOL_VERSION.minor}\\n\\}`));

    const state = protocDecode(encodeEnvelope(VECTOR_SAMPLES.state.envelope));
    for (const line of [
      'timestamp_ms: 1764000042000',
      'tick: 420',
      'status: ROBOT_STATUS_MOVING',
      'touching: true',
      'ranges_m: 0.75',
      'payload: "{}"',
      'from: "mona-02"',
      'sent_tick: 419',
      'payload: "\\001\\000\\002"',
    ]) {
      expect(state).toContain(line);
    }
    const birth = protocDecode(encodeEnvelope(VECTOR_SAMPLES.birth.envelope));
    expect(birth).toContain('sensors: "encoders"');
    expect(birth).toContain('encoder_ticks_per_rev: 1176');
  });

  it.each(BODY_KINDS)('re-encodes the %s vector to the same bytes', (kind) => {
    const bytes = encodeEnvelope(VECTOR_SAMPLES[kind].envelope);
    const text = protocDecode(bytes);
    expect(text).toContain(`${kind.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)} {`);
    expect(protocEncode(text)).toEqual(new Uint8Array(bytes));
  });

  it('prints and re-encodes the releaseEmergencyStop vector (Command field 10)', () => {
    const bytes = encodeEnvelope(EXTRA_VECTOR_SAMPLES.releaseEmergencyStop.envelope);
    const text = protocDecode(bytes);
    expect(text).toContain('command_id: 20');
    expect(text).toMatch(/release_emergency_stop \{\n\s+reason: "operator: arena clear"\n\s+\}/);
    expect(protocEncode(text)).toEqual(new Uint8Array(bytes));
  });

  it('agrees byte for byte with protoc on random envelopes (decode, then re-encode by protoc)', () => {
    const samples = fc.sample(envelopeArbitrary, { numRuns: 40, seed: 20261125 });
    for (const env of samples) {
      const bytes = encodeEnvelope(env);
      expect(protocEncode(protocDecode(bytes))).toEqual(new Uint8Array(bytes));
    }
  }, 120_000); // 80 protoc processes
});
