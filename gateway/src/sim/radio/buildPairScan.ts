import type { Grid } from '@swarmgate/maps';
import { NearbyRobots } from './NearbyRobots.js';
import type { PairScan, PairScanRecipe } from './PairScan.js';
import { parseCommSpec } from './parseCommSpec.js';
import { RadioLinks } from './RadioLinks.js';

/** The scan a recipe describes (a worker thread's copy of the caller's): same grid, same rows. */
export function buildPairScan(grid: Grid, recipe: PairScanRecipe): PairScan {
  switch (recipe.kind) {
    case 'nearby':
      return new NearbyRobots(grid, recipe.robotCount, { rangeM: recipe.rangeM, blockedByWalls: true, stride: recipe.stride });
    case 'links':
      return new RadioLinks(grid, parseCommSpec(recipe.commSpec), recipe.robotCount, recipe.stride);
  }
}
