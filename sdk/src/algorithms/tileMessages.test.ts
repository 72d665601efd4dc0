import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeTileMessage, encodeTileMessage, MAX_RESERVED, tileBitBytes, type TileMessage } from './tileMessages.js';

const tilesMessage = fc
  .record({ width: fc.integer({ min: 0, max: 60 }), height: fc.integer({ min: 0, max: 60 }) })
  .chain(({ width, height }) =>
    fc
      .uint8Array({ minLength: tileBitBytes(width, height), maxLength: tileBitBytes(width, height) })
      .map((bits): TileMessage => ({ kind: 'tiles', width, height, bits })),
  );
const claimMessage = fc
  .record({ tile: fc.nat({ max: 0xffffffff }), bidM: fc.float({ min: 0, max: 1e6, noNaN: true }) })
  .map((m): TileMessage => ({ kind: 'claim', tile: m.tile, bidM: Math.fround(m.bidM) }));
const reserveMessage = fc
  .array(fc.nat({ max: 0xffffffff }), { minLength: 1, maxLength: MAX_RESERVED })
  .map((tiles): TileMessage => ({ kind: 'reserve', tiles }));

describe('tile messages', () => {
  it('round-trips every message', () => {
    fc.assert(
      fc.property(fc.oneof(tilesMessage, claimMessage, reserveMessage), (message) => {
        expect(decodeTileMessage(encodeTileMessage(message))).toEqual({ ok: true, message });
      }),
    );
  });

  it('never throws on arbitrary bytes, with or without the magic', () => {
    const withMagic = fc.uint8Array({ maxLength: 40 }).map((tail) => Uint8Array.of(0x53, 0x54, 1, ...tail));
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 64 }), withMagic), (bytes) => {
        const decoded = decodeTileMessage(bytes);
        if (!decoded.ok) expect(decoded.error.length).toBeGreaterThan(0);
      }),
    );
  });

  it('refuses a truncated message, naming the sizes', () => {
    fc.assert(
      fc.property(fc.oneof(tilesMessage, claimMessage, reserveMessage), fc.nat(), (message, cut) => {
        const bytes = encodeTileMessage(message);
        const short = bytes.subarray(0, cut % bytes.length);
        expect(decodeTileMessage(short).ok).toBe(false);
      }),
    );
  });

  it('names the wrong version, kind and bid', () => {
    expect(decodeTileMessage(Uint8Array.of(0x53, 0x54, 2, 1))).toEqual({ ok: false, error: 'tile message version 2 is not 1' });
    expect(decodeTileMessage(Uint8Array.of(0x53, 0x54, 1, 9))).toEqual({ ok: false, error: 'tile message kind 9 is not 1 (tiles), 2 (claim) or 3 (reserve)' });
    const claim = encodeTileMessage({ kind: 'claim', tile: 3, bidM: 1 });
    new DataView(claim.buffer).setFloat32(8, Number.NaN, true);
    expect(decodeTileMessage(claim)).toEqual({ ok: false, error: 'claim bid NaN is not a finite length >= 0' });
  });
});
