import { COVERAGE_RUNS, describeCoverage } from './testing/coverageStudy.js';

// lvd must explore 99 % of at least 90 % of the study's runs (generated 50 x 50 buildings and
// caves, 1, 3 and 5 robots, line-of-sight radio, 7 m vision) within 36000 ticks; its coordination
// travels only as broadcasts the radio delivers. The ticks of each run are in BENCHMARKS.md.
describeCoverage('lvd', Math.ceil(0.9 * COVERAGE_RUNS.length));
