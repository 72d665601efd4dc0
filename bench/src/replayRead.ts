/**
 * What a replay costs the gateway: GET /api/recordings/{name}/replay reads the whole recording
 * (readReplayTrack) on each request. Recorded trials of a growing size (as `swarmgate run
 * --record` writes them, default `--record-every-s`), each read several times: the file's size,
 * the track's, and the read's median wall and CPU time.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { readReplayTrack, recordTrial, Trial, withRecordingFile } from '@swarmgate/gateway';
import { loadMap } from '@swarmgate/maps';
import type { BenchReport } from './BenchReport.js';
import { median } from './median.js';

const REPEATS = 5;
const SCENARIOS = [
  { map: 'cave:75x75:seed=3', robots: 5, ticks: 1500 },
  { map: 'cave:200x200:seed=2', robots: 30, ticks: 3000 },
] as const;

export async function benchReplayRead(): Promise<BenchReport> {
  const dir = mkdtempSync(join(tmpdir(), 'swarmgate-bench-replay-'));
  const rows = ['| trial | file MB | track MB | reads | wall s | CPU s |', '|---|---:|---:|---:|---:|---:|'];
  try {
    for (const { map, robots, ticks } of SCENARIOS) {
      const path = join(dir, 'trial.mcap');
      const trial = new Trial({
        grid: loadMap(map),
        robots,
        algorithm: 'frontier',
        comm: 'global',
        spawn: { kind: 'apart' },
        seed: 2,
        targetExplored: 1,
        maxTicks: ticks,
      });
      await recordTrial(trial, path, { map });
      const wall: number[] = [];
      const cpu: number[] = [];
      let trackBytes = 0;
      // One unmeasured read warms the JIT.
      for (let k = -1; k < REPEATS; k++) {
        const usage = process.cpuUsage();
        const start = performance.now();
        trackBytes = (await withRecordingFile(path, (readable) => readReplayTrack(readable, path))).length;
        const used = process.cpuUsage(usage);
        if (k < 0) continue;
        wall.push((performance.now() - start) / 1000);
        cpu.push((used.user + used.system) / 1e6);
      }
      rows.push(
        `| ${map}, ${robots} robots, ${trial.world.tick} ticks | ${(statSync(path).size / 1e6).toFixed(1)} | ${(trackBytes / 1e6).toFixed(2)} | ${REPEATS} | ` +
          `${median(wall).toFixed(2)} | ${median(cpu).toFixed(2)} |`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return {
    name: 'replay-read',
    title: 'Replay: reading a recording into a track (GET /api/recordings/{name}/replay)',
    markdown: [
      rows.join('\n'),
      '',
      'Medians. The reader makes one pass over the chunks holding poses, `/explored` and `/metrics`; chunks mix topics, so it reads, decompresses (zstd) and CRC-checks most of the file, SLAM maps and scans included, while the track holds only 14 bytes a robot a tick plus the explored updates.',
    ].join('\n'),
  };
}
