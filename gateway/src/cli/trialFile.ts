/**
 * Trial files: a YAML mapping that says what `swarmgate run`'s flags say, one key per flag
 * (grouped under radio, targets and outputs). Each key maps onto its flag, and the flag's own
 * parser (parseTrialFlags, numberFlag) checks it and supplies its default, so a file and the
 * command line cannot drift apart; this module adds only the file's shape (known keys, value
 * types, paths relative to the file) and where in the file a refused value sits.
 */
import { dirname, resolve } from 'node:path';
import { CliUsageError } from './Command.js';
import { unknownKeyMessage } from './nearestName.js';
import type { RunFlagName, RunValues } from './runOptions.js';
import { readYamlFile, type Locator, type YamlPath } from './yamlSource.js';

/**
 * How a key's value becomes its flag's string: a number, a string, a file path (relative to
 * the trial file), an algorithm (`name` or `{name, params}`) or a controller module
 * (`path` or `{module, params}`).
 */
type FieldKind = 'number' | 'string' | 'path' | 'algorithm' | 'controller';

interface Field {
  readonly flag: RunFlagName;
  readonly kind: FieldKind;
}

const field = (flag: RunFlagName, kind: FieldKind): Field => ({ flag, kind });

const SCHEMA: Readonly<Record<string, Field | Readonly<Record<string, Field>>>> = {
  map: field('map', 'string'),
  maxCells: field('max-cells', 'number'),
  cell: field('cell', 'number'),
  robots: field('robots', 'number'),
  algorithm: field('algorithm', 'algorithm'),
  controller: field('controller', 'controller'),
  radio: { model: field('comm', 'string'), latencyMs: field('latency-ms', 'number'), bandwidth: field('bandwidth', 'number'), loss: field('loss', 'number') },
  spawn: field('spawn', 'string'),
  seed: field('seed', 'number'),
  targets: { explored: field('target', 'number'), maxTicks: field('max-ticks', 'number') },
  robotProfile: field('robot-profile', 'string'),
  lidarRange: field('lidar-range', 'number'),
  mergeEveryS: field('merge-every-s', 'number'),
  poseError: field('pose-error', 'number'),
  workers: field('workers', 'number'),
  controllerThreads: field('controller-threads', 'string'),
  outputs: { json: field('json', 'path'), csv: field('csv', 'path'), heatmap: field('heatmap', 'path'), coverageHeatmap: field('coverage-heatmap', 'path') },
};

const isField = (entry: Field | Readonly<Record<string, Field>>): entry is Field => typeof entry.flag === 'string' && 'kind' in entry;

/** Every trial key as a dotted path (`robots`, `radio.model`, `targets.maxTicks`), as experiment designs name them. */
export const TRIAL_KEYS: readonly string[] = Object.entries(SCHEMA).flatMap(([key, entry]) =>
  isField(entry) ? [key] : Object.keys(entry).map((sub) => `${key}.${sub}`),
);

/** The flags a trial file set, and for each the key and file position it came from. */
export interface LocatedValues {
  readonly values: RunValues;
  /** The same settings as runTrial options: numbers kept as numbers. */
  readonly config: Readonly<Record<string, string | number>>;
  readonly where: ReadonlyMap<string, { readonly key: string; readonly at: string }>;
}

/** Reads and checks the shape of a trial file (`swarmgate run trial.yaml`). */
export function loadTrialFile(file: string): LocatedValues {
  const { value, at } = readYamlFile(file);
  return trialValues(value, at, dirname(resolve(file)));
}

/**
 * A trial (a parsed trial file, or a design's fixed keys with one vector) as flag values;
 * relative paths are resolved against `baseDir`. A wrong shape is a CliUsageError located by `at`.
 */
export function trialValues(trial: unknown, at: Locator, baseDir: string): LocatedValues {
  const values: Record<string, string> = {};
  const config: Record<string, string | number> = {};
  const where = new Map<string, { key: string; at: string }>();
  const fail = (path: YamlPath, message: string, key = false): never => {
    throw new CliUsageError(`${at(path, key)}: ${path.join('.') || 'trial'}: ${message}`);
  };
  const set = (path: readonly string[], f: Field, raw: unknown): void => {
    config[f.flag] = flagValue(f.kind, raw, baseDir, (message, sub = []) => fail([...path, ...sub], message));
    values[f.flag] = String(config[f.flag]);
    where.set(f.flag, { key: path.join('.'), at: at(path) });
  };
  const entries = mapping(trial, (message) => fail([], message));
  for (const [key, raw] of entries) {
    const entry = SCHEMA[key];
    if (!Object.hasOwn(SCHEMA, key) || entry === undefined) fail([key], unknownKeyMessage(key, Object.keys(SCHEMA)), true);
    else if (isField(entry)) set([key], entry, raw);
    else {
      for (const [sub, subRaw] of mapping(raw, (message) => fail([key], message))) {
        const f = entry[sub];
        if (!Object.hasOwn(entry, sub) || f === undefined) fail([key, sub], unknownKeyMessage(sub, Object.keys(entry)), true);
        else set([key, sub], f, subRaw);
      }
    }
  }
  return { values, config, where };
}

/**
 * A flag's CliUsageError (`--robots must be ...`) restated at the file position of the key that
 * set the flag: `trial.yaml:7:10: robots: must be ...`. Other errors are returned unchanged.
 */
