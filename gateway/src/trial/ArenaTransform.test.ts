import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ArenaTransform } from './ArenaTransform.js';

const coord = fc.double({ min: -100, max: 100, noNaN: true });
const angle = fc.double({ min: -Math.PI, max: Math.PI, noNaN: true });
const scale = fc.double({ min: 0.01, max: 100, noNaN: true });

function angleDiff(a: number, b: number): number {
  return Math.abs(Math.atan2(Math.sin(a - b), Math.cos(a - b)));
}

describe('ArenaTransform', () => {
  it('scales, rotates, then offsets', () => {
    const t = new ArenaTransform({ scale: 25, rotationRad: Math.PI / 2, offsetXM: 10, offsetYM: 5 });
    const p = t.toMap(1, 0, 0);
    expect(p.xM).toBeCloseTo(10, 9);
    expect(p.yM).toBeCloseTo(30, 9);
    expect(p.headingRad).toBeCloseTo(Math.PI / 2, 9);
  });

  it('toArena inverts toMap (property)', () => {
    fc.assert(
      fc.property(scale, angle, coord, coord, coord, coord, angle, (k, rot, ox, oy, x, y, h) => {
        const t = new ArenaTransform({ scale: k, rotationRad: rot, offsetXM: ox, offsetYM: oy });
        const m = t.toMap(x, y, h);
        const back = t.toArena(m.xM, m.yM, m.headingRad);
        expect(back.xM).toBeCloseTo(x, 6);
        expect(back.yM).toBeCloseTo(y, 6);
        expect(angleDiff(back.headingRad, h)).toBeLessThan(1e-9);
      }),
    );
  });

  it('matching() puts an arena pose exactly on a map pose, and keeps distances times the scale (property)', () => {
    fc.assert(
      fc.property(scale, coord, coord, angle, coord, coord, angle, coord, (k, ax, ay, ah, mx, my, mh, step) => {
        const t = ArenaTransform.matching({ xM: ax, yM: ay, headingRad: ah }, { xM: mx, yM: my, headingRad: mh }, k);
        const at = t.toMap(ax, ay, ah);
        expect(at.xM).toBeCloseTo(mx, 6);
        expect(at.yM).toBeCloseTo(my, 6);
        expect(angleDiff(at.headingRad, mh)).toBeLessThan(1e-9);
        // One arena step straight ahead lands scale * step ahead along the map heading.
        const ahead = t.toMap(ax + step * Math.cos(ah), ay + step * Math.sin(ah), ah);
        expect(ahead.xM - mx).toBeCloseTo(k * step * Math.cos(mh), 4);
        expect(ahead.yM - my).toBeCloseTo(k * step * Math.sin(mh), 4);
      }),
    );
  });

  it("writes into a caller's scratch pose when given one (the twins' per-tick path)", () => {
    const t = new ArenaTransform({ scale: 10, rotationRad: Math.PI / 2, offsetXM: 15, offsetYM: 2 });
    const scratch = { xM: 0, yM: 0, headingRad: 0 };
    expect(t.toMap(0.5, 0.3, 0, scratch)).toBe(scratch);
    expect(scratch).toEqual(t.toMap(0.5, 0.3, 0));
    expect(t.toArena(12, 7, 1, scratch)).toBe(scratch);
    expect(scratch).toEqual(t.toArena(12, 7, 1));
    expect(scratch.xM).toBeCloseTo(0.5, 9);
    expect(scratch.yM).toBeCloseTo(0.3, 9);
  });

  it('refuses a non-positive scale and non-finite values, naming them', () => {
    expect(() => new ArenaTransform({ scale: 0, rotationRad: 0, offsetXM: 0, offsetYM: 0 })).toThrow(
      'SG_TRIAL_CONFIG: arena transform scale must be > 0, got 0',
    );
    expect(() => new ArenaTransform({ scale: 1, rotationRad: Number.NaN, offsetXM: 0, offsetYM: 0 })).toThrow(/rotationRad must be a finite number, got NaN/);
    expect(() => new ArenaTransform({ scale: 1, rotationRad: 0, offsetXM: Infinity, offsetYM: 0 })).toThrow(/offsetXM/);
  });
});
