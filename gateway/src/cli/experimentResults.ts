/**
 * DIR/results.jsonl, the runner's record and the report's input: one JSON object per line,
 * appended and fsync'd as each run ends, so a runner killed at any point leaves every finished
 * run on disk and at most one torn last line.
 */
import { appendFileSync, closeSync, existsSync, fsyncSync, openSync, readFileSync, truncateSync, writeSync } from 'node:fs';
import type { MetricsSample } from '../sim/TrialMetrics.js';
import { CliUsageError } from './Command.js';
import type { PlannedRun } from './experimentDesign.js';
import type { RunReport } from './run.js';

export const RESULTS_FORMAT = 'swarmgate-results/1';

/** The sampled time series of a run: parallel arrays, one entry per sampled tick. */
export interface ResultSeries {
  readonly tick: number[];
  readonly explored: number[];
  readonly covered: number[];
}

/** One line of results.jsonl: a finished run (`result`, `series`) or a failed one (`error`). */
export interface ResultLine {
  readonly format: typeof RESULTS_FORMAT;
  readonly designHash: string;
  readonly runKey: string;
  readonly vectorIndex: number;
  readonly iteration: number;
  readonly vector: PlannedRun['vector'];
  readonly config: PlannedRun['config'];
  readonly seed: number;
  readonly swarmgateVersion: string;
  readonly result?: RunReport;
  readonly series?: ResultSeries;
  readonly error?: string;
  readonly wallSeconds: number;
}

/** The samples at every `everyTicks`-th tick, as the series a results line holds. */
export function seriesOf(samples: readonly MetricsSample[], everyTicks: number): ResultSeries {
  const kept = samples.filter((s) => s.tick % everyTicks === 0);
  return { tick: kept.map((s) => s.tick), explored: kept.map((s) => s.exploredFraction), covered: kept.map((s) => s.coveredFraction) };
}

/**
 * The run keys already in a results file (none when it does not exist). A last line cut short
 * (a runner killed mid-write) is cut off the file with a warning; any other line that is not a
 * results line means the file is not this runner's: a CliUsageError.
 */
export function readResultKeys(file: string, designHash: string, warn: (message: string) => void): Set<string> {
  const keys = new Set<string>();
  if (!existsSync(file)) return keys;
  const text = readFileSync(file, 'utf8');
  let offset = 0;
  let lineNumber = 0;
  while (offset < text.length) {
    lineNumber++;
    const end = text.indexOf('\n', offset);
    const line = text.slice(offset, end < 0 ? text.length : end);
    const parsed = parseLine(line);
    if (parsed === undefined) {
      if (end < 0 || text.slice(end + 1).trim() === '') {
        warn(`${file}:${lineNumber}: the last line is incomplete (a run cut off mid-write): dropped, that run runs again`);
        truncateSync(file, Buffer.byteLength(text.slice(0, offset)));
        break;
      }
      throw new CliUsageError(`${file}:${lineNumber}: not a ${RESULTS_FORMAT} line; is DIR another experiment's?`);
    }
    if (parsed.designHash !== designHash) throw new CliUsageError(`${file}:${lineNumber}: a line of another design (hash ${parsed.designHash.slice(0, 12)})`);
    keys.add(parsed.runKey);
    // A whole line whose newline the kill cut off: ended, so the next line starts on its own.
    if (end < 0) appendFileSync(file, '\n');
    offset = end < 0 ? text.length : end + 1;
  }
  return keys;
}

function parseLine(line: string): { runKey: string; designHash: string } | undefined {
  try {
    const value: unknown = JSON.parse(line);
    const { format, runKey, designHash } = (value ?? {}) as Record<string, unknown>;
    return format === RESULTS_FORMAT && typeof runKey === 'string' && typeof designHash === 'string' ? { runKey, designHash } : undefined;
  } catch {
    return undefined;
  }
}

/** Appends lines to results.jsonl, each written whole and fsync'd before the next. */
export class ResultsWriter {
  private readonly fd: number;

  constructor(file: string) {
    this.fd = openSync(file, 'a');
  }

  append(line: ResultLine): void {
    writeSync(this.fd, JSON.stringify(line) + '\n');
    fsyncSync(this.fd);
  }

  close(): void {
    closeSync(this.fd);
  }
}
