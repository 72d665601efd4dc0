/**
 * One engine scenario with the physics probe (physicsProbe.ts) in its own process, printed as
 * one line of JSON for physicsShare.ts:
 *   node --import tsx bench/src/physicsShareCase.ts cave150 [ticks]
 */
import { SCENARIOS } from './engineScenarios.js';
import { measurePhysicsShare } from './physicsProbe.js';

const [name, ticksArg] = process.argv.slice(2);
const scenario = SCENARIOS.find((s) => s.name === name);
if (!scenario) {
  process.stderr.write(`physicsShareCase: unknown scenario '${name}'; known: ${SCENARIOS.map((s) => s.name).join(', ')}\n`);
  process.exit(2);
}
const ticks = ticksArg === undefined ? scenario.ticks : Number(ticksArg);
if (!(Number.isInteger(ticks) && ticks >= 1)) {
  process.stderr.write(`physicsShareCase: ticks must be an integer >= 1, got '${ticksArg}'\n`);
  process.exit(2);
}
process.stdout.write(JSON.stringify(measurePhysicsShare(scenario, ticks)) + '\n');
