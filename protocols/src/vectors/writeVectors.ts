/**
 * Test vectors for other implementations (the C firmware library, Python tools): for every
 * body kind, vectors/<kind>.bin is one complete serial frame (delimiter included) and
 * vectors/<kind>.json describes it. The JSON's `envelope` is proto3 JSON (camelCase names,
 * bytes as base64, enums as numbers), so e.g. Python's json_format.ParseDict reads it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROTOCOLS_ROOT } from '../codegen/generateStatic.js';
import { BODY_KINDS, encodeEnvelope, type BodyKind } from '../Envelope.js';
import { crc32c } from '../framing/crc32c.js';
import { encodeFrame } from '../framing/encodeFrame.js';
import { VECTOR_SAMPLES } from './samples.js';

export const VECTORS_DIR = join(PROTOCOLS_ROOT, 'vectors');

export interface Vector {
  readonly kind: BodyKind;
  readonly frame: Uint8Array;
  readonly json: string;
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

function toProto3Json(_key: string, value: unknown): unknown {
  return value instanceof Uint8Array ? Buffer.from(value).toString('base64') : value;
}

export function buildVector(kind: BodyKind): Vector {
  const { description, envelope } = VECTOR_SAMPLES[kind];
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
  return { kind, frame, json: JSON.stringify(description_, toProto3Json, 2) + '\n' };
}

/** Writes every vector into dir; returns the paths written. */
export function writeVectors(dir: string = VECTORS_DIR): string[] {
  mkdirSync(dir, { recursive: true });
  return BODY_KINDS.flatMap((kind) => {
    const { frame, json } = buildVector(kind);
    const binPath = join(dir, `${kind}.bin`);
    const jsonPath = join(dir, `${kind}.json`);
    writeFileSync(binPath, frame);
    writeFileSync(jsonPath, json);
    return [binPath, jsonPath];
  });
}
