/**
 * Serial frame layout (one Envelope per frame):
 *
 *   COBS( envelope bytes | CRC-32C(envelope bytes), 4 bytes little-endian ) | 0x00
 *
 * The unstuffed payload (envelope + CRC) is at most MAX_FRAME_BYTES.
 */
import { encodeEnvelope, type EnvelopeInit } from '../Envelope.js';
import { ProtocolError } from '../errors.js';
import { FRAME_CRC_BYTES, MAX_SERIAL_ENVELOPE_BYTES } from '../limits.js';
import { cobsEncode } from './cobs.js';
import { crc32c } from './crc32c.js';

export const FRAME_DELIMITER = 0x00;

/** A complete frame, delimiter included, for Envelope bytes. Throws SG_PROTO_OVERSIZE. */
export function encodeFrame(envelopeBytes: Uint8Array): Uint8Array {
  if (envelopeBytes.length > MAX_SERIAL_ENVELOPE_BYTES) {
    throw new ProtocolError(
      'SG_PROTO_OVERSIZE',
      `Envelope is ${envelopeBytes.length} bytes, over the serial limit MAX_FRAME_BYTES - CRC (${MAX_SERIAL_ENVELOPE_BYTES})`,
    );
  }
  const payload = new Uint8Array(envelopeBytes.length + FRAME_CRC_BYTES);
  payload.set(envelopeBytes, 0);
  new DataView(payload.buffer).setUint32(envelopeBytes.length, crc32c(envelopeBytes), true);
  const stuffed = cobsEncode(payload);
  const frame = new Uint8Array(stuffed.length + 1);
  frame.set(stuffed, 0);
  frame[stuffed.length] = FRAME_DELIMITER;
  return frame;
}

/** encodeFrame(encodeEnvelope(env)). */
export function encodeEnvelopeFrame(env: EnvelopeInit): Uint8Array {
  return encodeFrame(encodeEnvelope(env));
}
