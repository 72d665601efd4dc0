/**
 * Runs an experiment's runs on worker threads, a run at a time per worker, and hands each
 * finished run's results line to `onLine` as it ends. A run is a pure function of its config,
 * so its result does not depend on the worker or on how many there are. A worker that dies
 * (an uncaught error, out of memory) fails only the run it held; a fresh worker takes the rest.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { JsonObject, ResultsLine, RunIdentity } from '../experiment/resultsLine.js';
import { failedRunLine } from '../experiment/runLine.js';
import type { Design, PlannedRun } from './experimentDesign.js';
import type { RunTrialConfig } from './run.js';
import { VERSION } from '../version.js';

/** What a worker is sent: one run. It answers with the run's results line. */
export interface WorkerJob {
  readonly identity: RunIdentity;
  readonly config: RunTrialConfig;
  readonly sampleEveryTicks: number;
}

/**
 * A worker thread running experimentWorker.ts. Worker threads do not inherit the tsx loader the
 * `swarmgate` bin registers, so the worker's entry (an ES module given as a data: URL)
 * registers it first (the bin's own register-ts.js: a run's controller module may be CommonJS
 * TypeScript), then imports the TypeScript source.
 */
export function startWorker(): Worker {
  const loader = new URL('../../bin/register-ts.js', import.meta.url).href;
  const entry = new URL('./experimentWorker.ts', import.meta.url).href;
  const code = `import ${JSON.stringify(loader)};\nawait import(${JSON.stringify(entry)});\n`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(code)}`));
}

/**
 * The runner's worker threads, one per run in hand: a thread is reused for the next run and
 * replaced when it dies, which fails only the run it held. The local runner and `swarmgate
 * worker` (a queue's runs) both run their trials here.
 */
export interface ThreadPool {
  /** Runs one job on an idle thread (a new one when none is idle); resolves with its line, a failed line if the thread died. */
  run(job: WorkerJob): Promise<ResultsLine>;
  /** Terminates every thread; a run in hand resolves as failed. */
  close(): Promise<void>;
}

/**
 * The config a run is started with when `lanes` runs share the machine's `cores`: with a run per
 * core already, a trial's own lidar threads (`--workers`, 2 from 32 robots by default) would only
 * contend for the same cores and pay their start-up, so a run that does not set `workers` gets
 * one. The run's outcome is the same for any number of threads; its identity keeps the config as
 * the design wrote it.
 */
export function laneConfig(config: RunTrialConfig, lanes: number, cores = availableParallelism()): RunTrialConfig {
  return lanes >= cores && config.workers === undefined ? { ...config, workers: 1 } : config;
}

/** A pool for `lanes` runs at once (the trials' lidar threads are fitted to it: laneConfig). */
export function threadPool(lanes: number): ThreadPool {
  const idle: Worker[] = [];
  const all = new Set<Worker>();
  const fresh = (): Worker => {
    const thread = startWorker();
    all.add(thread);
    // A run in hand hears its thread's error and exit itself; an idle thread that fails is only dropped.
    thread.on('error', () => undefined);
    thread.once('exit', () => {
      all.delete(thread);
      if (idle.includes(thread)) idle.splice(idle.indexOf(thread), 1);
    });
    return thread;
  };
  return {
    run(job) {
      const thread = idle.pop() ?? fresh();
      const started = performance.now();
      return new Promise((resolve) => {
        let crash: string | undefined;
        const onError = (error: Error): void => void (crash = `the worker thread failed: ${error.message}`);
        const onExit = (code: number): void => {
          resolve(failedRunLine(job.identity, crash ?? `the worker thread exited with code ${code} during the run`, (performance.now() - started) / 1000));
        };
        thread.on('error', onError);
        thread.once('exit', onExit);
        thread.once('message', (line: ResultsLine) => {
          thread.off('error', onError);
          thread.off('exit', onExit);
          idle.push(thread);
          resolve(line);
        });
        thread.postMessage({ ...job, config: laneConfig(job.config, lanes) } satisfies WorkerJob);
      });
    },
    async close() {
      idle.length = 0;
      await Promise.all([...all].map((thread) => thread.terminate()));
    },
  };
}

/**
 * Runs `runs` on `workers` threads; resolves when every run has its line. When recording a
 * line fails (a full disk) it stops every thread and rejects rather than run on unrecorded.
 */
export async function runExperiment(design: Design, runs: readonly PlannedRun[], workers: number, onLine: (line: ResultsLine) => void): Promise<void> {
  const queue = [...runs];
  const lanes = Math.min(workers, runs.length);
  const pool = threadPool(lanes);
  let failure: { error: unknown } | undefined;
  const lane = async (): Promise<void> => {
    for (let run = queue.shift(); run !== undefined && failure === undefined; run = queue.shift()) {
      const line = await pool.run({ identity: identityOf(design, run), config: run.config, sampleEveryTicks: design.sampleEveryTicks });
      if (failure !== undefined) return;
      try {
        onLine(line);
      } catch (error) {
        failure = { error };
        queue.length = 0;
        await pool.close();
      }
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  await pool.close();
  if (failure !== undefined) throw failure.error;
}

/** A planned run as a results line names it. */
export function identityOf(design: Design, run: PlannedRun): RunIdentity {
  return {
    designHash: design.hash,
    vectorIndex: run.vectorIndex,
    iteration: run.iteration,
    // Values of the design's YAML and the trial options made of them: JSON data.
    vector: run.vector as JsonObject,
    config: run.config as JsonObject,
    seed: run.seed,
    swarmgateVersion: VERSION,
  };
}
