/**
 * Engine with lidar worker threads (issue 13): each case with 1 and 2 threads (WorldConfig.workers),
 * and the cost per robot-tick from 10 to 1000 robots, each run in its own process (engineCase.ts).
 *   npm run bench -- engine-workers
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BenchReport } from './BenchReport.js';
import type { EngineResult } from './engineScenarios.js';

const caseScript = fileURLToPath(new URL('./engineCase.ts', import.meta.url));

/** The three cases, at their full length. */
const CASES: readonly string[] = ['cave150', 'building1000-200', 'building1-target'];
/** Robot counts of the cost-per-robot-tick sweep, on building1000-200's map and radio, with the ticks each runs. */
const SWEEP: readonly (readonly [robots: number, ticks: number])[] = [
  [10, 400],
  [100, 200],
  [1000, 100],
];
const THREADS: readonly number[] = [1, 2];

function run(scenario: string, workers: number, extra: readonly string[] = []): EngineResult {
  // execArgv carries tsx's loader, so the child runs TypeScript the same way.
  const out = execFileSync(process.execPath, [...process.execArgv, caseScript, scenario, ...extra, '--workers', String(workers), '--json'], {
    encoding: 'utf8',
  });
  return JSON.parse(out) as EngineResult;
}

const x = (v: number): string => (v >= 100 ? v.toFixed(0) : v.toFixed(1));

export function benchEngineWorkers(): BenchReport {
  const caseRows: string[] = [];
  for (const name of CASES) {
    const [one, two] = THREADS.map((w) => run(name, w));
    const mainX = (r: EngineResult): number => r.simSeconds / r.mainCpuSeconds;
    caseRows.push(
      `| ${name} | ${one.ticks} | ${x(one.speedX)} | ${x(two.speedX)} | ${(two.speedX / one.speedX).toFixed(2)} | ` +
        `${x(one.cpuSpeedX)} | ${x(two.cpuSpeedX)} | ${x(mainX(one))} | ${x(mainX(two))} | ${(mainX(two) / mainX(one)).toFixed(2)} | >= ${one.goalX} |`,
    );
  }
  const sweepRows: string[] = [];
  for (const [robots, ticks] of SWEEP) {
    const [one, two] = THREADS.map((w) => run('building1000-200', w, [String(ticks), '--robots', String(robots)]));
    const us = (seconds: number, r: EngineResult): string => ((seconds / (r.robots * r.ticks)) * 1e6).toFixed(0);
    sweepRows.push(
      `| ${robots} | ${ticks} | ${us(one.wallSeconds, one)} | ${us(two.wallSeconds, two)} | ${us(one.cpuSeconds, one)} | ${us(two.cpuSeconds, two)} | ` +
        `${us(one.mainCpuSeconds, one)} | ${us(two.mainCpuSeconds, two)} |`,
    );
  }
  const markdown = `- cave150: 120 robots, 150 x 150 cave, lidar 7 m, los radio, 600 ticks; building1000-200: 1000
  robots, 200 x 200 building, range:20 radio, 200 ticks; building1-target: 1 robot, 100 x 100
  building, run to 99 % explored (bench/src/engineScenarios.ts)
- "1 thread" is the engine on one thread; "2 threads" (\`--workers 2\`) has the main thread and
  one worker thread claim chunks of the lidar's wall casts and of the nearby-robot and
  line-of-sight pair queries; both give the same final state hash (tested).
- wall: simulated s per wall s of the stepping loop; CPU: per CPU s of the whole process (the
  worker's CPU, and its start-up, included); main thread: per CPU s of the main thread alone,
  which leaves out its waits for the worker at each tick's barrier: an upper bound of the wall
  figure with a free core for each thread.

| case | ticks | wall, 1 thread | wall, 2 threads | wall speed-up | CPU, 1 | CPU, 2 | main thread, 1 | main thread, 2 | main-thread speed-up | goal (wall) |
|---|---|---|---|---|---|---|---|---|---|---|
${caseRows.join('\n')}

Cost per robot-tick (us) on the 200 x 200 building (range:20 radio, lidar 10 m), by robot count:

| robots | ticks | wall, 1 thread | wall, 2 threads | CPU, 1 | CPU, 2 | main thread, 1 | main thread, 2 |
|---|---|---|---|---|---|---|---|
${sweepRows.join('\n')}`;
  return { name: 'engine-workers', title: 'Simulator engine with lidar worker threads (gateway/src/sim/LidarThreads.ts)', markdown };
}
