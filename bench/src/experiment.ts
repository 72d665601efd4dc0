/**
 * The experiment runner's throughput: a fixed design of 8 runs (cave and building, 1 and
 * 3 robots, 2 seeds, up to 3000 ticks) run by `swarmgate experiment run` in a real process with
 * 1 and then 2 worker threads; runs per hour of wall time (worker start-up included) and their
 * ratio, and whether both gave the same finalStateHash for every run key.
 *   npm run bench -- experiment
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { BenchReport } from './BenchReport.js';

const SWARMGATE_BIN = fileURLToPath(new URL('../../gateway/bin/swarmgate.js', import.meta.url));
const WORKERS = [1, 2] as const;
/** Each worker count is timed this many times, interleaved, and its fastest kept: the machine is shared. */
const REPEATS = 2;
const DESIGN = `name: bench-experiment
seed: 1
iterations: 2
fixed:
  algorithm: frontier
  radio: {model: los}
stop: {explored: 0.99, maxTicks: 3000}
vectors:
  cross:
    map: [cave:100x100:seed=4, building:100x100:seed=2]
    robots: [1, 3]
`;

interface Measured {
  readonly workers: number;
  readonly runs: number;
  readonly wallSeconds: number;
  readonly hashes: Map<string, string>;
}

function measure(dir: string, design: string, workers: number, repeat: number): Measured {
  const out = join(dir, `workers-${workers}-${repeat}`);
  const start = performance.now();
  const r = spawnSync(process.execPath, [SWARMGATE_BIN, 'experiment', 'run', design, '--out', out, '--workers', String(workers)], { encoding: 'utf8' });
  const wallSeconds = (performance.now() - start) / 1000;
  if (r.status !== 0) throw new Error(`experiment run --workers ${workers} exited ${r.status}: ${r.stderr}`);
  const lines = readFileSync(join(out, 'results.jsonl'), 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as { runKey: string; result?: { finalStateHash: string } });
  return { workers, runs: lines.length, wallSeconds, hashes: new Map(lines.map((l) => [l.runKey, l.result?.finalStateHash ?? 'failed'])) };
}

/** Worker threads add throughput only with cores to spare: say so when there were none. */
function busyNote(): string {
  const load = loadavg()[0] ?? 0;
  const cores = availableParallelism();
  if (load < cores) return '';
  return `\n\nThe machine was busier than its cores while timing (load average ${load.toFixed(1)} on ${cores}), so a second worker had
no idle core to run on and this ratio says more about the machine's load than about the runner's scaling (each run's
own \`wallSeconds\` in results.jsonl grows with it)${autogroup() ? AUTOGROUP_NOTE : ''}; re-run it on an idle machine.`;
}

const AUTOGROUP_NOTE = `. With Linux's scheduler autogroups on, as here, the CPU is shared out per session: all the
threads of one process share their session's share, so under load a second worker splits that share rather than adding to it`;

/** Whether Linux shares the CPU out per session (sched autogroup); false where the setting cannot be read. */
function autogroup(): boolean {
  try {
    return readFileSync('/proc/sys/kernel/sched_autogroup_enabled', 'utf8').trim() === '1';
  } catch {
    return false;
  }
}

export function benchExperiment(): BenchReport {
  const dir = mkdtempSync(join(tmpdir(), 'swarmgate-bench-experiment-'));
  try {
    const design = join(dir, 'design.yaml');
    writeFileSync(design, DESIGN);
    const timed = Array.from({ length: REPEATS }, (_, repeat) => WORKERS.map((workers) => measure(dir, design, workers, repeat)));
    const results = WORKERS.map((_, i) => timed.map((round) => round[i]).reduce((best, m) => (m.wallSeconds < best.wallSeconds ? m : best)));
    const perHour = (m: Measured): number => (m.runs / m.wallSeconds) * 3600;
    const [one, two] = results;
    const same = [...one.hashes].every(([key, hash]) => two.hashes.get(key) === hash) && one.hashes.size === two.hashes.size;
    const rows = results.map((m) => `| ${m.workers} | ${m.runs} | ${m.wallSeconds.toFixed(1)} | ${Math.round(perHour(m))} |`);
    const markdown = `A fixed design of ${one.runs} runs (frontier, LOS radio; cave:100x100:seed=4 and building:100x100:seed=2; 1 and
3 robots; 2 seeds; to 99 % explored or 3000 ticks), run by \`swarmgate experiment run\` in its own process,
timed from spawn to exit (worker start-up, which loads the TypeScript sources through tsx in
each worker, included); the fastest of ${REPEATS} interleaved timings of each.

| workers | runs | wall s | runs per hour |
|---:|---:|---:|---:|
${rows.join('\n')}

2 workers / 1 worker: ${(perHour(two) / perHour(one)).toFixed(2)}x. Same finalStateHash for every run key on 1 and 2 workers: ${same ? 'yes' : 'NO'}.${busyNote()}`;
    return { name: 'experiment', title: 'Experiment runner: runs per hour on 1 and 2 workers', markdown };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
