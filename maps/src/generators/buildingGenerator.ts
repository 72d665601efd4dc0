/**
 * Building maps after MAES's BuildingGenerator: halls cut the floor into blocks, each block
 * gets a wall ring and is split recursively into rooms, doors join everything.
 *
 * Reachability by construction (no repair pass): every block side facing a hall gets a door,
 * and every split wall gets a door, whose span (plus padding) later splits must not cross.
 * Blocks and halls tile the floor, so the hall/block door graph is connected, and inside a
 * block each split joins its two halves.
 *
 * Differences from MAES, on purpose: the room split works (MAES swaps min and max so it never
 * splits), halls split a block across its longer side (MAES alternates axes), and one door per
 * shared wall (MAES cuts 1-3 between any connected/unconnected pair).
 */
import { Cell, createGrid, type Grid } from '../Grid.js';
import { MapSpecError } from '../errors.js';
import type { Random } from '@swarmgate/protocols';
import type { RangedParamSpec } from '../ParamSpec.js';
import { type ParameterValues, param } from './params.js';
import { assignWallMaterials } from './wallMaterials.js';

export const BUILDING_PARAMETERS: readonly RangedParamSpec[] = [
  { name: 'hall', unit: 'cells', default: 4, min: 1, max: 100, doc: 'hall width' },
  { name: 'hallPercent', unit: 'percent', default: 20, min: 0, max: 100, doc: 'halls are added until they cover this share of the floor' },
  { name: 'room', unit: 'cells', default: 6, min: 1, max: 1000, doc: 'minimum room side (inside its walls)' },
  { name: 'door', unit: 'cells', default: 2, min: 1, max: 100, doc: 'door width' },
  { name: 'doorPadding', unit: 'cells', default: 2, min: 0, max: 100, doc: 'minimum distance from a door to a wall end or another wall' },
  { name: 'split', unit: 'percent', default: 85, min: 0, max: 100, doc: 'chance that a room that can be split is split' },
  { name: 'wall', unit: 'cells', default: 1, min: 1, max: 20, doc: 'wall thickness' },
  { name: 'border', unit: 'cells', default: 1, min: 0, max: 100, doc: 'solid wall ring around the map' },
];

/** Half-open cell rectangle [x0, x1) x [y0, y1). */
interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
/** Half-open coordinate span a split wall must not overlap (a door plus its padding). */
type Span = readonly [number, number];

interface Plan {
  readonly width: number;
  readonly wall: Uint8Array;
  readonly rng: Random;
  readonly hallCells: number;
  readonly minRoomCells: number;
  readonly doorCells: number;
  readonly paddingCells: number;
  readonly splitChance: number;
  readonly wallCells: number;
}

export function generateBuilding(width: number, height: number, rng: Random, values: ParameterValues): Grid {
  const border = param(values, 'border');
  const plan: Plan = {
    width,
    wall: new Uint8Array(width * height),
    rng: rng.fork('layout'),
    hallCells: param(values, 'hall'),
    minRoomCells: param(values, 'room'),
    doorCells: param(values, 'door'),
    paddingCells: param(values, 'doorPadding'),
    splitChance: param(values, 'split') / 100,
    wallCells: param(values, 'wall'),
  };
  if (2 * plan.paddingCells + plan.doorCells > plan.minRoomCells) {
    throw new MapSpecError(`building: door + 2 * doorPadding (${plan.doorCells + 2 * plan.paddingCells}) must not exceed room (${plan.minRoomCells})`);
  }
  const minSide = 2 * border + 2 * plan.wallCells + plan.minRoomCells;
  if (width < minSide || height < minSide) {
    throw new MapSpecError(`building: map must be at least ${minSide} x ${minSide} cells for these parameters, got ${width} x ${height}`);
  }
  const floor: Rect = { x0: border, y0: border, x1: width - border, y1: height - border };
  fillRect(plan, { x0: 0, y0: 0, x1: width, y1: height }, 1);
  fillRect(plan, floor, 0);

  for (const block of cutHalls(plan, floor, param(values, 'hallPercent') / 100)) buildBlock(plan, block, floor);

  const grid = createGrid(width, height);
  const generic = Cell.Generic;
  for (let i = 0; i < plan.wall.length; i++) if (plan.wall[i] === 1) grid.cells[i] = generic;
  assignWallMaterials(grid, 'rectangles', rng.fork('materials'));
  return grid;
}

function fillRect(plan: Plan, r: Rect, value: 0 | 1): void {
  for (let y = r.y0; y < r.y1; y++) plan.wall.fill(value, y * plan.width + r.x0, y * plan.width + r.x1);
}

const area = (r: Rect): number => (r.x1 - r.x0) * (r.y1 - r.y0);

/**
 * Splits the floor with hall bands until halls cover `hallShare`; returns the blocks left.
 * The largest block that can still be split is split next (`open` stays sorted by area, and a
 * block too small to split moves to `done` for good).
 */
