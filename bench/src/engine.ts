/**
 * Engine benchmark: simulated seconds per wall second (and per CPU second of the process, which
 * a loaded machine distorts less) for the three reference scenarios, each in its own process.
 *   npm run bench -- engine
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BenchReport } from './BenchReport.js';
import { SCENARIOS } from './engineScenarios.js';

const caseScript = fileURLToPath(new URL('./engineCase.ts', import.meta.url));

export function benchEngine(): BenchReport {
  // execArgv carries tsx's loader, so the child runs TypeScript the same way.
  const rows = SCENARIOS.map((s) => execFileSync(process.execPath, [...process.execArgv, caseScript, s.name], { encoding: 'utf8' }).trim());
  const docs = SCENARIOS.map((s) => `- ${s.name}: ${s.doc}, at most ${s.ticks} ticks`).join('\n');
  const markdown = `${docs}

Speed = simulated seconds / wall seconds of the stepping loop (setup excluded); "per CPU s" divides
by the process's CPU time instead, the better number on a shared machine. "planck alone" is the
baseline measured in the same process (bench/src/enginePlanckBaseline.ts): planck set up as the
engine sets it up, stepping the same robots on the same merged walls with constant wheel forces
and nothing else, per CPU s; "engine / planck" is the engine's per-CPU-s speed as a fraction of
it. The engine steps robots that cannot touch anything during a tick outside planck
(gateway/src/sim/FreeFlight.ts) and the baseline does not, so the ratio can exceed 1.
"2nd half per CPU s" is the same rate over the second half of the ticks only, after V8's warm-up
(interpreted code, compiling the hot functions on helper threads: a fixed cost that weighs most
on short runs); a diagnostic, the goals apply to the whole run ("speed per CPU s").

| scenario | ticks | sim s | wall s | speed (x real time) | CPU s | speed per CPU s | 2nd half per CPU s | planck alone per CPU s | engine / planck | goal | explored |
|---|---|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}`;
  return { name: 'engine', title: 'Simulator engine (gateway/src/sim)', markdown };
}
