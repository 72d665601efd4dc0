/**
 * A worker thread of the experiment runner: runs the trials it is sent, one at a time, and
 * posts each one's results line back. Started by experimentRunner.ts through tsx, as the
 * `swarmgate` bin loads the CLI.
 */
import { parentPort } from 'node:worker_threads';
import { failedRunLine, finishedRunLine } from '../experiment/runLine.js';
import type { WorkerJob } from './experimentRunner.js';
import { runTrialWithSeries } from './run.js';

const port = parentPort;
if (port === null) throw new Error('experimentWorker.ts runs as a worker thread of the experiment runner');
port.on('message', (job: WorkerJob) => {
  const start = performance.now();
  const seconds = (): number => (performance.now() - start) / 1000;
  runTrialWithSeries(job.config).then(
    ({ report, samples }) => port.postMessage(finishedRunLine(job.identity, report, samples, seconds(), job.sampleEveryTicks)),
    (error: unknown) => port.postMessage(failedRunLine(job.identity, error, seconds())),
  );
});
