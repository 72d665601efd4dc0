/**
 * `swarmgate worker --queue redis://HOST:PORT [--threads N]`: takes experiment runs off the job
 * queue (`experiment run --queue`) and runs each on the experiment runner's worker threads, on
 * any number of machines. A run's results line is its job's return value; `experiment collect`
 * writes them to results.jsonl. A job of another swarmgate version, or of another design than
 * --design, is refused with its reason and put back for a worker that matches.
 */
import { DelayedError, Worker as QueueWorker, type Job } from 'bullmq';
import { availableParallelism } from 'node:os';
import { SwarmgateError } from '../errors.js';
import type { ResultsLine } from '../experiment/resultsLine.js';
import { numberFlag, parseCommandArgs } from './args.js';
import { CliUsageError, type CommandRun } from './Command.js';
import { loadDesign } from './experimentDesign.js';
import { queueConnection, reachQueue, STALLED_RETRIES, withoutPassword } from './experimentQueue.js';
import { threadPool } from './experimentRunner.js';
import { VERSION } from '../version.js';
import { parseQueueJob, QUEUE_NAME, refusalOf } from './queueJob.js';

const HELP = `Usage: swarmgate worker --queue redis://HOST:PORT [--threads N] [--design design.yaml] [--lock-seconds S]

Runs experiment runs enqueued by \`swarmgate experiment run design.yaml --queue URL\`, N at a
time on worker threads, until stopped (Ctrl-C or SIGTERM end the runs in hand first).

  --queue URL        the Redis server of the queue
  --threads N        runs at a time (default: all cores, ${availableParallelism()} here)
  --design FILE      take only this design's runs; others are refused and put back
  --lock-seconds S   how long a run's lock lasts without renewal (default 30): a worker that
                     dies mid-run has its run retried by another worker within about 2 x S`;

const OPTIONS = {
  queue: { type: 'string' },
  threads: { type: 'string' },
  design: { type: 'string' },
  'lock-seconds': { type: 'string' },
} as const;

/** How long a refused job waits before a worker may take it again. */
const REFUSED_DELAY_MS = 5000;

export const workerCommand: CommandRun = async (argv) => {
  const parsed = parseCommandArgs(argv, OPTIONS, HELP, false);
  if (!parsed) return 0;
  const v = parsed.values;
  if (v.queue === undefined) throw new CliUsageError(`--queue redis://HOST:PORT is required\n\n${HELP}`);
  const threads = numberFlag('threads', v.threads, availableParallelism(), { min: 1, max: 1024, integer: true });
  const lockMs = numberFlag('lock-seconds', v['lock-seconds'], 30, { min: 1, max: 3600 }) * 1000;
  const designHash = v.design === undefined ? undefined : (await loadDesign(v.design)).hash;
  await reachQueue(v.queue);
  const say = (message: string): void => void process.stderr.write(`swarmgate worker: ${message}\n`);
  const pool = threadPool(threads);
  const worker = new QueueWorker<unknown, ResultsLine>(
    QUEUE_NAME,
    async (job: Job<unknown, ResultsLine>, token?: string) => {
      const id = job.id ?? '?';
      const run = parseQueueJob(job.data, id);
      const refusal = refusalOf(run, VERSION, designHash);
      if (refusal !== undefined) {
        say(`refused ${id}: ${refusal}`);
        await job.log(`refused by a worker: ${refusal}`);
        await job.moveToDelayed(Date.now() + REFUSED_DELAY_MS, token);
        throw new DelayedError();
      }
      say(`took ${id}`);
      const line = await pool.run(run);
      say(`done ${id}${'error' in line ? `: failed: ${line.error}` : ''}`);
      return line;
    },
    { connection: queueConnection(v.queue), concurrency: threads, lockDuration: lockMs, stalledInterval: lockMs, maxStalledCount: STALLED_RETRIES },
  );
  worker.on('failed', (job, error) => {
    if (error instanceof SwarmgateError) say(error.message);
    else if (job !== undefined) say(`job ${job.id ?? '?'} failed: ${error.message}`);
  });
  say(`${threads} threads on ${withoutPassword(v.queue)}${designHash === undefined ? '' : `, design ${designHash.slice(0, 12)} only`}, swarmgate ${VERSION}`);
  await new Promise<void>((resolve) => {
    const stop = (): void => void worker.close().then(resolve);
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await pool.close();
  return 0;
};
