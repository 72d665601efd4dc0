/**
 * Runs an experiment's runs on worker threads, a run at a time per worker, and hands each
 * finished run's results line to `onLine` as it ends. A run is a pure function of its config,
 * so its result does not depend on the worker or on how many there are. A worker that dies
 * (an uncaught error, out of memory) fails only the run it held; a fresh worker takes the rest.
 */
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { JsonObject, ResultsLine } from '../experiment/resultsLine.js';
import { failedRunLine, type RunIdentity } from '../experiment/runLine.js';
import type { Design, PlannedRun } from './experimentDesign.js';
import type { RunTrialConfig } from './run.js';

/** What a worker is sent: one run. It answers with the run's results line. */
export interface WorkerJob {
  readonly identity: RunIdentity;
  readonly config: RunTrialConfig;
  readonly sampleEveryTicks: number;
}

export const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/**
 * A worker thread running experimentWorker.ts. Worker threads do not inherit the tsx loader the
 * `swarmgate` bin registers, so the worker's entry (an ES module given as a data: URL)
 * registers it first, then imports the TypeScript source.
 */
export function startWorker(): Worker {
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./experimentWorker.ts', import.meta.url).href;
  const code = `import { register } from ${JSON.stringify(tsx)};\nregister();\nawait import(${JSON.stringify(entry)});\n`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(code)}`));
}

/** Runs `runs` on `workers` threads; resolves when every run has its line. */
export function runExperiment(design: Design, runs: readonly PlannedRun[], workers: number, onLine: (line: ResultsLine) => void): Promise<void> {
  const queue = [...runs];
  const live = new Set<Worker>();
  let failed = false;
  return new Promise((resolvePool, rejectPool) => {
    const finish = (line: ResultsLine): boolean => {
      try {
        onLine(line);
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
        worker.postMessage({ identity: identityOf(design, run), config: run.config, sampleEveryTicks: design.sampleEveryTicks } satisfies WorkerJob);
      };
      worker.on('message', (line: ResultsLine) => {
        const busy = current !== undefined;
        current = undefined;
        if (failed || !busy || !finish(line)) return void worker.terminate();
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
        if (lost !== undefined && !finish(failedRunLine(identityOf(design, lost), error, (performance.now() - started) / 1000))) return;
        if (lost !== undefined) launch();
        if (live.size === 0 && queue.length === 0) resolvePool();
      });
      send(first);
    };
    if (queue.length === 0) resolvePool();
    for (let i = 0; i < Math.min(workers, runs.length); i++) launch();
  });
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
