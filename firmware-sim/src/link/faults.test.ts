import { describe, expect, it } from 'vitest';
import { Backoff, ManualClock, Random } from '@swarmgate/protocols';
import { monaBackoff } from './monaBackoff.js';
import { FaultInjector, NO_FAULTS } from './FaultInjector.js';

describe('monaBackoff', () => {
  it("jitter from the robot's seed spreads robots that share a schedule, reproducibly", () => {
    const first = (seed: number) => new Backoff(monaBackoff(Random.fromSeed(seed))).nextDelayMs();
    expect(new Set([1, 2, 3].map(first)).size).toBe(3);
    expect(first(2)).toBe(first(2));
    expect(first(1)).toBeLessThanOrEqual(250);
    expect(first(1)).toBeGreaterThanOrEqual(125);
  });
});

describe('FaultInjector', () => {
  const bytes = Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8]);

  it('passes everything through unchanged with no faults', () => {
    const out: Uint8Array[] = [];
    const faults = new FaultInjector(NO_FAULTS, Random.fromSeed(1), new ManualClock());
    for (let i = 0; i < 100; i++) faults.send(bytes, (b) => out.push(b));
    expect(out).toHaveLength(100);
    expect(out.every((b) => b === bytes)).toBe(true);
  });

  it('drops about the asked fraction, deterministically per seed', () => {
    const run = (seed: number) => {
      let sent = 0;
      const faults = new FaultInjector({ ...NO_FAULTS, dropP: 0.3 }, Random.fromSeed(seed), new ManualClock());
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
    const faults = new FaultInjector({ ...NO_FAULTS, corruptP: 1 }, Random.fromSeed(2), new ManualClock());
    faults.send(bytes, (b) => out.push(b));
    expect(Array.from(bytes)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const changed = Array.from(out[0]!).filter((b, i) => b !== bytes[i]);
    expect(changed).toHaveLength(1);
    expect(faults.counters.corrupted).toBe(1);
  });

  it('delays on the injected clock', () => {
    const clock = new ManualClock();
    const out: number[] = [];
    const faults = new FaultInjector({ ...NO_FAULTS, delayMs: 50 }, Random.fromSeed(1), clock);
    faults.send(bytes, () => out.push(clock.nowMs()));
    clock.advance(49);
    expect(out).toEqual([]);
    clock.advance(1);
    expect(out).toEqual([50]);
  });
});
