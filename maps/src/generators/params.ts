/**
 * Generator parameter metadata and validation, shared by every generator so that the CLI,
 * `swarmgate list generators` and spec parsing all describe and check parameters one way.
 */
import { MapSpecError } from '../errors.js';
import type { RangedParamSpec } from '../ParamSpec.js';

export type ParameterValues = Readonly<Record<string, number>>;

/** Defaults merged with `given`; every given name must exist, every value be an in-range integer. */
export function resolveParameters(generator: string, parameters: readonly RangedParamSpec[], given: ParameterValues): Record<string, number> {
  const resolved: Record<string, number> = {};
  for (const p of parameters) resolved[p.name] = p.default;
  for (const [name, value] of Object.entries(given)) {
    const p = parameters.find((q) => q.name === name);
    if (!p) {
      const known = parameters.map((q) => q.name).join(', ') || '(none)';
      throw new MapSpecError(`${generator}: unknown parameter '${name}' (parameters: ${known}, seed)`);
    }
    if (!Number.isInteger(value) || value < p.min || value > p.max) {
      throw new MapSpecError(`${generator}: ${name} must be an integer in [${p.min}, ${p.max}] ${p.unit}, got ${value}`);
    }
    resolved[name] = value;
  }
  return resolved;
}

/** Reads a resolved parameter; the registry guarantees presence, this guards typos in code. */
export function param(values: ParameterValues, name: string): number {
  const value = values[name];
  if (value === undefined) throw new Error(`internal: parameter '${name}' not resolved`);
  return value;
}
