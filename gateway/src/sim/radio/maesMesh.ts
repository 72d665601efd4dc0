import { Cell, type Grid } from '@swarmgate/maps/grid';
import type { WallCrossing } from './traceWalls.js';

/**
 * MAES's wall mesh and its ray walk (DEIS-Tools/MAES @ 1bb0312: MeshGenerator's SquareGrid and
 * AdaptCollisionMapTile, RayTracingMap.Raytrace, CommunicationManager.RayTraceCommunication),
 * for the `maes` radio model.
 *
 * - Geometry. MAES runs marching squares on its bitmap: each bitmap cell is a control node at the
 *   cell's centre, and the tiles of its collision map are the squares between four nodes, so
 *   they are offset from the cells by half a cell (a W x H bitmap gives (W-1) x (H-1) tiles).
 *   Here a grid cell is a bitmap cell, so a tile's corners are the centres of four cells.
 * - Each tile is cut into 8 triangles, |4/5|6\7| over |0\1|2/3|: its midlines and the diamond
 *   through its edge midpoints. Which are wall follows the square's configuration (which corners
 *   are walls; corner rounding off, as for bitmap maps): a wall corner makes its quarter wall,
 *   and two opposite wall corners also the two inner triangles between them. Every wall triangle
 *   of a tile has the material of the tile's highest wall corner in MAES's order
 *   (generic < concrete < wood < brick).
 * - The ray starts at the sender, at the angle to the receiver; an angle within 0.05 degrees
 *   above or below a diagonal (45 + 90 k degrees) is moved 0.005 degrees away from it, so a
 *   diagonal ray does not run through tile corners. Every triangle it enters is charged. Once it
 *   has entered floor(distance / (sqrt(2) / 4)) triangles, the walk stops at the first triangle
 *   with a vertex farther from the sender than the receiver.
 * - MAES traces each ordered pair separately; the two directions can differ in the last
 *   triangles. This walk always starts from the end with the smaller x (then y), which keeps
 *   the model symmetric and is MAES's own direction for its test pair (-4, -4) -> (8, 8).
 */

/** Wall triangles (bit i: triangle i) per configuration, top-left 8, top-right 4, bottom-right 2, bottom-left 1. */
const WALL_TRIANGLES = new Uint8Array([0x00, 0x03, 0x0c, 0x0f, 0xc0, 0xe7, 0xcc, 0xcf, 0x30, 0x33, 0x7e, 0x3f, 0xf0, 0xf3, 0xfc, 0xff]);

/** The three vertices (x, y) of each triangle in its tile, in tiles. */
const VERTICES = new Float64Array([
  0, 0.5, 0.5, 0, 0, 0, 0.5, 0, 0, 0.5, 0.5, 0.5, 0.5, 0, 1, 0.5, 0.5, 0.5, 1, 0.5, 0.5, 0, 1, 0, 0, 0.5, 0.5, 1, 0, 1, 0.5, 1, 0, 0.5, 0.5, 0.5, 0.5, 1, 1,
  0.5, 0.5, 0.5, 1, 0.5, 0.5, 1, 1, 1,
]);

/** MAES's longest trace through one triangle, tiles: the walk checks distances after distance / this triangles. */
const MAX_TRACE_PER_TRIANGLE = Math.SQRT2 / 4;
/** A direction component below this is rounding: the ray is axis-aligned. */
const AXIS_SNAP = 1e-12;
/** A piece of the ray shorter than this (tiles) passes through a vertex and enters no triangle. */
const PIECE_EPS = 1e-9;
/** Where the ray crosses the mesh lines inside one tile (at most 6); scratch, so a walk allocates nothing. */
const crossings = new Float64Array(6);

/**
 * Adds to out.trianglesByCell (by the Cell value of the triangle's material) the wall triangles
 * MAES's walk from A to B enters, and to out.trianglesTotal every triangle it enters.
 */
