import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CliUsageError } from './Command.js';
import { nearestName } from './nearestName.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * node:util parseArgs, strict, with its errors turned into CliUsageError (exit 2) that
 * name the offending flag. Returns `null` when --help was asked for (after printing help).
 */
export function parseCommandArgs<O extends Options>(argv: string[], options: O, help: string, allowPositionals = true) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals,
      strict: true,
    });
  } catch (error) {
    throw new CliUsageError(`${parseErrorMessage(error as NodeJS.ErrnoException, Object.keys(options))}\n\n${help}`);
  }
  if ((parsed.values as { help?: boolean }).help) {
    process.stdout.write(help + '\n');
    return null;
  }
  return parsed;
}

/**
 * parseArgs's message, except for an unknown option: node's names it, then explains how to pass
 * a positional argument that starts with '-', which a mistyped flag never is. Ours names it and
 * the flag it most likely meant: the one it is the start of, else the nearest by edit distance.
 */
function parseErrorMessage(error: NodeJS.ErrnoException, names: string[]): string {
  const unknown = error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? /^Unknown option '([^']+)'/.exec(error.message) : null;
  if (unknown === null) return error.message;
  const flag = unknown[1];
  const known = [...names, 'help'];
  const typed = flag.slice(2);
  const extending = known.filter((name) => name.startsWith(typed)); // --lidar for --lidar-range
  const near = !flag.startsWith('--') ? undefined : extending.length === 1 ? extending[0] : nearestName(typed, known);
  return `unknown option '${flag}'${near === undefined ? '' : ` (did you mean '--${near}'?)`}`;
}

/** A numeric flag: parsed strictly, range-checked, named in the error. */
export function numberFlag(
  name: string,
  raw: string | undefined,
  fallback: number,
  check: { min?: number; max?: number; integer?: boolean; /** The value must be above min, not equal to it. */ aboveMin?: boolean } = {},
): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value)) {
    throw new CliUsageError(`--${name} must be a number, got '${raw}'`);
  }
  if (check.integer && !Number.isInteger(value)) {
    const range = check.min !== undefined && check.max !== undefined ? ` in [${check.min}, ${check.max}]` : check.min !== undefined ? ` >= ${check.min}` : '';
    throw new CliUsageError(`--${name} must be an integer${range}, got '${raw}'`);
  }
  if (check.min !== undefined && (check.aboveMin ? value <= check.min : value < check.min)) {
    throw new CliUsageError(`--${name} must be ${check.aboveMin ? '>' : '>='} ${check.min}, got ${value}`);
  }
  if (check.max !== undefined && value > check.max) {
    throw new CliUsageError(`--${name} must be <= ${check.max}, got ${value}`);
  }
  return value;
}
