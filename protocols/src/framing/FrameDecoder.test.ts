import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeEnvelope, makeEnvelope, swarmgate, type Envelope } from '../Envelope.js';
import { FRAME_CRC_BYTES, MAX_FRAME_BYTES, MAX_SERIAL_ENVELOPE_BYTES } from '../limits.js';
import { envelopeArbitrary, toPlain } from '../testing/arbitraries.js';
import { expectProtocolError } from '../testing/expectProtocolError.js';
import { cobsEncode } from './cobs.js';
import { crc32c } from './crc32c.js';
import { encodeEnvelopeFrame, encodeFrame } from './encodeFrame.js';
import { FrameDecoder, MAX_STUFFED_FRAME_BYTES } from './FrameDecoder.js';

type Recorded = { type: 'frame'; envelope: Envelope } | { type: 'crcError' | 'decodeError' | 'oversize' | 'garbage'; detail: unknown };

function recordingDecoder(): { decoder: FrameDecoder; events: Recorded[] } {
  const decoder = new FrameDecoder();
  const events: Recorded[] = [];
  decoder.on('frame', ({ envelope }) => events.push({ type: 'frame', envelope }));
  decoder.on('crcError', (detail) => events.push({ type: 'crcError', detail }));
  decoder.on('decodeError', (detail) => events.push({ type: 'decodeError', detail }));
  decoder.on('oversize', (detail) => events.push({ type: 'oversize', detail }));
  decoder.on('garbage', (detail) => events.push({ type: 'garbage', detail }));
  return { decoder, events };
}

/** Envelopes small enough for a serial frame. */
const serialEnvelope = envelopeArbitrary.filter((env) => encodeEnvelope(env).length <= MAX_SERIAL_ENVELOPE_BYTES);

/** Feeds bytes in chunks cut at the given fractions. */
function pushInChunks(decoder: FrameDecoder, bytes: Uint8Array, cuts: number[]): void {
  const points = [...new Set(cuts.map((c) => Math.floor(c * bytes.length)))].sort((a, b) => a - b);
  let start = 0;
  for (const point of [...points, bytes.length]) {
    decoder.push(bytes.subarray(start, point));
    start = point;
  }
}

const concat = (parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => Array.from(p)));
const frames = (events: Recorded[]) => events.flatMap((e) => (e.type === 'frame' ? [toPlain(e.envelope)] : []));

describe('encodeFrame', () => {
  it('lays out COBS(envelope | CRC-32C little-endian) then 0x00', () => {
    const envelope = Uint8Array.from([0x0a, 0x00, 0x12]);
    const crc = crc32c(envelope);
    const payload = Uint8Array.from([...envelope, crc & 0xff, (crc >>> 8) & 0xff, (crc >>> 16) & 0xff, crc >>> 24]);
    expect(encodeFrame(envelope)).toEqual(Uint8Array.from([...cobsEncode(payload), 0]));
  });

  it('refuses an Envelope over the serial limit and accepts one at it', () => {
    expectProtocolError(() => encodeFrame(new Uint8Array(MAX_SERIAL_ENVELOPE_BYTES + 1)), 'SG_PROTO_OVERSIZE', /509 bytes, over the serial limit/);
    expect(encodeFrame(new Uint8Array(MAX_SERIAL_ENVELOPE_BYTES).fill(1)).length).toBeLessThanOrEqual(MAX_STUFFED_FRAME_BYTES + 1);
  });
});

