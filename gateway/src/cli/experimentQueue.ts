/**
 * The experiment side of a job queue on Redis (BullMQ): enqueue a design's runs, read their
 * progress, and collect the finished runs' lines. Each job's id is its run key and its return
 * value is its results line, so a run has one result whatever happens to workers: BullMQ
 * completes a job once, and only for the worker that still holds its lock.
 */
import { Queue, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { SwarmgateError } from '../errors.js';
import { parseResultsLine, type ResultsLine } from '../experiment/resultsLine.js';
import { CliUsageError } from './Command.js';
import type { Design } from './experimentDesign.js';
import { identityOf } from './experimentRunner.js';
import { QUEUE_NAME } from './queueJob.js';
import type { WorkerJob } from './experimentRunner.js';

/** The BullMQ connection for a `--queue` URL (redis:// or rediss://). */
export function queueConnection(url: string): { url: string; maxRetriesPerRequest: null } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new CliUsageError(`--queue ${url} is not a URL: give redis://HOST:PORT`);
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:')
    throw new CliUsageError(`--queue ${url}: the queue is a Redis server, give redis://HOST:PORT`);
  // null: a command waits for a reconnect rather than failing (BullMQ requires it of workers).
  return { url, maxRetriesPerRequest: null };
}

/** How long the first connection to the queue's Redis server may take before it counts as unreachable. */
export const QUEUE_CONNECT_TIMEOUT_MS = 5000;

/**
 * Connects to the queue's Redis server once, without retries. The queue's own connection
 * retries for ever (queueConnection), which is right for a server that restarts under a running
 * worker, but against a wrong URL or a server never started it logged every failed attempt as an
 * error object and never ended; this makes that case one SG_QUEUE_CONNECT line.
 */
export async function reachQueue(url: string, timeoutMs = QUEUE_CONNECT_TIMEOUT_MS): Promise<void> {
  const { url: checked } = queueConnection(url);
  const client = new Redis(checked, { lazyConnect: true, connectTimeout: timeoutMs, maxRetriesPerRequest: 0, retryStrategy: () => null });
  // The socket's error (ECONNREFUSED, ENOTFOUND, ...) comes as an event; connect() then rejects
  // only with 'Connection is closed', which does not say why.
  let cause: Error | undefined;
  client.on('error', (error: Error) => (cause ??= error));
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    throw new SwarmgateError(
      'SG_QUEUE_CONNECT',
      `no connection to the Redis server of --queue ${withoutPassword(checked)}: ${(cause ?? (error as Error)).message}`,
    );
  } finally {
    client.disconnect();
  }
}

/** The URL as a log or error line may show it: a `redis://:PASSWORD@HOST` password masked. */
export function withoutPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password === '') return url;
  parsed.password = '***';
  return parsed.href;
}

/** The queue of `--queue URL`, once its Redis server answered (reachQueue). */
export async function openQueue(url: string): Promise<Queue> {
  await reachQueue(url);
  return new Queue(QUEUE_NAME, { connection: queueConnection(url) });
}

/**
 * How often a job is retried when its run could not finish on a worker (a worker that died
 * mid-run, its lock expired): enough for a flaky machine, bounded so a run that kills every
 * worker ends failed rather than circling.
 */
export const STALLED_RETRIES = 5;

/** Enqueues every run of the design not already on the queue; returns how many were added. */
export async function enqueueDesign(queue: Queue, design: Design): Promise<number> {
  const before = await queue.getJobCountByTypes('waiting', 'active', 'delayed', 'completed', 'failed', 'prioritized');
  const jobs = design.runs.map((run) => {
    const data: WorkerJob = { identity: identityOf(design, run), config: run.config, sampleEveryTicks: design.sampleEveryTicks };
    // jobId = run key: BullMQ ignores an add whose id exists, so enqueuing twice adds nothing.
    return { name: run.runKey, data, opts: { jobId: run.runKey, removeOnComplete: false, removeOnFail: false } };
  });
  for (let i = 0; i < jobs.length; i += 1000) await queue.addBulk(jobs.slice(i, i + 1000));
  const after = await queue.getJobCountByTypes('waiting', 'active', 'delayed', 'completed', 'failed', 'prioritized');
  return after - before;
}

export interface DesignProgress {
  readonly total: number;
  readonly done: number;
  readonly active: number;
  readonly waiting: number;
  /** Runs BullMQ gave up on (a worker died mid-run more than STALLED_RETRIES times). */
  readonly failed: number;
  /** Runs of the design not on the queue at all (never enqueued). */
  readonly missing: number;
  /** Seconds from the first run taken to the last one done, for the pace. */
  readonly busySeconds: number;
  /** Time left at that pace, undefined before any run is done. */
  readonly etaSeconds: number | undefined;
}

/** Where each run of the design is on the queue. */
export async function designProgress(queue: Queue, design: Design): Promise<DesignProgress> {
  const counts = { done: 0, active: 0, waiting: 0, failed: 0, missing: 0 };
  let first = Infinity;
  let last = -Infinity;
  const jobs = await jobsOf(queue, design);
  // Asked all at once: the commands share the connection's round trips (a study is thousands of runs).
  const states = await Promise.all(jobs.map((job) => job?.getState()));
  for (const [i, job] of jobs.entries()) {
    const state = states[i];
    if (job === undefined || state === undefined) {
      counts.missing++;
      continue;
    }
    if (state === 'completed') {
      counts.done++;
      if (job.processedOn !== undefined) first = Math.min(first, job.processedOn);
      if (job.finishedOn !== undefined) last = Math.max(last, job.finishedOn);
    } else if (state === 'active') counts.active++;
    else if (state === 'failed') counts.failed++;
    else counts.waiting++;
  }
  const busySeconds = counts.done > 0 ? Math.max(0, last - first) / 1000 : 0;
  const left = design.runs.length - counts.done - counts.failed;
  const etaSeconds = counts.done > 0 ? (busySeconds / counts.done) * left : undefined;
  return { total: design.runs.length, ...counts, busySeconds, etaSeconds };
}

/** The results line of every completed run of the design, in the design's run order. */
export async function collectLines(queue: Queue, design: Design): Promise<{ lines: ResultsLine[]; notDone: number }> {
  const lines: ResultsLine[] = [];
  let notDone = 0;
  for (const job of await jobsOf(queue, design)) {
    if (job === undefined || job.finishedOn === undefined || job.failedReason !== undefined || job.returnvalue === null) {
      notDone++;
      continue;
    }
    // Checked as `experiment report` will read it: a worker of another build could return anything.
    const line = parseResultsLine(JSON.stringify(job.returnvalue), { file: `${QUEUE_NAME} job`, line: lines.length + 1 });
    if (line.runKey !== job.id) throw new CliUsageError(`job ${job.id} returned the line of run ${line.runKey}: the queue holds another design's results`);
    lines.push(line);
  }
  return { lines, notDone };
}

async function jobsOf(queue: Queue, design: Design): Promise<(Job | undefined)[]> {
  return Promise.all(design.runs.map((run) => queue.getJob(run.runKey)));
}
