/**
 * `swarmgate run`: one headless trial on a map, with results as JSON, a CSV time series and
 * heatmap PNGs. Every flag is checked before the trial starts; bad input exits 2 naming it.
 */
import { writeFileSync } from 'node:fs';
import { gridHash, renderPng, type Grid } from '@swarmgate/maps';
import type { Pose } from '@swarmgate/sdk';
import { Trial } from '../sim/Trial.js';
import { coverageHeatmap, explorationHeatmap } from '../sim/heatmaps.js';
import { DEFAULT_ROBOT_PROFILE, findRobotProfile } from '../sim/robotProfiles.js';
import type { FinalMetrics, MetricsSample } from '../sim/TrialMetrics.js';
import { CliUsageError, type Command } from './Command.js';
import { numberFlag, parseCommandArgs } from './args.js';
import { ProgressBar } from './ProgressBar.js';
import { loadControllerModule } from './controllerModule.js';
import {
  MAX_CELLS_HELP,
  NETWORK_AND_SPAWN_HELP,
  ROBOT_PROFILE_HELP,
  TRIAL_FLAG_OPTIONS,
  WORKERS_HELP,
  asUsage,
  loadGrid,
  parseTrialFlags,
  trialConfigOf,
  type RadioFlags,
} from './trialFlags.js';

const HELP = `Usage: swarmgate run --map <file|spec> [options]

Runs one headless exploration trial as fast as the CPU allows.

  --map <file|spec>       map file (.pgm/.png/.yaml), bundled map, or generator spec
                          such as building:100x100:seed=7 or cave:75x75:seed=3 (required)
${MAX_CELLS_HELP}
  --robots N              number of robots (default 1)
  --algorithm <name>      registered algorithm, optionally name:param=value,... (default frontier;
                          see \`swarmgate list algorithms\`)
  --controller <file>     your own controller module instead of --algorithm, optionally
                          file:param=value,...; its default export is the factory
                          (context: AlgorithmContext) => Controller (sdk/README.md)
  --comm <spec>           global | range:R | los | los:R | multiwall | permetre | maes | pathloss (default global)
${NETWORK_AND_SPAWN_HELP}
${ROBOT_PROFILE_HELP}
  --seed S                trial seed, an integer (default 0)
  --target F              explored fraction that ends the trial, in (0, 1] (default 0.99)
  --max-ticks N           tick limit (default 36000 = 1 simulated hour)
  --lidar-range M         lidar range in metres (default 10)
  --merge-every-s S       merge SLAM maps within comm groups every S seconds, rounded to
                          whole 0.1 s ticks (default 0 = off)
  --pose-error M          bound of the SLAM pose error in metres (default 0)
${WORKERS_HELP}
  --json <file|->         write the result object (- for stdout); it includes the radio
                          settings (bandwidthBytesPerS null = unlimited) and startPoses
  --csv <file>            write the time series (one row every 10 ticks)
  --heatmap <file.png>    write the exploration heatmap (last tick each cell was seen)
  --coverage-heatmap <file.png>  write the coverage heatmap (last tick each cell was swept)`;

const OPTIONS = {
  ...TRIAL_FLAG_OPTIONS,
  target: { type: 'string' },
  'max-ticks': { type: 'string' },
  'lidar-range': { type: 'string' },
  'merge-every-s': { type: 'string' },
  // Refused with a message naming --merge-every-s (it counted ticks).
  'merge-every': { type: 'string' },
  'pose-error': { type: 'string' },
  json: { type: 'string' },
  csv: { type: 'string' },
  heatmap: { type: 'string' },
  'coverage-heatmap': { type: 'string' },
} as const;

export const runCommand: Command = {
  name: 'run',
  summary: 'run one headless exploration trial and write its metrics',
  async run(argv) {
    const parsed = parseCommandArgs(argv, OPTIONS, HELP, false);
    if (!parsed) return 0;
    const v = parsed.values;
    const { report, trial, grid } = await executeRun(v, process.stderr.isTTY);
    if (v.json === '-') process.stdout.write(JSON.stringify(report, null, 2) + '\n');
    else if (v.json !== undefined) writeFileSync(v.json, JSON.stringify(report, null, 2) + '\n');
    if (v.csv !== undefined) writeFileSync(v.csv, toCsv(trial.metrics.samples));
    if (v.heatmap !== undefined) writeFileSync(v.heatmap, renderPng(grid, { heatmap: explorationHeatmap(trial.world, trial.metrics) }));
    if (v['coverage-heatmap'] !== undefined) {
      writeFileSync(v['coverage-heatmap'], renderPng(grid, { heatmap: coverageHeatmap(trial.world, trial.metrics) }));
    }
    if (v.json !== '-') process.stdout.write(summaryLine(report) + '\n');
    return 0;
  },
};

