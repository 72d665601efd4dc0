/**
 * Minotaur's doorways, found in a SLAM map as pure functions (Schmidt, Sorensen, Beregaard 2024,
 * "The Minotaur Exploration Algorithm", section III-A3 and IV-B).
 *
 * The paper draws wall lines through the solid cells a robot sees and finds a doorway where a
 * line has a gap (a single wall that stops and continues), or where a line stops short of
 * another wall it would intersect (a doorway in a corner). On an axis-aligned occupancy grid
 * both are one test: along a row (or a column), two solid stretches with only open cells
 * between them, at least one of the two a wall line (a solid run of at least `wallLineM` along
 * that row or column; the other may be the wall the line runs into), and the open gap between
 * doorWidthM / 2 and 2 x doorWidthM wide (MAES: 3 to 2 x doorWidth cells). A gap with an unknown
 * or solid cell is not a doorway (yet). Walls drawn thicker than a cell give the same gap on
 * several neighbouring lines: these are one doorway.
 */
import { SlamCell, type SlamMapView } from '../SlamMapView.js';

/** The part of a SLAM map doorway detection reads. */
export type DoorwayGrid = Pick<SlamMapView, 'width' | 'height' | 'cellSizeM' | 'cellAt'>;

const { Open: OPEN, Solid: SOLID } = SlamCell;

/**
 * A doorway: the open gap cells [from, to] (inclusive) of row `line` when `axis` is 'row' (a wall
 * running along x, passed through along y), or of column `line` when 'column'.
 */
export interface Doorway {
  readonly axis: 'row' | 'column';
  readonly line: number;
  readonly from: number;
  readonly to: number;
  /** Passed through by some robot (or given up as impassable): the room behind it is someone's. */
  readonly explored: boolean;
}

export interface DoorwaySettings {
  /** The door width the map is expected to have, m. */
  readonly doorWidthM: number;
  /** A solid run at least this long along a row or column is a wall line, m. */
  readonly wallLineM: number;
}

/** Cells x0..x1, y0..y1 (inclusive) of a map. */
export interface CellWindow {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/**
 * The doorways of a SLAM map, one per gap (neighbouring lines merged), unexplored; only the rows
 * and columns of `window` are read (default: the whole map), so runs and gaps end at its edges.
 */
export function detectDoorways(grid: DoorwayGrid, settings: DoorwaySettings, window?: CellWindow): Doorway[] {
  const cellSizeM = grid.cellSizeM;
  const minGap = Math.max(1, Math.ceil(settings.doorWidthM / 2 / cellSizeM - 1e-9));
  const maxGap = Math.floor((2 * settings.doorWidthM) / cellSizeM + 1e-9);
  const wallCells = Math.max(1, Math.ceil(settings.wallLineM / cellSizeM - 1e-9));
  const found: Doorway[] = [];
  const x0 = Math.max(0, window?.x0 ?? 0);
  const y0 = Math.max(0, window?.y0 ?? 0);
  const x1 = Math.min(grid.width - 1, window?.x1 ?? grid.width);
  const y1 = Math.min(grid.height - 1, window?.y1 ?? grid.height);
  const scan = (axis: 'row' | 'column', first: number, last: number, begin: number, length: number, at: (line: number, i: number) => number): void => {
    for (let line = first; line <= last; line++) {
      // The solid run before the current stretch: [prevStart, prevEnd], -1 when none yet.
      let prevStart = -1;
      let prevEnd = -1;
      let i = begin;
      while (i < length) {
        if (at(line, i) !== SOLID) {
          i++;
          continue;
        }
        const start = i;
        while (i < length && at(line, i) === SOLID) i++;
        const end = i - 1;
        const gap = start - prevEnd - 1;
        if (prevEnd >= 0 && gap >= minGap && gap <= maxGap && (prevEnd - prevStart + 1 >= wallCells || end - start + 1 >= wallCells)) {
          let open = true;
          for (let k = prevEnd + 1; k < start && open; k++) open = at(line, k) === OPEN;
          if (open) addDoorway(found, { axis, line, from: prevEnd + 1, to: start - 1, explored: false }, maxGap);
        }
        prevStart = start;
        prevEnd = end;
      }
    }
  };
  scan('row', y0, y1, x0, x1 + 1, (y, x) => grid.cellAt(x, y));
  scan('column', x0, x1, y0, y1 + 1, (x, y) => grid.cellAt(x, y));
  return found;
}

/**
 * The same doorway seen twice: same axis, lines within `toleranceCells` of each other (a thick
 * wall, or two robots' maps) and overlapping gaps.
 */
export function sameDoorway(a: Doorway, b: Doorway, toleranceCells: number): boolean {
  return a.axis === b.axis && Math.abs(a.line - b.line) <= toleranceCells && a.from <= b.to && b.from <= a.to;
}

/** Add `doorway` to `list` unless it is already there; the index of the one in the list. */
export function addDoorway(list: Doorway[], doorway: Doorway, toleranceCells: number): number {
  for (let i = 0; i < list.length; i++) {
    if (!sameDoorway(list[i], doorway, toleranceCells)) continue;
    if (doorway.explored && !list[i].explored) list[i] = { ...list[i], explored: true };
    return i;
  }
  list.push(doorway);
  return list.length - 1;
}

/** The doorway's middle gap cell as (x, y). */
export function doorwayCentre(d: Doorway): { x: number; y: number } {
  const mid = Math.floor((d.from + d.to) / 2);
  return d.axis === 'row' ? { x: mid, y: d.line } : { x: d.line, y: mid };
}

/**
 * Which side of the doorway's line cell (x, y) is on: -1 or 1, 0 on the line; NaN when it is not
 * in front of the gap (beside it, or more than `reachCells` from the line), where no crossing is.
 */
export function doorwaySide(d: Doorway, x: number, y: number, reachCells: number): number {
  const along = d.axis === 'row' ? x : y;
  const across = d.axis === 'row' ? y : x;
  if (along < d.from || along > d.to || Math.abs(across - d.line) > reachCells) return Number.NaN;
  return Math.sign(across - d.line);
}

/** Mark every cell of each doorway's gap in `blocked` (cleared first): the boundaries of the rooms. */
export function markDoorways(blocked: Uint8Array, width: number, doorways: readonly Doorway[]): void {
  blocked.fill(0);
  for (const d of doorways) {
    for (let k = d.from; k <= d.to; k++) blocked[d.axis === 'row' ? d.line * width + k : k * width + d.line] = 1;
  }
}

/**
 * The cell to drive to through doorway `d` to its `side` (-1 or 1): the farthest of the cells
 * straight across from its centre, up to `passCells` past the line, reached through open cells
 * only (the centre itself when the far side is not seen yet).
 */
export function pointPast(grid: DoorwayGrid, d: Doorway, side: number, passCells: number): { x: number; y: number } | null {
  const c = doorwayCentre(d);
  if (grid.cellAt(c.x, c.y) !== OPEN) return null;
  let best = c;
  for (let k = 1; k <= passCells; k++) {
    const x = d.axis === 'row' ? c.x : c.x + side * k;
    const y = d.axis === 'row' ? c.y + side * k : c.y;
    if (grid.cellAt(x, y) !== OPEN) break;
    best = { x, y };
  }
  return best;
}
