/**
 * Builds results.jsonl run lines (format swarmgate-results/1) from a trial's outcome: the
 * writing side of the contract resultsLine.ts reads, for the experiment runner, the report's
 * tests and its benchmark.
 */
import type { MetricsSample } from '../sim/TrialMetrics.js';
import { RESULTS_FORMAT, type FailedRunLine, type FinishedRunLine, type RunIdentity, type RunResult, type RunSeries } from './resultsLine.js';

/** A trial's RunReport, or any result object with the two fields a report relies on. */
export type TrialResult = object & { readonly ticks: number; readonly success: boolean };

/** A run's name in results.jsonl: `<designHash first 12>:<vectorIndex>:<iteration>`. */
export function runKeyOf(designHash: string, vectorIndex: number, iteration: number): string {
  return `${designHash.slice(0, 12)}:${vectorIndex}:${iteration}`;
}

/** A finished run's line; its series keeps the samples at every `everyTicks`-th tick (default: every sample). */
export function finishedRunLine(
  run: RunIdentity,
  result: TrialResult,
  samples: readonly MetricsSample[],
  wallSeconds: number,
  everyTicks = 1,
): FinishedRunLine {
  // Through JSON once, so the line holds what the file will: no undefined fields, non-finite numbers as null.
  return { ...lineBase(run), result: JSON.parse(JSON.stringify(result)) as RunResult, series: seriesOf(samples, everyTicks), wallSeconds };
}

export function failedRunLine(run: RunIdentity, error: unknown, wallSeconds: number): FailedRunLine {
  return { ...lineBase(run), error: error instanceof Error ? error.message : String(error), wallSeconds };
}

/** The `series` of a line: the samples at every `everyTicks`-th tick, as parallel arrays. */
function seriesOf(samples: readonly MetricsSample[], everyTicks: number): RunSeries {
  const kept = samples.filter((s) => s.tick % everyTicks === 0);
  return { tick: kept.map((s) => s.tick), explored: kept.map((s) => s.exploredFraction), covered: kept.map((s) => s.coveredFraction) };
}

function lineBase({ designHash, ...rest }: RunIdentity) {
  // The run key after the design hash, as docs/experiments.md shows a line.
  return { format: RESULTS_FORMAT, designHash, runKey: runKeyOf(designHash, rest.vectorIndex, rest.iteration), ...rest } as const;
}
