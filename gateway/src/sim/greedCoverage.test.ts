import { COVERAGE_RUNS, describeCoverage } from './testing/coverageStudy.js';

// Greed must explore 99 % of every generated 50 x 50 building and cave within 36000 ticks (the
// Minotaur study's timeout), alone and in swarms, with line-of-sight radio and 7 m vision: its
// maps travel only as heartbeats the radio delivers. The ticks of each run are in BENCHMARKS.md.
describeCoverage('greed', COVERAGE_RUNS.length);
