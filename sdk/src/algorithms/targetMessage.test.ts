import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeTargetMessage, encodeTargetMessage, HeardTargets, TARGET_MESSAGE_BYTES } from './targetMessage.js';

const finite = fc.double({ noNaN: true, noDefaultInfinity: true });
const MAGIC = [0x53, 0x47, 0x54, 0x41];

describe('target message codec', () => {
  it('round-trips any finite point in 21 bytes (property)', () => {
    fc.assert(
      fc.property(finite, finite, (xM, yM) => {
        const bytes = encodeTargetMessage({ xM, yM });
        expect(bytes.length).toBe(TARGET_MESSAGE_BYTES);
        expect(decodeTargetMessage(bytes)).toEqual({ xM, yM });
      }),
    );
  });

  it('never throws on arbitrary bytes, and yields only finite points (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), fc.boolean(), (tail, withMagic) => {
        const bytes = withMagic ? Uint8Array.of(...MAGIC, 1, ...tail) : tail;
        const decoded = decodeTargetMessage(bytes);
        if (decoded !== null) {
          expect(bytes.length).toBe(TARGET_MESSAGE_BYTES);
          expect(Number.isFinite(decoded.xM) && Number.isFinite(decoded.yM)).toBe(true);
        }
      }),
    );
  });

  it('refuses another version, a wrong length and a non-finite point', () => {
    const good = encodeTargetMessage({ xM: 1.5, yM: -2 });
    const otherVersion = good.slice();
    otherVersion[4] = 2;
    expect(decodeTargetMessage(otherVersion)).toBeNull();
    expect(decodeTargetMessage(good.subarray(0, 20))).toBeNull();
    expect(decodeTargetMessage(Uint8Array.of(...good, 0))).toBeNull();
    expect(decodeTargetMessage(encodeTargetMessage({ xM: Number.NaN, yM: 0 }))).toBeNull();
    expect(decodeTargetMessage(encodeTargetMessage({ xM: 0, yM: Number.POSITIVE_INFINITY }))).toBeNull();
  });

  it('decodes a message at an offset inside a larger buffer', () => {
    const framed = new Uint8Array(30);
    framed.set(encodeTargetMessage({ xM: 3.25, yM: 4.5 }), 7);
    expect(decodeTargetMessage(framed.subarray(7, 28))).toEqual({ xM: 3.25, yM: 4.5 });
  });
});

describe('heard targets', () => {
  const message = (from: string, xM: number, yM: number) => ({ from, sentTick: 0, payload: encodeTargetMessage({ xM, yM }) });

  it('keeps the latest target per sender, reports new or moved ones, counts malformed ones', () => {
    const heard = new HeardTargets();
    const broken = { from: 'c', sentTick: 0, payload: Uint8Array.of(...MAGIC, 9) };
    const map = { from: 'd', sentTick: 0, payload: Uint8Array.of(0x53, 0x47, 0x53, 0x4d) };
    expect(heard.read([message('a', 1, 2), broken, map, message('b', 3, 4)], 10)).toEqual(['a', 'b']);
    expect(heard.malformed).toBe(1);
    expect(heard.read([message('a', 1, 2), message('b', 5, 4)], 11)).toEqual(['b']);
    expect(heard.get('b')).toMatchObject({ xM: 5, yM: 4 });
  });

  it('never throws on an inbox of arbitrary payloads, and counts exactly the undecodable target messages (property)', () => {
    const payload = fc.oneof(
      fc.uint8Array({ maxLength: 40 }),
      fc.uint8Array({ maxLength: 30 }).map((tail) => Uint8Array.of(...MAGIC, ...tail)),
      fc.tuple(finite, finite).map(([xM, yM]) => encodeTargetMessage({ xM, yM })),
    );
    fc.assert(
      fc.property(fc.array(fc.record({ from: fc.constantFrom('a', 'b', 'c'), sentTick: fc.nat(), payload })), (inbox) => {
        const heard = new HeardTargets();
        heard.read(inbox, 3);
        const bad = inbox.filter((m) => m.payload.length >= 4 && MAGIC.every((b, i) => m.payload[i] === b) && decodeTargetMessage(m.payload) === null);
        expect(heard.malformed).toBe(bad.length);
      }),
    );
  });

  it('forgets targets heard before the given tick', () => {
    const heard = new HeardTargets();
    heard.read([message('a', 1, 2)], 10);
    heard.read([message('b', 3, 4)], 20);
    const seen: string[] = [];
    heard.forEachSince(15, (_t, sender) => seen.push(sender));
    expect(seen).toEqual(['b']);
    expect(heard.get('a')).toBeUndefined();
  });
});
