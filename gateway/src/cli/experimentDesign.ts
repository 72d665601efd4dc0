/**
 * Experiment designs (after Yan et al., "Building a ROS-Based Testbed for Realistic Multi-Robot
 * Simulation", 2017): the parameters fixed for every run, the vectors of parameters that vary,
 * how many seeded iterations each vector runs, the stop conditions, and what is measured. A
 * design expands to its runs (vector x iteration), each checked as a trial file would be, by
 * the same flag parsers, before anything runs; an error names the design's file, line and key.
 */
import { createHash } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { runKeyOf } from '../experiment/runLine.js';
import { CliUsageError } from './Command.js';
import { loadControllerModule } from './controllerModule.js';
import { unknownKeyMessage } from './nearestName.js';
import { checkRunValues, type RunReport, type RunTrialConfig } from './run.js';
import { describeValue, locateFlagErrors, TRIAL_KEYS, trialValues, withLocatedErrors } from './trialFile.js';
import { loadGrid } from './trialFlags.js';
import { readYamlFile, type Locator, type YamlPath, type YamlSource } from './yamlSource.js';

/** One run of a design: a vector at one iteration, as runTrial options. */
export interface PlannedRun {
  /** `<designHash first 12>:<vectorIndex>:<iteration>`, the run's name in results.jsonl. */
  readonly runKey: string;
  readonly vectorIndex: number;
  readonly iteration: number;
  /** Only the varied parameters, by their design names (`robots`, `radio.model`). */
  readonly vector: Readonly<Record<string, unknown>>;
  /** The whole trial (fixed keys, the vector, the stop conditions and the seed) as runTrial options. */
  readonly config: RunTrialConfig;
  readonly seed: number;
}

export interface Design {
  readonly name: string;
  /** The design file's content as canonical JSON (keys sorted), and its sha256 in hex. */
  readonly canonical: string;
  readonly hash: string;
  /** Result fields a report shows for this design. */
  readonly metrics: readonly string[];
  /** Ticks between the points of each run's recorded series (a multiple of the 10-tick sample). */
  readonly sampleEveryTicks: number;
  readonly runs: readonly PlannedRun[];
}

/** The design record in an experiment's DIR: `{ designHash, design }` (experiment run and collect write it). */
export const DESIGN_FILE = 'design.json';

/** The ticks between two samples of a trial's metrics (TrialMetrics' default). */
export const METRICS_SAMPLE_TICKS = 10;

/**
 * The most runs a design may expand to (vectors x iterations). Each run is planned and checked
 * before any runs, about 0.1 ms and 4 KB a run: 100,000 take seconds. Without it,
 * `iterations: 100000000` or a cross product of a few long lists held the CLI for hours, its
 * memory growing past 2.6 GB in half a minute.
 */
export const MAX_DESIGN_RUNS = 100_000;

/** Result fields (RunReport) a design may list as metrics: the numbers a report compares. */
export const REPORT_METRICS = [
  'ticks',
  'success',
  'explorationTicks',
  'coverageTicks',
  'exploredFraction',
  'coveredFraction',
  'distanceTotal',
  'efficiency',
  'collisions',
  'completeness',
  'mapQuality',
  'messagesSent',
  'bytesSent',
  'messagesReceived',
  'bytesReceived',
  'unreachableFreeFraction',
  'simSeconds',
  'wallSeconds',
  'speedOverRealTime',
  'explorableCells',
  'unreachableFreeCells',
  'commGroups',
  'clampWarnings',
] as const satisfies readonly (keyof RunReport)[];

const DESIGN_KEYS = ['name', 'description', 'seed', 'iterations', 'fixed', 'vectors', 'stop', 'measurements', 'metrics'];
const STOP_KEYS: Readonly<Record<string, string>> = { explored: 'targets.explored', maxTicks: 'targets.maxTicks' };
/** Trial keys a design does not take in fixed or vectors: the runner owns seeds and outputs. */
const NOT_DESIGN_KEYS = (key: string): string | undefined =>
  key === 'seed'
    ? "the seed of a run is the design's seed plus its iteration: give 'seed' at the design's top level"
    : key.startsWith('outputs') || key === 'outputs'
      ? 'a design records every run in DIR/results.jsonl; it writes no per-run outputs'
      : undefined;

