/**
 * Issue 13: what stepping robots that touch only walls outside planck could save, as an upper
 * bound measured before anyone builds the exact solver it needs. Each case runs with the physics
 * probe (physicsProbe.ts, physicsShareCase.ts) and, interleaved, plainly (engineCase.ts) to show
 * what the probe costs; each run in its own process.
 *   npm run bench -- physics-share
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { BenchReport } from './BenchReport.js';
import type { EngineResult } from './engineScenarios.js';
import { median } from './median.js';
import { ISLAND_KINDS, TICK_STATES, type PhysicsShare } from './physicsProbe.js';

const CASES: readonly string[] = ['cave150', 'building1000-200', 'building1-target'];
const ROUNDS = 3;

function child<T>(script: string, args: readonly string[]): T {
  const path = fileURLToPath(new URL(script, import.meta.url));
  // execArgv carries tsx's loader, so the child runs TypeScript the same way.
  return JSON.parse(execFileSync(process.execPath, [...process.execArgv, path, ...args], { encoding: 'utf8' })) as T;
}

interface Round {
  readonly load: number;
  readonly probed: PhysicsShare;
  readonly plain: EngineResult;
}

const pct = (part: number, whole: number): string => `${((100 * part) / whole).toFixed(part / whole < 0.01 ? 2 : 1)} %`;
const ms = (seconds: number, ticks: number): string => ((1000 * seconds) / ticks).toFixed(3);

export function benchPhysicsShare(): BenchReport {
  const rounds = new Map<string, Round[]>(CASES.map((c) => [c, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of CASES) {
      // Alternate which run goes first, so neither always meets the same spell of load.
      const load = loadavg()[0] ?? Number.NaN;
      const first = round % 2 === 0;
      const plainFirst = first ? null : child<EngineResult>('./engineCase.ts', [name, '--no-baseline', '--json']);
      const probed = child<PhysicsShare>('./physicsShareCase.ts', [name]);
      const plain = plainFirst ?? child<EngineResult>('./engineCase.ts', [name, '--no-baseline', '--json']);
      rounds.get(name)?.push({ load, probed, plain });
    }
  }
  const stateRows: string[] = [];
  const timeRows: string[] = [];
  for (const [name, runs] of rounds) {
    const hashes = new Set(runs.flatMap((r) => [r.probed.run.finalStateHash, r.plain.finalStateHash]));
    const p = runs[0]?.probed;
    if (!p) continue;
    const ticks = p.run.ticks;
    const robotTicks = ticks * p.run.robots;
    const steps = p.planckSteps;
    stateRows.push(
      `| ${name} | ${ticks} x ${p.run.robots} | ${TICK_STATES.map((s) => pct(p.robotTicks[s], robotTicks)).join(' | ')} | ` +
        `${ISLAND_KINDS.filter((k) => k !== 'unsolved')
          .map((k) => (p.robotSteps[k] / steps).toFixed(2))
          .join(' / ')} | ${[...hashes].join(', ')} |`,
    );
    // Each figure's median over the rounds; shares are taken per run first.
    const med = (f: (r: Round) => number): number => median(runs.map(f));
    const share = (f: (s: PhysicsShare) => number): string =>
      pct(
        med((r) => f(r.probed) / r.probed.tickSeconds),
        1,
      );
    const bookkeeping = (r: Round): number => r.probed.probeTickSeconds + r.probed.probePhaseSeconds;
    timeRows.push(
      `| ${name} | ${runs.map((r) => r.load.toFixed(1)).join(', ')} | ${ms(
        med((r) => r.probed.tickSeconds),
        ticks,
      )} | ` +
        `${ms(
          med((r) => r.probed.run.mainCpuSeconds - bookkeeping(r)),
          ticks,
        )} / ${ms(
          med((r) => r.plain.mainCpuSeconds),
          ticks,
        )} | ` +
        `${med((r) => r.probed.run.mainWaitSeconds).toFixed(2)} / ${med((r) => r.plain.mainWaitSeconds).toFixed(2)} | ` +
        `${share((s) => s.physicsPhaseSeconds)} | ${share((s) => s.planckStepSeconds)} | ${share((s) => s.narrowPhaseSeconds)} | ${share((s) => s.broadPhaseSeconds)} | ` +
        `${share((s) => s.solveSeconds.walls)} | ${share((s) => s.solveSeconds.lone)} | **${share((s) => s.attributedSeconds.walls)}** | ` +
        `${share((s) => s.attributedSeconds.lone)} | ${share((s) => s.attributedSeconds.robots)} | ${share((s) => s.attributedSeconds.unsolved + s.attributedSeconds.free)} | ` +
        `${share((s) => s.timedCalls * s.timerCallSeconds)} |`,
    );
  }
  const markdown = `Each case ${ROUNDS} times, one lidar thread (the single-core question), each run in its own process: once with the
physics probe (bench/src/physicsProbe.ts) and once plainly (engineCase.ts), the two in alternating order.

Robot-ticks by the robot's state at the start of the tick: **free** (stepped outside planck by
FreeFlight), **near** (not free, touching nothing), **walls** (touching walls only), **robots** (touching
at least one robot), from planck's contact lists. Then the robots planck solves per physics step, by
island: woken free (a FreeFlight robot planck woke with a new pair), lone (one robot, no contact),
walls (one robot with wall contacts only: what the idea would take out of planck), robots
(robot-robot contacts). The runs are deterministic: every run of a case ends on the same state hash,
probed or not (the probe changes no behaviour).

| case | ticks x robots | free | near | walls | robots | robots solved per step: woken free / lone / walls / robots | final state hash |
|---|---|---|---|---|---|---|---|
${stateRows.join('\n')}

Time per tick, medians over the runs (each share taken per run, then the median). "tick" is the
stepping loop's wall time less the probe's own bookkeeping (timed and subtracted); shares are of
that tick. "narrow" is planck's updateContacts, "broad" its findNewContacts (pair search), "solve
walls" / "solve lone" the solveIsland calls of walls / lone islands. "Attributed" splits all of planck's step between island kinds: each island's solveIsland as timed, the narrow
phase by the contacts updated (half to each robot of a robot-robot contact), the broad phase by the
proxies it queried, the rest (island search, synchronizeFixtures) evenly over the robots solved.
**walls, attributed** is the upper bound of the idea: the planck time an exact outside solver
would replace, if that solver cost nothing. "FreeFlight hand-backs" is the broad-phase work of
robots planck did not solve (FreeFlight's robots re-entering the tree) plus woken free robots.
"timer calls" is the probe's remaining cost: performance.now() calls in timed regions x their
measured cost. "CPU ms" is the main thread's CPU time per tick (1/100 s resolution over the run),
probed less the probe's bookkeeping / plain: what the probe costs beyond its bookkeeping. Wait =
main-thread seconds runnable but not running (machine load) over the run, probed / plain; the
shares are of wall time, so they hold if the waits fall evenly over the tick's parts.

| case | load average at each round | tick ms | CPU ms, probed / plain | wait s | physics phase | planck step | narrow | broad | solve walls | solve lone | **walls, attributed** | near (lone), attributed | robots, attributed | FreeFlight hand-backs | timer calls |
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
${timeRows.join('\n')}`;
  return { name: 'physics-share', title: 'Issue 13: what stepping wall-touching robots outside planck could save (upper bound)', markdown };
}
