/**
 * Yan et al. 2017's four terrains explored by frontier: the real ROS maps (0.2 m per pixel,
 * resampled to the default simulation cell, half the robot's diameter) beside the generated
 * 1 m-cell layouts, with 1, 3, 6 and 11 robots, 3 seeds each, to 99 % explored or 36000 ticks.
 * Trials run one after another in this process (each is a pure function of map, robots, seed).
 *   npm run bench -- yan-terrains
 */
import { performance } from 'node:perf_hooks';
import { defaultSimCellM, loadMap, resampleGrid } from '@swarmgate/maps';
import { DEFAULT_ROBOT_MODEL, Trial } from '@swarmgate/gateway';
import type { BenchReport } from './BenchReport.js';

const TERRAINS = ['loop', 'cross', 'zigzag', 'maze'] as const;
const ROBOTS = [1, 3, 6, 11] as const;
const SEEDS = [1, 2, 3] as const;
const TARGET = 0.99;
const MAX_TICKS = 36_000;

export interface YanCaseResult {
  readonly ticksTo99: number | null;
  readonly exploredFraction: number;
  readonly unreachableFreeFraction: number;
  readonly wallSeconds: number;
}

/** One trial as `swarmgate run --map <spec> --robots N --seed S` runs it (default algorithm, comm, spawn, cell). */
export function runYanCase(mapSpec: string, robots: number, seed: number): YanCaseResult {
  const grid = resampleGrid(loadMap(mapSpec), defaultSimCellM(DEFAULT_ROBOT_MODEL.radiusM));
  const start = performance.now();
  const trial = new Trial({
    grid,
    robots,
    algorithm: 'frontier',
    comm: 'global',
    spawn: { kind: 'together' },
    seed,
    targetExplored: TARGET,
    maxTicks: MAX_TICKS,
  });
  const final = trial.run();
  return {
    ticksTo99: final.explorationTicks,
    exploredFraction: final.exploredFraction,
    unreachableFreeFraction: final.unreachableFreeFraction,
    wallSeconds: (performance.now() - start) / 1000,
  };
}

function cell(results: readonly YanCaseResult[]): string {
  const ok = results.map((r) => r.ticksTo99).filter((t): t is number => t !== null);
  const failures = results.length - ok.length;
  if (ok.length === 0) return `- (${failures} failed)`;
  const mean = Math.round(ok.reduce((a, b) => a + b, 0) / ok.length);
  return `${mean} (${Math.min(...ok)}-${Math.max(...ok)})${failures > 0 ? `, ${failures} failed` : ''}`;
}

export function benchYanTerrains(): BenchReport {
  const rows: string[] = [];
  const notes: string[] = [];
  let wallTotal = 0;
  for (const terrain of TERRAINS) {
    for (const [label, spec] of [
      [`yan2017-${terrain} (ROS map)`, `yan2017-${terrain}`],
      [`${terrain} (generated, 1 m)`, terrain],
    ] as const) {
      const cells: string[] = [];
      let unreachable = 0;
      for (const robots of ROBOTS) {
        const results = SEEDS.map((seed) => {
          const r = runYanCase(spec, robots, seed);
          process.stderr.write(
            `${spec} robots=${robots} seed=${seed}: ${r.ticksTo99 ?? `failed at ${(r.exploredFraction * 100).toFixed(1)} %`} (${r.wallSeconds.toFixed(1)} s)\n`,
          );
          wallTotal += r.wallSeconds;
          if (r.ticksTo99 === null) notes.push(`${spec}, ${robots} robots, seed ${seed}: ${(r.exploredFraction * 100).toFixed(1)} % after ${MAX_TICKS} ticks`);
          unreachable = Math.max(unreachable, r.unreachableFreeFraction);
          return r;
        });
        cells.push(cell(results));
      }
      rows.push(`| ${label} | ${cells.join(' | ')} | ${(unreachable * 100).toFixed(1)} % |`);
    }
  }
  const markdown = `Frontier (defaults), \`--comm global\`, spawn together, MAES robot (0.6 m, 3 m/s), lidar 10 m;
ticks (0.1 s) to 99 % explored, mean (min-max) over seeds ${SEEDS.join(', ')}; a failure is a trial that did
not reach 99 % within ${MAX_TICKS} ticks. The ROS maps (0.2 m per pixel) are resampled to the default
${defaultSimCellM(DEFAULT_ROBOT_MODEL.radiusM)} m simulation cell (walls kept); the generated ones are the same layouts at 1 m
per cell with every off-road cell a wall. "Unreachable" is the largest share of free space no robot
could reach from the spawn (specks, pockets behind gaps narrower than the robot), left out of the
explored fraction. Equivalent single run: \`swarmgate run --map yan2017-loop --robots 6 --seed 1\`.

| terrain | 1 robot | 3 robots | 6 robots | 11 robots | unreachable |
|---|---|---|---|---|---|
${rows.join('\n')}

${notes.length === 0 ? 'Every trial reached 99 %.' : `Not reaching 99 %:\n${notes.map((n) => `- ${n}`).join('\n')}`}
Wall time of all ${TERRAINS.length * 2 * ROBOTS.length * SEEDS.length} trials: ${Math.round(wallTotal)} s.`;
  return { name: 'yan-terrains', title: 'Yan et al. 2017 terrains: real ROS maps and generated layouts (frontier)', markdown };
}
