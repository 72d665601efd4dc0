/**
 * Builds results.jsonl run lines (format swarmgate-results/1) from a trial's outcome: the
 * writing side of the contract resultsLine.ts reads, for the experiment runner, the report's
 * tests and its benchmark.
 */
import type { MetricsSample } from '../sim/TrialMetrics.js';
import { RESULTS_FORMAT, type FailedRunLine, type FinishedRunLine, type JsonObject, type RunResult, type RunSeries } from './resultsLine.js';

/** What names a run in its design: everything of a line but its outcome. */
export interface RunIdentity {
  /** sha256 hex of the canonical design. */
  readonly designHash: string;
  readonly vectorIndex: number;
  readonly iteration: number;
  /** Only the varied parameters, by design name. */
  readonly vector: JsonObject;
  /** The full trial as runTrial options (fixed + vector + seed). */
  readonly config: JsonObject;
  readonly seed: number;
  readonly swarmgateVersion: string;
}

/** A trial's RunReport, or any result object with the two fields a report relies on. */
export type TrialResult = object & { readonly ticks: number; readonly success: boolean };

export function finishedRunLine(run: RunIdentity, result: TrialResult, samples: readonly MetricsSample[], wallSeconds: number): FinishedRunLine {
  // Through JSON once, so the line holds what the file will: no undefined fields, non-finite numbers as null.
  return { ...lineBase(run), result: JSON.parse(JSON.stringify(result)) as RunResult, series: seriesOf(samples), wallSeconds };
}

export function failedRunLine(run: RunIdentity, error: unknown, wallSeconds: number): FailedRunLine {
  return { ...lineBase(run), error: error instanceof Error ? error.message : String(error), wallSeconds };
}

/** The `series` of a line: every sampled tick of the trial. */
function seriesOf(samples: readonly MetricsSample[]): RunSeries {
  return { tick: samples.map((s) => s.tick), explored: samples.map((s) => s.exploredFraction), covered: samples.map((s) => s.coveredFraction) };
}

function lineBase(run: RunIdentity) {
  return { format: RESULTS_FORMAT, ...run, runKey: `${run.designHash.slice(0, 12)}:${run.vectorIndex}:${run.iteration}` } as const;
}