type Fail = (path: YamlPath, message: string, key?: boolean) => never;

/** Reads a design file, expands it to its runs and checks every run; bad input is a located CliUsageError. */
export function loadDesign(file: string): Promise<Design> {
  return designOf(readYamlFile(file), dirname(resolve(file)));
}

/**
 * The metrics a design lists (its default when it lists none), from the design as
 * DIR/design.json holds it; a design whose list is not valid is a CliUsageError naming `file`.
 */
export function designMetrics(design: unknown, file: string): readonly string[] {
  const fail: Fail = (path, message) => {
    throw new CliUsageError(`${file}: design.${path.join('.')}: ${message}`);
  };
  const value = record(design, [], fail);
  return metricsOf(value, fail);
}

/** A parsed design file expanded and checked; paths in it are relative to `baseDir`. */
export async function designOf({ value, at }: YamlSource, baseDir: string): Promise<Design> {
  const fail: Fail = (path, message, key = false) => {
    throw new CliUsageError(`${at(path, key)}: ${path.join('.') || 'design'}: ${message}`);
  };
  const design = record(value, [], fail);
  for (const key of Object.keys(design)) if (!DESIGN_KEYS.includes(key)) fail([key], unknownKeyMessage(key, DESIGN_KEYS), true);
  const name =
    typeof design.name === 'string' && design.name !== '' ? design.name : fail(['name'], `a design needs a name (a string), got ${describeValue(design.name)}`);
  const seedBase = integer(design.seed ?? 0, ['seed'], fail);
  const iterations = integer(design.iterations ?? 1, ['iterations'], fail);
  if (iterations < 1) fail(['iterations'], `must be at least 1, got ${iterations}`);
  const fixed = record(design.fixed ?? {}, ['fixed'], fail);
  for (const key of Object.keys(fixed)) {
    const refused = NOT_DESIGN_KEYS(key);
    if (refused) fail(['fixed', key], refused, true);
  }
  const stop = stopKeys(design.stop, fixed, fail);
  const { sampleEveryTicks, metrics } = measurements(design, fail);
  const vectors = expandVectors(design.vectors, fail);
  if (vectors.length * iterations > MAX_DESIGN_RUNS) {
    fail(
      vectors.length > MAX_DESIGN_RUNS ? ['vectors'] : ['iterations'],
      `${vectors.length} vectors x ${iterations} iterations = ${vectors.length * iterations} runs, over the budget of ${MAX_DESIGN_RUNS} runs a design`,
    );
  }
  const canonical = canonicalJson(value);
  const hash = createHash('sha256').update(canonical).digest('hex');

  const runs: PlannedRun[] = [];
  const checked: { run: PlannedRun; where: ReturnType<typeof trialValues>['where']; flags: ReturnType<typeof checkRunValues>['flags'] }[] = [];
  for (const [vectorIndex, vector] of vectors.entries()) {
    const trial = structuredClone(fixed);
    for (const [key, raw] of Object.entries(stop)) setPath(trial, STOP_KEYS[key].split('.'), raw);
    for (const [key, entry] of Object.entries(vector)) setPath(trial, key.split('.'), entry.value);
    const locate: Locator = (path, key) => at(designPath(path, vector, stop), key);
    for (let iteration = 0; iteration < iterations; iteration++) {
      const seed = seedBase + iteration;
      const located = trialValues({ ...trial, seed }, locate, baseDir);
      const where = new Map(located.where);
      where.set('seed', { key: 'seed', at: at(['seed']) });
      const flags = locateFlagErrors(where, () => checkRunValues(located.values)).flags;
      const run: PlannedRun = {
        runKey: runKeyOf(hash, vectorIndex, iteration),
        vectorIndex,
        iteration,
        vector: Object.fromEntries(Object.entries(vector).map(([key, entry]) => [key, entry.value])),
        config: located.config,
        seed,
      };
      runs.push(run);
      checked.push({ run, where, flags });
    }
  }
  // The costlier checks once per distinct map and controller module: loading them.
  const maps = new Set<string>();
  const controllers = new Set<string>();
  for (const { where, flags } of checked) {
    const mapKey = JSON.stringify([flags.mapSpec, flags.maxCells, flags.cellM, flags.spawn]);
    if (!maps.has(mapKey)) {
      maps.add(mapKey);
      locateFlagErrors(where, () => loadGrid(flags));
    }
    const controller = flags.controller;
    if (controller !== undefined && !controllers.has(controller)) {
      controllers.add(controller);
      await withLocatedErrors(where, () => loadControllerModule(controller));
    }
  }
  return { name, canonical, hash, metrics, sampleEveryTicks, runs };
}

