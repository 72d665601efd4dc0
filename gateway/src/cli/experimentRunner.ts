/**
 * Runs an experiment's runs on worker threads, a run at a time per worker, and hands each
 * finished run's results line to `onLine` as it ends. A run is a pure function of its config,
 * so its result does not depend on the worker or on how many there are. A worker that dies
 * (an uncaught error, out of memory) fails only the run it held; a fresh worker takes the rest.
 */
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { Design, PlannedRun } from './experimentDesign.js';
import { RESULTS_FORMAT, type ResultLine } from './experimentResults.js';
import type { RunReport, RunTrialConfig } from './run.js';

/** What a worker is sent: one run. */
export interface WorkerJob {
  readonly runKey: string;
  readonly config: RunTrialConfig;
  readonly sampleEveryTicks: number;
}

/** What a worker answers: the run's result and series, or its error. */
export interface WorkerReply {
  readonly runKey: string;
  readonly result?: RunReport;
  readonly series?: ResultLine['series'];
  readonly error?: string;
  readonly wallSeconds: number;
}

const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/**
 * A worker thread running experimentWorker.ts. Worker threads do not inherit the tsx loader the
 * `swarmgate` bin registers, so the worker's entry (an ES module given as a data: URL)
 * registers it first, then imports the TypeScript source.
 */
function startWorker(): Worker {
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./experimentWorker.ts', import.meta.url).href;
  const code = `import { register } from ${JSON.stringify(tsx)};\nregister();\nawait import(${JSON.stringify(entry)});\n`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(code)}`));
}

/** Runs `runs` on `workers` threads; resolves when every run has its line. */
export function runExperiment(design: Design, runs: readonly PlannedRun[], workers: number, onLine: (line: ResultLine) => void): Promise<void> {
  const queue = [...runs];
  const live = new Set<Worker>();
  let failed = false;
  return new Promise((resolvePool, rejectPool) => {
    const lineOf = (run: PlannedRun, reply: Omit<WorkerReply, 'runKey'>): ResultLine => ({
      format: RESULTS_FORMAT,
      designHash: design.hash,
      runKey: run.runKey,
      vectorIndex: run.vectorIndex,
      iteration: run.iteration,
      vector: run.vector,
      config: run.config,
      seed: run.seed,
      swarmgateVersion: VERSION,
      ...(reply.error === undefined ? { result: reply.result, series: reply.series } : { error: reply.error }),
      wallSeconds: reply.wallSeconds,
    });
    const finish = (run: PlannedRun, reply: Omit<WorkerReply, 'runKey'>): boolean => {
      try {
        onLine(lineOf(run, reply));
        return true;
      } catch (error) {
        // Recording failed (a full disk): stop every worker rather than run on unrecorded.
        failed = true;
        queue.length = 0;
        for (const worker of live) void worker.terminate();
        rejectPool(error);
        return false;
      }
    };
    const launch = (): void => {
      const first = queue.shift();
      if (first === undefined) return;
      const worker = startWorker();
      live.add(worker);
      let current: PlannedRun | undefined = first;
      let started = performance.now();
      let crash: string | undefined;
      const send = (run: PlannedRun): void => {
        current = run;
        started = performance.now();
        worker.postMessage({ runKey: run.runKey, config: run.config, sampleEveryTicks: design.sampleEveryTicks } satisfies WorkerJob);
      };
      worker.on('message', (reply: WorkerReply) => {
        const run = current;
        current = undefined;
        if (failed || run === undefined || !finish(run, reply)) return void worker.terminate();
        const next = queue.shift();
        if (next === undefined) void worker.terminate();
        else send(next);
      });
      worker.on('error', (error) => {
        crash = `the worker thread failed: ${error.message}`;
      });
      worker.on('exit', (code) => {
        live.delete(worker);
        const lost = current;
        if (failed) return;
        const error = crash ?? `the worker thread exited with code ${code} during the run`;
        if (lost !== undefined && !finish(lost, { error, wallSeconds: (performance.now() - started) / 1000 })) return;
        if (lost !== undefined) launch();
        if (live.size === 0 && queue.length === 0) resolvePool();
      });
      send(first);
    };
    if (queue.length === 0) resolvePool();
    for (let i = 0; i < Math.min(workers, runs.length); i++) launch();
  });
}
