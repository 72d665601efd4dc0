/**
 * Where robots start (MAES RobotSpawner, without its quirks): on tile centres of "spawnable"
 * cells (free, with no wall among the 8 neighbours, so a 0.6 m body fits with clearance).
 * - together: breadth-first from the spawnable cell nearest a point (default: the map centre);
 * - apart: distinct random spawnable cells of the largest connected free area;
 * - biggest-room: together, from the middle of the largest connected spawnable area (doors of
 *   width <= 2 have walls beside them, so spawnable cells split into rooms there);
 * - positions: the given poses, checked to be on free cells.
 */
import { isWall, labelRegions, type Grid } from '@swarmgate/maps';
import type { Random } from '@swarmgate/protocols';
import type { Pose } from '@swarmgate/sdk';
import { SwarmgateError } from '../errors.js';

export type SpawnStrategy =
  | { readonly kind: 'together'; readonly atM?: { readonly x: number; readonly y: number } }
  | { readonly kind: 'apart' }
  | { readonly kind: 'biggest-room' }
  | { readonly kind: 'positions'; readonly poses: readonly Pose[] };

export const SPAWN_KINDS = ['together', 'apart', 'biggest-room'] as const;

export function spawnPoses(grid: Grid, count: number, strategy: SpawnStrategy, rng: Random): Pose[] {
  switch (strategy.kind) {
    case 'together': {
      const at = strategy.atM ?? centreOf(grid);
      const mask = spawnableMask(grid);
      return fromCells(grid, breadthFirst(grid, mask, nearestMarked(grid, mask, at.x, at.y), count));
    }
    case 'biggest-room': {
      const mask = spawnableMask(grid);
      const room = largestRegion(grid, mask);
      const centre = regionCentre(grid, room);
      return fromCells(grid, breadthFirst(grid, room, nearestMarked(grid, room, centre.x, centre.y), count));
    }
    case 'apart': {
      const area = largestRegion(grid, freeMask(grid));
      const mask = spawnableMask(grid);
      const candidates: number[] = [];
      for (let c = 0; c < mask.length; c++) if (mask[c] && area[c]) candidates.push(c);
      if (candidates.length < count) throw notEnough(count, candidates.length, 'apart');
      const chosen = rng.shuffle(candidates).slice(0, count);
      return chosen.map((c) => ({ ...cellCentre(grid, c), headingRad: rng.uniform(-Math.PI, Math.PI) }));
    }
    case 'positions': {
      if (strategy.poses.length !== count) {
        throw new SwarmgateError('SG_SPAWN', `${strategy.poses.length} spawn positions given for ${count} robots`);
      }
      checkSpawnPositions(grid, strategy.poses);
      return strategy.poses.map((p) => ({ ...p }));
    }
  }
}

/** Throws SG_SPAWN naming the first pose (1-based) that is not finite, off the map or on a wall cell. */
export function checkSpawnPositions(grid: Grid, poses: readonly Pose[]): void {
  poses.forEach((pose, index) => {
    const x = Math.floor((pose.xM - grid.originM.x) / grid.cellSizeM);
    const y = Math.floor((pose.yM - grid.originM.y) / grid.cellSizeM);
    const onMap = Number.isFinite(pose.xM) && Number.isFinite(pose.yM) && x >= 0 && y >= 0 && x < grid.width && y < grid.height;
    if (!onMap || isWall(grid.cells[y * grid.width + x])) {
      throw new SwarmgateError('SG_SPAWN', `spawn position ${index + 1} (${pose.xM}, ${pose.yM}) is off the map or inside a wall`);
    }
  });
}

function notEnough(count: number, available: number, kind: string): SwarmgateError {
  return new SwarmgateError('SG_SPAWN', `cannot place ${count} robots '${kind}': only ${available} spawnable cells`);
}

function centreOf(grid: Grid): { x: number; y: number } {
  return {
    x: grid.originM.x + (grid.width * grid.cellSizeM) / 2,
    y: grid.originM.y + (grid.height * grid.cellSizeM) / 2,
  };
}

function freeMask(grid: Grid): Uint8Array {
  const mask = new Uint8Array(grid.cells.length);
  for (let c = 0; c < mask.length; c++) mask[c] = grid.cells[c] === 0 ? 1 : 0;
  return mask;
}

/** Free cells whose 8 neighbours are all inside the map and not walls. */
export function spawnableMask(grid: Grid): Uint8Array {
  const { width, height, cells } = grid;
  const mask = new Uint8Array(cells.length);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      let ok = cells[y * width + x] === 0;
      for (let dy = -1; dy <= 1 && ok; dy++) {
        for (let dx = -1; dx <= 1 && ok; dx++) ok = !isWall(cells[(y + dy) * width + x + dx]);
      }
      mask[y * width + x] = ok ? 1 : 0;
    }
  }
  return mask;
}

/** Mask of the largest 4-connected region of `mask`. */
function largestRegion(grid: Grid, mask: Uint8Array): Uint8Array {
  const regions = labelRegions(grid.width, grid.height, mask, 4);
  if (regions.sizes.length === 0) throw notEnough(1, 0, 'anywhere');
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

function nearestMarked(grid: Grid, mask: Uint8Array, xM: number, yM: number): number {
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
  if (best < 0) throw notEnough(1, 0, 'together');
  return best;
}

/** The first `count` cells of a BFS over `mask` from `start` (4-connected, fixed order). */
function breadthFirst(grid: Grid, mask: Uint8Array, start: number, count: number): number[] {
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
  if (queue.length < count) throw notEnough(count, queue.length, 'together');
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
