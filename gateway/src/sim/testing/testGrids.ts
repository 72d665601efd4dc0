/** Small ground-truth grids for engine tests. */
import { Cell, createGrid, type Grid } from '@swarmgate/maps';

/** An open square room of side `size` cells with a one-cell concrete border, origin at its centre. */
export function borderedRoom(size: number): Grid {
  const grid = createGrid(size, size, { originM: { x: -size / 2, y: -size / 2 } });
  for (let i = 0; i < size; i++) {
    grid.cells[i] = Cell.Concrete;
    grid.cells[(size - 1) * size + i] = Cell.Concrete;
    grid.cells[i * size] = Cell.Concrete;
    grid.cells[i * size + size - 1] = Cell.Concrete;
  }
  return grid;
}
