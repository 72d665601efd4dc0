import fc from 'fast-check';
import { MONA_SPEC } from '@swarmgate/protocols';
import { describe, expect, it } from 'vitest';
import { CommandSafety, newMotorDecision } from './CommandSafety.js';

const limits = { maxWheelSpeedMps: 0.1, wheelBaseM: 0.08, bodyRadiusM: 0.04 };
const arena = { minXM: 0, minYM: 0, maxXM: 2, maxYM: 2 };

describe('CommandSafety', () => {
  it('scales both wheels to the limit, keeping the arc, and counts the clamp', () => {
    const safety = new CommandSafety({ deadlineMs: 250 });
    const out = safety.filterWheels(limits, null, 0.4, 0.2, newMotorDecision());
    expect(out).toEqual({ leftMps: 0.1, rightMps: 0.05, deadlineMs: 250, verdict: 'clamped' });
    expect(safety.counters.clamps).toBe(1);
    expect(safety.filterWheels(limits, null, 0.05, -0.05, newMotorDecision()).verdict).toBe('ok');
  });

  it("caps its MotorCommand deadline at MONA_SPEC.maxMotorDeadlineMs, the firmware's cap", () => {
    const safety = new CommandSafety({ deadlineMs: 60_000 });
    expect(safety.deadlineMs).toBe(MONA_SPEC.maxMotorDeadlineMs);
    expect(safety.filterWheels(limits, null, 0.05, 0.05, newMotorDecision()).deadlineMs).toBe(MONA_SPEC.maxMotorDeadlineMs);
    expect(safety.stop(newMotorDecision()).deadlineMs).toBe(MONA_SPEC.maxMotorDeadlineMs);
    expect(new CommandSafety().deadlineMs).toBe(300);
  });

  it('refuses driving through the fence but allows backing away and turning in place', () => {
    const safety = new CommandSafety({ arena, lookAheadS: 0.5 });
    const atEastFence = { xM: 1.95, yM: 1, headingRad: 0 };
    expect(safety.filterWheels(limits, atEastFence, 0.1, 0.1, newMotorDecision())).toMatchObject({ leftMps: 0, rightMps: 0, verdict: 'fence' });
    expect(safety.filterWheels(limits, atEastFence, -0.1, -0.1, newMotorDecision()).verdict).toBe('ok');
    expect(safety.filterWheels(limits, atEastFence, -0.05, 0.05, newMotorDecision()).verdict).toBe('ok');
    // Heading north-west from the same spot moves away from the east fence.
    expect(safety.filterWheels(limits, { ...atEastFence, headingRad: 2.5 }, 0.1, 0.1, newMotorDecision()).verdict).toBe('ok');
    expect(safety.counters.fenceRefusals).toBe(1);
  });

  it('refuses motion into a virtual wall ahead, including along an arc', () => {
    // A wall filling x >= 1.0 (arena frame, after the caller's arena-to-map transform).
    const safety = new CommandSafety({ isBlocked: (xM) => xM >= 1.0, lookAheadS: 0.5 });
    const pose = { xM: 0.92, yM: 1, headingRad: 0 };
    expect(safety.filterWheels(limits, pose, 0.1, 0.1, newMotorDecision()).verdict).toBe('wall');
    expect(safety.filterWheels(limits, pose, 0.1, 0.09, newMotorDecision()).verdict).toBe('wall');
    expect(safety.filterWheels(limits, { ...pose, xM: 0.5 }, 0.1, 0.1, newMotorDecision()).verdict).toBe('ok');
    expect(safety.filterWheels(limits, pose, -0.1, -0.1, newMotorDecision()).verdict).toBe('ok');
    expect(safety.counters.wallRefusals).toBe(2);
  });

  it('stops on non-finite input and on motion without a pose when checks are configured', () => {
    const safety = new CommandSafety({ arena });
    expect(safety.filterWheels(limits, null, Number.NaN, 0, newMotorDecision()).verdict).toBe('invalid');
    expect(safety.filterWheels(limits, null, 0.05, 0.05, newMotorDecision()).verdict).toBe('no-pose');
    expect(safety.filterWheels(limits, null, 0, 0, newMotorDecision()).verdict).toBe('ok');
    expect(safety.counters).toMatchObject({ invalid: 1, noPoseRefusals: 1, commands: 3 });
  });

  it('never exceeds the limit, always attaches the deadline, never lets the body cross the fence', () => {
    const safety = new CommandSafety({ arena, lookAheadS: 0.5, samples: 8, deadlineMs: 300 });
    const speed = fc.double({ min: -1, max: 1, noNaN: true });
    const pose = fc.record({
      xM: fc.double({ min: 0.04, max: 1.96, noNaN: true }),
      yM: fc.double({ min: 0.04, max: 1.96, noNaN: true }),
      headingRad: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
    });
    fc.assert(
      fc.property(pose, speed, speed, fc.boolean(), (p, l, rawR, straight) => {
        const r = straight ? l : rawR;
        const out = safety.filterWheels(limits, p, l, r, newMotorDecision());
        expect(Math.abs(out.leftMps)).toBeLessThanOrEqual(limits.maxWheelSpeedMps + 1e-12);
        expect(Math.abs(out.rightMps)).toBeLessThanOrEqual(limits.maxWheelSpeedMps + 1e-12);
        expect(out.deadlineMs).toBe(300);
        if (out.verdict === 'ok' || out.verdict === 'clamped') {
          // Straight-line check at the horizon: an accepted command keeps the centre inside.
          const v = (out.leftMps + out.rightMps) / 2;
          if (out.leftMps === out.rightMps) {
            const x = p.xM + v * 0.5 * Math.cos(p.headingRad);
            const y = p.yM + v * 0.5 * Math.sin(p.headingRad);
            expect(x).toBeGreaterThanOrEqual(0.04 - 1e-9);
            expect(x).toBeLessThanOrEqual(1.96 + 1e-9);
            expect(y).toBeGreaterThanOrEqual(0.04 - 1e-9);
            expect(y).toBeLessThanOrEqual(1.96 + 1e-9);
          }
        }
      }),
      { numRuns: 2000 },
    );
  });
});
