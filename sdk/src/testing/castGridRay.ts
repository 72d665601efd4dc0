/**
 * Test support (not exported): an exact lidar ray against a ground-truth Grid, by grid DDA.
 * Returns the distance to the first wall cell's boundary, or rangeMaxM when none is within range.
 */
import { isWall, type Grid } from '@swarmgate/maps';

export function castGridRay(grid: Grid, xM: number, yM: number, angleRad: number, rangeMaxM: number): number {
  const inv = 1 / grid.cellSizeM;
  const sx = (xM - grid.originM.x) * inv;
  const sy = (yM - grid.originM.y) * inv;
  const dx = Math.cos(angleRad);
  const dy = Math.sin(angleRad);
  let cx = Math.floor(sx);
  let cy = Math.floor(sy);
  const stepX = dx > 0 ? 1 : -1;
  const stepY = dy > 0 ? 1 : -1;
  const tDeltaX = dx !== 0 ? Math.abs(1 / dx) : Number.POSITIVE_INFINITY;
  const tDeltaY = dy !== 0 ? Math.abs(1 / dy) : Number.POSITIVE_INFINITY;
  let tMaxX = dx > 0 ? (cx + 1 - sx) / dx : dx < 0 ? (cx - sx) / dx : Number.POSITIVE_INFINITY;
  let tMaxY = dy > 0 ? (cy + 1 - sy) / dy : dy < 0 ? (cy - sy) / dy : Number.POSITIVE_INFINITY;
  const maxT = rangeMaxM * inv;
  let t = 0;
  while (t < maxT) {
    if (cx < 0 || cy < 0 || cx >= grid.width || cy >= grid.height) return rangeMaxM;
    if (isWall(grid.cells[cy * grid.width + cx])) return t * grid.cellSizeM;
    if (tMaxX < tMaxY) {
      t = tMaxX;
      tMaxX += tDeltaX;
      cx += stepX;
    } else {
      t = tMaxY;
      tMaxY += tDeltaY;
      cy += stepY;
    }
  }
  return rangeMaxM;
}
