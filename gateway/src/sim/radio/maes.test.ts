import { Cell, createGrid, type Grid } from '@swarmgate/maps';
import { describe, expect, it } from 'vitest';
import { maesModel } from './maes.js';
import { parseCommSpec } from './parseCommSpec.js';
import { RadioLinks } from './RadioLinks.js';
import type { RadioModel } from './RadioModel.js';
import { traceWalls, WallCrossing } from './traceWalls.js';

/** A 40 x 40 grid of 1 m cells with vertical walls: [x, thickness, material] each. */
function walls(list: readonly (readonly [number, number, number])[]): Grid {
  const grid = createGrid(40, 40);
  for (const [x, thickness, material] of list) {
    for (let y = 0; y < 40; y++) grid.cells.fill(material, y * 40 + x, y * 40 + x + thickness);
  }
  return grid;
}

const TRIANGLES = { weightPerM: new Float64Array(5), maxWeighted: Infinity, maxRuns: Infinity, triangles: true };

function triangles(grid: Grid, ax: number, ay: number, bx: number, by: number, cell: number): number {
  return traceWalls(grid, ax, ay, bx, by, new WallCrossing(), TRIANGLES).trianglesByCell[cell];
}

function hears(grid: Grid, model: RadioModel, ax: number, bx: number, y = 20.3): boolean {
  return new RadioLinks(grid, model, 2).canHear(new Float64Array([ax, y, bx, y]), 0, 1);
}

describe('maes (MAES material communication, per mesh triangle)', () => {
  it('counts 4 triangles per cell straight across, 5 along a 45-degree diagonal, 2 along a midline', () => {
    const one = walls([[10, 1, Cell.Concrete]]);
    expect(triangles(one, 2, 20.3, 30, 20.3, Cell.Concrete)).toBe(4);
    expect(triangles(one, 30, 20.3, 2, 20.3, Cell.Concrete)).toBe(4);
    // Through the cell (10, 10) corner to corner: x + y = 0.5, both midlines at the centre, x + y = 1.5.
    const block = createGrid(40, 40);
    block.cells[10 * 40 + 10] = Cell.Concrete;
    expect(triangles(block, 5, 5, 15, 15, Cell.Concrete)).toBe(5);
    // Along the cell's horizontal midline: only the vertical midline is crossed.
    expect(triangles(one, 2, 20.5, 30, 20.5, Cell.Concrete)).toBe(2);
    // No triangles without the flag: the other models pay nothing for them.
    expect(traceWalls(one, 2, 20.3, 30, 20.3, new WallCrossing()).trianglesByCell[Cell.Concrete]).toBe(0);
  });

  it('charges thickness like MAES: 5 cells cost 5 times 1 cell, two walls twice one', () => {
    for (const cell of [Cell.Concrete, Cell.Wood, Cell.Brick, Cell.Generic]) {
      expect(triangles(walls([[10, 1, cell]]), 2, 20.3, 30, 20.3, cell)).toBe(4);
      expect(triangles(walls([[10, 5, cell]]), 2, 20.3, 30, 20.3, cell)).toBe(20);
      expect(triangles(walls([[10, 1, cell], [20, 1, cell]]), 2, 20.3, 30, 20.3, cell)).toBe(8);
    }
  });

  it.each([
    // material, walls that still link, first count that does not (2.4 GHz, 97 dB budget, 4 triangles per wall)
    ['concrete', Cell.Concrete, 1, 2], // 60 dB per wall
    ['wood', Cell.Wood, 3, 4], // 26.8 dB: 3 walls -65.4 dBm, 4 walls -92.2 dBm
    ['brick', Cell.Brick, 4, 5], // 22 dB: 4 walls -73 dBm, 5 walls -95 dBm
  ] as const)('%s: %i walls link, %i do not', (_name, cell, linking, failing) => {
    const model = maesModel();
    const wallsAt = (n: number) => walls(Array.from({ length: n }, (_, k) => [5 + 3 * k, 1, cell] as const));
    expect(hears(wallsAt(linking), model, 1, 39)).toBe(true);
    expect(hears(wallsAt(failing), model, 1, 39)).toBe(false);
    // The same walls 5 cells thick: MAES charges per triangle, so thickness counts.
    expect(hears(walls([[10, 5, cell]]), model, 1, 39)).toBe(false);
  });

  it('generic walls cost nothing and distance costs nothing, as in MAES', () => {
    expect(hears(walls([[5, 30, Cell.Generic]]), maesModel(), 1, 39)).toBe(true);
    const far = createGrid(5000, 2);
    expect(hears(far, maesModel(), 0.5, 4999.5, 1.3)).toBe(true);
  });

  it('follows the frequency column and a user dictionary', () => {
    // 5.2 GHz concrete is 23 dB per triangle: one wall (92 dB) links, two cells (184 dB) do not; 1.3 GHz: two walls 104 dB.
    const one = walls([[10, 1, Cell.Concrete]]);
    const two = walls([[10, 1, Cell.Concrete], [20, 1, Cell.Concrete]]);
    expect(hears(one, parseCommSpec('maes:5.2GHz'), 1, 39)).toBe(true);
    expect(hears(walls([[10, 2, Cell.Concrete]]), parseCommSpec('maes:5.2GHz'), 1, 39)).toBe(false);
    expect(hears(two, parseCommSpec('maes:1.3GHz'), 1, 39)).toBe(false);
    expect(hears(one, maesModel({ dbPerTriangle: { concrete: 25 } }), 1, 39)).toBe(false);
    expect(() => maesModel({ dbPerTriangle: { wood: -1 } })).toThrow(/SG_RADIO_CONFIG.*wood/);
    expect(parseCommSpec('maes').spec).toBe('maes');
    expect(parseCommSpec('maes:1300MHz').spec).toBe('maes:1.3GHz');
    expect(() => parseCommSpec('maes:3GHz')).toThrow(/SG_COMM_SPEC.*no attenuation table/);
  });

  it('is symmetric on oblique rays', () => {
    const grid = walls([[10, 2, Cell.Wood], [17, 1, Cell.Brick], [25, 3, Cell.Concrete]]);
    const crossingOf = (ax: number, ay: number, bx: number, by: number) =>
      Array.from(traceWalls(grid, ax, ay, bx, by, new WallCrossing(), TRIANGLES).trianglesByCell);
    for (const [ax, ay, bx, by] of [
      [1.2, 3.7, 38.1, 33.3],
      [2, 2, 37, 37],
      [1.5, 20.5, 38.5, 21.5],
      [3.3, 30.1, 36.6, 4.4],
    ]) {
      expect(crossingOf(ax, ay, bx, by)).toEqual(crossingOf(bx, by, ax, ay));
    }
  });
});
