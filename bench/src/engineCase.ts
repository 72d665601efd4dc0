/**
 * One engine scenario in its own process, printed as a markdown table row (so JIT state and
 * garbage from one scenario never slow the next), followed by the planck-alone baseline. Also
 * the entry for profiling, where `--no-baseline` keeps planck-alone samples out of the profile:
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/src/engineCase.ts cave120 [ticks] [--no-baseline] [--workers N] [--controller-threads] [--robots N] [--json]
 */
import { parseArgs } from 'node:util';
import { runScenario } from './engineScenarios.js';
import { countArg, scenarioArg } from './caseArgs.js';
import { runPlanckBaseline } from './enginePlanckBaseline.js';

const { values, positionals } = parseArgs({
  options: {
    'no-baseline': { type: 'boolean' },
    workers: { type: 'string' },
    'controller-threads': { type: 'boolean' },
    robots: { type: 'string' },
    json: { type: 'boolean' },
  },
  allowPositionals: true,
});
const withBaseline = values['no-baseline'] !== true;
const [name, ticksArg] = positionals;
const scenario = scenarioArg('engineCase', name);
const ticks = countArg('engineCase', 'ticks', ticksArg, scenario.ticks);
const workers = countArg('engineCase', '--workers', values.workers, 1);
const robots = values.robots === undefined ? undefined : countArg('engineCase', '--robots', values.robots, 0);
const r = runScenario(scenario, ticks, workers, robots, undefined, values['controller-threads'] === true ? { controllerThreads: true } : {});
if (values.json === true) {
  // The result object alone, for benchmarks that tabulate several runs (engineWorkers.ts).
  process.stdout.write(JSON.stringify(r) + '\n');
  process.exit(0);
}
// Measured in the same process right after the scenario, so both see the same machine load.
const base = withBaseline ? runPlanckBaseline(scenario, r.ticks) : null;
const baseCells = base ? `${base.cpuSpeedX.toFixed(1)} | ${(r.cpuSpeedX / base.cpuSpeedX).toFixed(2)}` : '- | -';
process.stdout.write(
  `| ${r.scenario} | ${r.ticks} | ${r.simSeconds.toFixed(1)} | ${r.wallSeconds.toFixed(2)} | ${r.speedX.toFixed(1)} | ` +
    `${r.cpuSeconds.toFixed(2)} | ${r.cpuSpeedX.toFixed(1)} | ${r.secondHalfCpuSpeedX.toFixed(1)} | ${baseCells} | >= ${r.goalX} | ${(r.exploredFraction * 100).toFixed(1)}% |\n`,
);
