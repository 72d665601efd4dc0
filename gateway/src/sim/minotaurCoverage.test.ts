import { COVERAGE_RUNS, describeCoverage } from './testing/coverageStudy.js';

// Minotaur must explore 99 % of every generated 50 x 50 building and cave within 36000 ticks (the
// Minotaur study's timeout), alone and in swarms, with line-of-sight radio and 7 m vision: its
// maps, doorways and auctions travel only as broadcasts the radio delivers. The ticks of each
// run are in BENCHMARKS.md.
describeCoverage('minotaur', COVERAGE_RUNS.length);
