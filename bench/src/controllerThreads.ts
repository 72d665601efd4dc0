/**
 * Controllers on worker threads (issue 13, WorldConfig.controllerThreads): each registered
 * algorithm with 2 threads, its controllers on the main thread (off) or on both (on), on three
 * trials, the settings interleaved, each run in its own process (controllerThreadsCase.ts).
 * What `controllerThreads: 'auto'` decides from (AlgorithmInfo.heavyControllers,
 * CONTROLLER_THREADS_PAY_FROM_ROBOTS).
 *   npm run bench -- controller-threads
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { algorithms } from '@swarmgate/sdk';
import type { BenchReport } from './BenchReport.js';

const caseScript = fileURLToPath(new URL('./controllerThreadsCase.ts', import.meta.url));

/** The trials: a mid-size cave and building swarm, and a small one. */
const TRIALS: readonly { readonly label: string; readonly map: string; readonly robots: number; readonly ticks: number }[] = [
  { label: '120 robots, cave 100 x 100, 200 ticks', map: 'cave:100x100:seed=1', robots: 120, ticks: 200 },
  { label: '200 robots, building 100 x 100, 100 ticks', map: 'building:100x100:seed=3', robots: 200, ticks: 100 },
  { label: '32 robots, building 60 x 60, 300 ticks', map: 'building:60x60:seed=3', robots: 32, ticks: 300 },
];

interface CaseResult {
  readonly wallSeconds: number;
  readonly cpuSeconds: number;
  readonly finalStateHash: string;
}

function run(algorithm: string, mode: 'on' | 'off', map: string, robots: number, ticks: number): CaseResult {
  // execArgv carries tsx's loader, so the child runs TypeScript the same way.
  const out = execFileSync(process.execPath, [...process.execArgv, caseScript, algorithm, mode, map, String(robots), String(ticks)], { encoding: 'utf8' });
  return JSON.parse(out) as CaseResult;
}

export function benchControllerThreads(): BenchReport {
  const rows: string[] = [];
  for (const trial of TRIALS) {
    for (const info of algorithms) {
      const off = run(info.name, 'off', trial.map, trial.robots, trial.ticks);
      const on = run(info.name, 'on', trial.map, trial.robots, trial.ticks);
      const same = on.finalStateHash === off.finalStateHash ? 'same' : `**differ** (${off.finalStateHash} / ${on.finalStateHash})`;
      rows.push(
        `| ${trial.label} | ${info.name}${info.heavyControllers === true ? ' (heavy)' : ''} | ${off.wallSeconds.toFixed(2)} | ${on.wallSeconds.toFixed(2)} | ` +
          `${(off.wallSeconds / on.wallSeconds).toFixed(2)} | ${off.cpuSeconds.toFixed(2)} | ${on.cpuSeconds.toFixed(2)} | ${same} |`,
      );
    }
  }
  const markdown = `Each algorithm with 2 threads (\`workers: 2\`), its controllers on the main thread (off) or on
both threads, robot slot mod threads (on); los radio, robots spread apart, seed 1; one run of each,
off then on, each in its own process (the workers' start-up excluded: the run starts once they are
ready). Wall and CPU seconds of the stepping; "speed-up" is off / on wall. "(heavy)": the algorithm
declares heavyControllers, which \`controllerThreads: 'auto'\` (the default) runs on the worker
threads from CONTROLLER_THREADS_PAY_FROM_ROBOTS robots.

| trial | algorithm | wall s, off | wall s, on | speed-up | CPU s, off | CPU s, on | final state hash |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}`;
  return { name: 'controller-threads', title: 'Controllers on worker threads, by algorithm (bench/src/controllerThreads.ts)', markdown };
}
