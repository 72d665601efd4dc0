/**
 * Experiment sweeps on the job queue against the local runner: one design run by
 * `swarmgate experiment run --workers 1` (one process, one thread), then through a real
 * redis-server by 1, 2 and 4 `swarmgate worker --threads 1` processes, each timed from the
 * enqueue to the last run done and collected (worker start-up included, as the local run's).
 * Queue overhead per run: the time a job spends in a worker beyond its trial (taking, checking,
 * the round trips that complete it), and the 1-process wall time over the local run's, per run.
 *   npm run bench -- experiment-queue
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Queue } from 'bullmq';
import { startRedis, terminate } from '@swarmgate/firmware-sim/testing';
import type { BenchReport } from './BenchReport.js';

const SWARMGATE_BIN = fileURLToPath(new URL('../../gateway/bin/swarmgate.js', import.meta.url));
const PROCESSES = [1, 2, 4] as const;
const QUEUE_NAME = 'swarmgate-experiments';
/** Enough runs that the runs, not the processes' start-up, fill the timing. */
const ITERATIONS = 30;
const DESIGN = `name: bench-experiment-queue
seed: 1
iterations: ${ITERATIONS}
fixed:
  algorithm: frontier
  robots: 3
  radio: {model: los}
stop: {explored: 0.99, maxTicks: 2500}
vectors:
  cross:
    map: [cave:80x80:seed=4, building:80x80:seed=2]
`;

interface Measured {
  readonly label: string;
  readonly runs: number;
  readonly wallSeconds: number;
  readonly hashes: Map<string, string>;
  /** Median ms per job in a worker beyond its trial's own wallSeconds (queue runs only): the median, as a worker's first job also starts its thread. */
  readonly overheadMs?: number;
}

const exec = promisify(execFile);
const swarmgate = (cwd: string, ...args: string[]) => exec(process.execPath, [SWARMGATE_BIN, ...args], { cwd, maxBuffer: 64 * 1024 * 1024 });

function readHashes(file: string): Map<string, string> {
  const lines = readFileSync(file, 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as { runKey: string; result?: { finalStateHash: string } });
  return new Map(lines.map((l) => [l.runKey, l.result?.finalStateHash ?? 'failed']));
}

async function measureLocal(dir: string): Promise<Measured> {
  const start = performance.now();
  await swarmgate(dir, 'experiment', 'run', 'design.yaml', '--out', 'local', '--workers', '1');
  const hashes = readHashes(join(dir, 'local/results.jsonl'));
  return { label: 'local runner, 1 thread', runs: hashes.size, wallSeconds: (performance.now() - start) / 1000, hashes };
}

async function measureQueue(dir: string, url: string, processes: number): Promise<Measured> {
  const queue = new Queue(QUEUE_NAME, { connection: { url } });
  await queue.obliterate({ force: true });
  const start = performance.now();
  const workers: ChildProcess[] = [];
  try {
    await swarmgate(dir, 'experiment', 'run', 'design.yaml', '--queue', url);
    const total = (await queue.getJobCounts('waiting')).waiting ?? 0;
    for (let i = 0; i < processes; i++) {
      workers.push(spawn(process.execPath, [SWARMGATE_BIN, 'worker', '--queue', url, '--threads', '1'], { cwd: dir, stdio: 'ignore' }));
    }
    while ((await queue.getCompletedCount()) < total) await new Promise((resolve) => setTimeout(resolve, 100));
    const out = `queue-${processes}`;
    await swarmgate(dir, 'experiment', 'collect', 'design.yaml', '--queue', url, '--out', out);
    const wallSeconds = (performance.now() - start) / 1000;
    const jobs = await queue.getCompleted(0, -1);
    const beyond = jobs.map((job) => (job.finishedOn ?? 0) - (job.processedOn ?? 0) - (job.returnvalue as { wallSeconds: number }).wallSeconds * 1000);
    const sorted = beyond.sort((a, b) => a - b);
    const overheadMs = sorted[Math.floor(sorted.length / 2)]!;
    const hashes = readHashes(join(dir, out, 'results.jsonl'));
    return { label: `queue, ${processes} worker process${processes > 1 ? 'es' : ''}`, runs: hashes.size, wallSeconds, hashes, overheadMs };
  } finally {
    await Promise.all(workers.map((worker) => terminate(worker)));
    await queue.close();
  }
}

export async function benchExperimentQueue(): Promise<BenchReport> {
  const dir = mkdtempSync(join(tmpdir(), 'swarmgate-bench-queue-'));
  const redis = await startRedis();
  try {
    writeFileSync(join(dir, 'design.yaml'), DESIGN);
    const local = await measureLocal(dir);
    const queued: Measured[] = [];
    for (const processes of PROCESSES) queued.push(await measureQueue(dir, redis.url, processes));
    const perHour = (m: Measured): number => (m.runs / m.wallSeconds) * 3600;
    const same = queued.every((m) => m.hashes.size === local.hashes.size && [...local.hashes].every(([key, hash]) => m.hashes.get(key) === hash));
    const rows = [local, ...queued].map(
      (m) =>
        `| ${m.label} | ${m.runs} | ${m.wallSeconds.toFixed(1)} | ${Math.round(perHour(m))} | ${(perHour(m) / perHour(local)).toFixed(2)} | ${m.overheadMs === undefined ? '' : m.overheadMs.toFixed(1)} |`,
    );
    const one = queued[0]!;
    const load = loadavg()[0] ?? 0;
    const markdown = `A design of ${local.runs} runs (frontier, 3 robots, LOS radio; cave:80x80:seed=4 and building:80x80:seed=2; ${ITERATIONS} seeds;
to 99 % explored or 2500 ticks). The local runner is \`swarmgate experiment run --workers 1\`; the queue rows
enqueue it on a redis-server on loopback (\`experiment run --queue\`), start that many \`swarmgate worker --threads 1\`
processes and collect (\`experiment collect\`) when the last run is done, all in the timing (process start-up included).

| runner | runs | wall s | runs per hour | vs local | queue ms per run in a worker (median) |
|---|---:|---:|---:|---:|---:|
${rows.join('\n')}

Queue overhead per run: ${one.overheadMs!.toFixed(1)} ms (median) of a job's time in a worker beyond its trial (1 process). The
1-process row took ${(one.wallSeconds - local.wallSeconds).toFixed(1)} s more than the local runner for ${local.runs} runs: mostly fixed costs, not per run
(three processes start instead of one: enqueue, worker, collect, each loading the TypeScript sources through tsx). Same finalStateHash for every run key, local and queued: ${same ? 'yes' : 'NO'}.
Load average ${load.toFixed(1)} when the timing ended, on ${availableParallelism()} cores: rows with more worker processes than cores
share the cores (each process runs one trial at a time on one thread), so they show contention, not the queue's scaling.`;
    return { name: 'experiment-queue', title: 'Experiment sweeps on the job queue: runs per hour on 1, 2 and 4 worker processes', markdown };
  } finally {
    await redis.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
