/**
 * Where robots start (MAES RobotSpawner, without its quirks): on cell centres of "spawnable"
 * cells, free and at least the robot's radius plus SPAWN_MARGIN_M from every wall and the map's
 * edge (on a 1 m map: no wall among the 8 neighbours), inside the region the robot can move in
 * (robotRegions: where its body fits), so no robot starts in a speck it cannot leave.
 * - together: breadth-first from the spawnable cell nearest a point (default: the map centre,
 *   within the largest region; a given point picks the region it stands in);
 * - apart: distinct random spawnable cells of the largest region;
 * - biggest-room: together, from the middle of the largest connected spawnable area (doors
 *   narrower than the clearance split spawnable cells into rooms there);
 * - positions: the given poses, checked to be on the map with the robot's body off the walls.
 * A spawn that cannot be satisfied throws SG_SPAWN with the reason and the numbers.
 */
import { clearanceMask, isWall, labelRegions, robotRegions, type Grid, type Regions } from '@swarmgate/maps';
import type { Random } from '@swarmgate/protocols';
import type { Pose } from '@swarmgate/sdk';
import { SwarmgateError } from '../errors.js';
import { DEFAULT_ROBOT_MODEL } from './RobotModel.js';

export type SpawnStrategy =
  | { readonly kind: 'together'; readonly atM?: { readonly x: number; readonly y: number } }
  | { readonly kind: 'apart' }
  | { readonly kind: 'biggest-room' }
  | { readonly kind: 'positions'; readonly poses: readonly Pose[] };

export const SPAWN_KINDS = ['together', 'apart', 'biggest-room'] as const;

/** Clearance beyond the robot's radius kept between a spawned body and the nearest wall. */
export const SPAWN_MARGIN_M = 0.5;

/** `regions`: robotRegions(grid, robotRadiusM), made already (a trial's metrics need them too); default: made here when the strategy needs them. */
export function spawnPoses(
  grid: Grid,
  count: number,
  strategy: SpawnStrategy,
  rng: Random,
  robotRadiusM: number = DEFAULT_ROBOT_MODEL.radiusM,
  given?: Regions,
): Pose[] {
  const clearanceM = robotRadiusM + SPAWN_MARGIN_M;
  const regionsOf = (): Regions => given ?? robotRegions(grid, robotRadiusM);
  switch (strategy.kind) {
    case 'together': {
      const regions = regionsOf();
      const at = strategy.atM ?? centreOf(grid);
      const region = strategy.atM ? regionAt(grid, regions, at) : largestLabel(regions);
      const mask = within(spawnableMask(grid, clearanceM), regions, region);
      return fromCells(grid, breadthFirst(grid, mask, nearestMarked(grid, mask, at.x, at.y, clearanceM, regions.sizes[region]), count, clearanceM));
    }
    case 'biggest-room': {
      const room = largestRegion(grid, spawnableMask(grid, clearanceM), clearanceM);
      const centre = regionCentre(grid, room);
      return fromCells(grid, breadthFirst(grid, room, nearestMarked(grid, room, centre.x, centre.y, clearanceM, 0), count, clearanceM));
    }
    case 'apart': {
      const regions = regionsOf();
      const region = largestLabel(regions);
      const mask = within(spawnableMask(grid, clearanceM), regions, region);
      const candidates: number[] = [];
      for (let c = 0; c < mask.length; c++) if (mask[c]) candidates.push(c);
      if (candidates.length < count) throw notEnough(count, candidates.length, 'apart', clearanceM);
      const chosen = rng.shuffle(candidates).slice(0, count);
      return chosen.map((c) => ({ ...cellCentre(grid, c), headingRad: rng.uniform(-Math.PI, Math.PI) }));
    }
    case 'positions': {
      if (strategy.poses.length !== count) {
        throw new SwarmgateError('SG_SPAWN', `${strategy.poses.length} spawn positions given for ${count} robots`);
      }
      checkSpawnPositions(grid, strategy.poses, robotRadiusM);
      return strategy.poses.map((p) => ({ ...p }));
    }
  }
}

