import { describe, expect, it } from 'vitest';
import { COVERAGE_RUNS, coverageTable, runCoverageStudy } from './testing/coverageStudy.js';

// lvd must explore 99 % of at least 54 of the study's 60 runs (generated 50 x 50 buildings and
// caves, 1, 3 and 5 robots, line-of-sight radio, 7 m vision) within 36000 ticks; its coordination
// travels only as broadcasts the radio delivers. The ticks of each run are in BENCHMARKS.md.
describe('lvd coverage', () => {
  it('reaches 99 percent explored in at least 54 of the 60 runs', () => {
    const { outcomes, successes, failed } = runCoverageStudy('lvd');
    // The table of BENCHMARKS.md's section on lvd.
    console.info(coverageTable(outcomes));
    expect(outcomes).toHaveLength(COVERAGE_RUNS.length);
    expect(successes, failed).toBeGreaterThanOrEqual(54);
    // Not a speck: each map needs driving.
    for (const o of outcomes) if (o.explorationTicks !== null) expect(o.explorationTicks).toBeGreaterThan(100);
  }, 1_800_000);
});
