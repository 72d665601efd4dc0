import { describe, expect, it } from 'vitest';
import { Rng } from '../model/Rng.js';
import { FakeClock } from '../testing/FakeClock.js';
import { Backoff } from './Backoff.js';
import { FaultInjector, NO_FAULTS } from './FaultInjector.js';

describe('Backoff', () => {
  it('grows exponentially with jitter below the base, capped, and resets', () => {
    const backoff = new Backoff(new Rng(1), { initialMs: 100, maxMs: 1000, factor: 2, jitter: 0.5 });
    const delays = Array.from({ length: 8 }, () => backoff.nextDelayMs());
    const bases = [100, 200, 400, 800, 1000, 1000, 1000, 1000];
    delays.forEach((delay, i) => {
      expect(delay).toBeLessThanOrEqual(bases[i]!);
      expect(delay).toBeGreaterThan(bases[i]! / 2);
    });
    backoff.reset();
    expect(backoff.nextDelayMs()).toBeLessThanOrEqual(100);
  });

  it('jitter spreads robots that share a schedule', () => {
    const first = [1, 2, 3].map((seed) => new Backoff(new Rng(seed)).nextDelayMs());
    expect(new Set(first).size).toBe(3);
  });

  it('refuses nonsense options', () => {
    expect(() => new Backoff(new Rng(1), { initialMs: 0, maxMs: 1, factor: 2, jitter: 0 })).toThrow(/SG_MODEL_CONFIG/);
  });
});

describe('FaultInjector', () => {
  const bytes = Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8]);

  it('passes everything through unchanged with no faults', () => {
    const out: Uint8Array[] = [];
    const faults = new FaultInjector(NO_FAULTS, new Rng(1), new FakeClock());
    for (let i = 0; i < 100; i++) faults.send(bytes, (b) => out.push(b));
    expect(out).toHaveLength(100);
    expect(out.every((b) => b === bytes)).toBe(true);
  });

  it('drops about the asked fraction, deterministically per seed', () => {
    const run = (seed: number) => {
      let sent = 0;
      const faults = new FaultInjector({ ...NO_FAULTS, dropP: 0.3 }, new Rng(seed), new FakeClock());
      for (let i = 0; i < 2000; i++) faults.send(bytes, () => sent++);
      expect(faults.counters.dropped).toBe(2000 - sent);
      return sent;
    };
    expect(run(5)).toBe(run(5));
    expect(run(5) / 2000).toBeGreaterThan(0.65);
    expect(run(5) / 2000).toBeLessThan(0.75);
  });

  it('corrupts exactly one byte of a copy', () => {
    const out: Uint8Array[] = [];
    const faults = new FaultInjector({ ...NO_FAULTS, corruptP: 1 }, new Rng(2), new FakeClock());
    faults.send(bytes, (b) => out.push(b));
    expect(Array.from(bytes)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const changed = Array.from(out[0]!).filter((b, i) => b !== bytes[i]);
    expect(changed).toHaveLength(1);
    expect(faults.counters.corrupted).toBe(1);
  });

  it('delays on the injected clock', () => {
    const clock = new FakeClock();
    const out: number[] = [];
    const faults = new FaultInjector({ ...NO_FAULTS, delayMs: 50 }, new Rng(1), clock);
    faults.send(bytes, () => out.push(clock.nowMs()));
    clock.advance(49);
    expect(out).toEqual([]);
    clock.advance(1);
    expect(out).toEqual([50]);
  });
});
