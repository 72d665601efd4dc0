import { describe, expect, it } from 'vitest';
import { encodeEnvelope, makeEnvelope } from './Envelope.js';
import {
  MAX_BROADCAST_PAYLOAD_BYTES,
  MAX_ENVELOPE_BYTES,
  MAX_INBOX_BYTES_PER_TICK,
  MAX_INBOX_MESSAGES_PER_TICK,
  MAX_NEARBY_ROBOTS_PER_STATE,
  MAX_NEARBY_TAGS_PER_STATE,
  MAX_SCAN_RAYS,
  MAX_TAG_PAYLOAD_BYTES,
} from './limits.js';
import { MAX_ID_LENGTH } from './topics.js';

describe('size budgets', () => {
  it('a State holding every budget in full, with the longest ids and largest numbers, encodes within MAX_ENVELOPE_BYTES with a quarter to spare', () => {
    // The inbox's byte budget holds a few full-size broadcasts, or its count budget of smaller ones.
    expect(MAX_INBOX_BYTES_PER_TICK).toBeGreaterThanOrEqual(MAX_BROADCAST_PAYLOAD_BYTES);
    const inboxPayloadBytes = Math.floor(MAX_INBOX_BYTES_PER_TICK / MAX_INBOX_MESSAGES_PER_TICK);
    const id = 'x'.repeat(MAX_ID_LENGTH);
    const big = 0xffffffff;
    const state = {
      tick: big,
      pose: { xM: -1e30, yM: -1e30, headingRad: -3 },
      status: 4,
      collision: { started: true, touching: true },
      scan: { angleMinRad: -1, angleIncrementRad: 1e-3, rangeMaxM: 1e3, rangesM: new Array<number>(MAX_SCAN_RAYS).fill(1e30) },
      nearbyRobots: Array.from({ length: MAX_NEARBY_ROBOTS_PER_STATE }, () => ({ id, distanceM: 1e30, bearingRad: -3 })),
      inbox: Array.from({ length: MAX_INBOX_MESSAGES_PER_TICK }, () => ({ from: id, sentTick: big, payload: new Uint8Array(inboxPayloadBytes).fill(0xff) })),
      nearbyTags: Array.from({ length: MAX_NEARBY_TAGS_PER_STATE }, () => ({
        id: big,
        xM: -1e30,
        yM: -1e30,
        distanceM: 1e30,
        payload: new Uint8Array(MAX_TAG_PAYLOAD_BYTES).fill(0xff),
      })),
      battery: { volts: 1e30, fraction: 1 },
    };
    const bytes = encodeEnvelope(makeEnvelope(id, { state }, big, Number.MAX_SAFE_INTEGER));
    // docs/limits.md gives this sum: ~16.4 kB scan + ~5.4 kB robots + ~101 kB inbox + ~67 kB tags.
    expect(bytes.length).toBeGreaterThan(185_000);
    expect(bytes.length).toBeLessThan(MAX_ENVELOPE_BYTES * 0.75);
  });
});
