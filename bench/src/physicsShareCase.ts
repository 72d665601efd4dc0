/**
 * One engine scenario with the physics probe (physicsProbe.ts) in its own process, printed as
 * one line of JSON for physicsShare.ts:
 *   node --import tsx bench/src/physicsShareCase.ts cave150 [ticks]
 */
import { countArg, scenarioArg } from './caseArgs.js';
import { measurePhysicsShare } from './physicsProbe.js';

const [name, ticksArg] = process.argv.slice(2);
const scenario = scenarioArg('physicsShareCase', name);
const ticks = countArg('physicsShareCase', 'ticks', ticksArg, scenario.ticks);
process.stdout.write(JSON.stringify(measurePhysicsShare(scenario, ticks)) + '\n');
