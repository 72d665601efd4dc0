import { describe, expect, it } from 'vitest';
import { COVERAGE_RUNS, runCoverage } from './testing/coverageStudy.js';

// Minotaur must explore 99 % of every generated 50 x 50 building and cave within 36000 ticks (the
// Minotaur study's timeout), alone and in swarms, with line-of-sight radio and 7 m vision: its
// maps, doorways and auctions travel only as broadcasts the radio delivers. The ticks of each
// run are in BENCHMARKS.md.
describe('minotaur coverage', () => {
  it.each(COVERAGE_RUNS)(
    '%s with %i robots reaches 99 percent explored',
    (map, robots) => {
      const final = runCoverage('minotaur', map, robots);
      expect(final.explorationTicks).not.toBeNull();
      // Not a speck: each map needs driving.
      expect(final.explorationTicks).toBeGreaterThan(100);
    },
    60_000,
  );
});
