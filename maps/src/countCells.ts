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
  const freeValue = Cell.Free;
  const unknownValue = Cell.Unknown;
  for (let i = 0; i < cells.length; i++) {
    const value = cells[i];
    if (value === freeValue) free++;
    else if (value === unknownValue) unknown++;
  }
  return { free, wall: cells.length - free - unknown, unknown };
}
