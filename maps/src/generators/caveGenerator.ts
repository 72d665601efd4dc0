/**
 * Cave maps after MAES's CaveGenerator, on typed arrays (a 2000 x 2000 cave takes seconds,
 * not minutes). Steps: random fill -> Moore smoothing -> narrow-corridor wall-off -> small
 * region cleanup -> connect every room to one network -> materials per rock mass.
 *
 * Differences from MAES, on purpose:
 * - Smoothing counts the full Moore neighbourhood (the 2022 MAES rule: wall if > 4 walls,
 *   free if < 4); current MAES counts only diagonals, which looks accidental.
 * - Rooms are connected along a minimum spanning tree of "nearest free cell" distances,
 *   found with one multi-source BFS (O(cells)), instead of MAES's all-pairs edge-tile search.
 * - `passage` is the passage width (a disc of diameter ~passage); MAES stamps a disc of
 *   radius `ConnectionPassagesWidth`, i.e. twice as wide.
 */
import { Cell, createGrid, type Grid } from '../Grid.js';
import { labelRegions } from '../connectedComponents.js';
import { NEIGHBOURS_4 } from '../gridGeometry.js';
import type { Random } from '@swarmgate/protocols';
import type { RangedParamSpec } from '../ParamSpec.js';
import { type ParameterValues, param } from './params.js';
import { assignWallMaterials } from './wallMaterials.js';

export const CAVE_PARAMETERS: readonly RangedParamSpec[] = [
  { name: 'fill', unit: 'percent', default: 45, min: 0, max: 100, doc: 'chance that a cell starts as wall' },
  { name: 'smoothing', unit: 'runs', default: 4, min: 0, max: 20, doc: 'cellular-automaton passes (Moore neighbourhood)' },
  { name: 'passage', unit: 'cells', default: 4, min: 1, max: 50, doc: 'width of the passages that connect rooms' },
  { name: 'wallThreshold', unit: 'cells', default: 10, min: 0, max: 1_000_000, doc: 'wall regions smaller than this become free' },
  { name: 'roomThreshold', unit: 'cells', default: 10, min: 0, max: 1_000_000, doc: 'free regions smaller than this become wall' },
  { name: 'border', unit: 'cells', default: 1, min: 0, max: 100, doc: 'solid wall ring around the map' },
];

export function generateCave(width: number, height: number, rng: Random, values: ParameterValues): Grid {
  const border = param(values, 'border');
  const wall = new Uint8Array(width * height);
  randomFill(wall, width, height, border, param(values, 'fill') / 100, rng.fork('fill'));
  const scratch = new Uint8Array(wall.length);
  for (let run = 0; run < param(values, 'smoothing'); run++) smooth(wall, scratch, width, height, border);
  wallOffNarrowCorridors(wall, width, height);
  removeSmallRegions(wall, width, height, 0, param(values, 'wallThreshold'));
  removeSmallRegions(wall, width, height, 1, param(values, 'roomThreshold'));
  connectRooms(wall, width, height, border, param(values, 'passage'));

  const grid = createGrid(width, height);
  const generic = Cell.Generic;
  for (let i = 0; i < wall.length; i++) if (wall[i] === 1) grid.cells[i] = generic;
  assignWallMaterials(grid, 'regions', rng.fork('materials'));
  return grid;
}

function isBorder(x: number, y: number, width: number, height: number, border: number): boolean {
  return x < border || y < border || x >= width - border || y >= height - border;
}

function randomFill(wall: Uint8Array, width: number, height: number, border: number, p: number, rng: Random): void {
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      wall[y * width + x] = isBorder(x, y, width, height, border) || rng.chance(p) ? 1 : 0;
    }
  }
}

/** One Moore pass: > 4 wall neighbours -> wall, < 4 -> free; outside the map counts as wall. */
function smooth(wall: Uint8Array, out: Uint8Array, width: number, height: number, border: number): void {
  for (let y = 0; y < height; y++) {
    const interiorRow = y > 0 && y < height - 1;
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (isBorder(x, y, width, height, border)) {
        out[i] = 1;
        continue;
      }
      let walls: number;
      if (interiorRow && x > 0 && x < width - 1) {
        // Fast path away from the map edge: no bounds checks (this loop dominates big caves).
        const up = i + width;
        const down = i - width;
        walls =
          (wall[down - 1] as number) +
          (wall[down] as number) +
          (wall[down + 1] as number) +
          (wall[i - 1] as number) +
          (wall[i + 1] as number) +
          (wall[up - 1] as number) +
          (wall[up] as number) +
          (wall[up + 1] as number);
      } else {
        walls = 0;
        for (let dy = -1; dy <= 1; dy++) {
          for (let dx = -1; dx <= 1; dx++) {
            if (dx === 0 && dy === 0) continue;
            const nx = x + dx;
            const ny = y + dy;
            walls += nx < 0 || ny < 0 || nx >= width || ny >= height ? 1 : (wall[ny * width + nx] as number);
          }
        }
      }
      out[i] = walls > 4 ? 1 : walls < 4 ? 0 : (wall[i] as number);
    }
  }
  wall.set(out);
}

/**
 * A free cell survives only if it has a free neighbour along each axis and along each
 * diagonal line, i.e. it is not part of a 1-cell-wide corridor or a diagonal-only squeeze.
 * Repeats until stable, with a worklist so each pass only revisits cells next to a change.
 */
