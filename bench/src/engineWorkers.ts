/**
 * Engine with lidar worker threads (issue 13): each case with 1 and 2 threads (WorldConfig.workers),
 * and with 2 threads running the controllers too (WorldConfig.controllerThreads), and the cost per
 * robot-tick from 10 to 1000 robots, each run in its own process (engineCase.ts).
 *   npm run bench -- engine-workers
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BenchReport } from './BenchReport.js';
import type { EngineResult } from './engineScenarios.js';
import { median } from './median.js';

const caseScript = fileURLToPath(new URL('./engineCase.ts', import.meta.url));

/** The three cases, at their full length. */
const CASES: readonly string[] = ['cave150', 'building1000-200', 'building1-target'];
/** Robot counts of the cost-per-robot-tick sweep, on building1000-200's map and radio, with the ticks each runs. */
const SWEEP: readonly (readonly [robots: number, ticks: number])[] = [
  [10, 400],
  [100, 200],
  [300, 150],
  [1000, 100],
];
/** Thread counts, and whether the controllers run on the worker threads too. */
const THREADS: readonly (readonly [workers: number, controllers: boolean])[] = [
  [1, false],
  [2, false],
];
/** The cases' runs add 2 threads with the controllers on them. */
const CASE_THREADS: readonly (readonly [workers: number, controllers: boolean])[] = [...THREADS, [2, true]];
/**
 * Runs of each case and thread count, interleaved (1, 2, 1, 2, ...) so both see the same spells of
 * load; the table shows each figure's median. One pair of runs minutes apart differed by as much
 * as the second thread gives.
 */
const ROUNDS = 3;

function run(scenario: string, [workers, controllers]: readonly [number, boolean], extra: readonly string[] = []): EngineResult {
  const threadArgs = ['--workers', String(workers), ...(controllers ? ['--controller-threads'] : [])];
  // execArgv carries tsx's loader, so the child runs TypeScript the same way.
  const out = execFileSync(process.execPath, [...process.execArgv, caseScript, scenario, ...extra, ...threadArgs, '--json'], {
    encoding: 'utf8',
  });
  return JSON.parse(out) as EngineResult;
}

const x = (v: number): string => (v >= 100 ? v.toFixed(0) : v.toFixed(1));

/** ROUNDS runs of `scenario` per thread setting, interleaved; per setting, the runs. */
function runRounds(scenario: string, settings: typeof THREADS, extra: readonly string[] = []): EngineResult[][] {
  const runs: EngineResult[][] = settings.map(() => []);
  for (let round = 0; round < ROUNDS; round++) settings.forEach((setting, k) => runs[k].push(run(scenario, setting, extra)));
  return runs;
}

/** The median over runs of `f`. */
const med = (runs: readonly EngineResult[], f: (r: EngineResult) => number): number => median(runs.map(f));
const wallX = (r: EngineResult): number => r.speedX;
const cpuX = (r: EngineResult): number => r.cpuSpeedX;
const mainX = (r: EngineResult): number => r.simSeconds / r.mainCpuSeconds;
/** Share of the wall time the main thread waited for a CPU (the machine's load, not the engine). */
const waitShare = (r: EngineResult): number => r.mainWaitSeconds / r.wallSeconds;
const pct = (v: number): string => `${(100 * v).toFixed(0)} %`;

export function benchEngineWorkers(): BenchReport {
  const caseRows: string[] = [];
  for (const name of CASES) {
    const [one, two, ctl] = runRounds(name, CASE_THREADS);
    caseRows.push(
      `| ${name} | ${one[0].ticks} | ${x(med(one, wallX))} | ${x(med(two, wallX))} | ${(med(two, wallX) / med(one, wallX)).toFixed(2)} | ` +
        `${x(med(ctl, wallX))} | ${x(med(ctl, cpuX))} | ` +
        `${x(med(one, cpuX))} | ${x(med(two, cpuX))} | ${x(2 * med(two, cpuX))} | ${x(med(one, mainX))} | ${x(med(two, mainX))} | ${(med(two, mainX) / med(one, mainX)).toFixed(2)} | ` +
        `${pct(med(one, waitShare))} / ${pct(med(two, waitShare))} | >= ${one[0].goalX} |`,
    );
  }
  const sweepRows: string[] = [];
  for (const [robots, ticks] of SWEEP) {
    const [one, two] = runRounds('building1000-200', THREADS, [String(ticks), '--robots', String(robots)]);
    const us = (runs: readonly EngineResult[], seconds: (r: EngineResult) => number): string =>
      (med(runs, (r) => seconds(r) / (r.robots * r.ticks)) * 1e6).toFixed(0);
    const wall = (r: EngineResult): number => r.wallSeconds;
    const cpu = (r: EngineResult): number => r.cpuSeconds;
    const main = (r: EngineResult): number => r.mainCpuSeconds;
    sweepRows.push(`| ${robots} | ${ticks} | ${us(one, wall)} | ${us(two, wall)} | ${us(one, cpu)} | ${us(two, cpu)} | ${us(one, main)} | ${us(two, main)} |`);
  }
  const markdown = `- cave150: 120 robots, 150 x 150 cave, lidar 7 m, los radio, 600 ticks; building1000-200: 1000
  robots, 200 x 200 building, range:20 radio, 200 ticks; building1-target: 1 robot, 100 x 100
  building, run to 99 % explored (bench/src/engineScenarios.ts)
- "1 thread" is the engine on one thread; "2 threads" (\`--workers 2\`) has the main thread and
  one worker thread claim chunks of the lidar's wall casts and of the nearby-robot and
  line-of-sight pair queries; "2 + controllers" (\`--controller-threads on\`) runs the algorithm's
  controllers on both threads too (robot slot mod threads); all give the same final state hash (tested).
- Each figure is the median of ${ROUNDS} runs, the settings interleaved, each in its own process.
- wall: simulated s per wall s of the stepping loop; CPU: per CPU s of the whole process (the
  worker's CPU, and its start-up, included); main thread: per CPU s of the main thread alone,
  which leaves out its waits for the worker at each tick's barrier: an upper bound of the wall
  figure with a free core for each thread. "main thread waiting for a CPU": the share of the
  wall time the main thread was ready to run but not running (schedstat), 1 / 2 threads: what
  the machine's other load (or this process's own threads) took from the wall figure.
- ceiling on 2 cores: twice the CPU figure with 2 threads, the wall figure if the process's work
  (the engine's, V8's compiler and GC included) were spread over both cores without a wait: no
  split of that work between threads can go faster on this machine, only less work can.

| case | ticks | wall, 1 thread | wall, 2 threads | wall speed-up | wall, 2 + controllers | CPU, 2 + controllers | CPU, 1 | CPU, 2 | ceiling on 2 cores | main thread, 1 | main thread, 2 | main-thread speed-up | main thread waiting for a CPU, 1 / 2 | goal (wall) |
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
${caseRows.join('\n')}

Cost per robot-tick (us) on the 200 x 200 building (range:20 radio, lidar 10 m), by robot count:

| robots | ticks | wall, 1 thread | wall, 2 threads | CPU, 1 | CPU, 2 | main thread, 1 | main thread, 2 |
|---|---|---|---|---|---|---|---|
${sweepRows.join('\n')}`;
  return { name: 'engine-workers', title: 'Simulator engine with lidar worker threads (gateway/src/sim/LidarThreads.ts)', markdown };
}
