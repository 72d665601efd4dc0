import { Cell, type Grid } from './Grid.js';

export interface CellCounts {
  readonly free: number;
  readonly wall: number;
  readonly unknown: number;
}

export function countCells(grid: Grid): CellCounts {
  let free = 0;
  let unknown = 0;
  const { cells } = grid;
  for (let i = 0; i < cells.length; i++) {
    const value = cells[i];
    if (value === Cell.Free) free++;
    else if (value === Cell.Unknown) unknown++;
  }
  return { free, wall: cells.length - free - unknown, unknown };
}
