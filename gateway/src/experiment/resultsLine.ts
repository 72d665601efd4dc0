/**
 * One line of an experiment's results.jsonl (format `swarmgate-results/1`, docs/experiments.md):
 * the record `experiment run` appends when a run ends, either finished (`result` and `series`)
 * or failed (`error`). The parser checks the fields a report reads and names the first one that
 * is wrong; it keeps the result object whole, so a report sees every metric the runner wrote.
 */
import { SwarmgateError } from '../errors.js';

export const RESULTS_FORMAT = 'swarmgate-results/1';

export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };
export type JsonObject = { readonly [key: string]: JsonValue };

/** The RunReport of `runTrial`, as read back: the fields a report relies on are checked, the rest kept as written. */
export interface RunResult extends JsonObject {
  readonly ticks: number;
  readonly success: boolean;
}

/** The time series of a run: one entry per sampled tick, the three arrays of one length. */
export interface RunSeries {
  readonly tick: readonly number[];
  readonly explored: readonly number[];
  readonly covered: readonly number[];
}

/** What names a run in its design: everything of a line but its format, its key and its outcome. */
export interface RunIdentity {
  /** sha256 hex of the canonical design. */
  readonly designHash: string;
  readonly vectorIndex: number;
  readonly iteration: number;
  /** Only the varied parameters, by design name: one distinct vector is one configuration. */
  readonly vector: JsonObject;
  /** The full trial as runTrial options (fixed + vector + seed). */
  readonly config: JsonObject;
  readonly seed: number;
  readonly swarmgateVersion: string;
}

interface RunLineBase extends RunIdentity {
  readonly format: typeof RESULTS_FORMAT;
  /** runKeyOf(designHash, vectorIndex, iteration). */
  readonly runKey: string;
}

export interface FinishedRunLine extends RunLineBase {
  readonly result: RunResult;
  readonly series: RunSeries;
  readonly wallSeconds: number;
}

export interface FailedRunLine extends RunLineBase {
  readonly error: string;
  readonly wallSeconds?: number;
}

export type ResultsLine = FinishedRunLine | FailedRunLine;

export function isFailed(line: ResultsLine): line is FailedRunLine {
  return 'error' in line;
}

/** Where a line came from, for the error that names it. */
export interface LineOrigin {
  readonly file: string;
  readonly line: number;
}

/** Parses one line; anything but a valid run line throws SG_RESULTS_LINE naming the file, the line and what was wrong. */
export function parseResultsLine(text: string, origin: LineOrigin): ResultsLine {
  const fail = (what: string): never => {
    throw new SwarmgateError('SG_RESULTS_LINE', `${origin.file} line ${origin.line}: ${what}`);
  };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return fail(`not JSON (${(error as Error).message})`);
  }
  if (!isObject(value)) return fail(`not a JSON object (got ${describe(value)})`);
  const line = value as JsonObject;
  const field = <T>(name: string, check: (v: JsonValue | undefined) => v is T & JsonValue, expected: string): T => {
    const v = line[name];
    return check(v) ? v : fail(`"${name}" must be ${expected}, got ${describe(v)}`);
  };
  const format = field('format', isString, `"${RESULTS_FORMAT}"`);
  if (format !== RESULTS_FORMAT) fail(`"format" must be "${RESULTS_FORMAT}", got ${describe(format)}`);
  field('designHash', isString, 'a string');
  field('runKey', isString, 'a string');
  field('vectorIndex', isCount, 'a non-negative integer');
  field('iteration', isCount, 'a non-negative integer');
  field('vector', isObject, 'an object');
  field('config', isObject, 'an object');
  field('seed', isNumber, 'a number');
  field('swarmgateVersion', isString, 'a string');
  const hasError = line.error !== undefined;
  const hasResult = line.result !== undefined;
  if (hasError === hasResult) fail(hasError ? 'has both "error" and "result"' : 'has neither "result" nor "error"');
  if (hasError) {
    field('error', isString, 'a string');
    if (line.wallSeconds !== undefined) field('wallSeconds', isNonNegative, 'a non-negative number');
    return line as unknown as FailedRunLine;
  }
  field('wallSeconds', isNonNegative, 'a non-negative number');
  const result = field('result', isObject, 'an object');
  if (!isCount(result.ticks)) fail(`"result.ticks" must be a non-negative integer, got ${describe(result.ticks)}`);
  if (typeof result.success !== 'boolean') fail(`"result.success" must be a boolean, got ${describe(result.success)}`);
  const series = field('series', isObject, 'an object');
  let length: number | undefined;
  for (const name of ['tick', 'explored', 'covered'] as const) {
    const values = series[name];
    if (!Array.isArray(values) || !values.every(isNumber)) fail(`"series.${name}" must be an array of numbers, got ${describe(values)}`);
    const n = (values as readonly number[]).length;
    if (length !== undefined && n !== length) fail(`"series.${name}" has ${n} entries, "series.tick" has ${length}`);
    length = n;
  }
  return line as unknown as FinishedRunLine;
}

/** A JSON object (not null, not an array). */
export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isString(v: unknown): v is string {
  return typeof v === 'string';
}

function isNumber(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

function isNonNegative(v: unknown): v is number {
  return isNumber(v) && v >= 0;
}

function isCount(v: unknown): v is number {
  return isNonNegative(v) && Number.isInteger(v);
}

/** A short description of a value for an error message: its JSON, cut to a readable length. */
function describe(v: unknown): string {
  if (v === undefined) return 'nothing';
  const text = JSON.stringify(v);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