type RunValues = { readonly [K in keyof typeof OPTIONS]?: string };

/** The flags of `swarmgate run` that do not decide the trial: where outputs go, and a retired one. */
const NOT_TRIAL_OPTIONS = ['json', 'csv', 'heatmap', 'coverage-heatmap', 'merge-every'] as const satisfies readonly (keyof typeof OPTIONS)[];
type TrialOptionName = Exclude<keyof typeof OPTIONS, (typeof NOT_TRIAL_OPTIONS)[number]>;

/**
 * `swarmgate run`'s flags as a programmatic config, named as on the command line without the
 * dashes (`{ map: 'cave:30x30:seed=4', controller: './mine.ts', 'max-ticks': 300 }`); numbers
 * may be given as numbers. Defaults and checks are the command's.
 */
export type RunTrialConfig = { readonly [K in TrialOptionName]?: string | number };

/** The result object `swarmgate run --json` writes. */
export type RunReport = ReturnType<typeof buildReport>;

/**
 * Runs one headless trial as `swarmgate run` does and resolves to its result object; bad
 * input rejects with a CliUsageError naming the option.
 */
export async function runTrial(config: RunTrialConfig): Promise<RunReport> {
  return (await runTrialSampled(config)).report;
}

/** A trial's result object with its time series (every sampled tick), as an experiment records it. */
export interface SampledRun {
  readonly report: RunReport;
  readonly samples: readonly MetricsSample[];
}

/** runTrial, also resolving to the trial's time series (`trial.metrics.samples`). */
export async function runTrialSampled(config: RunTrialConfig): Promise<SampledRun> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(config)) {
    if (!Object.hasOwn(OPTIONS, name) || (NOT_TRIAL_OPTIONS as readonly string[]).includes(name)) {
      throw new CliUsageError(`runTrial: unknown option '${name}'`);
    }
    if (value !== undefined) values[name] = String(value);
  }
  const { report, trial } = await executeRun(values, false);
  return { report, samples: trial.metrics.samples };
}

/** Checks the flags, runs the trial to its end, and builds the report. */
async function executeRun(v: RunValues, showProgress: boolean): Promise<{ report: RunReport; trial: Trial; grid: Grid }> {
  const flags = parseTrialFlags(v, HELP, { min: 1, max: 100_000 });
  const { mapSpec, robots, algorithm, commSpec, radio, spawn, seed } = flags;
  const target = numberFlag('target', v.target, 0.99, { min: 1e-9, max: 1 });
  const maxTicks = numberFlag('max-ticks', v['max-ticks'], 36_000, { min: 1, integer: true });
  const lidarRangeM = numberFlag('lidar-range', v['lidar-range'], 10, { min: 0.5, max: 1000 });
  if (v['merge-every'] !== undefined) {
    throw new CliUsageError('--merge-every (ticks) was replaced by --merge-every-s (seconds; a tick is 0.1 s, so --merge-every 10 is --merge-every-s 1)');
  }
  const mergeIntervalS = numberFlag('merge-every-s', v['merge-every-s'], 0, { min: 0, max: 86_400 });
  const positionErrorM = numberFlag('pose-error', v['pose-error'], 0, { min: 0, max: 10 });
  const grid = loadGrid(flags);
  const controller = flags.controller === undefined ? undefined : (await loadControllerModule(flags.controller)).info;
  const profile = flags.robotProfile ?? findRobotProfile(DEFAULT_ROBOT_PROFILE);

  const trial = asUsage(
    'robots',
    () =>
      new Trial({
        ...trialConfigOf(flags, grid),
        controller,
        targetExplored: target,
        maxTicks,
        world: { robot: profile.model, lidar: { rangeM: lidarRangeM }, slam: { mergeIntervalS, positionErrorM }, workers: flags.workers },
      }),
  );
  const startPoses = trial.world.robotIds().map((id) => trial.world.truePose(id));
  const startMs = performance.now();
  const wallSeconds = (): number => (performance.now() - startMs) / 1000;
  const bar = showProgress ? new ProgressBar(process.stderr, maxTicks) : null;
  const result = trial.run(bar ? (t) => bar.update(t.world.tick, t.metrics.exploredFraction, t.simSeconds, wallSeconds()) : undefined);
  const wall = wallSeconds();
  await trial.world.close();
  if (bar) {
    bar.update(trial.world.tick, result.exploredFraction, trial.simSeconds, wall, true);
    bar.finish();
  }
  const report = buildReport(
    { grid, mapSpec, robots, algorithm, comm: commSpec, radio, spawn: spawn.kind, startPoses, seed, target, maxTicks, robotProfile: profile.name },
    trial,
    result,
    wall,
  );
  return { report, trial, grid };
}

