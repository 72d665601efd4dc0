/**
 * Streaming decoder of serial frames (see encodeFrame.ts for the layout).
 *
 * Feed it whatever the port delivers; it splits on 0x00, un-stuffs, checks the CRC and decodes
 * the Envelope. Every failure becomes a typed event plus a counter and the decoder carries on
 * at the next delimiter: `push` never throws on any input, and memory stays bounded (a segment
 * longer than a maximal frame is discarded as it arrives and reported once as `oversize`).
 *
 * Events (listeners are called synchronously inside push):
 * - frame:       { envelope, payloadBytes }  a CRC-valid frame whose Envelope decoded
 * - crcError:    { expectedCrc, actualCrc, payloadBytes }
 * - decodeError: { error: ProtocolError (SG_PROTO_DECODE / _VERSION / _NO_BODY), payloadBytes }
 * - oversize:    { segmentBytes }  a segment longer than any valid frame
 * - garbage:     { segmentBytes }  bytes between delimiters that are not COBS or too short for a CRC
 */
import { EventEmitter } from 'node:events';
import { decodeEnvelope, type Envelope } from '../Envelope.js';
import { ProtocolError } from '../errors.js';
import { FRAME_CRC_BYTES, MAX_FRAME_BYTES } from '../limits.js';
import { cobsDecode, cobsMaxEncodedLength } from './cobs.js';
import { crc32c } from './crc32c.js';
import { FRAME_DELIMITER } from './encodeFrame.js';

export interface FrameDecoderEvents {
  frame: [{ envelope: Envelope; payloadBytes: number }];
  crcError: [{ expectedCrc: number; actualCrc: number; payloadBytes: number }];
  decodeError: [{ error: ProtocolError; payloadBytes: number }];
  oversize: [{ segmentBytes: number }];
  garbage: [{ segmentBytes: number }];
}

export interface FrameDecoderCounters {
  bytesIn: number;
  frames: number;
  crcErrors: number;
  decodeErrors: number;
  oversize: number;
  garbageBytes: number;
}

/** Longest stuffed segment a valid frame can have. */
export const MAX_STUFFED_FRAME_BYTES = cobsMaxEncodedLength(MAX_FRAME_BYTES);

export class FrameDecoder extends EventEmitter<FrameDecoderEvents> {
  readonly counters: FrameDecoderCounters = {
    bytesIn: 0,
    frames: 0,
    crcErrors: 0,
    decodeErrors: 0,
    oversize: 0,
    garbageBytes: 0,
  };

  // Allocated once; holds the stuffed bytes of the segment being received.
  private readonly segment = new Uint8Array(MAX_STUFFED_FRAME_BYTES);
  private segmentLength = 0;
  /** Bytes seen in the current segment, counting those discarded after overflow. */
  private segmentBytesSeen = 0;

  push(chunk: Uint8Array): void {
    this.counters.bytesIn += chunk.length;
    for (const byte of chunk) {
      if (byte === FRAME_DELIMITER) {
        this.endSegment();
        continue;
      }
      if (this.segmentLength < this.segment.length) this.segment[this.segmentLength++] = byte;
      this.segmentBytesSeen++;
    }
  }

  private endSegment(): void {
    const seen = this.segmentBytesSeen;
    const length = this.segmentLength;
    this.segmentLength = 0;
    this.segmentBytesSeen = 0;
    if (seen === 0) return; // back-to-back delimiters: idle line, not an error
    if (seen > length) {
      this.counters.oversize++;
      this.emit('oversize', { segmentBytes: seen });
      return;
    }
    // cobsDecode returns a fresh array: the Envelope's bytes fields may alias it safely.
    const payload = cobsDecode(this.segment.subarray(0, length));
    if (payload === null || payload.length <= FRAME_CRC_BYTES) {
      this.counters.garbageBytes += length;
      this.emit('garbage', { segmentBytes: length });
      return;
    }
    if (payload.length > MAX_FRAME_BYTES) {
      this.counters.oversize++;
      this.emit('oversize', { segmentBytes: length });
      return;
    }
    const envelopeLength = payload.length - FRAME_CRC_BYTES;
    const envelopeBytes = payload.subarray(0, envelopeLength);
    const expectedCrc = new DataView(payload.buffer, payload.byteOffset).getUint32(envelopeLength, true);
    const actualCrc = crc32c(envelopeBytes);
    if (expectedCrc !== actualCrc) {
      this.counters.crcErrors++;
      this.emit('crcError', { expectedCrc, actualCrc, payloadBytes: payload.length });
      return;
    }
    let envelope: Envelope;
    try {
      envelope = decodeEnvelope(envelopeBytes);
    } catch (error) {
      // decodeEnvelope throws only ProtocolError; anything else would be our bug.
      this.counters.decodeErrors++;
      this.emit('decodeError', { error: error as ProtocolError, payloadBytes: payload.length });
      return;
    }
    this.counters.frames++;
    this.emit('frame', { envelope, payloadBytes: payload.length });
  }
}
