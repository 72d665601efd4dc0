/**
 * The MAES test maps (Assets/Maps/*.pgm), redrawn from their names, sizes and the Minotaur
 * doorway test's expectations (blank: 0 doorways, the others: 1). The originals are GPL-3 and
 * not copied; shapes are ours. Written to maps/data/maes by scripts/writeBundledMaps.ts.
 */
import { Cell, createGrid, type Grid } from './Grid.js';

export const MAES_TEST_MAPS = ['blank', 'doorway', 'doorway_corner', 'hallway'] as const;
export type MaesTestMap = (typeof MAES_TEST_MAPS)[number];

/** Doorways are 4 cells wide: the Minotaur doorway test ran with doorWidth 4. */
const DOOR_CELLS = 4;

export function drawMaesTestMap(name: MaesTestMap): Grid {
  const [width, height] = name === 'blank' ? [50, 50] : name === 'hallway' ? [10, 50] : [100, 100];
  const grid = createGrid(width, height, { fill: Cell.Generic });
  const set = (x0: number, y0: number, x1: number, y1: number, value: number): void => {
    for (let y = y0; y < y1; y++) grid.cells.fill(value, y * width + x0, y * width + x1);
  };
  set(1, 1, width - 1, height - 1, Cell.Free);
  const door = (from: number): [number, number] => [from, from + DOOR_CELLS];
  switch (name) {
    case 'blank':
      break;
    case 'doorway': {
      // A 2-cell wall down the middle with one doorway halfway up.
      set(49, 1, 51, height - 1, Cell.Generic);
      const [d0, d1] = door(48);
      set(49, d0, 51, d1, Cell.Free);
      break;
    }
    case 'doorway_corner': {
      // A 40 x 40 room in the top-right corner, entered through one doorway in its bottom wall.
      set(59, 59, 61, height - 1, Cell.Generic);
      set(59, 59, width - 1, 61, Cell.Generic);
      const [d0, d1] = door(78);
      set(d0, 59, d1, 61, Cell.Free);
      break;
    }
    case 'hallway': {
      // A corridor 8 cells wide, closed halfway by a wall with one doorway.
      set(1, 24, width - 1, 26, Cell.Generic);
      const [d0, d1] = door(3);
      set(d0, 24, d1, 26, Cell.Free);
      break;
    }
  }
  return grid;
}
