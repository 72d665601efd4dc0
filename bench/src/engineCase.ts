/**
 * One engine scenario in its own process, printed as a markdown table row (so JIT state and
 * garbage from one scenario never slow the next), followed by the planck-alone baseline. Also
 * the entry for profiling, where `--no-baseline` keeps planck-alone samples out of the profile:
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/src/engineCase.ts cave120 [ticks] [--no-baseline] [--workers N] [--robots N] [--json]
 */
import { parseArgs } from 'node:util';
import { runScenario, SCENARIOS } from './engineScenarios.js';
import { runPlanckBaseline } from './enginePlanckBaseline.js';

const { values, positionals } = parseArgs({
  options: { 'no-baseline': { type: 'boolean' }, workers: { type: 'string' }, robots: { type: 'string' }, json: { type: 'boolean' } },
  allowPositionals: true,
});
const withBaseline = values['no-baseline'] !== true;
const workers = Number(values.workers ?? 1);
if (!(Number.isInteger(workers) && workers >= 1)) {
  process.stderr.write(`engineCase: --workers must be an integer >= 1, got '${values.workers}'\n`);
  process.exit(2);
}
const [name, ticksArg] = positionals;
const scenario = SCENARIOS.find((s) => s.name === name);
if (!scenario) {
  process.stderr.write(`engineCase: unknown scenario '${name}'; known: ${SCENARIOS.map((s) => s.name).join(', ')}\n`);
  process.exit(2);
}
const robots = values.robots === undefined ? undefined : Number(values.robots);
if (robots !== undefined && !(Number.isInteger(robots) && robots >= 1)) {
  process.stderr.write(`engineCase: --robots must be an integer >= 1, got '${values.robots}'\n`);
  process.exit(2);
}
const r = runScenario(scenario, ticksArg === undefined ? undefined : Number(ticksArg), workers, robots);
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
