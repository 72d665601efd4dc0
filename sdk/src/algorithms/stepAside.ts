/**
 * Where to step aside to after a collision (MAES's TNF steps to a random free neighbour): a random
 * 8-neighbour of the robot's SLAM cell whose whole 3 x 3 neighbourhood is known open, so the short
 * straight drive there cannot touch a wall the map knows of.
 */
import { SlamCell, type SlamMapView } from '../SlamMapView.js';
import { NEIGHBOUR_DX, NEIGHBOUR_DY } from '../slam/neighbours.js';
import type { AlgorithmRng } from './AlgorithmInfo.js';

const candidates = new Int32Array(8);

/** A random clear neighbour of cell index `here`, or -1 when none is clear. */
export function pickAsideCell(map: SlamMapView, here: number, rng: AlgorithmRng): number {
  const w = map.width;
  const x = here % w;
  const y = Math.floor(here / w);
  let count = 0;
  for (let k = 0; k < 8; k++) {
    const nx = x + NEIGHBOUR_DX[k];
    const ny = y + NEIGHBOUR_DY[k];
    if (allOpenAround(map, nx, ny)) candidates[count++] = ny * w + nx;
  }
  return count === 0 ? -1 : candidates[Math.min(count - 1, Math.floor(rng.nextFloat() * count))];
}

function allOpenAround(map: SlamMapView, x: number, y: number): boolean {
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) if (map.cellAt(x + dx, y + dy) !== SlamCell.Open) return false;
  }
  return true;
}
