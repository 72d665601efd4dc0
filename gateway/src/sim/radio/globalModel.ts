import type { RadioModel, RadioModelPlugin } from './RadioModel.js';

/** Every pair links (MAES's default delegate). */
export function globalModel(): RadioModel {
  return {
    spec: 'global',
    maxRangeM: Infinity,
    usesWalls: false,
    traceLimits: () => undefined,
    canHear: () => true,
  };
}

export const globalRadio: RadioModelPlugin = {
  name: 'global',
  specs: ['global'],
  doc: 'Every pair of robots can talk, walls and distance ignored (MAES default).',
  params: [],
  parse(arg, fail) {
    if (arg !== undefined) fail('global takes no argument');
    return globalModel();
  },
};
