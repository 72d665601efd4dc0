/**
 * A worker thread of the experiment runner: runs the trials it is sent, one at a time, and
 * posts each one's result or error back. Started by experimentRunner.ts through tsx, as the
 * `swarmgate` bin loads the CLI.
 */
import { parentPort } from 'node:worker_threads';
import { seriesOf } from './experimentResults.js';
import type { WorkerJob, WorkerReply } from './experimentRunner.js';
import { runTrialWithSeries } from './run.js';

const port = parentPort;
if (port === null) throw new Error('experimentWorker.ts runs as a worker thread of the experiment runner');
port.on('message', (job: WorkerJob) => {
  const start = performance.now();
  const seconds = (): number => (performance.now() - start) / 1000;
  runTrialWithSeries(job.config).then(
    ({ report, samples }) =>
      port.postMessage({ runKey: job.runKey, result: report, series: seriesOf(samples, job.sampleEveryTicks), wallSeconds: seconds() } satisfies WorkerReply),
    (error: unknown) =>
      port.postMessage({ runKey: job.runKey, error: error instanceof Error ? error.message : String(error), wallSeconds: seconds() } satisfies WorkerReply),
  );
});
