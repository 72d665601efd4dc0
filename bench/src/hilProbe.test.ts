import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LatencyLog, SLOTS, slotOfSpeed, slotSpeedMps } from './hilProbe.js';

describe('hilProbe', () => {
  it('a tick survives the float32 wheel speed on the wire as its slot', () => {
    fc.assert(
      fc.property(fc.nat(10_000_000), (tick) => {
        const speedMps = slotSpeedMps(tick);
        expect(speedMps).toBeGreaterThan(0);
        expect(speedMps).toBeLessThanOrEqual(0.1); // below MONA_SPEC.maxWheelSpeedMps: never clamped
        expect(slotOfSpeed(Math.fround(speedMps))).toBe(tick % SLOTS);
      }),
    );
  });

  it('matches receipts to the latest send of their slot and reports the percentiles', () => {
    const log = new LatencyLog(2, 1000);
    for (let tick = 0; tick < 100; tick++) {
      log.sent(1, tick, tick * 100);
      log.received(1, tick % SLOTS, tick * 100 + 1 + (tick === 99 ? 50 : 0));
    }
    log.received(0, 3, 5); // robot 0 never sent
    log.received(1, 3, 3 * 100 + 6000); // a whole cycle late
    expect(log.unmatched).toBe(2);
    expect(log.summary()).toEqual({ p50Ms: 1, p99Ms: 51, maxMs: 51, samples: 100 });
    log.sent(0, 7, 1000);
    log.received(0, 7, 1002.5);
    expect(log.summary(0)).toEqual({ p50Ms: 2.5, p99Ms: 2.5, maxMs: 2.5, samples: 1 });
    expect(log.summary(1)).toEqual({ p50Ms: 1, p99Ms: 51, maxMs: 51, samples: 100 });
    expect(log.summary().samples).toBe(101);
  });
});