interface VectorEntry {
  readonly value: unknown;
  /** Where the value sits in the design file. */
  readonly path: YamlPath;
}
type Vector = Readonly<Record<string, VectorEntry>>;

/** `rows` x the cross product of `cross` (the last cross key varies fastest); one empty vector when neither is given. */
function expandVectors(raw: unknown, fail: Fail): Vector[] {
  const vectors = record(raw ?? {}, ['vectors'], fail);
  for (const key of Object.keys(vectors)) if (key !== 'cross' && key !== 'rows') fail(['vectors', key], unknownKeyMessage(key, ['cross', 'rows']), true);
  const checkKey = (key: string, path: YamlPath): void => {
    if (!TRIAL_KEYS.includes(key)) fail(path, unknownKeyMessage(key, TRIAL_KEYS), true);
    const refused = NOT_DESIGN_KEYS(key);
    if (refused) fail(path, refused, true);
  };
  let rows: Vector[] = [{}];
  if (vectors.rows !== undefined) {
    if (!Array.isArray(vectors.rows) || vectors.rows.length === 0)
      fail(['vectors', 'rows'], `must be a non-empty list of mappings, got ${describeValue(vectors.rows)}`);
    rows = (vectors.rows as unknown[]).map((row, i) => {
      const entries = record(row, ['vectors', 'rows', i], fail);
      return Object.fromEntries(
        Object.entries(entries).map(([key, value]) => {
          checkKey(key, ['vectors', 'rows', i, key]);
          return [key, { value, path: ['vectors', 'rows', i, key] }];
        }),
      );
    });
  }
  const cross = record(vectors.cross ?? {}, ['vectors', 'cross'], fail);
  let result = rows;
  for (const [key, values] of Object.entries(cross)) {
    checkKey(key, ['vectors', 'cross', key]);
    if (!Array.isArray(values) || values.length === 0) fail(['vectors', 'cross', key], `must be a non-empty list of values, got ${describeValue(values)}`);
    for (const [i, row] of rows.entries()) if (Object.hasOwn(row, key)) fail(['vectors', 'rows', i, key], `'${key}' is varied by vectors.cross already`, true);
    const expanded = result.length * (values as unknown[]).length;
    if (expanded > MAX_DESIGN_RUNS) {
      fail(
        ['vectors', 'cross', key],
        `makes ${result.length} x ${(values as unknown[]).length} = ${expanded} vectors, over the budget of ${MAX_DESIGN_RUNS} runs a design`,
        true,
      );
    }
    result = result.flatMap((vector) => (values as unknown[]).map((value, i) => ({ ...vector, [key]: { value, path: ['vectors', 'cross', key, i] } })));
  }
  return result;
}

