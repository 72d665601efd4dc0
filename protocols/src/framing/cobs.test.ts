import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cobsDecode, cobsEncode, cobsMaxEncodedLength } from './cobs.js';

const hex = (s: string) => Uint8Array.from(Buffer.from(s.replace(/ /g, ''), 'hex'));

describe('COBS', () => {
  // The examples of Cheshire & Baker / Wikipedia's table (without the trailing delimiter).
  it.each([
    ['', '01'],
    ['00', '01 01'],
    ['00 00', '01 01 01'],
    ['00 11 00', '01 02 11 01'],
    ['11 22 00 33', '03 11 22 02 33'],
    ['11 22 33 44', '05 11 22 33 44'],
    ['11 00 00 00', '02 11 01 01 01'],
  ])('encodes %s as %s', (plain, stuffed) => {
    expect(cobsEncode(hex(plain))).toEqual(hex(stuffed));
    expect(cobsDecode(hex(stuffed))).toEqual(hex(plain));
  });

  it('splits runs of 254 non-zero bytes into full blocks', () => {
    const run = new Uint8Array(254).fill(7);
    expect(Array.from(cobsEncode(run).subarray(0, 1))).toEqual([0xff]);
    expect(cobsEncode(run).length).toBe(256);
    expect(cobsDecode(cobsEncode(run))).toEqual(run);
    const longer = new Uint8Array(255).fill(7);
    expect(cobsDecode(cobsEncode(longer))).toEqual(longer);
  });

  it('round-trips any bytes, emits no zero, and stays within the length bound', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 1200 }), (bytes) => {
        const stuffed = cobsEncode(bytes);
        expect(stuffed.includes(0)).toBe(false);
        expect(stuffed.length).toBeLessThanOrEqual(cobsMaxEncodedLength(bytes.length));
        expect(cobsDecode(stuffed)).toEqual(bytes);
      }),
      { numRuns: 500 },
    );
  });

  it('also round-trips zero-heavy data', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(0, 0, 0, 1, 255), { maxLength: 600 }), (values) => {
        const bytes = Uint8Array.from(values);
        expect(cobsDecode(cobsEncode(bytes))).toEqual(bytes);
      }),
    );
  });

  it('rejects a zero byte or a code running past the end', () => {
    expect(cobsDecode(hex('02 11 00'))).toBeNull();
    expect(cobsDecode(hex('00'))).toBeNull();
    expect(cobsDecode(hex('05 11 22'))).toBeNull();
  });

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), (bytes) => {
        const decoded = cobsDecode(bytes);
        if (decoded !== null) expect(decoded.length).toBeLessThan(Math.max(bytes.length, 1));
      }),
      { numRuns: 1000 },
    );
  });
});
