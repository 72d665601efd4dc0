/**
 * The algorithm registry: explicit, with metadata, so `swarmgate list algorithms` can print it
 * (no registration by import side effect). Add an algorithm by listing it here.
 */
import { SwarmgateError } from '../errors.js';
import type { AlgorithmInfo } from './AlgorithmInfo.js';
import { frontierExploration } from './FrontierExplorer.js';
import { cme } from './Cme.js';
import { greed } from './Greed.js';
import { lvd } from './Lvd.js';
import { minotaur } from './Minotaur.js';
import { randomWalk } from './RandomWalk.js';
import { ssb } from './Ssb.js';
import { tnf } from './Tnf.js';

export const algorithms: readonly AlgorithmInfo[] = [randomWalk, frontierExploration, greed, cme, tnf, ssb, lvd, minotaur];

/** The algorithm registered as `name`; throws SG_UNKNOWN_ALGORITHM listing the known names. */
export function findAlgorithm(name: string): AlgorithmInfo {
  const found = algorithms.find((a) => a.name === name);
  if (found === undefined) {
    const known = algorithms.map((a) => a.name).join(', ');
    throw new SwarmgateError('SG_UNKNOWN_ALGORITHM', `no algorithm named '${name}'; registered: ${known}`);
  }
  return found;
}

/**
 * Every declared parameter of `info`, from `given` or its default. Throws SG_UNKNOWN_PARAMETER
 * for an undeclared name and SG_BAD_ARGUMENT for a value that is not finite, out of range, or
 * fractional where an integer is declared.
 */
export function resolveAlgorithmParams(info: AlgorithmInfo, given: Readonly<Record<string, number>> = {}): Record<string, number> {
  for (const name of Object.keys(given)) {
    if (!info.parameters.some((p) => p.name === name)) {
      const declared = info.parameters.map((p) => p.name).join(', ');
      throw new SwarmgateError('SG_UNKNOWN_PARAMETER', `algorithm '${info.name}' has no parameter '${name}'; it declares: ${declared}`);
    }
  }
  const params: Record<string, number> = {};
  for (const p of info.parameters) {
    const value = Object.hasOwn(given, p.name) ? given[p.name] : p.default;
    const integerOk = !p.integer || Number.isInteger(value);
    if (typeof value !== 'number' || !Number.isFinite(value) || value < p.min || value > p.max || !integerOk) {
      throw new SwarmgateError(
        'SG_BAD_ARGUMENT',
        `${info.name} parameter ${p.name} must be ${p.integer ? 'an integer' : 'a number'} in [${p.min}, ${p.max}] ${p.unit}, got ${String(value)}`,
      );
    }
    params[p.name] = value;
  }
  return params;
}

/**
 * Parse an algorithm spec as the CLI takes it: `frontier` or `frontier:shareEveryS=1,speedMps=1.5`.
 * Throws SG_BAD_ARGUMENT naming the malformed part; names and values are checked by resolveAlgorithmParams.
 */
export function parseAlgorithmSpec(spec: string): { name: string; params: Record<string, number> } {
  const colon = spec.indexOf(':');
  const name = colon < 0 ? spec : spec.slice(0, colon);
  const params: Record<string, number> = {};
  if (colon >= 0) {
    for (const part of spec.slice(colon + 1).split(',')) {
      // A number as people and JavaScript write it: 2, -0.5, .5, 1e-3, 1E+21 (String(1e21)).
      const match = /^([A-Za-z][A-Za-z0-9]*)=([+-]?[0-9.]+(?:[eE][+-]?[0-9]+)?)$/.exec(part);
      if (match === null || !Number.isFinite(Number(match[2]))) {
        throw new SwarmgateError('SG_BAD_ARGUMENT', `algorithm parameter '${part}' in '${spec}' is not name=number`);
      }
      params[match[1]] = Number(match[2]);
    }
  }
  return { name, params };
}
