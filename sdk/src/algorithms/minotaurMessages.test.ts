import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Doorway } from './minotaurDoorways.js';
import { decodeMinotaurMessage, encodeMinotaurMessage, looksLikeMinotaurMessage, type MinotaurMessage } from './minotaurMessages.js';

const u32 = fc.nat({ max: 0xffffffff });
const doorway: fc.Arbitrary<Doorway> = fc
  .record({ axis: fc.constantFrom('row' as const, 'column' as const), line: u32, from: u32, span: fc.nat(1000), explored: fc.boolean() })
  .filter((d) => d.from + d.span <= 0xffffffff)
  .map(({ span, ...d }) => ({ ...d, to: d.from + span }));
const id = fc.string({ minLength: 1, maxLength: 40 }).filter((s) => new TextEncoder().encode(s).length <= 255);
const message: fc.Arbitrary<MinotaurMessage> = fc.oneof(
  fc.record({
    kind: fc.constant('heartbeat' as const),
    xM: fc.double({ noNaN: true, noDefaultInfinity: true }),
    yM: fc.double({ noNaN: true, noDefaultInfinity: true }),
    doorways: fc.array(doorway, { maxLength: 5 }),
    map: fc.uint8Array({ maxLength: 64 }),
  }),
  fc.record({ kind: fc.constant('found' as const), auction: u32, doorway }),
  fc.record({ kind: fc.constant('bid' as const), auction: u32, lengthM: fc.double({ min: 0, max: 1e6, noNaN: true }), requester: id }),
  fc.record({ kind: fc.constant('result' as const), auction: u32, doorway, winners: fc.array(id, { maxLength: 6 }) }),
);

describe('minotaur messages', () => {
  it('decode what they encode (property)', () => {
    fc.assert(
      fc.property(message, (m) => {
        const bytes = encodeMinotaurMessage(m);
        expect(looksLikeMinotaurMessage(bytes)).toBe(true);
        expect(decodeMinotaurMessage(bytes)).toEqual(m);
      }),
      { seed: 1 },
    );
  });

  it('never throw on arbitrary bytes, with or without a valid header (property)', () => {
    const header = fc.constantFrom(...[1, 2, 3, 4, 0, 5].map((kind) => Uint8Array.of(0x4d, 0x4e, 1, kind)));
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), header, fc.boolean(), (tail, head, prefixed) => {
        const bytes = prefixed ? Uint8Array.from([...head, ...tail]) : tail;
        const decoded = decodeMinotaurMessage(bytes);
        if (decoded !== null) expect(['heartbeat', 'found', 'bid', 'result']).toContain(decoded.kind);
      }),
      { seed: 2, numRuns: 2000 },
    );
  });

  it('refuse truncated or extended messages of fixed layout (property)', () => {
    const fixed = message.filter((m) => m.kind !== 'heartbeat');
    fc.assert(
      fc.property(fixed, fc.nat(), (m, cut) => {
        const bytes = encodeMinotaurMessage(m);
        expect(decodeMinotaurMessage(bytes.subarray(0, cut % bytes.length))).toBeNull();
        expect(decodeMinotaurMessage(Uint8Array.from([...bytes, 0]))).toBeNull();
      }),
      { seed: 4 },
    );
  });

  it('refuse another version, an unknown kind, bad fields, and invalid UTF-8 ids', () => {
    const bid = encodeMinotaurMessage({ kind: 'bid', auction: 7, lengthM: 2, requester: 'r0' });
    expect(decodeMinotaurMessage(bid)).toEqual({ kind: 'bid', auction: 7, lengthM: 2, requester: 'r0' });
    const edit = (at: number, value: number): Uint8Array => {
      const copy = bid.slice();
      copy[at] = value;
      return copy;
    };
    expect(decodeMinotaurMessage(edit(2, 2))).toBeNull();
    expect(decodeMinotaurMessage(edit(3, 9))).toBeNull();
    // The id's byte 'r' made a lone continuation byte.
    expect(decodeMinotaurMessage(edit(bid.length - 2, 0x80))).toBeNull();
    // A negative bid.
    const negative = bid.slice();
    new DataView(negative.buffer).setFloat64(8, -1, true);
    expect(decodeMinotaurMessage(negative)).toBeNull();
    // A doorway whose gap ends before it starts.
    const found = encodeMinotaurMessage({ kind: 'found', auction: 1, doorway: { axis: 'row', line: 2, from: 5, to: 6, explored: false } });
    new DataView(found.buffer).setUint32(17, 4, true);
    expect(decodeMinotaurMessage(found)).toBeNull();
  });
});
