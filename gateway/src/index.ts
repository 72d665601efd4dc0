/**
 * The gateway package's public API: other packages import '@swarmgate/gateway' and nothing
 * deeper (docs/ARCHITECTURE.md, "Layers and boundaries").
 */
export * from './errors.js';
// The engine: the simulator, and its radio as a namespace (its names, such as `total`, are
// the radio's words, not the gateway's).
export * from './sim/index.js';
export * as radio from './sim/radio/index.js';
// The planck set-up a World makes, for a raw-planck baseline (bench) to build the same scene.
export { createWallBody } from './sim/WallBodies.js';
export { recycleTreeIds } from './sim/recycleTreeIds.js';
export { forceForSpeed, torqueForRate } from './sim/RobotModel.js';
// Recordings (MCAP) of trials.
export * from './record/index.js';
// The transports, live trials and the web UI.
export * from './hil/index.js';
export * from './trial/index.js';
export * from './web/index.js';
// One headless trial as `swarmgate run` runs it, for notebooks, scripts and tests.
export { runTrial, runTrialWithSeries, type RunTrialConfig, type RunReport } from './cli/run.js';
// An experiment's results.jsonl lines (docs/experiments.md), written by a runner and read by `experiment report`.
export { finishedRunLine, failedRunLine, runKeyOf } from './experiment/runLine.js';
export { RESULTS_FORMAT, type ResultsLine, type RunIdentity } from './experiment/resultsLine.js';
// How serve builds a trial from a request (POST /api/trial): for embedding the HTTP API and for tests.
export { requestTrialFactory, REQUEST_OPTIONS, type RequestTrialFactoryOptions } from './cli/trialRequest.js';
