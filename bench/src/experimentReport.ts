/**
 * `swarmgate experiment report` on results files of 18, 180 and 1800 runs: real trials
 * (3 algorithms x 1, 3, 5 robots x 2 seeds on a 40 x 40 building) written as results.jsonl
 * lines, the larger files repeating them under new iterations. Timed as a user runs it, through
 * the binary (its start-up included), median of three.
 *   npm run bench -- experiment-report
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { failedRunLine, finishedRunLine, runKeyOf, runTrialWithSeries, type ResultsLine, type RunIdentity } from '@swarmgate/gateway';
import type { BenchReport } from './BenchReport.js';
import { median } from './median.js';

const ALGORITHMS = ['frontier', 'greed', 'random'];
const ROBOTS = [1, 3, 5];
const SEEDS = [1, 2];
const COPIES = [1, 10, 100];
const REPEATS = 3;
const BIN = fileURLToPath(new URL('../../gateway/bin/swarmgate.js', import.meta.url));
const DESIGN_HASH = 'be0c'.repeat(16);

/** One real trial per (algorithm, robots, seed), as results lines. */
async function trialLines(): Promise<{ identity: RunIdentity; line: ResultsLine }[]> {
  const out: { identity: RunIdentity; line: ResultsLine }[] = [];
  let vectorIndex = 0;
  for (const algorithm of ALGORITHMS) {
    for (const robots of ROBOTS) {
      for (const [iteration, seed] of SEEDS.entries()) {
        const config = {
          map: 'building:40x40:seed=1',
          algorithm,
          robots,
          seed,
          spawn: 'apart',
          comm: 'los',
          'lidar-range': 5,
          target: 0.95,
          'max-ticks': 4000,
        };
        const identity = { designHash: DESIGN_HASH, vectorIndex, iteration, vector: { algorithm, robots }, config, seed, swarmgateVersion: '0.1.0' };
        try {
          const { report, samples } = await runTrialWithSeries(config);
          out.push({ identity, line: finishedRunLine(identity, report, samples, report.wallSeconds) });
        } catch (error) {
          out.push({ identity, line: failedRunLine(identity, error, 0) });
        }
      }
      vectorIndex++;
    }
  }
  return out;
}

export async function benchExperimentReport(): Promise<BenchReport> {
  const trials = await trialLines();
  const rows = ['| runs | results.jsonl MB | median wall s | min wall s |', '|--:|--:|--:|--:|'];
  for (const copies of COPIES) {
    const dir = mkdtempSync(join(tmpdir(), 'sg-bench-report-'));
    try {
      const lines = Array.from({ length: copies }, (_, copy) =>
        trials.map(({ identity, line }) => {
          const iteration = identity.iteration + copy * SEEDS.length;
          return JSON.stringify({ ...line, iteration, runKey: runKeyOf(DESIGN_HASH, identity.vectorIndex, iteration) });
        }),
      ).flat();
      writeFileSync(join(dir, 'results.jsonl'), lines.join('\n') + '\n');
      const times: number[] = [];
      for (let i = 0; i < REPEATS; i++) {
        const start = performance.now();
        const run = spawnSync(process.execPath, [BIN, 'experiment', 'report', dir], { encoding: 'utf8' });
        if (run.status !== 0) throw new Error(`experiment report failed: ${run.stderr}`);
        times.push((performance.now() - start) / 1000);
      }
      const mb = statSync(join(dir, 'results.jsonl')).size / 1e6;
      process.stderr.write(`${lines.length} runs: ${times.map((t) => t.toFixed(2)).join(', ')} s\n`);
      rows.push(`| ${lines.length} | ${mb.toFixed(1)} | ${median(times).toFixed(2)} | ${Math.min(...times).toFixed(2)} |`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return {
    name: 'experiment-report',
    title: 'Experiment reports (gateway/src/experiment, `swarmgate experiment report`)',
    markdown: [
      `Wall time of \`swarmgate experiment report DIR\` (process start, tsx, vega load included; 9 configurations, 3 plots as SVG and PNG). The 18 real runs: ${ALGORITHMS.join(', ')} x ${ROBOTS.join(', ')} robots x seeds ${SEEDS.join(', ')} on building:40x40:seed=1 (spawn apart, los, 5 m lidar, target 95 %, at most 4000 ticks); the larger files repeat them under new iterations.`,
      '',
      ...rows,
    ].join('\n'),
  };
}
