/**
 * The engine benchmark scenarios (issue 3 "Performance") and one timed run of a scenario:
 * a whole trial (physics, lidar, SLAM, radio, controllers, metrics) for a fixed number of
 * ticks, not to completion, so the number covers the busy phase while robots explore. One
 * scenario (building1-target) instead runs as a user's trial does, until the exploration
 * target or the tick limit, beside the fixed-length building1 it would otherwise stand for.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { loadMap } from '@swarmgate/maps';
import { Trial, type TrialConfig, type WorldConfigInput } from '@swarmgate/gateway';

export interface Scenario {
  readonly name: string;
  readonly doc: string;
  readonly goalX: number;
  /** Tick limit; the run also ends at the exploration target (1.01, never reached, unless set). */
  readonly ticks: number;
  config(): TrialConfig;
}

const base = { comm: 'global', seed: 1, targetExplored: 1.01, sampleEveryTicks: 10 } as const;

/** 1000 frontier robots spread over a 200 x 200 building with range radio, for `ticks` ticks. */
function building1000(name: string, goalX: number, ticks: number): Scenario {
  return {
    name,
    doc: '1000 robots, 200 x 200 building, lidar 10 m + SLAM every tick + nearest-frontier, range:20 radio',
    goalX,
    ticks,
    config: () => ({
      ...base,
      comm: 'range:20',
      grid: loadMap('building:200x200:seed=1'),
      robots: 1000,
      algorithm: 'frontier',
      spawn: { kind: 'apart' },
      maxTicks: ticks,
    }),
  };
}

export const SCENARIOS: readonly Scenario[] = [
  {
    name: 'cave120',
    doc: '120 robots, 75 x 75 cave, lidar 10 m + SLAM every tick + nearest-frontier, global radio',
    goalX: 10,
    ticks: 600,
    config: () => ({ ...base, grid: loadMap('cave:75x75:seed=1'), robots: 120, algorithm: 'frontier', spawn: { kind: 'apart' }, maxTicks: 600 }),
  },
  building1000('building1000', 1, 100),
  {
    name: 'building1',
    doc: '1 robot, 100 x 100 building, lidar 10 m + SLAM every tick + nearest-frontier',
    goalX: 1000,
    ticks: 3000,
    config: () => ({ ...base, grid: loadMap('building:100x100:seed=7'), robots: 1, algorithm: 'frontier', spawn: { kind: 'together' }, maxTicks: 3000 }),
  },
  {
    // Issue 13's swarm cases: a larger cave with a shorter lidar and line-of-sight radio, and
    // the 1000-robot building run twice as long.
    name: 'cave150',
    doc: '120 robots, 150 x 150 cave, lidar 7 m + SLAM every tick + nearest-frontier, los radio',
    goalX: 30,
    ticks: 600,
    config: () => ({
      ...base,
      comm: 'los',
      grid: loadMap('cave:150x150:seed=1'),
      robots: 120,
      algorithm: 'frontier',
      spawn: { kind: 'apart' },
      world: { lidar: { rangeM: 7 } },
      maxTicks: 600,
    }),
  },
  building1000('building1000-200', 5, 200),
  {
    // The same trial run to the CLI's default target: 3000 ticks stop it at 63 % explored, and
    // on so short a run V8's compile work weighs as much as the simulation.
    name: 'building1-target',
    doc: 'building1 run until 99 % explored (the CLI default --target) or 36000 ticks, as a user trial ends',
    // Issue 13 raised this case's goal from 1000x.
    goalX: 2000,
    ticks: 36000,
    config: () => ({
      ...base,
      targetExplored: 0.99,
      grid: loadMap('building:100x100:seed=7'),
      robots: 1,
      algorithm: 'frontier',
      spawn: { kind: 'together' },
      maxTicks: 36000,
    }),
  },
];

