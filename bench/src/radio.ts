/**
 * Radio micro-benchmark: can-hear graph updates (link checks per second) for each radio
 * model, and a broadcast round through RadioNetwork, for 120 and 1000 robots on a 75 x 75
 * MAES-default cave. Each case runs in its own process (radioCase.ts).
 *   npm run bench -- radio
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BenchReport } from './BenchReport.js';

const SPECS = ['global', 'range:20', 'los', 'los:20', 'material', 'pathloss'];
const ROBOT_COUNTS = [120, 1000];
const caseScript = fileURLToPath(new URL('./radioCase.ts', import.meta.url));

function runCase(kind: 'links' | 'broadcast', spec: string, robots: number): string {
  // execArgv carries tsx's loader, so the child runs TypeScript the same way.
  return execFileSync(process.execPath, [...process.execArgv, caseScript, kind, spec, String(robots)], { encoding: 'utf8' }).trim();
}

export function benchRadio(): BenchReport {
  const linkRows = ROBOT_COUNTS.flatMap((n) => SPECS.map((s) => runCase('links', s, n)));
  const broadcastRows = ROBOT_COUNTS.flatMap((n) => ['range:20', 'los'].map((s) => runCase('broadcast', s, n)));
  const markdown = `Map cave:75x75:seed=1, robots at random free cells (seed 42), one process per case. A link check
is one pair evaluation: the distance, plus a grid-DDA wall trace for wall-aware models (stopped
early once the link is known to fail). Pairs beyond a finite range are skipped by a spatial hash
and not counted. One update = the whole can-hear graph of one tick.

| robots | --comm | link checks / update | links | ms / update | M link checks / s |
|---|---|---|---|---|---|
${linkRows.join('\n')}

Broadcast round: every robot sends 100 B every tick (deliver + sends; links computed once per tick).

| robots | --comm | ms / tick | deliveries / tick |
|---|---|---|---|
${broadcastRows.join('\n')}`;
  return { name: 'radio', title: 'Radio links and broadcast (gateway/src/sim/radio)', markdown };
}
