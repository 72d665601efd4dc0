/**
 * Protocol version and size limits: the numbers every link checks, declared once.
 */

/** The version this code speaks. A peer with another major is refused; any minor is accepted. */
export const PROTOCOL_VERSION: Readonly<{ major: number; minor: number }> = Object.freeze({ major: 1, minor: 1 });

/**
 * Largest serial frame payload (Envelope bytes + 4 CRC bytes, before COBS stuffing).
 * Budget: 512 B take 44 ms at 115200 baud (8N1: 11520 B/s); a 10 Hz Telemetry (~60 B) plus a
 * 10 Hz MotorCommand (~25 B) use under 1 kB/s of it. Small enough for an ATmega328's 2 kB RAM
 * to hold one receive buffer. The CRC-32C keeps Hamming distance 6 up to 655 B, above this.
 */
export const MAX_FRAME_BYTES = 512;

/** CRC-32C trailer length in a frame payload. */
export const FRAME_CRC_BYTES = 4;

/** Largest Envelope on a serial link. */
export const MAX_SERIAL_ENVELOPE_BYTES = MAX_FRAME_BYTES - FRAME_CRC_BYTES;

/**
 * Largest Envelope on any link (MQTT, in-process). A State with a 720-ray scan is ~3 kB;
 * this leaves room for inbox bursts yet bounds what one bad peer can make us allocate.
 */
export const MAX_ENVELOPE_BYTES = 256 * 1024;
