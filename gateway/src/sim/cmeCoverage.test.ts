import { COVERAGE_RUNS, describeCoverage } from './testing/coverageStudy.js';

// CME must explore 99 % of the generated 50 x 50 buildings and caves within 36000 ticks (the
// Minotaur study's timeout) in at least 90 % of the runs (1, 3 and 5 robots, line-of-sight radio,
// 7 m vision): its maps and targets travel only as messages the radio delivers. The ticks of each
// run are in BENCHMARKS.md.
describeCoverage('cme', Math.ceil(0.9 * COVERAGE_RUNS.length));
