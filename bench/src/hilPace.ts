/** The HIL benchmarks' sender loop: the trial's TickPacer at 10 Hz, one message per robot per tick. */
import { TickPacer } from '@swarmgate/gateway';
import { systemClock } from '@swarmgate/protocols';
import { CpuMeter, hiResNowMs, type LatencyLog } from './hilProbe.js';

export const PERIOD_MS = 100;

export interface PhaseResult {
  readonly name: string;
  readonly sent: number;
  readonly ticks: number;
  readonly log: LatencyLog;
  readonly overruns: number;
  readonly maxLatenessMs: number;
  /** CPU time of this (the sending) process per second of pacing, ms/s. */
  readonly cpuMsPerS: number;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export async function until(what: string, condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`HIL bench: no ${what} within ${timeoutMs} ms`);
    await sleep(50);
  }
}

/**
 * Ticks every PERIOD_MS for durationS; each tick stamps the send time of every robot in `log`
 * and calls `send(robot, tick)`. Waits 500 ms for messages in flight before returning.
 */
export async function pace(
  name: string,
  robots: number,
  durationS: number,
  log: LatencyLog,
  send: (robot: number, tick: number) => void,
): Promise<PhaseResult> {
  let tick = 0;
  // A failing send is the benchmark's own bug: it ends the run loudly rather than skewing it.
  const fail = (error: unknown): never => {
    throw error;
  };
  const pacer = new TickPacer({ periodMs: PERIOD_MS, clock: systemClock, paced: () => true, onError: fail }, () => {
    for (let robot = 0; robot < robots; robot++) {
      log.sent(robot, tick, hiResNowMs());
      send(robot, tick);
    }
    tick++;
  });
  const cpu = new CpuMeter();
  pacer.start();
  await sleep(durationS * 1000);
  pacer.stop();
  const cpuMsPerS = cpu.msPerS();
  await sleep(500);
  return { name, sent: tick * robots, ticks: tick, log, overruns: pacer.overruns, maxLatenessMs: pacer.maxLatenessMs, cpuMsPerS };
}
