import type { World } from '../World.js';

/** Every SLAM map's cells, revision and known count folded into one number (FNV-1a): equal maps, equal numbers. */
export function slamFingerprint(world: World): number {
  let h = 0x811c9dc5;
  for (const map of world.sensing.slamMaps) {
    if (!map) continue;
    for (let i = 0; i < map.cells.length; i++) h = Math.imul(h ^ map.cells[i], 0x01000193);
    h = Math.imul(h ^ map.revision, 0x01000193);
    h = Math.imul(h ^ map.knownCells, 0x01000193);
  }
  return h >>> 0;
}