describe('FrameDecoder', () => {
  it('decodes back-to-back frames split anywhere, in order', () => {
    fc.assert(
      fc.property(fc.array(serialEnvelope, { minLength: 1, maxLength: 5 }), fc.array(fc.double({ min: 0, max: 1, noNaN: true })), (envs, cuts) => {
        const { decoder, events } = recordingDecoder();
        pushInChunks(decoder, concat(envs.map(encodeEnvelopeFrame)), cuts);
        expect(events.map((e) => e.type)).toEqual(envs.map(() => 'frame'));
        expect(frames(events)).toEqual(envs.map(toPlain));
        expect(decoder.counters.frames).toBe(envs.length);
      }),
      { numRuns: 200 },
    );
  });

  it('yields no frame from arbitrary byte streams and never throws', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 300 }), { maxLength: 12 }), (chunks) => {
        const { decoder, events } = recordingDecoder();
        for (const chunk of chunks) decoder.push(chunk);
        // A random segment passes CRC-32C with probability 2^-32.
        expect(frames(events)).toEqual([]);
        expect(decoder.counters.bytesIn).toBe(chunks.reduce((n, c) => n + c.length, 0));
      }),
      { numRuns: 1000 },
    );
  });

  it('resynchronises after garbage and delivers every intact frame, and only those', () => {
    const garbage = fc.uint8Array({ minLength: 1, maxLength: 80 });
    const item = fc.record({
      env: serialEnvelope,
      garbageBefore: fc.option(garbage, { nil: undefined }),
      // Bit flips inside the stuffed bytes (never the delimiter): [byte index fraction, bit].
      flips: fc.array(fc.tuple(fc.double({ min: 0, max: 0.999, noNaN: true }), fc.integer({ min: 0, max: 7 })), { maxLength: 3 }),
    });
    fc.assert(
      fc.property(fc.array(item, { minLength: 1, maxLength: 6 }), fc.array(fc.double({ min: 0, max: 1, noNaN: true })), (items, cuts) => {
        const parts: Uint8Array[] = [];
        const expected: unknown[] = [];
        for (const { env, garbageBefore, flips } of items) {
          // The garbage ends with a delimiter, as line noise before a frame does once the sender's frame ends.
          if (garbageBefore) parts.push(garbageBefore, Uint8Array.of(0));
          const frame = encodeEnvelopeFrame(env);
          const original = frame.slice();
          for (const [at, bit] of flips) frame[Math.floor(at * (frame.length - 1))] ^= 1 << bit;
          if (frame.every((b, i) => b === original[i])) expected.push(toPlain(env));
          parts.push(frame);
        }
        const { decoder, events } = recordingDecoder();
        pushInChunks(decoder, concat(parts), cuts);
        expect(frames(events)).toEqual(expected);
        const { frames: ok, crcErrors, decodeErrors, oversize } = decoder.counters;
        expect(ok).toBe(expected.length);
        expect(events.filter((e) => e.type === 'crcError')).toHaveLength(crcErrors);
        expect(events.filter((e) => e.type === 'decodeError')).toHaveLength(decodeErrors);
        expect(events.filter((e) => e.type === 'oversize')).toHaveLength(oversize);
      }),
      { numRuns: 300 },
    );
  });

  it('reports a corrupted frame as a CRC error with both CRCs', () => {
    const frame = encodeEnvelopeFrame(makeEnvelope('mona-1', { ack: { commandId: 3 } }, 1, 2));
    frame[3] ^= 0x10;
    const { decoder, events } = recordingDecoder();
    decoder.push(frame);
    expect(events).toHaveLength(1);
    expect(events[0].type).toBe('crcError');
    const detail = (events[0] as { detail: { expectedCrc: number; actualCrc: number } }).detail;
    expect(detail.expectedCrc).not.toBe(detail.actualCrc);
    expect(decoder.counters.crcErrors).toBe(1);
  });

  it('reports a CRC-valid frame of another major as a decode error with SG_PROTO_VERSION', () => {
    const bytes = swarmgate.v1.Envelope.encode({ version: { major: 2, minor: 0 }, robotId: 'mona-9', ack: {} }).finish();
    const { decoder, events } = recordingDecoder();
    decoder.push(encodeFrame(bytes));
    decoder.push(encodeEnvelopeFrame(makeEnvelope('mona-9', { ack: { commandId: 5 } }, 2, 3)));
    expect(events.map((e) => e.type)).toEqual(['decodeError', 'frame']);
    const { error } = (events[0] as { detail: { error: Error & { code: string } } }).detail;
    expect(error.code).toBe('SG_PROTO_VERSION');
    expect(error.message).toMatch(/major version 2 not supported/);
  });

  it('counts garbage segments and ignores idle delimiters', () => {
    const { decoder, events } = recordingDecoder();
    decoder.push(Uint8Array.of(0, 0, 0)); // idle line
    decoder.push(Uint8Array.of(0x05, 0x11, 0x00)); // COBS code past the end
    decoder.push(Uint8Array.of(0x02, 0x11, 0x00)); // valid COBS, shorter than a CRC
    expect(events.map((e) => e.type)).toEqual(['garbage', 'garbage']);
    expect(decoder.counters.garbageBytes).toBe(4);
  });

  it('refuses an oversize segment once, in bounded memory, then decodes the next frame', () => {
    const { decoder, events } = recordingDecoder();
    const longSegment = new Uint8Array(200_000).fill(0x42);
    for (let i = 0; i < 5; i++) decoder.push(longSegment);
    decoder.push(Uint8Array.of(0));
    // Largest stuffed segment that un-stuffs to more than MAX_FRAME_BYTES.
    decoder.push(Uint8Array.from([...cobsEncode(new Uint8Array(MAX_FRAME_BYTES + 1).fill(1)), 0]));
    const env = makeEnvelope('mona-1', { death: { session: 4 } }, 0, 0);
    decoder.push(encodeEnvelopeFrame(env));
    expect(events.map((e) => e.type)).toEqual(['oversize', 'oversize', 'frame']);
    expect((events[0] as { detail: { segmentBytes: number } }).detail.segmentBytes).toBe(1_000_000);
    expect(frames(events)).toEqual([toPlain(env)]);
    expect(decoder.counters.oversize).toBe(2);
  });

  it('accepts the largest frame', () => {
    const withPayload = (n: number) => makeEnvelope('m', { command: { commandId: 1, broadcast: { payload: new Uint8Array(n).fill(9) } } }, 0, 0);
    let fill = MAX_SERIAL_ENVELOPE_BYTES;
    while (encodeEnvelope(withPayload(fill)).length > MAX_SERIAL_ENVELOPE_BYTES) fill--;
    const big = withPayload(fill);
    expect(encodeEnvelope(big).length + FRAME_CRC_BYTES).toBe(MAX_FRAME_BYTES);
    const { decoder, events } = recordingDecoder();
    decoder.push(encodeEnvelopeFrame(big));
    expect(frames(events)).toEqual([toPlain(big)]);
  });
});
