/**
 * What recording costs a headless trial (`swarmgate run --record`): the same trials run with
 * Trial.run and with recordTrial (what `run --record` calls), alternating (plain, recorded,
 * plain, ...), several rounds, so both see the same load on a shared machine.
 * Both the loop's wall time and this process's CPU time are measured: on a shared machine wall
 * time includes other jobs' turns, CPU time is what the recording itself adds. Also the file's
 * size per simulated minute.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { recordTrial, Trial, type TrialConfig } from '@swarmgate/gateway';
import { loadMap } from '@swarmgate/maps';
import type { BenchReport } from './BenchReport.js';
import { median } from './median.js';

const REPEATS = 7;
/** --record-every-s: 5 s, the default (1 s), and every scan (a tick). */
const INTERVALS_S = [5, 1, 0.1];

const SCENARIOS: readonly { readonly label: string; readonly config: () => TrialConfig }[] = [
  {
    label: 'cave:75x75:seed=3, 5 robots, 1500 ticks',
    config: () => ({ ...BASE, grid: loadMap('cave:75x75:seed=3'), robots: 5, spawn: { kind: 'together' }, maxTicks: 1500 }),
  },
  {
    label: 'building:100x100:seed=7, 30 robots, 600 ticks',
    config: () => ({ ...BASE, grid: loadMap('building:100x100:seed=7'), robots: 30, spawn: { kind: 'apart' }, maxTicks: 600 }),
  },
];
const BASE = { algorithm: 'frontier', comm: 'global', seed: 0, targetExplored: 1 } as const;

interface Timing {
  readonly wallS: number;
  readonly cpuS: number;
  readonly hash: string;
  readonly simSeconds: number;
}

async function timed(run: () => Promise<{ finalStateHash: string }>, trial: Trial): Promise<Timing> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const { finalStateHash } = await run();
  const used = process.cpuUsage(cpu);
  return { wallS: (performance.now() - start) / 1000, cpuS: (used.user + used.system) / 1e6, hash: finalStateHash, simSeconds: trial.simSeconds };
}

export async function benchRecord(): Promise<BenchReport> {
  const dir = mkdtempSync(join(tmpdir(), 'swarmgate-bench-record-'));
  const rows = [
    '| trial | --record-every-s | runs each | CPU s, plain | CPU s, recorded | CPU overhead | wall s, plain | wall s, recorded | file MB | MB per simulated minute |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  try {
    for (const { label, config } of SCENARIOS)
      for (const everyS of INTERVALS_S) {
        const plain: Timing[] = [];
        const recorded: Timing[] = [];
        let bytes = 0;
        const path = join(dir, 'trial.mcap');
        // One unmeasured run of each warms the JIT.
        for (let k = -1; k < REPEATS; k++) {
          const a = new Trial(config());
          const ta = await timed(async () => a.run(), a);
          const b = new Trial(config());
          const tb = await timed(() => recordTrial(b, path, { label }, everyS), b);
          if (ta.hash !== tb.hash) throw new Error(`${label}: recording changed the trial (${ta.hash} vs ${tb.hash})`);
          if (k < 0) continue;
          plain.push(ta);
          recorded.push(tb);
          bytes = statSync(path).size;
        }
        const cpuPlain = median(plain.map((t) => t.cpuS));
        const cpuRecorded = median(recorded.map((t) => t.cpuS));
        const mb = bytes / 1e6;
        rows.push(
          `| ${label} | ${everyS} s | ${REPEATS} | ${cpuPlain.toFixed(2)} | ${cpuRecorded.toFixed(2)} | ${(((cpuRecorded - cpuPlain) / cpuPlain) * 100).toFixed(0)} % | ` +
            `${median(plain.map((t) => t.wallS)).toFixed(2)} | ${median(recorded.map((t) => t.wallS)).toFixed(2)} | ${mb.toFixed(1)} | ` +
            `${((mb / (recorded[0] as Timing).simSeconds) * 60).toFixed(1)} |`,
        );
      }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return {
    name: 'record',
    title: 'Recording cost (swarmgate run --record)',
    markdown: [
      rows.join('\n'),
      '',
      "Medians; CPU is this process's (the loop, plus the recording: encoding, MCAP chunks, their CRCs and zstd compression, writing). Poses, commands and radio traffic are recorded every tick; scans, the scene and metrics every `--record-every-s`, and then each SLAM map and the explored map only when it changed, a SLAM map cropped to its known cells. File sizes are of zstd-compressed chunks (level 1). What is left of the cost at the default interval is mostly per message (a pose and a command per robot per tick: @mcap/core's writer, its message index and statistics) and per uncompressed byte (its JavaScript CRC-32 of each chunk, zstd); the table below this one compares it with the recording before compression and the crop.",
    ].join('\n'),
  };
}