export interface EngineResult {
  readonly scenario: string;
  readonly ticks: number;
  readonly simSeconds: number;
  readonly wallSeconds: number;
  readonly speedX: number;
  readonly goalX: number;
  readonly exploredFraction: number;
  readonly setupSeconds: number;
  /** CPU seconds of this process during the run (robust to a loaded machine). */
  readonly cpuSeconds: number;
  readonly cpuSpeedX: number;
  /**
   * Simulated seconds per CPU second over the second half of the ticks alone. The first ticks
   * carry V8's warm-up (interpreted code, compiling the hot functions on helper threads), a
   * fixed cost that weighs most on short runs; this isolates the steady rate. Diagnostic only:
   * the goals are stated for whole runs (cpuSpeedX).
   */
  readonly secondHalfCpuSpeedX: number;
  /**
   * CPU seconds of the main thread alone (Linux; NaN elsewhere). With lidar worker threads the
   * process's CPU time adds theirs; the main thread's leaves out its waits for them at each
   * tick's barrier, so it bounds from below the wall time on an idle machine with a core per thread.
   */
  readonly mainCpuSeconds: number;
  /**
   * Seconds the main thread was ready to run but waited for a CPU during the run (Linux
   * schedstat; NaN elsewhere): the wall time other processes, or this process's other threads,
   * took from it. Near zero on a machine with a free core; on a shared one it says how much of
   * `wallSeconds` is the machine's load rather than the engine.
   */
  readonly mainWaitSeconds: number;
  readonly robots: number;
  readonly workers: number;
  /** The trial's state hash after the last tick: equal before and after an exact change (A/B runs compare it). */
  readonly finalStateHash: string;
}

/** CPU time is sampled every this many ticks (a getrusage call: ~1 us, noise at these rates). */
const CPU_SAMPLE_TICKS = 10;

/**
 * Runs `scenario` for `ticks` with `workers` lidar threads (WorldConfig.workers), optionally with
 * another robot count. `instrument` sees the trial before its first tick (benchmarks that time
 * parts of the tick wrap its methods there: physicsProbe.ts).
 */
export function runScenario(
  scenario: Scenario,
  ticks = scenario.ticks,
  workers = 1,
  robots?: number,
  instrument?: (trial: Trial) => void,
  /** Further world options (engineCase's --controller-threads). */
  world: WorldConfigInput = {},
): EngineResult {
  const setupStart = performance.now();
  const base = scenario.config();
  const config = { ...base, robots: robots ?? base.robots, maxTicks: ticks, world: { ...base.world, ...world, workers } };
  const trial = new Trial(config);
  instrument?.(trial);
  const setupSeconds = (performance.now() - setupStart) / 1000;
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const mainCpuStart = mainThreadCpuSeconds();
  const mainWaitStart = mainThreadWaitSeconds();
  // cpuAtTick[k]: CPU seconds spent when tick k * CPU_SAMPLE_TICKS had run.
  const cpuAtTick = [0];
  while (!trial.finished) {
    trial.world.step();
    if (trial.world.tick % CPU_SAMPLE_TICKS === 0) cpuAtTick.push(cpuSecondsSince(cpuStart));
  }
  const wallSeconds = (performance.now() - start) / 1000;
  const cpuSeconds = cpuSecondsSince(cpuStart);
  const mainCpuSeconds = mainThreadCpuSeconds() - mainCpuStart;
  const mainWaitSeconds = mainThreadWaitSeconds() - mainWaitStart;
  const ticksRun = trial.world.tick;
  const halfSample = Math.floor(ticksRun / 2 / CPU_SAMPLE_TICKS);
  const secondsPerTick = trial.simSeconds / ticksRun;
  const secondHalfCpuSpeedX = ((ticksRun - halfSample * CPU_SAMPLE_TICKS) * secondsPerTick) / (cpuSeconds - cpuAtTick[halfSample]);
  return {
    scenario: scenario.name,
    ticks: ticksRun,
    simSeconds: trial.simSeconds,
    wallSeconds,
    speedX: trial.simSeconds / wallSeconds,
    goalX: scenario.goalX,
    exploredFraction: trial.metrics.exploredFraction,
    setupSeconds,
    cpuSeconds,
    cpuSpeedX: trial.simSeconds / cpuSeconds,
    secondHalfCpuSpeedX,
    mainCpuSeconds,
    mainWaitSeconds,
    robots: config.robots,
    workers,
    finalStateHash: trial.metrics.stateHash(),
  };
}

/** This thread's CPU seconds from /proc/thread-self/stat (utime + stime, in 1/100 s), NaN where there is none. */
function mainThreadCpuSeconds(): number {
  try {
    // Fields after the parenthesised command name: state is field 3, utime 14, stime 15.
    const fields = readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** Seconds this thread has spent runnable but waiting for a CPU (/proc/thread-self/schedstat, in ns), NaN where there is none. */
function mainThreadWaitSeconds(): number {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[1]) / 1e9;
  } catch {
    return Number.NaN;
  }
}

function cpuSecondsSince(start: NodeJS.CpuUsage): number {
  const cpu = process.cpuUsage(start);
  return (cpu.user + cpu.system) / 1e6;
}
