/**
 * How good the robots' maps are against the ground truth, at SLAM resolution (two sub-cells per
 * tile side). The team map is the union of every robot's SLAM map (solid dominates, so it is the
 * element-wise maximum of Unknown 0 < Open 1 < Solid 2).
 * - G: observable sub-cells: open sub-cells of explorable tiles, and wall sub-cells touching one
 *   (8-neighbourhood): the surfaces a lidar can see. Interior wall cells are never observable.
 * - completeness = known observable sub-cells / G (Yan et al.'s map completeness);
 * - quality = (A - E) / G, where A is the known observable sub-cells and E the known sub-cells
 *   whose state contradicts the ground truth (Yan et al.: (A - error * cell area) / G).
 */
import { isWall, type Grid } from '@swarmgate/maps';
import { SlamCell, type SlamMap } from '@swarmgate/sdk';

export interface MapQuality {
  readonly completeness: number;
  readonly quality: number;
}

export function mapQuality(grid: Grid, explorable: Uint8Array, maps: readonly SlamMap[]): MapQuality {
  const w = grid.width * 2;
  const h = grid.height * 2;
  const team = new Uint8Array(w * h);
  for (const map of maps) {
    const cells = map.cells;
    for (let c = 0; c < team.length; c++) if (cells[c] > team[c]) team[c] = cells[c];
  }
  const tileOf = (x: number, y: number): number => (y >> 1) * grid.width + (x >> 1);
  let observable = 0;
  let known = 0;
  let errors = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const c = y * w + x;
      const tile = tileOf(x, y);
      const wall = isWall(grid.cells[tile]);
      let seeable = explorable[tile] === 1;
      if (wall) {
        for (let dy = -1; dy <= 1 && !seeable; dy++) {
          for (let dx = -1; dx <= 1 && !seeable; dx++) {
            const nx = x + dx;
            const ny = y + dy;
            seeable = nx >= 0 && ny >= 0 && nx < w && ny < h && explorable[tileOf(nx, ny)] === 1;
          }
        }
      }
      const state = team[c];
      if (seeable) {
        observable++;
        if (state !== SlamCell.Unknown) known++;
      }
      if (state === SlamCell.Unknown) continue;
      if ((state === SlamCell.Solid) !== wall) errors++;
    }
  }
  if (observable === 0) return { completeness: 0, quality: 0 };
  return { completeness: known / observable, quality: (known - errors) / observable };
}