export function countMaesTriangles(grid: Grid, ax: number, ay: number, bx: number, by: number, out: WallCrossing): void {
  if (bx < ax || (bx === ax && by < ay)) {
    const x = ax;
    const y = ay;
    ax = bx;
    ay = by;
    bx = x;
    by = y;
  }
  const { width, height, cellSizeM } = grid;
  const tilesX = width - 1;
  const tilesY = height - 1;
  const lengthTiles = Math.hypot(bx - ax, by - ay) / cellSizeM;
  if (tilesX < 1 || tilesY < 1 || !(lengthTiles > 0) || !Number.isFinite(lengthTiles)) return;
  // Tile coordinates: tile (i, j) spans [i, i + 1] x [j, j + 1] with its corners at cell centres.
  const u0 = (ax - grid.originM.x) / cellSizeM - 0.5;
  const v0 = (ay - grid.originM.y) / cellSizeM - 0.5;
  let du = (bx - ax) / cellSizeM / lengthTiles;
  let dv = (by - ay) / cellSizeM / lengthTiles;
  let degrees = (Math.atan2(dv, du) * 180) / Math.PI;
  if (degrees < 0) degrees += 360;
  const offDiagonal = (degrees % 90) - 45;
  if (offDiagonal >= -0.05 && offDiagonal <= 0.05) {
    const nudged = ((degrees + (offDiagonal >= 0 ? 0.005 : -0.005)) * Math.PI) / 180;
    du = Math.cos(nudged);
    dv = Math.sin(nudged);
  }
  // A ray within rounding of an axis runs along it, so a ray on a mesh line is counted on one
  // side whichever way its rounding went (points on a line count to its right / above).
  if (Math.abs(du) < AXIS_SNAP) {
    du = 0;
    dv = Math.sign(dv);
  } else if (Math.abs(dv) < AXIS_SNAP) {
    dv = 0;
    du = Math.sign(du);
  }

  // The ray t >= 0 (t in tiles) clipped to the tiles [0, tilesX] x [0, tilesY].
  if ((du === 0 && (u0 < 0 || u0 > tilesX)) || (dv === 0 && (v0 < 0 || v0 > tilesY))) return;
  const tuA = -u0 / du;
  const tuB = (tilesX - u0) / du;
  const tvA = -v0 / dv;
  const tvB = (tilesY - v0) / dv;
  // An axis the ray does not move along gives -Infinity / Infinity or NaN: no bound from it.
  const t0 = Math.max(0, du === 0 ? 0 : Math.min(tuA, tuB), dv === 0 ? 0 : Math.min(tvA, tvB));
  const t1 = Math.min(du === 0 ? Infinity : Math.max(tuA, tuB), dv === 0 ? Infinity : Math.max(tvA, tvB));
  if (!(t1 - t0 > PIECE_EPS)) return;

  const minTraces = Math.floor(lengthTiles / MAX_TRACE_PER_TRIANGLE);
  const cells = grid.cells;
  let i = startTile(u0 + du * t0, du, tilesX);
  let j = startTile(v0 + dv * t0, dv, tilesY);
  let t = t0;
  let entered = 0;
  for (let guard = tilesX + tilesY + 2; guard > 0; guard--) {
    const tExitX = du === 0 ? Infinity : (i + (du > 0 ? 1 : 0) - u0) / du;
    const tExitY = dv === 0 ? Infinity : (j + (dv > 0 ? 1 : 0) - v0) / dv;
    const tExit = Math.min(tExitX, tExitY, t1);
    // The tile's corners (cell centres), its configuration and its material.
    const bl = cells[j * width + i];
    const br = cells[j * width + i + 1];
    const tl = cells[(j + 1) * width + i];
    const tr = cells[(j + 1) * width + i + 1];
    const walls = WALL_TRIANGLES[(isWall(tl) ? 8 : 0) | (isWall(tr) ? 4 : 0) | (isWall(br) ? 2 : 0) | (isWall(bl) ? 1 : 0)];
    const highest = Math.max(rank(bl), rank(br), rank(tl), rank(tr));
    const slot = highest > 0 ? highest : Cell.Generic;
    // The ray in the tile's own coordinates: (px + du t, py + dv t).
    const px = u0 - i;
    const py = v0 - j;
    let n = 0;
    n = addCrossing(n, t, tExit, (0.5 - px) / du);
    n = addCrossing(n, t, tExit, (0.5 - py) / dv);
    n = addCrossing(n, t, tExit, (0.5 - px - py) / (du + dv));
    n = addCrossing(n, t, tExit, (1.5 - px - py) / (du + dv));
    n = addCrossing(n, t, tExit, (0.5 - px + py) / (du - dv));
    n = addCrossing(n, t, tExit, (0.5 - py + px) / (dv - du));
    let from = t;
    for (let c = 0; c <= n; c++) {
      const to = c < n ? crossings[c] : tExit;
      if (to - from > PIECE_EPS) {
        const mid = (from + to) / 2;
        const triangle = triangleAt(px + du * mid, py + dv * mid);
        entered++;
        if (entered >= 2 && entered >= minTraces && !withinRange(i - u0, j - v0, triangle, lengthTiles)) return;
        out.trianglesTotal++;
        if ((walls >> triangle) & 1) out.trianglesByCell[slot]++;
      }
      from = to;
    }
    if (tExit >= t1) return;
    t = tExit;
    // Through a tile corner both axes step: the diagonal neighbours are only touched.
    if (tExitX <= tExitY) {
      i += du > 0 ? 1 : -1;
      if (i < 0 || i >= tilesX) return;
    }
    if (tExitY <= tExitX) {
      j += dv > 0 ? 1 : -1;
      if (j < 0 || j >= tilesY) return;
    }
  }
}

