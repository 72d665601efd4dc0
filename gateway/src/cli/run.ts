/**
 * `swarmgate run`: one headless trial on a map, with results as JSON, a CSV time series and
 * heatmap PNGs. Every flag is checked before the trial starts; bad input exits 2 naming it.
 */
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { gridHash, renderPng, type Grid } from '@swarmgate/maps';
import type { Pose } from '@swarmgate/sdk';
import { Trial } from '../sim/Trial.js';
import { coverageHeatmap, explorationHeatmap } from '../sim/heatmaps.js';
import { DEFAULT_ROBOT_PROFILE, findRobotProfile } from '../sim/robotProfiles.js';
import type { FinalMetrics, MetricsSample } from '../sim/TrialMetrics.js';
import { SwarmgateError } from '../errors.js';
import { recordTrial } from '../record/recordTrial.js';
import { readRecordedTrialFile } from '../record/trialRecording.js';
import { CliUsageError, type CommandRun } from './Command.js';
import { numberFlag, parseCommandArgs } from './args.js';
import { NOT_TRIAL_OPTIONS, OUTPUT_OPTIONS, RUN_OPTIONS, type RunFlagName, type RunValues } from './runOptions.js';
import { withLocatedErrors, withTrialFile } from './trialFile.js';
import { ProgressBar } from './ProgressBar.js';
import { loadControllerModule } from './controllerModule.js';
import {
  MAX_CELLS_HELP,
  NETWORK_AND_SPAWN_HELP,
  ROBOT_PROFILE_HELP,
  WORKERS_HELP,
  asUsage,
  loadGrid,
  parseTrialFlags,
  trialConfigOf,
  type RadioFlags,
} from './trialFlags.js';

const HELP = `Usage: swarmgate run --map <file|spec> [options]
       swarmgate run trial.yaml [options]

Runs one headless exploration trial as fast as the CPU allows. A trial file (YAML,
docs/experiments.md) gives the same settings as the flags; a flag given as well overrides it.

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
                          settings (bandwidthBytesPerS null = unlimited), startPoses, and the
                          threads its speed was measured on (workers, controllersOnThreads)
  --csv <file>            write the time series (one row every 10 ticks)
  --heatmap <file.png>    write the exploration heatmap (last tick each cell was seen)
  --coverage-heatmap <file.png>  write the coverage heatmap (last tick each cell was swept)
  --record <file.mcap>    record the trial as MCAP (docs/recording.md): poses, commands and radio
                          traffic every tick, lidar scans, SLAM and explored maps and metrics every
                          1 s, and the configuration and final state hash, so --verify can re-run it
  --record-every-s S      seconds between recorded scans, SLAM and explored maps and metrics, in
                          whole 0.1 s ticks (default 1; 0.1 records every scan, at several times
                          the file size and cost: BENCHMARKS.md)
  --verify <file.mcap>    re-run the trial a --record file holds (no other flag) and compare final
                          state hashes: exit 0 'verified', 1 naming both hashes, 2 when the file
                          is not a readable recording of a 'swarmgate run'`;

export const runCommand: CommandRun = async (argv) => {
  const parsed = parseCommandArgs(argv, RUN_OPTIONS, HELP);
  if (!parsed) return 0;
  const { values: v, where } = withTrialFile(
    parsed.positionals,
    parsed.values,
    (flag) => Object.hasOwn(RUN_OPTIONS, flag),
    (message) => process.stderr.write(`swarmgate run: ${message}\n`),
  );
  if (v.verify !== undefined) return verifyRecording(v.verify, Object.keys(v));
  prepareOutputFolders(v, where);
  const { report, trial, grid } = await withLocatedErrors(where, () => executeRun(v, process.stderr.isTTY, v.record));
  if (v.json === '-') process.stdout.write(JSON.stringify(report, null, 2) + '\n');
  else if (v.json !== undefined) writeFileSync(v.json, JSON.stringify(report, null, 2) + '\n');
  if (v.csv !== undefined) writeFileSync(v.csv, toCsv(trial.metrics.samples));
  if (v.heatmap !== undefined) writeFileSync(v.heatmap, renderPng(grid, { heatmap: explorationHeatmap(trial.world, trial.metrics) }));
  if (v['coverage-heatmap'] !== undefined) {
    writeFileSync(v['coverage-heatmap'], renderPng(grid, { heatmap: coverageHeatmap(trial.world, trial.metrics) }));
  }
  if (v.json !== '-') process.stdout.write(summaryLine(report) + '\n');
  return 0;
};

/**
 * The outputs are written after the trial, so their folders are settled before it: a trial
 * file's are made (it names them relative to itself), a flag's must exist, and no output may be
 * a folder, or a mistyped path would throw away a whole run at its end.
 */
function prepareOutputFolders(v: RunValues, fromFile: ReadonlyMap<string, unknown>): void {
  for (const flag of OUTPUT_OPTIONS) {
    const path = v[flag];
    if (path === undefined || path === '-') continue;
    const folder = dirname(path);
    if (fromFile.has(flag)) mkdirSync(folder, { recursive: true });
    else if (!statSync(folder, { throwIfNoEntry: false })?.isDirectory()) throw new CliUsageError(`--${flag} ${path}: no folder '${folder}' to write it in`);
    if (statSync(path, { throwIfNoEntry: false })?.isDirectory()) throw new CliUsageError(`--${flag} ${path}: a folder; name a file in it`);
  }
}

type TrialOptionName = Exclude<RunFlagName, (typeof NOT_TRIAL_OPTIONS)[number]>;

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
  return (await runTrialWithSeries(config)).report;
}

