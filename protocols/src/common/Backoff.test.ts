import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Backoff } from './Backoff.js';
import { wrapAngle } from './angle.js';
import { ManualClock } from './Clock.js';

describe('Backoff', () => {
  it('doubles up to the cap, then resets', () => {
    const backoff = new Backoff({ initialMs: 100, maxMs: 1000, jitter: 0 });
    expect([1, 2, 3, 4, 5, 6].map(() => backoff.nextDelayMs())).toEqual([100, 200, 400, 800, 1000, 1000]);
    backoff.reset();
    expect(backoff.nextDelayMs()).toBe(100);
  });

  it('keeps jittered delays within [(1 - jitter) * d, d] and under the cap', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 0.999999, noNaN: true }), { minLength: 1, maxLength: 30 }), (randoms) => {
        let i = 0;
        const backoff = new Backoff({ initialMs: 50, maxMs: 5000, jitter: 0.5, random: () => randoms[i++ % randoms.length] });
        let ceiling = 50;
        for (let n = 0; n < randoms.length; n++) {
          const delay = backoff.nextDelayMs();
          expect(delay).toBeLessThanOrEqual(ceiling);
          expect(delay).toBeGreaterThanOrEqual(ceiling / 2);
          ceiling = Math.min(5000, ceiling * 2);
        }
      }),
    );
  });

  it('refuses options out of range with SG_BACKOFF_CONFIG naming them', () => {
    expect(() => new Backoff({ initialMs: 0 })).toThrow(/SG_BACKOFF_CONFIG.*initialMs":0/);
    expect(() => new Backoff({ initialMs: 200, maxMs: 100 })).toThrow(/SG_BACKOFF_CONFIG/);
    expect(() => new Backoff({ jitter: 1.5 })).toThrow(/SG_BACKOFF_CONFIG/);
    expect(() => new Backoff({ factor: 0.5 })).toThrow(/SG_BACKOFF_CONFIG/);
  });
});

describe('wrapAngle', () => {
  it('wraps into (-pi, pi]', () => {
    expect(wrapAngle(Math.PI)).toBe(Math.PI);
    expect(wrapAngle(-Math.PI)).toBe(Math.PI);
    expect(wrapAngle(3 * Math.PI)).toBeCloseTo(Math.PI, 12);
    expect(wrapAngle(-0.5)).toBe(-0.5);
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), (angleRad) => {
        const wrapped = wrapAngle(angleRad);
        expect(wrapped).toBeGreaterThan(-Math.PI);
        expect(wrapped).toBeLessThanOrEqual(Math.PI);
        expect(Math.cos(wrapped)).toBeCloseTo(Math.cos(angleRad), 6);
      }),
    );
  });
});

describe('ManualClock', () => {
  it('runs due timers in time order and skips cleared ones', () => {
    const clock = new ManualClock(1000);
    const fired: string[] = [];
    clock.setTimeout(() => fired.push('b@' + clock.nowMs()), 20);
    const cleared = clock.setTimeout(() => fired.push('x'), 5);
    clock.setTimeout(() => {
      fired.push('a@' + clock.nowMs());
      clock.setTimeout(() => fired.push('c@' + clock.nowMs()), 5);
    }, 10);
    clock.clearTimeout(cleared);
    clock.advance(30);
    expect(fired).toEqual(['a@1010', 'c@1015', 'b@1020']);
    expect(clock.nowMs()).toBe(1030);
    expect(clock.pendingTimers).toBe(0);
  });
});
