/**
 * Test vectors for other implementations (the C firmware library, Python tools): for every
 * body kind, vectors/<kind>.bin is one complete serial frame (delimiter included) and
 * vectors/<kind>.json describes it; extra named vectors (e.g. releaseEmergencyStop, a Command)
 * follow the same layout, with the body kind in the JSON's `kind`. The JSON's `envelope` is proto3 JSON (camelCase names,
 * bytes as base64, enums as numbers), so e.g. Python's json_format.ParseDict reads it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROTOCOLS_ROOT } from '../codegen/generateStatic.js';
import { BODY_KINDS, encodeEnvelope, type BodyKind } from '../Envelope.js';
import { crc32c } from '../framing/crc32c.js';
import { encodeFrame } from '../framing/encodeFrame.js';
import { EXTRA_VECTOR_SAMPLES, VECTOR_SAMPLES, type ExtraVectorSample } from './samples.js';

export const VECTORS_DIR = join(PROTOCOLS_ROOT, 'vectors');

/** File names of every vector: one per body kind, then the extra named ones. */
export const VECTOR_NAMES: readonly string[] = Object.freeze([...BODY_KINDS, ...Object.keys(EXTRA_VECTOR_SAMPLES)]);

/** The sample behind vector `name` (a body kind or an extra vector's name). */
export function vectorSample(name: string): ExtraVectorSample {
  const extra = EXTRA_VECTOR_SAMPLES[name];
  if (extra) return extra;
  const kind = name as BodyKind;
  return { kind, ...VECTOR_SAMPLES[kind] };
}

export interface Vector {
  readonly name: string;
  readonly kind: BodyKind;
  readonly frame: Uint8Array;
  readonly json: string;
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

function toProto3Json(_key: string, value: unknown): unknown {
  return value instanceof Uint8Array ? Buffer.from(value).toString('base64') : value;
}

export function buildVector(name: string): Vector {
  const { kind, description, envelope } = vectorSample(name);
  const envelopeBytes = encodeEnvelope(envelope);
  const frame = encodeFrame(envelopeBytes);
  const description_ = {
    kind,
    description,
    message: 'swarmgate.v1.Envelope',
    envelope,
    envelopeHex: hex(envelopeBytes),
    crc32c: crc32c(envelopeBytes),
    frameHex: hex(frame),
    frameLayout: 'COBS(envelope | CRC-32C(envelope) as uint32 little-endian) | 0x00',
  };
  return { name, kind, frame, json: JSON.stringify(description_, toProto3Json, 2) + '\n' };
}

/** Writes every vector into dir; returns the paths written. */
export function writeVectors(dir: string = VECTORS_DIR): string[] {
  mkdirSync(dir, { recursive: true });
  return VECTOR_NAMES.flatMap((name) => {
    const { frame, json } = buildVector(name);
    const binPath = join(dir, `${name}.bin`);
    const jsonPath = join(dir, `${name}.json`);
    writeFileSync(binPath, frame);
    writeFileSync(jsonPath, json);
    return [binPath, jsonPath];
  });
}
