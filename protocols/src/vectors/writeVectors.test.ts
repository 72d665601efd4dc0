import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BODY_KINDS, decodeEnvelope, encodeEnvelope } from '../Envelope.js';
import { FrameDecoder } from '../framing/FrameDecoder.js';
import { toPlain } from '../testing/arbitraries.js';
import { EXTRA_VECTOR_SAMPLES } from './samples.js';
import { buildVector, VECTOR_NAMES, VECTORS_DIR, vectorSample, writeVectors } from './writeVectors.js';

const tempDir = mkdtempSync(join(tmpdir(), 'swarmgate-vectors-'));
afterAll(() => rmSync(tempDir, { recursive: true, force: true }));

describe('test vectors', () => {
  it('are committed for every body kind and every extra vector, and nothing else', () => {
    const expected = VECTOR_NAMES.flatMap((name) => [`${name}.bin`, `${name}.json`]).sort();
    expect(readdirSync(VECTORS_DIR).sort()).toEqual(expected);
    expect(VECTOR_NAMES).toEqual(expect.arrayContaining([...BODY_KINDS, 'releaseEmergencyStop']));
  });

  it('extra vectors are named apart from the body kinds', () => {
    for (const name of Object.keys(EXTRA_VECTOR_SAMPLES)) expect(BODY_KINDS).not.toContain(name);
  });

  it.each(VECTOR_NAMES)('%s: the committed files are what the code produces, byte for byte', (name) => {
    const { frame, json } = buildVector(name);
    expect(new Uint8Array(readFileSync(join(VECTORS_DIR, `${name}.bin`)))).toEqual(frame);
    expect(readFileSync(join(VECTORS_DIR, `${name}.json`), 'utf8')).toBe(json);
  });

  it.each(VECTOR_NAMES)('%s: the .bin frame decodes back to the sample, and the JSON agrees with it', (name) => {
    const { kind, envelope } = vectorSample(name);
    const bin = readFileSync(join(VECTORS_DIR, `${name}.bin`));
    const decoder = new FrameDecoder();
    const decoded: unknown[] = [];
    decoder.on('frame', ({ envelope }) => decoded.push(envelope));
    decoder.push(bin);
    expect(decoded).toHaveLength(1);
    expect(toPlain(decoded[0])).toEqual(toPlain(decodeEnvelope(encodeEnvelope(envelope))));
    expect((decoded[0] as { body: string }).body).toBe(kind);

    const description = JSON.parse(readFileSync(join(VECTORS_DIR, `${name}.json`), 'utf8')) as { kind: string; frameHex: string; envelopeHex: string };
    expect(description.kind).toBe(kind);
    expect(description.frameHex).toBe(bin.toString('hex'));
    expect(Buffer.from(encodeEnvelope(envelope)).toString('hex')).toBe(description.envelopeHex);
  });

  it('writeVectors writes the same files it is checked against', () => {
    const written = writeVectors(tempDir);
    expect(written).toHaveLength(2 * VECTOR_NAMES.length);
    for (const path of written) {
      const name = path.slice(tempDir.length + 1);
      expect(readFileSync(path)).toEqual(readFileSync(join(VECTORS_DIR, name)));
    }
  });
});
