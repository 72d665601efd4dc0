import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyExploredFrame, exploredFrame, fullExploredFrame } from './exploredFrame.js';

/** A bitmap and the same bitmap with some bytes changed (sparse, clustered or all of them). */
const heldAndNow = fc
  .tuple(fc.uint8Array({ minLength: 1, maxLength: 400 }), fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 24 }), fc.nat(255)), { maxLength: 30 }))
  .map(([held, edits]) => {
    const now = held.slice();
    for (const [at, length, value] of edits) now.fill(value, at % held.length, (at % held.length) + length);
    return { held, now };
  });

describe('exploredFrame (the SSE explored event)', () => {
  it('takes any held bitmap to the new one, is null when nothing changed, and is never longer than the whole bitmap (property)', () => {
    fc.assert(
      fc.property(heldAndNow, ({ held, now }) => {
        const frame = exploredFrame(held, now);
        if (frame === null) {
          expect(now).toEqual(held);
          return;
        }
        expect(applyExploredFrame(held.slice(), frame)).toEqual(now);
        // What goes on the wire: a delta only when it is shorter than the whole bitmap.
        if (!frame.full) expect(JSON.stringify(frame).length).toBeLessThan(JSON.stringify(fullExploredFrame(now)).length);
      }),
    );
  });

  it('sends the whole bitmap to a client holding none or one of another size', () => {
    const bits = Uint8Array.from([1, 2, 3]);
    expect(exploredFrame(null, bits)).toEqual({ full: true, bitsBase64: 'AQID' });
    expect(exploredFrame(new Uint8Array(2), bits)).toEqual({ full: true, bitsBase64: 'AQID' });
  });

  it('sends a few changed bytes of a large bitmap as runs, changes a few bytes apart in one', () => {
    const held = new Uint8Array(500_000);
    const now = held.slice();
    now[10] = 0xff;
    now[14] = 0x0f;
    now[400_000] = 0x80;
    expect(exploredFrame(held, now)).toEqual({
      full: false,
      length: 500_000,
      runs: [
        [10, Buffer.from([0xff, 0, 0, 0, 0x0f]).toString('base64')],
        [400_000, Buffer.from([0x80]).toString('base64')],
      ],
    });
  });

  it('refuses a delta it cannot apply: before a full frame, or for another size', () => {
    const delta = { full: false as const, length: 4, runs: [[0, 'AQ==']] as const };
    expect(() => applyExploredFrame(null, delta)).toThrow(/4-byte bitmap, holding none/);
    expect(() => applyExploredFrame(new Uint8Array(3), delta)).toThrow(/4-byte bitmap, holding 3/);
  });
});
