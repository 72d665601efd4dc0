/**
 * Groups an experiment's runs into configurations (one distinct `vector`) and computes what the
 * report shows of each: the table of Schmidt, Sørensen and Beregaard's "The Minotaur Exploration Algorithm" (2024) (average ticks over the
 * successful runs, successes, timeouts, success rate, fastest, slowest) plus the spread of every
 * numeric metric of the results.
 */
import { isFailed, isObject, type JsonObject, type JsonValue, type FinishedRunLine } from './resultsLine.js';
import type { NumberedLine } from './readResults.js';
import { spreadOf, type Spread } from './stats.js';

/**
 * Numeric fields of a RunReport that are settings of the trial rather than measurements of it:
 * the same for every run of a configuration, or a seed, so no spread of them is worth a row.
 */
const SETTINGS = new Set(['seed', 'robots', 'target', 'maxTicks', 'workers']);

type RunStatus = 'success' | 'timeout' | 'error';

export interface ConfigurationSummary {
  /** The vector as canonical JSON (keys sorted): the configuration's identity. */
  readonly key: string;
  /** `name=value, ...` over the experiment's varied parameters. */
  readonly label: string;
  readonly vector: JsonObject;
  readonly runs: readonly NumberedLine[];
  readonly successes: number;
  /** Runs that ended at their tick limit without reaching the target. */
  readonly timeouts: number;
  /** Runs that threw: recorded with an "error" and counted as failed. */
  readonly errors: number;
  readonly successRate: number;
  /** Ticks to finish over the successful runs (null when none succeeded). */
  readonly ticks: Spread | null;
  /** The spread of each metric over the finished runs whose value is a number. */
  readonly metrics: ReadonlyMap<string, Spread>;
}

export interface ExperimentSummary {
  readonly configurations: readonly ConfigurationSummary[];
  /** The varied parameters, in the order they first appear. */
  readonly parameters: readonly string[];
  /** The numeric metrics of the results, in the order they first appear. */
  readonly metrics: readonly string[];
}

export function statusOf(line: NumberedLine['run']): RunStatus {
  if (isFailed(line)) return 'error';
  return line.result.success ? 'success' : 'timeout';
}

export function summarize(runs: readonly NumberedLine[]): ExperimentSummary {
  const parameters = firstAppearance(runs.map(({ run }) => Object.keys(run.vector)));
  const finished = runs.flatMap(({ run }) => (isFailed(run) ? [] : [run]));
  const metrics = firstAppearance(finished.map((run) => Object.keys(run.result).filter((name) => !SETTINGS.has(name) && isNumber(run.result[name]))));
  const groups = new Map<string, NumberedLine[]>();
  for (const numbered of runs) {
    const key = canonicalJson(numbered.run.vector);
    groups.set(key, [...(groups.get(key) ?? []), numbered]);
  }
  const configurations = [...groups]
    .map(([key, members]) => summarizeConfiguration(key, members, parameters, metrics))
    .sort((a, b) => firstVectorIndex(a) - firstVectorIndex(b) || a.key.localeCompare(b.key));
  return { configurations, parameters, metrics };
}

function summarizeConfiguration(
  key: string,
  runs: readonly NumberedLine[],
  parameters: readonly string[],
  metricNames: readonly string[],
): ConfigurationSummary {
  const vector = runs[0].run.vector;
  const finished = runs.flatMap(({ run }) => (isFailed(run) ? [] : [run]));
  const succeeded = finished.filter((run) => run.result.success);
  const metrics = new Map<string, Spread>();
  for (const name of metricNames) {
    const spread = spreadOf(numbersOf(finished, name));
    if (spread) metrics.set(name, spread);
  }
  return {
    key,
    label: configurationLabel(vector, parameters),
    vector,
    runs,
    successes: succeeded.length,
    timeouts: finished.length - succeeded.length,
    errors: runs.length - finished.length,
    successRate: succeeded.length / runs.length,
    ticks: spreadOf(succeeded.map((run) => run.result.ticks)),
    metrics,
  };
}

export function configurationLabel(vector: JsonObject, parameters: readonly string[]): string {
  const named = parameters.filter((name) => vector[name] !== undefined);
  return named.length === 0 ? 'all runs' : named.map((name) => `${name}=${valueText(vector[name])}`).join(', ');
}

/**
 * A parameter value as a table shows it: strings bare, a controller's `{module, params}` as the
 * command line writes it (`./mine.ts:speedMps=0.5`: as JSON it filled a chart's legend before
 * its robot count showed), anything else as JSON.
 */
export function valueText(value: JsonValue | undefined): string {
  if (typeof value === 'string') return value;
  return controllerSpecText(value) ?? JSON.stringify(value ?? null);
}

/** `{module, params?}` with number params as `module:name=value,...`; null for any other value. */
function controllerSpecText(value: JsonValue | undefined): string | null {
  if (!isObject(value) || typeof value['module'] !== 'string') return null;
  const keys = Object.keys(value);
  const params = value['params'] ?? {};
  if (keys.some((key) => key !== 'module' && key !== 'params') || !isObject(params)) return null;
  const entries = Object.entries(params);
  if (!entries.every(([, v]) => isNumber(v))) return null;
  return entries.length === 0 ? value['module'] : `${value['module']}:${entries.map(([k, v]) => `${k}=${v as number}`).join(',')}`;
}

function numbersOf(runs: readonly FinishedRunLine[], name: string): number[] {
  return runs.flatMap((run) => {
    const value = run.result[name];
    return isNumber(value) ? [value] : [];
  });
}

function firstVectorIndex(configuration: ConfigurationSummary): number {
  return Math.min(...configuration.runs.map(({ run }) => run.vectorIndex));
}

function firstAppearance(lists: readonly (readonly string[])[]): string[] {
  return [...new Set(lists.flat())];
}

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** JSON with every object's keys sorted, so equal vectors written in different key orders are one configuration. */
export function canonicalJson(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const object = value as JsonObject;
    return `{${Object.keys(object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(object[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}