interface RunInputs {
  grid: Grid;
  mapSpec: string;
  robots: number;
  algorithm: string;
  comm: string;
  radio: RadioFlags;
  spawn: string;
  /** Where the robots were placed, before the first tick (r0, r1, ... in order). */
  startPoses: readonly Pose[];
  seed: number;
  target: number;
  maxTicks: number;
  robotProfile: string;
}

export function buildReport(inputs: RunInputs, trial: Trial, r: FinalMetrics, wallSeconds: number) {
  return {
    seed: inputs.seed,
    map: { spec: inputs.mapSpec, width: inputs.grid.width, height: inputs.grid.height, cellSizeM: inputs.grid.cellSizeM, hash: gridHash(inputs.grid) },
    robots: inputs.robots,
    algorithm: inputs.algorithm,
    comm: inputs.comm,
    radio: {
      latencyMs: inputs.radio.latencyMs,
      // JSON has no Infinity: null means unlimited.
      bandwidthBytesPerS: Number.isFinite(inputs.radio.bandwidthBytesPerS) ? inputs.radio.bandwidthBytesPerS : null,
      lossProbability: inputs.radio.lossProbability,
    },
    spawn: inputs.spawn,
    robotProfile: inputs.robotProfile,
    startPoses: inputs.startPoses,
    target: inputs.target,
    maxTicks: inputs.maxTicks,
    ticks: r.ticks,
    simSeconds: trial.simSeconds,
    wallSeconds,
    speedOverRealTime: wallSeconds > 0 ? trial.simSeconds / wallSeconds : null,
    exploredFraction: r.exploredFraction,
    coveredFraction: r.coveredFraction,
    explorationTicks: r.explorationTicks,
    coverageTicks: r.coverageTicks,
    success: r.explorationTicks !== null,
    explorableCells: r.explorableCells,
    unreachableFreeCells: r.unreachableFreeCells,
    unreachableFreeFraction: r.unreachableFreeFraction,
    distanceTotal: r.distanceTotalM,
    distancePerRobot: r.distancePerRobotM,
    efficiency: r.efficiency,
    collisions: r.collisions,
    completeness: r.completeness,
    mapQuality: r.mapQuality,
    messagesSent: r.messagesSent,
    bytesSent: r.bytesSent,
    messagesReceived: r.messagesReceived,
    bytesReceived: r.bytesReceived,
    perRobot: {
      messagesSent: r.messagesSentPerRobot,
      bytesSent: r.bytesSentPerRobot,
      messagesReceived: r.messagesReceivedPerRobot,
      bytesReceived: r.bytesReceivedPerRobot,
    },
    commGroups: r.commGroups,
    clampWarnings: r.clampWarnings,
    finalStateHash: r.finalStateHash,
  };
}

function summaryLine(report: ReturnType<typeof buildReport>): string {
  const pct = (f: number): string => `${(f * 100).toFixed(1)}%`;
  return [
    report.success
      ? `explored ${pct(report.exploredFraction)} in ${report.explorationTicks} ticks`
      : `target not reached: explored ${pct(report.exploredFraction)} after ${report.ticks} ticks`,
    `covered ${pct(report.coveredFraction)}`,
    ...(report.unreachableFreeCells > 0
      ? [`unreachable free space ${pct(report.unreachableFreeFraction)} (${report.unreachableFreeCells} cells, not counted)`]
      : []),
    `distance ${report.distanceTotal.toFixed(1)} m`,
    `collisions ${report.collisions}`,
    `map quality ${report.mapQuality.toFixed(3)}`,
    `${(report.speedOverRealTime ?? 0).toFixed(1)}x real time`,
    `hash ${report.finalStateHash}`,
  ].join(', ');
}

export function toCsv(samples: readonly MetricsSample[]): string {
  const header = 'tick,explored,covered,distanceTotal,collisions,messagesSent,commGroups,largestGroupFraction';
  const rows = samples.map((s) =>
    [
      s.tick,
      s.exploredFraction.toFixed(6),
      s.coveredFraction.toFixed(6),
      s.distanceTotalM.toFixed(3),
      s.collisions,
      s.messagesSent,
      s.commGroups,
      s.largestGroupFraction.toFixed(4),
    ].join(','),
  );
  return [header, ...rows].join('\n') + '\n';
}
