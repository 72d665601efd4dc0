/**
 * One engine scenario in its own process, printed as a markdown table row (so JIT state and
 * garbage from one scenario never slow the next). Also the entry for profiling:
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/src/engineCase.ts cave120 [ticks]
 */
import { runScenario, SCENARIOS } from './engineScenarios.js';

const [name, ticksArg] = process.argv.slice(2);
const scenario = SCENARIOS.find((s) => s.name === name);
if (!scenario) {
  process.stderr.write(`engineCase: unknown scenario '${name}'; known: ${SCENARIOS.map((s) => s.name).join(', ')}\n`);
  process.exit(2);
}
const r = runScenario(scenario, ticksArg === undefined ? undefined : Number(ticksArg));
process.stdout.write(
  `| ${r.scenario} | ${r.ticks} | ${r.simSeconds.toFixed(1)} | ${r.wallSeconds.toFixed(2)} | ${r.speedX.toFixed(1)} | ` +
    `${r.cpuSeconds.toFixed(2)} | ${r.cpuSpeedX.toFixed(1)} | >= ${r.goalX} | ${(r.exploredFraction * 100).toFixed(1)}% |\n`,
);
