import { SwarmgateError } from '../../errors.js';
import { MATERIAL_FREQUENCIES_MHZ, type MaterialFrequencyMhz, materialModel } from './materialModel.js';
import { maesModel } from './maes.js';
import { multiWallModel } from './multiwall.js';
import { pathLossModel } from './pathLossModel.js';
import { perMetreModel } from './permetre.js';
import { globalModel, losModel, rangeModel, type RadioModel } from './RadioModel.js';

const USAGE =
  'expected global | range:R | los | los:R | multiwall | multiwall:<F>GHz | permetre | permetre:<1.3|2.4|5.2>GHz | ' +
  'maes | maes:<1.3|2.4|5.2>GHz | material (= permetre) | pathloss | pathloss:R (R in metres)';

/**
 * Parses a --comm spec. Any bad input throws SwarmgateError SG_COMM_SPEC naming what was
 * wrong; nothing else is thrown.
 */
export function parseCommSpec(spec: string): RadioModel {
  const colon = spec.indexOf(':');
  const kind = (colon < 0 ? spec : spec.slice(0, colon)).trim().toLowerCase();
  const arg = colon < 0 ? undefined : spec.slice(colon + 1).trim();
  switch (kind) {
    case 'global':
      if (arg !== undefined) fail(spec, 'global takes no argument');
      return globalModel();
    case 'range':
      if (arg === undefined) fail(spec, 'range needs a distance in metres, e.g. range:20');
      return rangeModel(rangeArgument(spec, arg));
    case 'los':
      return arg === undefined ? losModel() : losModel(rangeArgument(spec, arg));
    case 'material':
      return materialModel(arg === undefined ? {} : { frequencyMhz: frequencyArgument(spec, arg) });
    case 'permetre':
      return perMetreModel(arg === undefined ? {} : { frequencyMhz: frequencyArgument(spec, arg) });
    case 'maes':
      return maesModel(arg === undefined ? {} : { frequencyMhz: frequencyArgument(spec, arg) });
    case 'multiwall':
      return multiWallModel(arg === undefined ? {} : { frequencyMhz: megahertz(spec, arg) });
    case 'pathloss':
      return arg === undefined ? pathLossModel() : pathLossModel({ referenceDistanceM: rangeArgument(spec, arg) });
    default:
      return fail(spec, `unknown radio model '${kind}'`);
  }
}

function fail(spec: string, reason: string): never {
  throw new SwarmgateError('SG_COMM_SPEC', `--comm '${spec}': ${reason}; ${USAGE}`);
}

function rangeArgument(spec: string, arg: string): number {
  // Number('') is 0 and Number('0x10') is 16: accept plain decimals only.
  if (!/^(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i.test(arg)) fail(spec, `range '${arg}' is not a number of metres`);
  const rangeM = Number(arg);
  if (!(rangeM > 0) || !Number.isFinite(rangeM)) fail(spec, `range must be a positive finite number of metres, got '${arg}'`);
  return rangeM;
}

/** A frequency written with its unit, in MHz (positive). */
function megahertz(spec: string, arg: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(ghz|mhz)$/i.exec(arg);
  if (match === null) fail(spec, `frequency '${arg}' must be written with a unit, e.g. 2.4GHz or 2400MHz`);
  const mhz = Number(match[1]) * (match[2].toLowerCase() === 'ghz' ? 1000 : 1);
  if (!(mhz > 0) || !Number.isFinite(mhz)) fail(spec, `frequency '${arg}' must be a positive finite number`);
  return mhz;
}

function frequencyArgument(spec: string, arg: string): MaterialFrequencyMhz {
  const mhz = megahertz(spec, arg);
  const known = MATERIAL_FREQUENCIES_MHZ.find((f) => Math.abs(f - mhz) < 1e-6);
  if (known === undefined) fail(spec, `no attenuation table for ${arg}; MAES has 1.3GHz, 2.4GHz and 5.2GHz`);
  return known;
}
