import { Cell, createGrid, type Grid } from '@swarmgate/maps';
import { describe, expect, it } from 'vitest';
import { freeSpaceLossDb, multiWallModel } from './multiwall.js';
import { parseCommSpec } from './parseCommSpec.js';
import { perMetreModel } from './permetre.js';
import { RadioLinks } from './RadioLinks.js';
import type { RadioModel } from './RadioModel.js';
import { traceWalls, WallCrossing } from './traceWalls.js';

/** A 60 x 5 corridor of 1 m cells with vertical walls: [x, thickness, material] each. */
function corridor(walls: readonly (readonly [number, number, number])[], cellSizeM = 1): Grid {
  const grid = createGrid(60, 5, { cellSizeM });
  for (const [x, thickness, material] of walls) {
    for (let y = 0; y < 5; y++) grid.cells.fill(material, y * 60 + x, y * 60 + x + thickness);
  }
  return grid;
}

function hears(grid: Grid, model: RadioModel, ax: number, bx: number, y = 2.3): boolean {
  return new RadioLinks(grid, model, 2).canHear(new Float64Array([ax, y, bx, y]), 0, 1);
}

function crossing(grid: Grid, ax: number, bx: number, y = 2.3): WallCrossing {
  return traceWalls(grid, ax, y, bx, y, new WallCrossing());
}

const MATERIALS = [
  ['concrete', Cell.Concrete, 13],
  ['brick', Cell.Brick, 8],
  ['wood', Cell.Wood, 4],
  ['generic', Cell.Generic, 6.9],
] as const;

