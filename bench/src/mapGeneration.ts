/**
 * Map generation time for cave and building maps at 100 x 100, 500 x 500 and 2000 x 2000
 * cells (MAES default parameters). Each size runs over several seeds, so the median is not one
 * lucky map; the first run of each generator is a warm-up and is not counted.
 */
import { performance } from 'node:perf_hooks';
import { generateMap } from '@swarmgate/maps';
import type { BenchReport } from './BenchReport.js';
import { median } from './median.js';

const SIZES = [100, 500, 2000];
const GENERATORS = ['cave', 'building'];
/** Runs per size: enough for a stable median, bounded so 2000 x 2000 stays under a minute. */
const RUNS: Readonly<Record<number, number>> = { 100: 30, 500: 7, 2000: 3 };

export function benchMapGeneration(): BenchReport {
  // CPU time beside wall time: on a shared machine wall time includes other jobs' turns.
  const rows = [
    '| generator | size (cells) | runs | median wall ms | min wall ms | max wall ms | median CPU ms | Mcells per CPU s |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const generator of GENERATORS) {
    generateMap({ generator, width: 100, height: 100, seed: 999, params: {} });
    for (const side of SIZES) {
      const times: number[] = [];
      const cpuTimes: number[] = [];
      const runs = RUNS[side] as number;
      for (let seed = 0; seed < runs; seed++) {
        const start = performance.now();
        const cpuStart = process.cpuUsage();
        generateMap({ generator, width: side, height: side, seed, params: {} });
        const cpu = process.cpuUsage(cpuStart);
        times.push(performance.now() - start);
        cpuTimes.push((cpu.user + cpu.system) / 1000);
      }
      const cpuMs = median(cpuTimes);
      rows.push(
        `| ${generator} | ${side} x ${side} | ${runs} | ${median(times).toFixed(1)} | ${Math.min(...times).toFixed(1)} | ` +
          `${Math.max(...times).toFixed(1)} | ${cpuMs.toFixed(1)} | ${((side * side) / cpuMs / 1000).toFixed(2)} |`,
      );
    }
  }
  return { name: 'map-generation', title: 'Map generation (@swarmgate/maps, MAES default parameters)', markdown: rows.join('\n') };
}