/** Inserts crossing tc (if strictly inside (t, tExit)) into the sorted scratch list of n; the new count. */
function addCrossing(n: number, t: number, tExit: number, tc: number): number {
  if (!(tc > t && tc < tExit)) return n;
  let k = n;
  while (k > 0 && crossings[k - 1] > tc) {
    crossings[k] = crossings[k - 1];
    k--;
  }
  crossings[k] = tc;
  return n + 1;
}

/** The triangle of a tile holding the point (x, y) in tile coordinates; a point on a line counts to its right / above. */
function triangleAt(x: number, y: number): number {
  const right = x >= 0.5;
  const top = y >= 0.5;
  const u = right ? x - 0.5 : x;
  const v = top ? y - 0.5 : y;
  if (!right && !top) return u + v < 0.5 ? 0 : 1;
  if (right && !top) return v > u ? 2 : 3;
  if (!right && top) return v > u ? 4 : 5;
  return u + v < 0.5 ? 6 : 7;
}

/** Every vertex of the triangle within the ray's length of the sender; (ox, oy) is the tile's corner relative to the sender. */
function withinRange(ox: number, oy: number, triangle: number, rangeTiles: number): boolean {
  for (let k = 0; k < 3; k++) {
    const x = ox + VERTICES[6 * triangle + 2 * k];
    const y = oy + VERTICES[6 * triangle + 2 * k + 1];
    if (Math.sqrt(x * x + y * y) > rangeTiles) return false;
  }
  return true;
}

function isWall(value: number): boolean {
  return value !== Cell.Free && value !== Cell.Unknown;
}

/** MAES's order of wall types: generic (and any value beyond the known materials) 0, concrete 1, wood 2, brick 3; -1 not a wall. */
function rank(value: number): number {
  if (!isWall(value)) return -1;
  return value === Cell.Concrete || value === Cell.Wood || value === Cell.Brick ? value : 0;
}

/** The tile a ray enters from coordinate p: on a boundary, the one in the direction of travel. */
function startTile(p: number, d: number, size: number): number {
  let i = Math.floor(p);
  if (d < 0 && i === p) i--;
  return i < 0 ? 0 : i >= size ? size - 1 : i;
}