describe('multiwall (Motley-Keenan / COST 231)', () => {
  it('PL0 is the free-space loss at 1 m: 40.05 dB at 2.4 GHz', () => {
    expect(freeSpaceLossDb(1, 2400)).toBeCloseTo(40.05, 2);
  });

  it('counts walls, not metres: a wall 1 or 5 cells thick is one wall of its material; two walls are two', () => {
    for (const [, cell] of MATERIALS) {
      const thin = crossing(corridor([[20, 1, cell]]), 5, 40);
      const thick = crossing(corridor([[20, 5, cell]]), 5, 40);
      const two = crossing(
        corridor([
          [15, 1, cell],
          [30, 1, cell],
        ]),
        5,
        40,
      );
      expect(thin.runsByCell[cell]).toBe(1);
      expect(thick.runsByCell[cell]).toBe(1);
      expect(two.runsByCell[cell]).toBe(2);
      // The per-metre model sees 1 m, 5 m and 2 m of wall.
      expect(thin.wallMByCell[cell]).toBeCloseTo(1, 9);
      expect(thick.wallMByCell[cell]).toBeCloseTo(5, 9);
      expect(two.wallMByCell[cell]).toBeCloseTo(2, 9);
    }
  });

  it('a concrete layer against a brick layer is two walls, each charged its own loss', () => {
    const mixed = crossing(
      corridor([
        [20, 2, Cell.Concrete],
        [22, 2, Cell.Brick],
      ]),
      5,
      40,
    );
    expect(mixed.wallRuns).toBe(1);
    expect(mixed.runsByCell[Cell.Concrete]).toBe(1);
    expect(mixed.runsByCell[Cell.Brick]).toBe(1);
  });

  it.each(MATERIALS)('a %s wall costs its loss once, however thick; two cost twice', (_name, cell, lossDb) => {
    const model = multiWallModel();
    // Where the budget is used exactly by the distance plus one wall: 97 = PL(d) + L.
    const oneWallRangeM = 10 ** ((97 - freeSpaceLossDb(1, 2400) - lossDb) / 20);
    const twoWallRangeM = 10 ** ((97 - freeSpaceLossDb(1, 2400) - 2 * lossDb) / 20);
    const ax = 1;
    for (const thickness of [1, 5]) {
      const grid = corridor([[10, thickness, cell]], 1);
      // The corridor is 60 m long; scale distances into it with cells of the right size.
      const scaled = createGrid(60, 5, { cellSizeM: oneWallRangeM / 40 });
      scaled.cells.set(grid.cells);
      const s = scaled.cellSizeM;
      expect(hears(scaled, model, ax * s, ax * s + oneWallRangeM * 0.999, 2.3 * s), `${thickness} cells, just inside`).toBe(true);
      expect(hears(scaled, model, ax * s, ax * s + oneWallRangeM * 1.001, 2.3 * s), `${thickness} cells, just outside`).toBe(false);
    }
    const two = createGrid(60, 5, { cellSizeM: twoWallRangeM / 40 });
    two.cells.set(
      corridor([
        [10, 1, cell],
        [20, 1, cell],
      ]).cells,
    );
    const s = two.cellSizeM;
    expect(hears(two, model, s, s + twoWallRangeM * 0.999, 2.3 * s)).toBe(true);
    expect(hears(two, model, s, s + twoWallRangeM * 1.001, 2.3 * s)).toBe(false);
  });

  it('the worked example: 20 m through two concrete walls and a wooden one links; a second wooden wall does not', () => {
    const model = multiWallModel();
    const three = corridor([
      [8, 1, Cell.Concrete],
      [12, 1, Cell.Concrete],
      [16, 1, Cell.Wood],
    ]);
    const four = corridor([
      [8, 1, Cell.Concrete],
      [12, 1, Cell.Concrete],
      [16, 1, Cell.Wood],
      [20, 1, Cell.Wood],
    ]);
    expect(hears(three, model, 3, 23)).toBe(true);
    expect(hears(four, model, 3, 23)).toBe(false);
    // 2.5 m more distance breaks it too: -82.09 dBm.
    expect(hears(three, model, 3, 25.5)).toBe(false);
  });

  it('6.5 m of concrete, as 13 walls of a 0.5 m cell, stops a 2.4 GHz link that permetre lets through at 6 m', () => {
    const grid = createGrid(120, 5, { cellSizeM: 0.5 });
    for (let w = 0; w < 13; w++) for (let y = 0; y < 5; y++) grid.cells[y * 120 + 20 + 2 * w] = Cell.Concrete;
    const walls = crossing(grid, 5, 40, 1.15);
    expect(walls.runsByCell[Cell.Concrete]).toBe(13);
    expect(walls.wallMByCell[Cell.Concrete]).toBeCloseTo(6.5, 9);
    expect(hears(grid, multiWallModel(), 5, 40, 1.15)).toBe(false);
    // The walls stand at x = 10, 11, ... 22 m: short of the first one the pair links.
    expect(hears(grid, multiWallModel(), 5, 9.9, 1.15)).toBe(true);
    // Per metre, 6.5 m of concrete is 97.5 dB, just over the 97 dB budget, but the first 12
    // walls (6 m, 90 dB) let the link through, where multiwall charges them 156 dB.
    expect(hears(grid, perMetreModel(), 5, 40, 1.15)).toBe(false);
    expect(hears(grid, perMetreModel(), 5, 21.9, 1.15)).toBe(true);
    expect(hears(grid, multiWallModel(), 5, 21.9, 1.15)).toBe(false);
  });

  it('open space: linked within the free-space range (703.8 m), not beyond; a higher frequency reaches less', () => {
    const model = multiWallModel();
    expect(model.maxRangeM).toBeCloseTo(10 ** ((97 - freeSpaceLossDb(1, 2400)) / 20), 6);
    expect(model.maxRangeM).toBeCloseTo(703.8, 0);
    expect(multiWallModel({ frequencyMhz: 5200 }).maxRangeM).toBeLessThan(model.maxRangeM / 2);
    const open = createGrid(2000, 3);
    expect(hears(open, model, 0.5, 0.5 + 703, 1.5)).toBe(true);
    expect(hears(open, model, 0.5, 0.5 + 705, 1.5)).toBe(false);
  });

  it('is symmetric and parses from --comm', () => {
    const grid = corridor([
      [10, 3, Cell.Concrete],
      [30, 1, Cell.Brick],
    ]);
    const model = parseCommSpec('multiwall');
    for (const [a, b] of [
      [2, 50],
      [50, 2],
      [2, 35],
      [35, 2],
    ]) {
      expect(hears(grid, model, a, b)).toBe(hears(grid, model, b, a));
    }
    expect(model.spec).toBe('multiwall');
    expect(parseCommSpec('multiwall:5.2GHz').spec).toBe('multiwall:5.2GHz');
    expect(() => parseCommSpec('multiwall:0GHz')).toThrow(/SG_COMM_SPEC.*positive/);
    expect(() => parseCommSpec('multiwall:5.2')).toThrow(/SG_COMM_SPEC.*with a unit/);
  });

  it('refuses bad options with SG_RADIO_CONFIG naming the option', () => {
    expect(() => multiWallModel({ exponent: 0 })).toThrow(/SG_RADIO_CONFIG.*exponent/);
    expect(() => multiWallModel({ wallLossDb: { brick: -1 } })).toThrow(/SG_RADIO_CONFIG.*brick/);
    expect(() => multiWallModel({ referenceDistanceM: Number.NaN })).toThrow(/SG_RADIO_CONFIG.*referenceDistanceM/);
  });
});
