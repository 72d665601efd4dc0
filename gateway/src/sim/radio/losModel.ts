import { metresArgument } from './commArguments.js';
import type { RadioModel, RadioModelPlugin } from './RadioModel.js';
import { WALL_CELL_SLOTS, type TraceLimits } from './traceWalls.js';

/**
 * Line of sight: no wall cell on the segment (MRESim DirectLine, MAES blocked-by-walls),
 * optionally also within rangeM.
 */
export function losModel(rangeM = Infinity): RadioModel {
  // Any positive length of wall exceeds a budget of 0: the trace stops at the first wall.
  const limits: TraceLimits = { weightPerM: new Float64Array(WALL_CELL_SLOTS).fill(1), maxWeighted: 0, maxRuns: 0 };
  return {
    spec: Number.isFinite(rangeM) ? `los:${rangeM}` : 'los',
    maxRangeM: rangeM,
    usesWalls: true,
    traceLimits: () => limits,
    canHear: (distanceM, walls) => distanceM <= rangeM && walls.wallM === 0,
  };
}

export const losRadio: RadioModelPlugin = {
  name: 'los',
  specs: ['los', 'los:R'],
  doc: 'Line of sight: no wall cell on the straight segment, optionally within R metres.',
  params: [{ name: 'R', unit: 'm', default: 'unlimited', doc: 'optional communication range' }],
  parse: (arg, fail) => (arg === undefined ? losModel() : losModel(metresArgument(arg, fail))),
};
