/**
 * Test support (`@swarmgate/sdk/testing`): small maps written as text, top row first ('#' wall, '.' free),
 * and SLAM maps rendered the same way ('#' solid, '.' open, '?' unknown) for golden comparisons.
 */
import { Cell, createGrid, type Grid } from '@swarmgate/maps';
import { SlamCell } from '../SlamMapView.js';
import type { SlamMap } from '../slam/SlamMap.js';

export function gridFromAscii(rows: readonly string[], cellSizeM = 1): Grid {
  const height = rows.length;
  const width = rows[0].length;
  const grid = createGrid(width, height, { cellSizeM });
  rows.forEach((row, r) => {
    const y = height - 1 - r;
    for (let x = 0; x < width; x++) if (row[x] === '#') grid.cells[y * width + x] = Cell.Concrete;
  });
  return grid;
}

export function slamToAscii(map: SlamMap): string[] {
  const rows: string[] = [];
  for (let y = map.height - 1; y >= 0; y--) {
    let row = '';
    for (let x = 0; x < map.width; x++) {
      const v = map.cellAt(x, y);
      row += v === SlamCell.Solid ? '#' : v === SlamCell.Open ? '.' : '?';
    }
    rows.push(row);
  }
  return rows;
}

/** Set SLAM cells from text ('#' solid, '.' open, '?' unknown), top row first. */
export function fillSlamFromAscii(map: SlamMap, rows: readonly string[]): void {
  rows.forEach((row, r) => {
    const y = map.height - 1 - r;
    for (let x = 0; x < map.width; x++) {
      const ch = row[x];
      if (ch === '#') map.mark(y * map.width + x, SlamCell.Solid);
      else if (ch === '.') map.mark(y * map.width + x, SlamCell.Open);
    }
  });
}
