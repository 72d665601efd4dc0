import type { CommSpecFail } from './RadioModel.js';

/** A --comm range argument: a plain positive decimal number of metres. */
export function metresArgument(arg: string, fail: CommSpecFail): number {
  // Number('') is 0 and Number('0x10') is 16: accept plain decimals only.
  if (!/^(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i.test(arg)) fail(`range '${arg}' is not a number of metres`);
  const rangeM = Number(arg);
  if (!(rangeM > 0) || !Number.isFinite(rangeM)) fail(`range must be a positive finite number of metres, got '${arg}'`);
  return rangeM;
}