/** Where in the design a trial key's value comes from: the vector, the stop conditions, or `fixed`. */
function designPath(path: YamlPath, vector: Vector, stop: Readonly<Record<string, unknown>>): YamlPath {
  for (let depth = path.length; depth > 0; depth--) {
    const key = path.slice(0, depth).join('.');
    const entry = vector[key];
    if (entry !== undefined) return [...entry.path, ...path.slice(depth)];
    const stopKey = Object.keys(STOP_KEYS).find((k) => STOP_KEYS[k] === key && Object.hasOwn(stop, k));
    if (stopKey !== undefined) return ['stop', stopKey];
  }
  return path[0] === 'seed' ? ['seed'] : ['fixed', ...path];
}

function stopKeys(raw: unknown, fixed: Readonly<Record<string, unknown>>, fail: Fail): Readonly<Record<string, unknown>> {
  if (raw === undefined) return {};
  const stop = record(raw, ['stop'], fail);
  for (const key of Object.keys(stop)) if (!Object.hasOwn(STOP_KEYS, key)) fail(['stop', key], unknownKeyMessage(key, Object.keys(STOP_KEYS)), true);
  if (fixed.targets !== undefined) fail(['fixed', 'targets'], "the stop conditions are given under 'stop' already: give them once", true);
  return stop;
}

function measurements(design: Readonly<Record<string, unknown>>, fail: Fail): { sampleEveryTicks: number; metrics: string[] } {
  const m = record(design.measurements ?? {}, ['measurements'], fail);
  for (const key of Object.keys(m)) if (key !== 'sampleEveryTicks') fail(['measurements', key], unknownKeyMessage(key, ['sampleEveryTicks']), true);
  const sampleEveryTicks = integer(m.sampleEveryTicks ?? METRICS_SAMPLE_TICKS, ['measurements', 'sampleEveryTicks'], fail);
  if (sampleEveryTicks < METRICS_SAMPLE_TICKS || sampleEveryTicks % METRICS_SAMPLE_TICKS !== 0) {
    fail(['measurements', 'sampleEveryTicks'], `must be a positive multiple of ${METRICS_SAMPLE_TICKS} ticks (the metrics sample), got ${sampleEveryTicks}`);
  }
  return { sampleEveryTicks, metrics: metricsOf(design, fail) };
}

/** The result fields a design's report shows (its `metrics`, or the default four). */
function metricsOf(design: Readonly<Record<string, unknown>>, fail: Fail): string[] {
  const raw = design.metrics ?? ['explorationTicks', 'exploredFraction', 'distanceTotal', 'collisions'];
  if (!Array.isArray(raw) || raw.length === 0) return fail(['metrics'], `must be a non-empty list of result fields, got ${describeValue(raw)}`);
  return raw.map((name: unknown, i) => {
    if (typeof name !== 'string' || !(REPORT_METRICS as readonly string[]).includes(name)) {
      return fail(
        ['metrics', i],
        typeof name === 'string' ? unknownKeyMessage(name, REPORT_METRICS, 'metric') : `must be a result field name, got ${describeValue(name)}`,
      );
    }
    return name;
  });
}

function record(raw: unknown, path: YamlPath, fail: Fail): Record<string, unknown> {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw) || ArrayBuffer.isView(raw)) {
    return fail(path, `must be a mapping of keys to values, got ${describeValue(raw)}`);
  }
  return raw as Record<string, unknown>;
}

function integer(raw: unknown, path: YamlPath, fail: Fail): number {
  return typeof raw === 'number' && Number.isSafeInteger(raw) ? raw : fail(path, `must be an integer, got ${describeValue(raw)}`);
}

/** Sets a dotted trial key in a plain object, making the groups on the way. */
function setPath(target: Record<string, unknown>, keys: readonly string[], value: unknown): void {
  let node = target;
  for (const key of keys.slice(0, -1)) {
    const next = node[key];
    node[key] = next !== null && typeof next === 'object' && !Array.isArray(next) ? { ...next } : {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys[keys.length - 1]] = value;
}

/** JSON with every object's keys sorted, so equal designs hash equal however their keys were ordered. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}