export function locateFlagError(error: unknown, where: LocatedValues['where']): unknown {
  if (!(error instanceof CliUsageError)) return error;
  const match = /^--([a-z-]+)(?::\s*|\s+)([\s\S]*)$/.exec(error.message);
  const source = match ? where.get(match[1]) : undefined;
  if (!match || !source) return error;
  return new CliUsageError(`${source.at}: ${source.key}: ${match[2]}`);
}

/** Runs `body`, restating a flag error at the file position that set the flag. */
export function locateFlagErrors<T>(where: LocatedValues['where'], body: () => T): T {
  try {
    return body();
  } catch (error) {
    throw locateFlagError(error, where);
  }
}

/** Runs async `body`, restating a flag error at the file position that set the flag. */
export async function withLocatedErrors<T>(where: LocatedValues['where'], body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (error) {
    throw locateFlagError(error, where);
  }
}

function flagValue(kind: FieldKind, raw: unknown, baseDir: string, fail: (message: string, sub?: readonly string[]) => never): string | number {
  switch (kind) {
    case 'number':
      return typeof raw === 'number' ? raw : fail(`must be a number, got ${describeValue(raw)}`);
    case 'string':
      return typeof raw === 'string' ? raw : fail(`must be a string, got ${describeValue(raw)}`);
    case 'path':
      // '-' is stdout, as on the command line.
      return raw === '-' ? raw : resolve(baseDir, typeof raw === 'string' && raw !== '' ? raw : fail(`must be a file path, got ${describeValue(raw)}`));
    case 'algorithm':
      return namedSpec(raw, 'name', fail, (name) => name);
    case 'controller':
      return namedSpec(raw, 'module', fail, (module) => resolve(baseDir, module));
  }
}

/** `name` or `{name, params: {p: 1}}` as the flag spelling `name:p=1`. */
function namedSpec(raw: unknown, nameKey: string, fail: (message: string, sub?: readonly string[]) => never, resolveName: (name: string) => string): string {
  const expected = `a string or a mapping {${nameKey}, params}`;
  if (typeof raw === 'string') return raw === '' ? fail(`must be ${expected}, got ''`) : resolveName(raw);
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return fail(`must be ${expected}, got ${describeValue(raw)}`);
  let name: string | undefined;
  const params: string[] = [];
  for (const [key, value] of mapping(raw, fail)) {
    if (key === nameKey) name = typeof value === 'string' && value !== '' ? value : fail(`must be a string, got ${describeValue(value)}`, [key]);
    else if (key === 'params') {
      for (const [param, number] of mapping(value, (message) => fail(message, [key]))) {
        if (!/^[A-Za-z][A-Za-z0-9]*$/.test(param)) fail(`a parameter name is letters and digits, got '${param}'`, [key, param]);
        if (typeof number !== 'number') fail(`must be a number, got ${describeValue(number)}`, [key, param]);
        params.push(`${param}=${String(number)}`);
      }
    } else fail(unknownKeyMessage(key, [nameKey, 'params']), [key]);
  }
  if (name === undefined) return fail(`needs '${nameKey}'`);
  return resolveName(name) + (params.length > 0 ? `:${params.join(',')}` : '');
}

/** The entries of a YAML mapping; anything else fails. */
function mapping(raw: unknown, fail: (message: string) => never): [string, unknown][] {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw) || raw instanceof Map || raw instanceof Set || ArrayBuffer.isView(raw)) {
    return fail(`must be a mapping of keys to values, got ${describeValue(raw)}`);
  }
  return Object.entries(raw);
}

/** A value as a message names it. */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return `'${value}'`;
  if (typeof value === 'object') return 'a mapping';
  return String(value);
}

/** Either choice of controller on the command line replaces the file's (they exclude each other). */
const CONTROLLER_FLAGS: readonly string[] = ['algorithm', 'controller'];

/**
 * A command's flag values with its optional trial-file argument under them: the file's values
 * first, each flag given on the command line over them. `accepts` says which flags the command
 * has; a file key for any other flag is left out with a warning (a run-only key under `serve`).
 */
export function withTrialFile<V extends object>(
  positionals: readonly string[],
  flags: V,
  accepts: (flag: string) => boolean,
  warn: (message: string) => void,
): { values: V; where: LocatedValues['where'] } {
  if (positionals.length > 1) throw new CliUsageError(`one trial file at most, got ${positionals.length} arguments: ${positionals.join(' ')}`);
  const file = positionals[0];
  if (file === undefined) return { values: flags, where: new Map() };
  const loaded = loadTrialFile(file);
  const given = Object.entries(flags).filter(([, value]) => value !== undefined);
  const overridden = new Set(given.map(([flag]) => flag));
  if (CONTROLLER_FLAGS.some((flag) => overridden.has(flag))) for (const flag of CONTROLLER_FLAGS) overridden.add(flag);
  const fromFile: Record<string, string> = {};
  const where = new Map<string, { key: string; at: string }>();
  const ignored: string[] = [];
  for (const [flag, value] of Object.entries(loaded.values)) {
    const source = loaded.where.get(flag);
    if (!accepts(flag)) ignored.push(source?.key ?? flag);
    else if (!overridden.has(flag)) {
      fromFile[flag] = value;
      if (source) where.set(flag, source);
    }
  }
  if (ignored.length > 0) warn(`${file}: ${ignored.join(', ')}: not used by this command, ignored`);
  return { values: { ...fromFile, ...Object.fromEntries(given) } as V, where };
}
