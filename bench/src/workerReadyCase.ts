/**
 * How long a trial's lidar worker threads take to start, in its own process: the trial is built
 * (its worker threads start once it holds 8 robots) and the time until every worker is ready is
 * measured, with the CPU the process spent meanwhile, its child processes included (a worker
 * bundles its module with esbuild, which runs as a child process: gateway/src/sim/tsWorker.ts).
 * Prints one JSON line:
 *   node --import tsx bench/src/workerReadyCase.ts [scenario] [--workers N]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Trial } from '@swarmgate/gateway';
import { countArg, scenarioArg } from './caseArgs.js';

const TOOL = 'workerReadyCase';
const { values, positionals } = parseArgs({ options: { workers: { type: 'string' } }, allowPositionals: true });
const scenario = scenarioArg(TOOL, positionals[0] ?? 'cave150');
const workers = countArg(TOOL, '--workers', values.workers, 2);

/** CPU seconds of this process and its reaped children (/proc/self/stat utime, stime, cutime, cstime; clock ticks of 1/100 s). */
function cpuWithChildrenSeconds(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / 100;
}

const base = scenario.config();
const setupStart = performance.now();
const trial = new Trial({ ...base, world: { ...base.world, workers } });
const built = performance.now();
const cpuAtBuilt = cpuWithChildrenSeconds();
await trial.world.threadsReady();
const ready = performance.now();
// esbuild's process has exited by now, but is counted once reaped: give the event loop a moment.
await new Promise((resolve) => setTimeout(resolve, 200));
const cpuSeconds = cpuWithChildrenSeconds() - cpuAtBuilt;
process.stdout.write(
  JSON.stringify({ scenario: scenario.name, workers, setupSeconds: (built - setupStart) / 1000, readySeconds: (ready - built) / 1000, cpuSeconds }) + '\n',
);
await trial.world.close();
