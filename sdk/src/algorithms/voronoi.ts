/**
 * The pieces of local Voronoi decomposition (lvd) that are pure geometry on tile coordinates:
 * which tiles fall to this robot, the per-robot direction order, and line of sight on a SLAM map.
 */
import { SlamCell, type SlamMapView } from '../SlamMapView.js';

/** A position in tile units (tile (x, y) spans [x, x + 1) x [y, y + 1)). */
export interface TileXY {
  readonly x: number;
  readonly y: number;
}

/**
 * The tiles of `candidates` (indices in a grid `width` wide) nearer to `self` than to every one
 * of `others` (their centres, Euclidean; a tie stays with this robot, so no tile is left out
 * between two robots that each think the other has it).
 */
export function voronoiRegion(candidates: readonly number[], width: number, self: TileXY, others: readonly TileXY[]): number[] {
  return candidates.filter((tile) => {
    const cx = (tile % width) + 0.5;
    const cy = Math.floor(tile / width) + 0.5;
    const mine = (cx - self.x) ** 2 + (cy - self.y) ** 2;
    return others.every((o) => (cx - o.x) ** 2 + (cy - o.y) ** 2 >= mine);
  });
}

/** The four direction orders of MAES's lvd (robot index modulo 4): north-east, east-south, south-west, west-north. */
const ORDERS: readonly (readonly [number, number, number, number])[] = [
  [0, 1, 1, 0],
  [1, 0, 0, -1],
  [0, -1, -1, 0],
  [-1, 0, 0, 1],
];

/**
 * `tiles` sorted by robot `robotIndex`'s direction order: furthest along its first direction
 * first, then along its second (north-east: northmost first, then eastmost), ties by index.
 */
export function sortByDirection(tiles: readonly number[], width: number, robotIndex: number): number[] {
  const [px, py, sx, sy] = ORDERS[robotIndex % 4];
  const key = (t: number): [number, number] => {
    const x = t % width;
    const y = Math.floor(t / width);
    return [px * x + py * y, sx * x + sy * y];
  };
  return [...tiles].sort((a, b) => {
    const [pa, sa] = key(a);
    const [pb, sb] = key(b);
    return pb - pa || sb - sa || a - b;
  });
}

/**
 * True when the straight line between two world points crosses no solid SLAM cell (sampled every
 * half cell). Unknown cells do not block: a tile behind them is what the robot would look at.
 */
export function lineOfSight(map: SlamMapView, ax: number, ay: number, bx: number, by: number): boolean {
  const cs = map.cellSizeM;
  const sx = (ax - map.originM.x) / cs;
  const sy = (ay - map.originM.y) / cs;
  const ex = (bx - map.originM.x) / cs;
  const ey = (by - map.originM.y) / cs;
  const samples = Math.ceil(2 * Math.hypot(ex - sx, ey - sy));
  for (let k = 1; k < samples; k++) {
    if (map.cellAt(Math.floor(sx + ((ex - sx) * k) / samples), Math.floor(sy + ((ey - sy) * k) / samples)) === SlamCell.Solid) return false;
  }
  return true;
}
