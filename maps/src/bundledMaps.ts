/**
 * Maps shipped in maps/data: the MAES test maps redrawn, the Yan et al. 2017 ROS maps
 * (BSD-3, see data/yan2017/LICENSE) and generated examples. `scripts/writeBundledMaps.ts`
 * writes the drawn and generated ones.
 */
import { fileURLToPath } from 'node:url';
import type { Grid } from './Grid.js';
import { MapSpecError } from './errors.js';
import { loadMapFile } from './io/mapFiles.js';

export interface BundledMap {
  readonly name: string;
  /** Path inside maps/data. */
  readonly file: string;
  readonly doc: string;
}

export const BUNDLED_MAPS: readonly BundledMap[] = [
  { name: 'blank', file: 'maes/blank.pgm', doc: 'MAES blank: 50 x 50 empty room' },
  { name: 'doorway', file: 'maes/doorway.pgm', doc: 'MAES doorway (redrawn): 100 x 100, one wall across with one 4-cell doorway' },
  { name: 'doorway_corner', file: 'maes/doorway_corner.pgm', doc: 'MAES doorway_corner (redrawn): 100 x 100, a corner room with one 4-cell doorway' },
  { name: 'hallway', file: 'maes/hallway.pgm', doc: 'MAES hallway (redrawn): 10 x 50 corridor with one 4-cell doorway halfway' },
  { name: 'yan2017-loop', file: 'yan2017/loop.yaml', doc: 'Yan et al. 2017 loop terrain, ROS map, 0.2 m/pixel' },
  { name: 'yan2017-cross', file: 'yan2017/cross.yaml', doc: 'Yan et al. 2017 cross terrain, ROS map, 0.2 m/pixel' },
  { name: 'yan2017-zigzag', file: 'yan2017/zigzag.yaml', doc: 'Yan et al. 2017 zigzag terrain, ROS map, 0.2 m/pixel' },
  { name: 'yan2017-maze', file: 'yan2017/maze.yaml', doc: 'Yan et al. 2017 maze terrain, ROS map, 0.2 m/pixel' },
  { name: 'cave-example', file: 'examples/cave-75x75-seed1.pgm', doc: 'cave:75x75:seed=1 (MAES cave defaults)' },
  { name: 'building-example', file: 'examples/building-100x100-seed1.pgm', doc: 'building:100x100:seed=1 (MAES building defaults)' },
];

export function bundledMapPath(file: string): string {
  return fileURLToPath(new URL(`../data/${file}`, import.meta.url));
}

export function findBundledMap(name: string): BundledMap | undefined {
  return BUNDLED_MAPS.find((m) => m.name === name);
}

export function bundledMap(name: string): Grid {
  const entry = findBundledMap(name);
  if (!entry) {
    throw new MapSpecError(`unknown bundled map '${name}' (bundled maps: ${BUNDLED_MAPS.map((m) => m.name).join(', ')})`);
  }
  return loadMapFile(bundledMapPath(entry.file));
}
