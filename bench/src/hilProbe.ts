/**
 * Shared by the HIL benchmarks: how a MotorCommand is recognised at the firmware without
 * changing the wire traffic, a clock shared by processes on one host, and latency statistics.
 *
 * The tick is carried in the wheel speeds: tick t drives (v, -v) with v = (1 + t % SLOTS) mm/s.
 * That leaves `command_id` 0, as the trial's twins send it (no Acks, so no extra traffic), and
 * the robot spins in place (no fence collisions). SLOTS ticks at 10 Hz are 10 s, far longer
 * than any latency, so slot -> send time is unambiguous.
 */
import type { Envelope } from '@swarmgate/protocols';
import type { MonaSim } from '@swarmgate/firmware-sim';

export const SLOTS = 100;
const SLOT_STEP_MPS = 0.001;

/** Wheel speed of the left wheel for a tick (the right one is its negative). */
export function slotSpeedMps(tick: number): number {
  return SLOT_STEP_MPS * (1 + (tick % SLOTS));
}

/** The slot a received left-wheel speed (float32 on the wire) stands for. */
export function slotOfSpeed(leftMps: number): number {
  return Math.round(leftMps / SLOT_STEP_MPS) - 1;
}

/**
 * Epoch milliseconds with sub-millisecond resolution, comparable across processes on one
 * host (both sides measure from their own high-resolution time origin).
 */
export function hiResNowMs(): number {
  return performance.timeOrigin + performance.now();
}

/**
 * Calls `onReceipt(slot, receivedAtMs)` for every MotorCommand the firmware accepts from its
 * link, after decoding and before it acts. A measuring probe on the firmware's single entry
 * point for decoded envelopes; the firmware's behaviour is unchanged.
 */
export function probeMotorReceipts(sim: MonaSim, onReceipt: (slot: number, receivedAtMs: number) => void): void {
  const firmware = sim.firmware;
  const receive = firmware.receiveEnvelope.bind(firmware);
  firmware.receiveEnvelope = (envelope: Envelope): void => {
    const receivedAtMs = hiResNowMs();
    if (envelope.motorCommand) onReceipt(slotOfSpeed(envelope.motorCommand.leftMps), receivedAtMs);
    receive(envelope);
  };
}

/**
 * Send times per (robot, slot) and the latencies matched to them. Fixed-size typed arrays:
 * the benchmark's own bookkeeping should not allocate per message.
 */
export class LatencyLog {
  private readonly sentAtMs: Float64Array;
  private readonly latenciesMs: Float64Array;
  private readonly robotOf: Uint16Array;
  count = 0;
  /** Receipts whose slot had no send (or an implausible one): reported, never hidden. */
  unmatched = 0;

  constructor(
    private readonly robots: number,
    maxSamples: number,
  ) {
    this.sentAtMs = new Float64Array(robots * SLOTS).fill(Number.NaN);
    this.latenciesMs = new Float64Array(maxSamples);
    this.robotOf = new Uint16Array(maxSamples);
  }

  sent(robot: number, tick: number, atMs: number): void {
    this.sentAtMs[robot * SLOTS + (tick % SLOTS)] = atMs;
  }

  received(robot: number, slot: number, atMs: number): void {
    const sentAtMs = robot < this.robots && slot >= 0 && slot < SLOTS ? this.sentAtMs[robot * SLOTS + slot]! : Number.NaN;
    const latencyMs = atMs - sentAtMs;
    // Beyond 5 s the slot was last sent a whole cycle ago: a lost-and-late message.
    if (!(latencyMs >= -1 && latencyMs < 5000) || this.count === this.latenciesMs.length) {
      this.unmatched++;
      return;
    }
    this.robotOf[this.count] = robot;
    this.latenciesMs[this.count++] = latencyMs;
  }

  /** p50, p99, max in ms, of every sample or only one robot's (a sorted copy). */
  summary(robot?: number): { p50Ms: number; p99Ms: number; maxMs: number; samples: number } {
    const all = this.latenciesMs.subarray(0, this.count);
    const sorted = (robot === undefined ? all.slice() : all.filter((_, k) => this.robotOf[k] === robot)).sort();
    const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
    return { p50Ms: at(0.5), p99Ms: at(0.99), maxMs: sorted.at(-1) ?? Number.NaN, samples: sorted.length };
  }
}

/** This process's CPU time (user + system) since construction, per second of wall time. */
export class CpuMeter {
  private readonly startCpu = process.cpuUsage();
  private readonly startMs = performance.now();

  msPerS(): number {
    const { user, system } = process.cpuUsage(this.startCpu);
    return (user + system) / (performance.now() - this.startMs);
  }
}

/** Benchmark duration: 60 s, or 10 s with SWARMGATE_BENCH_QUICK=1. */
export function benchDurationS(): number {
  return process.env['SWARMGATE_BENCH_QUICK'] === '1' ? 10 : 60;
}

export const fmtMs = (ms: number): string => ms.toFixed(2);
