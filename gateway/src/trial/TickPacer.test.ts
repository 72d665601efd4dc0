import { describe, expect, it } from 'vitest';
import { ManualClock } from '@swarmgate/protocols';
import { TickPacer } from './TickPacer.js';

const rethrow = (error: unknown): never => {
  throw error;
};

describe('TickPacer', () => {
  it('paced: one tick per period, on schedule', () => {
    const clock = new ManualClock(1000);
    let ticks = 0;
    const pacer = new TickPacer({ periodMs: 100, clock, paced: () => true, onError: rethrow }, () => ticks++);
    pacer.start();
    clock.advance(0);
    expect(ticks).toBe(1);
    clock.advance(1000);
    expect(ticks).toBe(11);
    expect(pacer.overruns).toBe(0);
    pacer.stop();
    clock.advance(1000);
    expect(ticks).toBe(11);
  });

  it('counts a tick that starts more than a period late and restarts the schedule instead of bursting', () => {
    const clock = new ManualClock(0);
    const starts: number[] = [];
    let slowOnce = true;
    const pacer = new TickPacer({ periodMs: 100, clock, paced: () => true, onError: rethrow }, () => {
      starts.push(clock.nowMs());
      // The third tick takes 350 ms (a stall): the next tick is due at 300 but starts at 550.
      if (starts.length === 3 && slowOnce) {
        slowOnce = false;
        clock.advance(350);
      }
    });
    pacer.start();
    clock.advance(1000);
    expect(pacer.overruns).toBe(1);
    expect(pacer.maxLatenessMs).toBe(250);
    // No catch-up burst: after the late tick at 550, one tick per 100 ms again.
    expect(starts.slice(0, 6)).toEqual([0, 100, 200, 550, 650, 750]);
    pacer.stop();
  });

  it('unpaced: runs batches of ticks back to back, and switches to pacing when asked', () => {
    const clock = new ManualClock(0);
    let ticks = 0;
    let paced = false;
    const pacer = new TickPacer({ periodMs: 100, clock, paced: () => paced, batchTicks: 10, onError: rethrow }, () => {
      ticks++;
      // A physical robot joins after 25 ticks, in no time at all.
      if (ticks === 25) paced = true;
    });
    pacer.start();
    clock.advance(0);
    // 25 unpaced ticks, then the first paced one at once; then one per 100 ms.
    expect(ticks).toBe(26);
    clock.advance(500);
    expect(ticks).toBe(31);
    pacer.stop();
  });

  it('a tick that throws goes to onError and the schedule goes on, paced and unpaced', () => {
    const clock = new ManualClock(0);
    const errors: unknown[] = [];
    let ticks = 0;
    let paced = false;
    const pacer = new TickPacer({ periodMs: 100, clock, paced: () => paced, batchTicks: 5, onError: (e) => errors.push(e) }, () => {
      ticks++;
      // Unpaced for two batches (a ManualClock never stops an unpaced run by itself), then paced.
      if (ticks === 10) paced = true;
      if (ticks % 2 === 0) throw new Error(`tick ${ticks}`);
    });
    pacer.start();
    clock.advance(0);
    expect(ticks).toBe(11);
    clock.advance(1000);
    expect(ticks).toBe(21);
    expect(pacer.failedTicks).toBe(Math.floor(ticks / 2));
    expect(errors.map(String)).toContain('Error: tick 2');
    expect(errors).toHaveLength(pacer.failedTicks);
    pacer.stop();
  });
});