/**
 * Throws SG_SPAWN naming the first pose (1-based) that is not finite, off the map, on a wall cell,
 * or nearer a wall than the robot's radius (its body would stand in the wall).
 */
export function checkSpawnPositions(grid: Grid, poses: readonly Pose[], robotRadiusM: number = DEFAULT_ROBOT_MODEL.radiusM): void {
  poses.forEach((pose, index) => {
    const x = Math.floor((pose.xM - grid.originM.x) / grid.cellSizeM);
    const y = Math.floor((pose.yM - grid.originM.y) / grid.cellSizeM);
    const onMap = Number.isFinite(pose.xM) && Number.isFinite(pose.yM) && x >= 0 && y >= 0 && x < grid.width && y < grid.height;
    if (!onMap || isWall(grid.cells[y * grid.width + x])) {
      throw new SwarmgateError('SG_SPAWN', `spawn position ${index + 1} (${pose.xM}, ${pose.yM}) is off the map or inside a wall`);
    }
    const wallM = distanceToWall(grid, pose.xM, pose.yM, robotRadiusM);
    if (wallM < robotRadiusM) {
      throw new SwarmgateError(
        'SG_SPAWN',
        `spawn position ${index + 1} (${pose.xM}, ${pose.yM}) is ${wallM.toFixed(2)} m from a wall; the robot's body (radius ${robotRadiusM} m) needs ${robotRadiusM} m`,
      );
    }
  });
}

/** Distance from (xM, yM) to the nearest wall cell's square, or `limitM` when none is nearer. */
function distanceToWall(grid: Grid, xM: number, yM: number, limitM: number): number {
  const cs = grid.cellSizeM;
  const px = (xM - grid.originM.x) / cs;
  const py = (yM - grid.originM.y) / cs;
  const reach = Math.ceil(limitM / cs) + 1;
  let best = limitM;
  for (let y = Math.floor(py) - reach; y <= Math.floor(py) + reach; y++) {
    for (let x = Math.floor(px) - reach; x <= Math.floor(px) + reach; x++) {
      const off = x < 0 || y < 0 || x >= grid.width || y >= grid.height;
      if (!off && !isWall(grid.cells[y * grid.width + x])) continue;
      const ex = Math.max(x - px, 0, px - (x + 1));
      const ey = Math.max(y - py, 0, py - (y + 1));
      best = Math.min(best, Math.hypot(ex, ey) * cs);
    }
  }
  return best;
}

function notEnough(count: number, available: number, kind: string, clearanceM: number): SwarmgateError {
  return new SwarmgateError(
    'SG_SPAWN',
    `cannot place ${count} robots '${kind}': only ${available} spawnable cells (free, ${clearanceM.toFixed(2)} m from walls) in the region`,
  );
}

/** The largest region's label; SG_SPAWN when the robot fits nowhere. */
function largestLabel(regions: Regions): number {
  let best = -1;
  for (let r = 0; r < regions.sizes.length; r++) if (best < 0 || regions.sizes[r] > regions.sizes[best]) best = r;
  if (best < 0) throw new SwarmgateError('SG_SPAWN', 'the robot fits nowhere on this map: no free area as wide as its body');
  return best;
}

/** The region of the cell containing `at`; SG_SPAWN when it is off the map, a wall or too narrow for the robot. */
function regionAt(grid: Grid, regions: Regions, at: { x: number; y: number }): number {
  const x = Math.floor((at.x - grid.originM.x) / grid.cellSizeM);
  const y = Math.floor((at.y - grid.originM.y) / grid.cellSizeM);
  const label = x >= 0 && y >= 0 && x < grid.width && y < grid.height ? regions.labels[y * grid.width + x] : -1;
  if (label < 0) {
    throw new SwarmgateError('SG_SPAWN', `spawn point (${at.x}, ${at.y}) is off the map, in a wall, or where the robot's body does not fit`);
  }
  return label;
}

