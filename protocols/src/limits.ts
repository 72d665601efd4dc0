/**
 * Protocol version and size limits: the numbers every link checks, declared once.
 */

/** The version this code speaks. A peer with another major is refused; any minor is accepted. */
export const PROTOCOL_VERSION: Readonly<{ major: number; minor: number }> = Object.freeze({ major: 1, minor: 2 });

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

/**
 * Largest MQTT packet (its Remaining Length) the embedded broker reads: an Envelope at its limit,
 * a topic at MQTT's own limit (64 KiB) and 64 KiB of MQTT 5 properties. A packet declaring more
 * ends its connection before its body is read, so no client, logged in or not, can make the
 * broker hold what it declares (MQTT allows 256 MB a packet).
 */
export const MAX_MQTT_PACKET_BYTES = MAX_ENVELOPE_BYTES + 128 * 1024;

// ---- Size budgets at the edges (docs/limits.md has the table and the arithmetic) -----------
// What one robot's State can hold is bounded by these counts and sizes together, so a State
// always encodes within MAX_ENVELOPE_BYTES by construction: a sender over a budget is refused,
// and what does not fit a State is dropped and counted, never thrown.

/**
 * Largest Broadcast payload; a larger one is refused. Room for a shared SLAM map (2 bits per
 * cell packed: 131072 cells, e.g. a 180 x 180 tile map at 2 cells per tile).
 */
export const MAX_BROADCAST_PAYLOAD_BYTES = 32 * 1024;

/** Largest DepositTag payload; a larger one is refused. */
export const MAX_TAG_PAYLOAD_BYTES = 1024;

/** Tags one robot may deposit in a trial (tags are permanent); further deposits are refused. */
export const MAX_TAGS_PER_ROBOT = 256;

/** Tags in a whole trial (16 MiB of payload at most); further deposits are refused. */
export const MAX_TAGS_TOTAL = 16384;

/** Broadcasts one robot may send per logic tick; further ones that tick are refused. */
export const MAX_BROADCASTS_PER_TICK = 8;

/** Inbox messages in one robot's State per tick; the rest of that tick's messages are dropped and counted. */
export const MAX_INBOX_MESSAGES_PER_TICK = 32;

/**
 * Inbox payload bytes in one robot's State per tick (three full-size broadcasts); messages
 * beyond it are dropped and counted like those beyond MAX_INBOX_MESSAGES_PER_TICK.
 */
export const MAX_INBOX_BYTES_PER_TICK = 96 * 1024;

/** Tags in one robot's State (the nearest); the rest in reading range are left out and counted. */
export const MAX_NEARBY_TAGS_PER_STATE = 64;

/** Robots in one robot's State (the nearest); the rest in sensing range are left out and counted. */
export const MAX_NEARBY_ROBOTS_PER_STATE = 64;

/** Lidar rays per scan (a trial configuration larger than this is refused at start). */
export const MAX_SCAN_RAYS = 4096;

/**
 * Radio links in one frame of the web UI's live stream (liveWire `links`): past this the first
 * ones in robot order are drawn and the total is said. 4096 links are 16 KiB a full message;
 * a global radio model links every pair (499,500 at 1000 robots), which no canvas shows legibly.
 */
export const MAX_LIVE_LINKS = 4096;
