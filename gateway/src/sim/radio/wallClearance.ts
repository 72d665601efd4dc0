import { Cell, type Grid } from '@swarmgate/maps/grid';

/**
 * For each cell, how many rings of cells around it are certainly free of walls: k means every
 * cell within Chebyshev distance k is open (0 for walls and their 8 neighbours), capped at
 * 255. traceWalls uses it to jump across open space instead of stepping cell by cell.
 * Two-pass chamfer transform with unit weights on the 8-neighbourhood, which is exact for
 * the Chebyshev distance; outside the grid counts as open, like in traceWalls.
 * A snapshot: rebuild it if the grid's walls change.
 */
export function wallClearance(grid: Grid): Uint8Array {
  const { width, height, cells } = grid;
  const far = 0xffff;
  const distance = new Uint16Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const value = cells[i];
      if (value !== Cell.Free && value !== Cell.Unknown) continue; // a wall: distance 0
      let d = far;
      if (x > 0) d = Math.min(d, distance[i - 1] + 1);
      if (y > 0) {
        d = Math.min(d, distance[i - width] + 1);
        if (x > 0) d = Math.min(d, distance[i - width - 1] + 1);
        if (x < width - 1) d = Math.min(d, distance[i - width + 1] + 1);
      }
      distance[i] = Math.min(d, far);
    }
  }
  for (let y = height - 1; y >= 0; y--) {
    for (let x = width - 1; x >= 0; x--) {
      const i = y * width + x;
      let d = distance[i];
      if (d === 0) continue;
      if (x < width - 1) d = Math.min(d, distance[i + 1] + 1);
      if (y < height - 1) {
        d = Math.min(d, distance[i + width] + 1);
        if (x < width - 1) d = Math.min(d, distance[i + width + 1] + 1);
        if (x > 0) d = Math.min(d, distance[i + width - 1] + 1);
      }
      distance[i] = d;
    }
  }
  const clearance = new Uint8Array(width * height);
  for (let i = 0; i < clearance.length; i++) clearance[i] = distance[i] === 0 ? 0 : Math.min(distance[i] - 1, 255);
  return clearance;
}
