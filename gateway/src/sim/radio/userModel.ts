import type { RadioModel, RadioModelPlugin } from './RadioModel.js';

/** A user link function of distance, metres through walls and wall runs crossed. */
export type LinkFunction = (distanceM: number, wallM: number, wallRuns: number) => boolean;

export function userModel(link: LinkFunction, options: { name?: string; maxRangeM?: number } = {}): RadioModel {
  return {
    spec: `user:${options.name ?? 'function'}`,
    maxRangeM: options.maxRangeM ?? Infinity,
    usesWalls: true,
    traceLimits: () => undefined,
    canHear: (distanceM, walls) => link(distanceM, walls.wallM, walls.wallRuns),
  };
}

export const userRadio: RadioModelPlugin = {
  name: 'user',
  specs: [],
  doc: 'A function (distanceM, wallM, wallRuns) => boolean given in code (userModel); not selectable by --comm.',
  params: [{ name: 'maxRangeM', unit: 'm', default: 'unlimited', doc: 'pairs farther apart are never asked' }],
  parse: null,
};