/** runTrial, also resolving to the sampled time series (every 10 ticks), as the experiment runner records it. */
export async function runTrialWithSeries(config: RunTrialConfig): Promise<{ report: RunReport; samples: readonly MetricsSample[] }> {
  const { report, trial } = await executeRun(runValuesOf(config), false);
  return { report, samples: trial.metrics.samples };
}

/** A RunTrialConfig as flag values; an option that is not a trial flag is a CliUsageError. */
export function runValuesOf(config: RunTrialConfig): RunValues {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(config)) {
    if (!Object.hasOwn(RUN_OPTIONS, name) || (NOT_TRIAL_OPTIONS as readonly string[]).includes(name)) {
      throw new CliUsageError(`runTrial: unknown option '${name}'`);
    }
    if (value !== undefined) values[name] = String(value);
  }
  return values;
}

/** The flags that decide the trial, as given: what a recording keeps so --verify can re-run it. */
function trialOptionsOf(v: RunValues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(v)) {
    if (typeof value === 'string' && !(NOT_TRIAL_OPTIONS as readonly string[]).includes(name)) out[name] = value;
  }
  return out;
}

/** `run --verify FILE`: re-runs the recorded configuration and compares final state hashes. */
async function verifyRecording(path: string, given: readonly string[]): Promise<number> {
  const others = given.filter((name) => name !== 'verify');
  if (others.length > 0) throw new CliUsageError(`--verify takes no other flag (the recording holds the configuration), got --${others.join(', --')}`);
  let recorded;
  try {
    recorded = await readRecordedTrialFile(path);
  } catch (error) {
    if (error instanceof SwarmgateError) throw new CliUsageError(`--verify: ${error.message}`);
    throw error;
  }
  let report: RunReport;
  try {
    ({ report } = await executeRun(recorded.config, false));
  } catch (error) {
    // The recorded flags name files (a map, a --controller module) as they were given, so they
    // are found again only from the folder the trial was recorded in.
    if (!(error instanceof CliUsageError)) throw error;
    throw new CliUsageError(
      `--verify ${path}: the recorded configuration does not run here: ${error.message} (files it names are read relative to the folder you verify from: run --verify where the trial was recorded)`,
    );
  }
  if (report.finalStateHash === recorded.finalStateHash && report.ticks === recorded.ticks) {
    process.stdout.write(`verified: ${path}: final state hash ${report.finalStateHash} after ${report.ticks} ticks, as recorded\n`);
    return 0;
  }
  process.stdout.write(
    `not verified: ${path}: recorded final state hash ${recorded.finalStateHash} after ${recorded.ticks} ticks, re-run gave ${report.finalStateHash} after ${report.ticks} ticks\n`,
  );
  return 1;
}

/**
 * Every check of \`run\`'s flags that needs neither the map nor the controller module loaded:
 * cheap, so an experiment checks each of its runs with it before any runs.
 */
export function checkRunValues(v: RunValues) {
  const flags = parseTrialFlags(v, HELP, { min: 1, max: 100_000 });
  const target = numberFlag('target', v.target, 0.99, { min: 0, aboveMin: true, max: 1 });
  const maxTicks = numberFlag('max-ticks', v['max-ticks'], 36_000, { min: 1, integer: true });
  const lidarRangeM = numberFlag('lidar-range', v['lidar-range'], 10, { min: 0.5, max: 1000 });
  if (v['merge-every'] !== undefined) {
    throw new CliUsageError('--merge-every (ticks) was replaced by --merge-every-s (seconds; a tick is 0.1 s, so --merge-every 10 is --merge-every-s 1)');
  }
  const mergeIntervalS = numberFlag('merge-every-s', v['merge-every-s'], 0, { min: 0, max: 86_400 });
  const positionErrorM = numberFlag('pose-error', v['pose-error'], 0, { min: 0, max: 10 });
  return { flags, target, maxTicks, lidarRangeM, mergeIntervalS, positionErrorM };
}

/** Checks the flags, runs the trial to its end (recording it to `recordPath` when given), and builds the report. */
async function executeRun(v: RunValues, showProgress: boolean, recordPath?: string): Promise<{ report: RunReport; trial: Trial; grid: Grid }> {
  const { flags, target, maxTicks, lidarRangeM, mergeIntervalS, positionErrorM } = checkRunValues(v);
  const { mapSpec, robots, algorithm, commSpec, radio, spawn, seed } = flags;
  if (v['record-every-s'] !== undefined && recordPath === undefined) throw new CliUsageError('--record-every-s needs --record');
  const recordEveryS = numberFlag('record-every-s', v['record-every-s'], 1, { min: 0.1, max: 3600 });
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
        world: {
          robot: profile.model,
          lidar: { rangeM: lidarRangeM },
          slam: { mergeIntervalS, positionErrorM },
          workers: flags.workers,
          controllerThreads: flags.controllerThreads,
        },
      }),
    ['SG_CONTROLLER_THREW'],
  );
  const startPoses = trial.world.robotIds().map((id) => trial.world.truePose(id));
  const startMs = performance.now();
  const wallSeconds = (): number => (performance.now() - startMs) / 1000;
  const bar = showProgress ? new ProgressBar(process.stderr, maxTicks) : null;
  const onTick = bar ? (t: Trial) => bar.update(t.world.tick, t.metrics.exploredFraction, t.simSeconds, wallSeconds()) : undefined;
  const result = recordPath === undefined ? trial.run(onTick) : await recordTrial(trial, recordPath, trialOptionsOf(v), recordEveryS, onTick);
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
    // What the speed was measured with (the outcome is the same for any of them).
    workers: trial.world.config.workers,
    controllersOnThreads: trial.world.controllersOnThreads,
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
    `${(report.speedOverRealTime ?? 0).toFixed(1)}x real time on ${report.workers} thread${report.workers === 1 ? '' : 's'}${report.controllersOnThreads ? ' (controllers too)' : ''}`,
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