function wallOffNarrowCorridors(wall: Uint8Array, width: number, height: number): void {
  const free = (x: number, y: number): boolean => x >= 0 && y >= 0 && x < width && y < height && wall[y * width + x] === 0;
  const queued = new Uint8Array(wall.length);
  let work: number[] = [];
  for (let i = 0; i < wall.length; i++) {
    if (wall[i] === 0) {
      work.push(i);
      queued[i] = 1;
    }
  }
  while (work.length > 0) {
    const next: number[] = [];
    for (const i of work) {
      queued[i] = 0;
      if (wall[i] === 1) continue;
      const x = i % width;
      const y = (i - x) / width;
      const ok =
        (free(x - 1, y) || free(x + 1, y)) &&
        (free(x, y - 1) || free(x, y + 1)) &&
        (free(x + 1, y + 1) || free(x - 1, y - 1)) &&
        (free(x - 1, y + 1) || free(x + 1, y - 1));
      if (ok) continue;
      wall[i] = 1;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          if (!free(x + dx, y + dy)) continue;
          const j = (y + dy) * width + x + dx;
          if (queued[j] === 0) {
            queued[j] = 1;
            next.push(j);
          }
        }
      }
    }
    work = next;
  }
}

/** Regions (4-connected) of cells equal to `kind` smaller than `threshold` flip to the other kind. */
function removeSmallRegions(wall: Uint8Array, width: number, height: number, kind: 0 | 1, threshold: number): void {
  const mask = new Uint8Array(wall.length);
  for (let i = 0; i < wall.length; i++) mask[i] = wall[i] === kind ? 1 : 0;
  const { labels, sizes } = labelRegions(width, height, mask, 4);
  for (let i = 0; i < wall.length; i++) {
    const label = labels[i] as number;
    if (label >= 0 && (sizes[label] as number) < threshold) wall[i] = kind === 1 ? 0 : 1;
  }
}

/**
 * Joins every free region into one network. A multi-source BFS from all free cells gives each
 * cell its nearest region and a parent pointer; each pair of touching BFS territories is a
 * candidate link (cost = path length). Kruskal keeps a minimum spanning tree of links, and each
 * kept link is carved along its two parent chains with a disc of diameter ~`passage`.
 */
function connectRooms(wall: Uint8Array, width: number, height: number, border: number, passage: number): void {
  const free = new Uint8Array(wall.length);
  for (let i = 0; i < wall.length; i++) free[i] = wall[i] === 0 ? 1 : 0;
  const { labels: owner, sizes } = labelRegions(width, height, free, 4);
  if (sizes.length < 2) return;

  const parent = new Int32Array(wall.length).fill(-1);
  const dist = new Int32Array(wall.length).fill(-1);
  const queue = new Int32Array(wall.length);
  let tail = 0;
  for (let i = 0; i < wall.length; i++) {
    if (owner[i] !== -1) {
      dist[i] = 0;
      queue[tail++] = i;
    }
  }
  // A local copy: module exports are live-binding getters under some loaders (tsx), too slow here.
  const offsets = NEIGHBOURS_4.slice();
  for (let head = 0; head < tail; head++) {
    const i = queue[head] as number;
    const x = i % width;
    const y = (i - x) / width;
    for (let k = 0; k < 8; k += 2) {
      const nx = x + (offsets[k] as number);
      const ny = y + (offsets[k + 1] as number);
      if (isBorder(nx, ny, width, height, border) || nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
      const j = ny * width + nx;
      if (dist[j] !== -1) continue;
      dist[j] = (dist[i] as number) + 1;
      owner[j] = owner[i] as number;
      parent[j] = i;
      queue[tail++] = j;
    }
  }

  const regionCount = sizes.length;
  const best = new Map<number, { cost: number; a: number; b: number }>();
  const consider = (a: number, b: number): void => {
    const oa = owner[a] as number;
    const ob = owner[b] as number;
    if (oa === -1 || ob === -1 || oa === ob) return;
    const key = oa < ob ? oa * regionCount + ob : ob * regionCount + oa;
    const cost = (dist[a] as number) + (dist[b] as number) + 1;
    const current = best.get(key);
    if (!current || cost < current.cost) best.set(key, { cost, a, b });
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      // Most neighbours share an owner; test inline before the call.
      if (x + 1 < width && owner[i] !== owner[i + 1]) consider(i, i + 1);
      if (y + 1 < height && owner[i] !== owner[i + width]) consider(i, i + width);
    }
  }

  const links = [...best.entries()].sort((p, q) => p[1].cost - q[1].cost || p[0] - q[0]);
  const union = new Int32Array(regionCount).map((_, i) => i);
  const find = (r: number): number => {
    while (union[r] !== r) {
      union[r] = union[union[r] as number] as number;
      r = union[r] as number;
    }
    return r;
  };
  const radius = passage / 2;
  for (const [, link] of links) {
    const ra = find(owner[link.a] as number);
    const rb = find(owner[link.b] as number);
    if (ra === rb) continue;
    union[ra] = rb;
    for (const end of [link.a, link.b]) {
      for (let c = end; c !== -1; c = parent[c] as number) carveDisc(wall, width, height, border, c, radius);
    }
  }
}

function carveDisc(wall: Uint8Array, width: number, height: number, border: number, centre: number, radius: number): void {
  const cx = centre % width;
  const cy = (centre - cx) / width;
  const r = Math.floor(radius);
  for (let dy = -r; dy <= r; dy++) {
    for (let dx = -r; dx <= r; dx++) {
      if (dx * dx + dy * dy > radius * radius) continue;
      const x = cx + dx;
      const y = cy + dy;
      if (x < 0 || y < 0 || x >= width || y >= height || isBorder(x, y, width, height, border)) continue;
      wall[y * width + x] = 0;
    }
  }
  // The centre itself is always carved: with radius < 1 the disc would be empty.
  wall[centre] = 0;
}