function cutHalls(plan: Plan, floor: Rect, hallShare: number): Rect[] {
  const minBlock = plan.minRoomCells + 2 * plan.wallCells;
  const done: Rect[] = [];
  const open: Rect[] = [floor];
  const insert = (r: Rect): void => {
    let lo = 0;
    let hi = open.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (area(open[mid] as Rect) >= area(r)) lo = mid + 1;
      else hi = mid;
    }
    open.splice(lo, 0, r);
  };
  let hallArea = 0;
  while (hallArea < hallShare * area(floor) && open.length > 0) {
    const b = open.shift() as Rect;
    const alongX = b.x1 - b.x0 >= b.y1 - b.y0;
    let split = false;
    for (const vertical of [alongX, !alongX]) {
      const lo = (vertical ? b.x0 : b.y0) + minBlock;
      const hi = (vertical ? b.x1 : b.y1) - minBlock - plan.hallCells;
      if (hi < lo) continue;
      const c = plan.rng.int(lo, hi + 1);
      const e = c + plan.hallCells;
      insert(vertical ? { ...b, x1: c } : { ...b, y1: c });
      insert(vertical ? { ...b, x0: e } : { ...b, y0: e });
      hallArea += plan.hallCells * (vertical ? b.y1 - b.y0 : b.x1 - b.x0);
      split = true;
      break;
    }
    if (!split) done.push(b);
  }
  return [...done, ...open];
}

/** Wall ring, one door on each side that faces a hall, then rooms inside. */
function buildBlock(plan: Plan, block: Rect, floor: Rect): void {
  const t = plan.wallCells;
  fillRect(plan, block, 1);
  const inside: Rect = { x0: block.x0 + t, y0: block.y0 + t, x1: block.x1 - t, y1: block.y1 - t };
  fillRect(plan, inside, 0);
  const forbidX: Span[] = [];
  const forbidY: Span[] = [];
  if (block.x0 > floor.x0) forbidY.push(cutDoor(plan, 'y', inside.y0, inside.y1, block.x0, t));
  if (block.x1 < floor.x1) forbidY.push(cutDoor(plan, 'y', inside.y0, inside.y1, block.x1 - t, t));
  if (block.y0 > floor.y0) forbidX.push(cutDoor(plan, 'x', inside.x0, inside.x1, block.y0, t));
  if (block.y1 < floor.y1) forbidX.push(cutDoor(plan, 'x', inside.x0, inside.x1, block.y1 - t, t));
  splitRoom(plan, inside, forbidX, forbidY);
}

/**
 * Cuts a door through a wall of thickness `t` starting at `across`, placed along `axis` within
 * [from, to) with padding; returns the span later perpendicular walls must avoid.
 */
function cutDoor(plan: Plan, axis: 'x' | 'y', from: number, to: number, across: number, t: number): Span {
  const d = plan.doorCells;
  const lo = from + plan.paddingCells;
  const hi = to - plan.paddingCells - d;
  // The parameter check (door + 2 padding <= room) keeps hi >= lo for every room side.
  const at = plan.rng.int(lo, Math.max(lo, hi) + 1);
  const door: Rect = axis === 'x' ? { x0: at, x1: at + d, y0: across, y1: across + t } : { x0: across, x1: across + t, y0: at, y1: at + d };
  fillRect(plan, door, 0);
  return [at - plan.paddingCells, at + d + plan.paddingCells];
}

const overlaps = (a0: number, a1: number, spans: readonly Span[]): boolean => spans.some(([s0, s1]) => a0 < s1 && s0 < a1);

/** Wall positions along one axis that leave two rooms of the minimum side and cross no door. */
function splitPositions(plan: Plan, from: number, to: number, forbid: readonly Span[]): number[] {
  const positions: number[] = [];
  for (let s = from + plan.minRoomCells; s + plan.wallCells + plan.minRoomCells <= to; s++) {
    if (!overlaps(s, s + plan.wallCells, forbid)) positions.push(s);
  }
  return positions;
}

function splitRoom(plan: Plan, room: Rect, forbidX: readonly Span[], forbidY: readonly Span[]): void {
  if (!plan.rng.chance(plan.splitChance)) return;
  const t = plan.wallCells;
  const wide = room.x1 - room.x0 >= room.y1 - room.y0;
  for (const vertical of [wide, !wide]) {
    const positions = vertical ? splitPositions(plan, room.x0, room.x1, forbidX) : splitPositions(plan, room.y0, room.y1, forbidY);
    if (positions.length === 0) continue;
    const s = plan.rng.pick(positions);
    if (vertical) {
      fillRect(plan, { ...room, x0: s, x1: s + t }, 1);
      const door = cutDoor(plan, 'y', room.y0, room.y1, s, t);
      splitRoom(plan, { ...room, x1: s }, forbidX, [...forbidY, door]);
      splitRoom(plan, { ...room, x0: s + t }, forbidX, [...forbidY, door]);
    } else {
      fillRect(plan, { ...room, y0: s, y1: s + t }, 1);
      const door = cutDoor(plan, 'x', room.x0, room.x1, s, t);
      splitRoom(plan, { ...room, y1: s }, [...forbidX, door], forbidY);
      splitRoom(plan, { ...room, y0: s + t }, [...forbidX, door], forbidY);
    }
    return;
  }
}
