/**
 * Wall materials drawn per wall segment for the radio model (MAES draws one material per
 * cave wall cell, or one for a whole building; neither models a wall). A segment is either a
 * connected rock mass (caves) or one merged wall rectangle (built walls).
 */
import { Cell, type CellValue, type Grid } from '../Grid.js';
import { labelRegions } from '../connectedComponents.js';
import { mergeWallRectangles } from '../mergeWallRectangles.js';
import type { Random } from '@swarmgate/protocols';

const DRAWN: readonly CellValue[] = [Cell.Concrete, Cell.Wood, Cell.Brick];

export type WallSegments = 'regions' | 'rectangles';

export function assignWallMaterials(grid: Grid, segments: WallSegments, rng: Random): void {
  const { cells } = grid;
  if (segments === 'rectangles') {
    for (const rect of mergeWallRectangles(grid)) {
      const material = rng.pick(DRAWN);
      for (let y = rect.y; y < rect.y + rect.height; y++) {
        cells.fill(material, y * grid.width + rect.x, y * grid.width + rect.x + rect.width);
      }
    }
    return;
  }
  const mask = new Uint8Array(cells.length);
  const free = Cell.Free;
  const unknown = Cell.Unknown;
  for (let i = 0; i < cells.length; i++) mask[i] = cells[i] !== free && cells[i] !== unknown ? 1 : 0;
  const { labels, sizes } = labelRegions(grid.width, grid.height, mask, 8);
  const materialOfRegion = sizes.map(() => rng.pick(DRAWN));
  for (let i = 0; i < cells.length; i++) {
    const label = labels[i] as number;
    if (label >= 0) cells[i] = materialOfRegion[label] as number;
  }
}
