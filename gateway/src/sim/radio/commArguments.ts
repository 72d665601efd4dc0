import type { CommSpecFail } from './RadioModel.js';

/** A --comm range argument: a plain positive decimal number of metres. */
export function metresArgument(arg: string, fail: CommSpecFail): number {
  // Number('') is 0 and Number('0x10') is 16: accept plain decimals only.
  const rangeM = /^(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i.test(arg) ? Number(arg) : Number.NaN;
  if (!(rangeM > 0) || !Number.isFinite(rangeM)) fail(`range must be a positive finite number of metres, got '${arg}'`);
  return rangeM;
}

/** A --comm frequency written with its unit (2.4GHz or 2400MHz), in MHz. */
export function megahertzArgument(arg: string, fail: CommSpecFail): number {
  const match = /^(\d+(?:\.\d+)?)\s*(ghz|mhz)$/i.exec(arg);
  if (match === null) return fail(`frequency '${arg}' must be written with a unit, e.g. 2.4GHz or 2400MHz`);
  const mhz = Number(match[1]) * (match[2].toLowerCase() === 'ghz' ? 1000 : 1);
  if (!(mhz > 0) || !Number.isFinite(mhz)) fail(`frequency '${arg}' must be a positive finite number`);
  return mhz;
}