function within(mask: Uint8Array, regions: Regions, region: number): Uint8Array {
  for (let c = 0; c < mask.length; c++) if (regions.labels[c] !== region) mask[c] = 0;
  return mask;
}

function centreOf(grid: Grid): { x: number; y: number } {
  return {
    x: grid.originM.x + (grid.width * grid.cellSizeM) / 2,
    y: grid.originM.y + (grid.height * grid.cellSizeM) / 2,
  };
}

/** Free cells at least `clearanceM` from every wall and the map's edge (default: the default robot's spawn clearance). */
export function spawnableMask(grid: Grid, clearanceM: number = DEFAULT_ROBOT_MODEL.radiusM + SPAWN_MARGIN_M): Uint8Array {
  return clearanceMask(grid, clearanceM);
}

/** Mask of the largest 4-connected region of `mask`. */
function largestRegion(grid: Grid, mask: Uint8Array, clearanceM: number): Uint8Array {
  const regions = labelRegions(grid.width, grid.height, mask, 4);
  if (regions.sizes.length === 0) throw notEnough(1, 0, 'biggest-room', clearanceM);
  let best = 0;
  for (let r = 1; r < regions.sizes.length; r++) if (regions.sizes[r] > regions.sizes[best]) best = r;
  const out = new Uint8Array(mask.length);
  for (let c = 0; c < out.length; c++) out[c] = regions.labels[c] === best ? 1 : 0;
  return out;
}

function regionCentre(grid: Grid, mask: Uint8Array): { x: number; y: number } {
  let sx = 0;
  let sy = 0;
  let n = 0;
  for (let c = 0; c < mask.length; c++) {
    if (!mask[c]) continue;
    const p = cellCentre(grid, c);
    sx += p.xM;
    sy += p.yM;
    n++;
  }
  return { x: sx / n, y: sy / n };
}

function nearestMarked(grid: Grid, mask: Uint8Array, xM: number, yM: number, clearanceM: number, regionCells: number): number {
  let best = -1;
  let bestD = Infinity;
  for (let c = 0; c < mask.length; c++) {
    if (!mask[c]) continue;
    const p = cellCentre(grid, c);
    const d = (p.xM - xM) ** 2 + (p.yM - yM) ** 2;
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  if (best < 0) {
    throw new SwarmgateError(
      'SG_SPAWN',
      `no cell ${clearanceM.toFixed(2)} m from walls to spawn on${regionCells > 0 ? ` in the region of ${regionCells} free cells` : ''}`,
    );
  }
  return best;
}

/** The first `count` cells of a BFS over `mask` from `start` (4-connected, fixed order). */
function breadthFirst(grid: Grid, mask: Uint8Array, start: number, count: number, clearanceM: number): number[] {
  const { width, height } = grid;
  const seen = new Uint8Array(mask.length);
  const queue = [start];
  seen[start] = 1;
  for (let head = 0; head < queue.length && queue.length < count; head++) {
    const c = queue[head];
    const x = c % width;
    const y = (c - x) / width;
    const next = [x + 1 < width ? c + 1 : -1, y + 1 < height ? c + width : -1, x > 0 ? c - 1 : -1, y > 0 ? c - width : -1];
    for (const n of next) {
      if (n >= 0 && mask[n] && !seen[n]) {
        seen[n] = 1;
        queue.push(n);
      }
    }
  }
  if (queue.length < count) throw notEnough(count, queue.length, 'together', clearanceM);
  return queue.slice(0, count);
}

function cellCentre(grid: Grid, c: number): { xM: number; yM: number } {
  const x = c % grid.width;
  const y = (c - x) / grid.width;
  return { xM: grid.originM.x + (x + 0.5) * grid.cellSizeM, yM: grid.originM.y + (y + 0.5) * grid.cellSizeM };
}

function fromCells(grid: Grid, cells: number[]): Pose[] {
  return cells.map((c) => ({ ...cellCentre(grid, c), headingRad: 0 }));
}
