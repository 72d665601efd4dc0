/**
 * MAES's ROS system test (1 robot, 30 x 30 building, range 10, 99.9 % explored in about 1480 ticks
 * in MAES) run here, then re-run changing one factor at a time towards MAES's ROS setup, to measure
 * where swarmgate's shorter time comes from.
 *   npm run bench -- maes-ros
 */
import { loadMap } from '@swarmgate/maps';
import { Trial, type WorldConfigInput } from '@swarmgate/gateway';
import type { BenchReport } from './BenchReport.js';

const SEEDS = [1, 2, 3, 4, 5] as const;

interface Variant {
  readonly label: string;
  readonly algorithm: string;
  readonly world: WorldConfigInput;
  readonly target: number;
}

const NAV2 = 'frontier:speedMps=0.26,turnRateRadps=1';
const VARIANTS: readonly Variant[] = [
  { label: 'swarmgate defaults (frontier 2 m/s, SLAM every tick), target 99.9 %', algorithm: 'frontier', world: {}, target: 0.999 },
  { label: 'same, target 99 %', algorithm: 'frontier', world: {}, target: 0.99 },
  { label: 'SLAM map written every 10 ticks (MAES ROS config)', algorithm: 'frontier', world: { slam: { updateIntervalS: 1 } }, target: 0.999 },
  { label: 'speed 0.26 m/s, turn 1 rad/s (Nav2 DWB example limits)', algorithm: NAV2, world: {}, target: 0.999 },
  { label: 'both: Nav2 limits and SLAM every 10 ticks', algorithm: NAV2, world: { slam: { updateIntervalS: 1 } }, target: 0.999 },
  {
    label: 'speed 0.6 m/s and SLAM every 10 ticks (the speed whose mean distance over 1480 ticks fits)',
    algorithm: 'frontier:speedMps=0.6',
    world: { slam: { updateIntervalS: 1 } },
    target: 0.999,
  },
];

function runOnce(variant: Variant, seed: number): { ticks: number | null; distanceM: number } {
  const grid = loadMap(`building:30x30:seed=${seed}`);
  const trial = new Trial({
    grid,
    robots: 1,
    algorithm: variant.algorithm,
    comm: 'range:10',
    spawn: { kind: 'together' },
    seed,
    targetExplored: variant.target,
    maxTicks: 36_000,
    world: { lidar: { rangeM: 10 }, ...variant.world },
  });
  const final = trial.run();
  return { ticks: final.explorationTicks, distanceM: final.distanceTotalM };
}

export function benchMaesRosTest(): BenchReport {
  const rows = VARIANTS.map((variant) => {
    const results = SEEDS.map((seed) => runOnce(variant, seed));
    const ticks = results.map((r) => (r.ticks === null ? 'failed' : String(r.ticks)));
    const ok = results.map((r) => r.ticks).filter((t): t is number => t !== null);
    const mean = ok.length > 0 ? Math.round(ok.reduce((a, b) => a + b, 0) / ok.length) : null;
    const distance = results.reduce((a, r) => a + r.distanceM, 0) / results.length;
    process.stderr.write(`${variant.label}: ${ticks.join(', ')}\n`);
    return `| ${variant.label} | ${ticks.join(', ')} | ${mean ?? '-'} | ${distance.toFixed(0)} |`;
  });
  const markdown = `\`swarmgate run --map building:30x30:seed=S --robots 1 --comm range:10 --lidar-range 10 --target 0.999\`,
S = ${SEEDS.join(', ')}; each further row changes one factor (speed and SLAM interval through the trial
configuration, as the bench does). MAES reports about 1480 ticks for this test.

| variant | ticks to target, seeds ${SEEDS.join(', ')} | mean | mean distance (m) |
|---|---|---|---|
${rows.join('\n')}`;
  return { name: 'maes-ros', title: "MAES's ROS system test (1 robot, building 30 x 30, range 10)", markdown };
}
