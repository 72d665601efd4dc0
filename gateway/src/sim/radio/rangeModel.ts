import { metresArgument } from './commArguments.js';
import type { RadioModel, RadioModelPlugin } from './RadioModel.js';

/** Links within rangeM metres, walls ignored (MRESim StaticCircle, MAES broadcast_range). */
export function rangeModel(rangeM: number): RadioModel {
  return {
    spec: `range:${rangeM}`,
    maxRangeM: rangeM,
    usesWalls: false,
    traceLimits: () => undefined,
    canHear: (distanceM) => distanceM <= rangeM,
  };
}

export const rangeRadio: RadioModelPlugin = {
  name: 'range',
  specs: ['range:R'],
  doc: 'Robots within R metres can talk; walls ignored (MRESim StaticCircle).',
  params: [{ name: 'R', unit: 'm', default: 'required', doc: 'communication range' }],
  parse(arg, fail) {
    if (arg === undefined) return fail('range needs a distance in metres, e.g. range:20');
    return rangeModel(metresArgument(arg, fail));
  },
};
