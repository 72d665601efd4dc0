/**
 * HIL over serial: one MonaSim on one end of a socat pty pair, the gateway's SerialBridge on
 * the other, MotorCommands at 10 Hz through HilGateway.drive and Telemetry back at 10 Hz.
 * Bytes per tick are the bridge's own counters (COBS frames with CRC and delimiter) over the
 * measured ticks, after a 1 s warm-up (the firmware repeats its Birth until the host speaks).
 * A pty has no baud rate: the latency is the software path, and the time one frame takes on a
 * real 115200-baud line (8N1: 10 bits a byte) is given beside it.
 *   npm run bench -- hil-serial            (60 s; SWARMGATE_BENCH_QUICK=1: 10 s)
 */
import { HilGateway, MemoryLogger, RobotRegistry, SerialBridge, newMotorDecision, type SerialPortCounters } from '@swarmgate/gateway';
import { MonaSim } from '@swarmgate/firmware-sim';
import { startPtyPair } from '@swarmgate/firmware-sim/testing';
import { MONA_SPEC } from '@swarmgate/protocols';
import type { BenchReport } from './BenchReport.js';
import { PERIOD_MS, pace, until } from './hilPace.js';
import { LatencyLog, benchDurationS, fmtMs, probeMotorReceipts, slotSpeedMps } from './hilProbe.js';

const ROBOT_ID = 'mona-serial';
const BUDGET_FRACTION = 0.25;

interface Traffic {
  readonly bytesUp: number;
  readonly framesUp: number;
  readonly bytesDown: number;
  readonly framesDown: number;
}

/** Host -> robot is "down" (MotorCommand), robot -> host "up" (Telemetry, Birth, Errors). */
const trafficOf = (c: Readonly<SerialPortCounters>): Traffic => ({ bytesUp: c.bytesIn, framesUp: c.frames, bytesDown: c.bytesOut, framesDown: c.framesOut });

export async function benchHilSerial(): Promise<BenchReport> {
  const durationS = benchDurationS();
  const baud = MONA_SPEC.serialBaud;
  const lineBytesPerTick = (baud / 10) * (PERIOD_MS / 1000);
  const pair = await startPtyPair();
  const registry = new RobotRegistry({ keepaliveMs: 5000 });
  const bridge = new SerialBridge({ registry, ports: [pair.b], baudRate: baud, logger: new MemoryLogger() });
  const hil = new HilGateway({ registry }).register(bridge);
  const sim = new MonaSim({ robotId: ROBOT_ID, link: { kind: 'serial', path: pair.a, baudRate: baud }, seed: 1, telemetryHz: 10 });
  const warmUp = new LatencyLog(1, 100);
  const log = new LatencyLog(1, durationS * 12);
  let measuring = false;
  probeMotorReceipts(sim, (slot, atMs) => (measuring ? log : warmUp).received(0, slot, atMs));
  try {
    await hil.start();
    sim.start();
    await until(`a Birth of ${ROBOT_ID} on ${pair.b}`, () => registry.get(ROBOT_ID)?.online === true, 15_000);
    const decision = newMotorDecision();
    let notSent = 0;
    const drive = (_robot: number, tick: number): void => {
      const speedMps = slotSpeedMps(tick);
      if (!hil.drive(ROBOT_ID, speedMps, -speedMps, null, 0, decision).sent) notSent++;
    };
    await pace('warm-up', 1, 1, warmUp, drive);
    const counters = bridge.countersOf(pair.b)!;
    const before = trafficOf(counters);
    measuring = true;
    const phase = await pace('serial', 1, durationS, log, drive);
    const after = trafficOf(counters);
    const errors = counters.crcErrors + counters.decodeErrors + counters.oversize + counters.garbageBytes;

    const up = (after.bytesUp - before.bytesUp) / phase.ticks;
    const down = (after.bytesDown - before.bytesDown) / phase.ticks;
    const frameUp = (after.bytesUp - before.bytesUp) / (after.framesUp - before.framesUp);
    const frameDown = (after.bytesDown - before.bytesDown) / (after.framesDown - before.framesDown);
    const share = (up + down) / lineBytesPerTick;
    const s = log.summary();
    const wireMs = (frameDown * 10 * 1000) / baud;
    const markdown = `One MonaSim on a socat pty pair (\`pty,raw,echo=0\`), the gateway's SerialBridge on the other end, ${durationS} s at 10 Hz
after a 1 s warm-up. Bytes are whole frames (COBS + CRC-32C + delimiter) from the bridge's counters.
Budget: ${baud} baud 8N1 = ${baud / 10} B/s = ${lineBytesPerTick} B per 100 ms tick (goal <= ${BUDGET_FRACTION * 100}%).

| direction | frames / tick | B / frame | B / tick / robot | share of the line |
|---|---|---|---|---|
| robot -> host (Telemetry) | ${((after.framesUp - before.framesUp) / phase.ticks).toFixed(2)} | ${frameUp.toFixed(1)} | ${up.toFixed(1)} | ${((up / lineBytesPerTick) * 100).toFixed(1)}% |
| host -> robot (MotorCommand) | ${((after.framesDown - before.framesDown) / phase.ticks).toFixed(2)} | ${frameDown.toFixed(1)} | ${down.toFixed(1)} | ${((down / lineBytesPerTick) * 100).toFixed(1)}% |
| both | | | ${(up + down).toFixed(1)} | **${(share * 100).toFixed(1)}%** |

Command latency, HilGateway.drive -> firmware receipt of the decoded MotorCommand over the pty
(${s.samples} of ${phase.sent} commands received, ${log.unmatched} unmatched, ${notSent} not sent, ${errors} frame errors):
p50 ${fmtMs(s.p50Ms)} ms, p99 ${fmtMs(s.p99Ms)} ms, max ${fmtMs(s.maxMs)} ms; on a real ${baud}-baud line add ${fmtMs(wireMs)} ms for the
${frameDown.toFixed(0)} B frame. Tick overruns: ${phase.overruns}.
Goal <= ${BUDGET_FRACTION * 100}% of the line: ${share <= BUDGET_FRACTION ? 'met' : 'NOT met'}.`;
    return { name: 'hil-serial', title: 'HIL over serial: bytes per tick and command latency on a pty (bench/src/hilSerial.ts)', markdown };
  } finally {
    await sim.stop();
    await hil.stop();
    await pair.close();
  }
}
