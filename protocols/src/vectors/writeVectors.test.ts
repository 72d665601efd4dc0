import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BODY_KINDS, decodeEnvelope, encodeEnvelope } from '../Envelope.js';
import { FrameDecoder } from '../framing/FrameDecoder.js';
import { toPlain } from '../testing/arbitraries.js';
import { VECTOR_SAMPLES } from './samples.js';
import { buildVector, VECTORS_DIR, writeVectors } from './writeVectors.js';

const tempDir = mkdtempSync(join(tmpdir(), 'swarmgate-vectors-'));
afterAll(() => rmSync(tempDir, { recursive: true, force: true }));

describe('test vectors', () => {
  it('are committed for every body kind, and nothing else', () => {
    const expected = BODY_KINDS.flatMap((kind) => [`${kind}.bin`, `${kind}.json`]).sort();
    expect(readdirSync(VECTORS_DIR).sort()).toEqual(expected);
  });

  it.each(BODY_KINDS)('%s: the committed files are what the code produces, byte for byte', (kind) => {
    const { frame, json } = buildVector(kind);
    expect(new Uint8Array(readFileSync(join(VECTORS_DIR, `${kind}.bin`)))).toEqual(frame);
    expect(readFileSync(join(VECTORS_DIR, `${kind}.json`), 'utf8')).toBe(json);
  });

  it.each(BODY_KINDS)('%s: the .bin frame decodes back to the sample, and the JSON agrees with it', (kind) => {
    const bin = readFileSync(join(VECTORS_DIR, `${kind}.bin`));
    const decoder = new FrameDecoder();
    const decoded: unknown[] = [];
    decoder.on('frame', ({ envelope }) => decoded.push(envelope));
    decoder.push(bin);
    expect(decoded).toHaveLength(1);
    expect(toPlain(decoded[0])).toEqual(toPlain(decodeEnvelope(encodeEnvelope(VECTOR_SAMPLES[kind].envelope))));
    expect((decoded[0] as { body: string }).body).toBe(kind);

    const description = JSON.parse(readFileSync(join(VECTORS_DIR, `${kind}.json`), 'utf8')) as { frameHex: string; envelopeHex: string };
    expect(description.frameHex).toBe(bin.toString('hex'));
    expect(Buffer.from(encodeEnvelope(VECTOR_SAMPLES[kind].envelope)).toString('hex')).toBe(description.envelopeHex);
  });

  it('writeVectors writes the same files it is checked against', () => {
    const written = writeVectors(tempDir);
    expect(written).toHaveLength(2 * BODY_KINDS.length);
    for (const path of written) {
      const name = path.slice(tempDir.length + 1);
      expect(readFileSync(path)).toEqual(readFileSync(join(VECTORS_DIR, name)));
    }
  });
});
