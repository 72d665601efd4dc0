/**
 * The coverage study every exploration algorithm is held to (the Minotaur study's setting): 10
 * generated buildings and 10 caves of 50 x 50, with 1, 3 and 5 robots spawned together,
 * line-of-sight radio, 7 m vision, a 36000-tick timeout (one simulated hour), 99 % explored.
 */
import { describe, expect, it } from 'vitest';
import { loadMap } from '@swarmgate/maps';
import { Trial } from '../Trial.js';
import type { FinalMetrics } from '../TrialMetrics.js';

export const COVERAGE_TARGET = 0.99;
export const COVERAGE_MAX_TICKS = 36_000;

/** [map spec, robot count] for every run of the study: 60 runs. */
export const COVERAGE_RUNS: readonly (readonly [string, number])[] = ['building', 'cave'].flatMap((kind) =>
  [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].flatMap((seed) => [1, 3, 5].map((robots) => [`${kind}:50x50:seed=${seed}`, robots] as const)),
);

/** One run of the study with `algorithm` (a registered algorithm spec). */
export function runCoverage(algorithm: string, map: string, robots: number): FinalMetrics {
  const trial = new Trial({
    grid: loadMap(map),
    robots,
    algorithm,
    comm: 'los',
    spawn: { kind: 'together' },
    seed: 1,
    targetExplored: COVERAGE_TARGET,
    maxTicks: COVERAGE_MAX_TICKS,
    world: { lidar: { rangeM: 7 } },
  });
  return trial.run();
}

/** One run's outcome: ticks to 99 % explored, or null when the timeout came first. */
export interface CoverageOutcome {
  readonly map: string;
  readonly robots: number;
  readonly explorationTicks: number | null;
}

/**
 * Every run of the study with `algorithm`, and the failed ones worded for an assertion message
 * (an algorithm is held to a share of successes rather than to every run).
 */
export function runCoverageStudy(algorithm: string): { outcomes: CoverageOutcome[]; successes: number; failed: string } {
  const outcomes = COVERAGE_RUNS.map(([map, robots]) => ({ map, robots, explorationTicks: runCoverage(algorithm, map, robots).explorationTicks }));
  const failures = outcomes.filter((o) => o.explorationTicks === null);
  const failed = failures.length === 0 ? 'none failed' : `failed: ${failures.map((o) => `${o.map} with ${o.robots} robots`).join('; ')}`;
  return { outcomes, successes: outcomes.length - failures.length, failed };
}

/** The outcomes as BENCHMARKS.md shows them: mean ticks per robot count, successes, and one row per map. */
export function coverageTable(outcomes: readonly CoverageOutcome[]): string {
  const counts = [...new Set(outcomes.map((o) => o.robots))];
  const maps = [...new Set(outcomes.map((o) => o.map))];
  const ticksOf = (map: string, robots: number) => outcomes.find((o) => o.map === map && o.robots === robots)?.explorationTicks ?? null;
  const means = counts.map((n) => {
    const done = outcomes.filter((o) => o.robots === n && o.explorationTicks !== null).map((o) => o.explorationTicks as number);
    return `${n} robot${n === 1 ? '' : 's'} ${done.length === 0 ? 'none' : Math.round(done.reduce((a, b) => a + b, 0) / done.length)}`;
  });
  const successes = outcomes.filter((o) => o.explorationTicks !== null).length;
  return [
    `Successes: ${successes} of ${outcomes.length}. Mean ticks to 99 % over the runs that reached it: ${means.join(', ')}.`,
    '',
    `| map | ${counts.map((n) => `${n} robot${n === 1 ? '' : 's'}`).join(' | ')} |`,
    `|---|${counts.map(() => '---:').join('|')}|`,
    ...maps.map((m) => `| ${m} | ${counts.map((n) => ticksOf(m, n) ?? 'timeout').join(' | ')} |`),
  ].join('\n');
}

/**
 * The coverage test of one algorithm: every run of the study, at least `minSuccesses` of them
 * reaching 99 % explored (the failed runs named in the assertion), and none finishing before it
 * had to drive (over 100 ticks). With COVERAGE_TABLE=1 it prints the table BENCHMARKS.md shows.
 */
export function describeCoverage(algorithm: string, minSuccesses: number): void {
  describe(`${algorithm} coverage`, () => {
    it(`reaches 99 percent explored in at least ${minSuccesses} of the ${COVERAGE_RUNS.length} runs`, () => {
      const { outcomes, successes, failed } = runCoverageStudy(algorithm);
      if (process.env.COVERAGE_TABLE === '1') console.info(coverageTable(outcomes));
      expect(outcomes).toHaveLength(COVERAGE_RUNS.length);
      expect(successes, failed).toBeGreaterThanOrEqual(minSuccesses);
      for (const o of outcomes) if (o.explorationTicks !== null) expect(o.explorationTicks).toBeGreaterThan(100);
    }, 1_800_000);
  });
}
