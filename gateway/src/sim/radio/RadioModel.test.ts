import { Cell, createGrid, type Grid } from '@swarmgate/maps';
import { describe, expect, it } from 'vitest';
import { materialModel, materialSignalDbm, attenuationDbPerM } from './materialModel.js';
import { PATH_LOSS_DEFAULTS, pathLossModel, pathLossSignalDbm } from './pathLossModel.js';
import { RadioLinks } from './RadioLinks.js';
import { globalModel } from './globalModel.js';
import { losModel } from './losModel.js';
import type { RadioModel } from './RadioModel.js';
import { rangeModel } from './rangeModel.js';
import { userModel } from './userModel.js';
import { traceWalls, WallCrossing } from './traceWalls.js';

/** A 30 x 5 corridor with a vertical wall column of `thickness` cells at x = 10. */
function wallGrid(material: number, thickness = 1): Grid {
  const grid = createGrid(30, 5);
  for (let y = 0; y < 5; y++) grid.cells.fill(material, y * 30 + 10, y * 30 + 10 + thickness);
  return grid;
}

function hears(grid: Grid, model: RadioModel, ax: number, bx: number, y = 2.5): boolean {
  const links = new RadioLinks(grid, model, 2);
  return links.canHear(new Float64Array([ax, y, bx, y]), 0, 1);
}

describe('reachability on hand-made grids', () => {
  const concrete = wallGrid(Cell.Concrete);

  it('global links through anything at any distance', () => {
    expect(hears(wallGrid(Cell.Concrete, 10), globalModel(), 1, 29)).toBe(true);
  });

  it('range ignores walls and cuts at R', () => {
    expect(hears(concrete, rangeModel(5), 8, 13)).toBe(true);
    expect(hears(concrete, rangeModel(5), 8, 13.01)).toBe(false);
  });

  it('los is blocked by a wall between, not by walls elsewhere', () => {
    expect(hears(concrete, losModel(), 8, 13)).toBe(false);
    expect(hears(concrete, losModel(), 1, 9)).toBe(true);
    expect(hears(concrete, losModel(), 12, 29)).toBe(true);
    expect(hears(concrete, losModel(5), 12, 17.5)).toBe(false);
    // Unknown cells are not walls.
    expect(hears(wallGrid(Cell.Unknown), losModel(), 8, 13)).toBe(true);
  });

  it('material depends on material and metres of wall, not on distance', () => {
    // 2.4 GHz, budget 15 - (-82) = 97 dB: 6.47 m of concrete, 14.48 m of wood, 17.6 m of brick.
    expect(hears(wallGrid(Cell.Concrete, 6), materialModel(), 5, 20)).toBe(true);
    expect(hears(wallGrid(Cell.Concrete, 7), materialModel(), 5, 20)).toBe(false);
    expect(hears(wallGrid(Cell.Wood, 7), materialModel(), 5, 20)).toBe(true);
    expect(hears(wallGrid(Cell.Brick, 17), materialModel(), 5, 29)).toBe(true);
    expect(hears(wallGrid(Cell.Brick, 18), materialModel(), 5, 29)).toBe(false);
    // Generic walls attenuate 0 dB (MAES): a thick generic wall never blocks.
    expect(hears(wallGrid(Cell.Generic, 15), materialModel(), 1, 29)).toBe(true);
    // No free-space loss: open space links at any distance.
    expect(hears(createGrid(1000, 3), materialModel(), 0.5, 999.5, 1.5)).toBe(true);
    // 5.2 GHz concrete is 23 dB/m: 4 m = 92 dB links, 5 m = 115 dB does not.
    expect(hears(wallGrid(Cell.Concrete, 4), materialModel({ frequencyMhz: 5200 }), 5, 20)).toBe(true);
    expect(hears(wallGrid(Cell.Concrete, 5), materialModel({ frequencyMhz: 5200 }), 5, 20)).toBe(false);
  });

  it('MAES MaterialCommunicationTest cases, per metre instead of per triangle', () => {
    // MAES map layout: 50 x 50 centred on the origin; robots at (-4,-4) and (8,8).
    const maesGrid = (): Grid => createGrid(50, 50, { originM: { x: -25, y: -25 } });
    const rows = (grid: Grid, row: number, material: number) => grid.cells.fill(material, row * 50, (row + 1) * 50);
    // A 1-tile wall at 100 dB blocks.
    const blocked = maesGrid();
    rows(blocked, 25, Cell.Concrete);
    const heavy = materialModel({ dbPerM: { concrete: 100 } });
    expect(hears(blocked, heavy, -4, 8, -0.5)).toBe(true); // parallel to the wall, below it
    const links = new RadioLinks(blocked, heavy, 2);
    expect(links.canHear(new Float64Array([-4, -4, 8, 8]), 0, 1)).toBe(false);
    // Three wall rows (brick 3, wood 2, concrete 1 dB); each 1 m row is crossed over sqrt(2) m
    // at 45 degrees, so the signal is 15 - 6 sqrt(2) = 6.515 dBm (MAES, per triangle: -27 dBm).
    const three = maesGrid();
    rows(three, 24, Cell.Brick);
    rows(three, 25, Cell.Wood);
    rows(three, 26, Cell.Concrete);
    const walls = traceWalls(three, -4, -4, 8, 8, new WallCrossing());
    const table = attenuationDbPerM(2400, { brick: 3, wood: 2, concrete: 1 });
    expect(materialSignalDbm(15, table, walls.wallMByCell)).toBeCloseTo(15 - 6 * Math.SQRT2, 9);
    expect(() => materialModel({ dbPerM: { wood: -1 } })).toThrow(/SG_RADIO_CONFIG/);
  });

  it('material signal is TX minus dB per metre by material', () => {
    const walls = new WallCrossing();
    walls.wallMByCell[Cell.Concrete] = 2;
    walls.wallMByCell[Cell.Wood] = 0.5;
    walls.wallMByCell[Cell.Brick] = 1;
    expect(materialSignalDbm(15, attenuationDbPerM(2400), walls.wallMByCell)).toBeCloseTo(15 - 30 - 3.35 - 5.5, 12);
    expect(materialSignalDbm(15, attenuationDbPerM(1300), walls.wallMByCell)).toBeCloseTo(15 - 26 - 2.55 - 4.5, 12);
  });

  it('pathloss: with P(d0) = cutoff, d0 is the open-space range and each wall shrinks it 1.4x', () => {
    const open = createGrid(40, 5);
    const model = pathLossModel({ referenceDistanceM: 10 });
    expect(model.maxRangeM).toBeCloseTo(10, 12);
    expect(hears(open, model, 1, 11)).toBe(true);
    expect(hears(open, model, 1, 11.01)).toBe(false);
    // One wall: range 10 / 10^(3.65 / 25) = 7.1450 m. A thick wall counts once.
    const oneWallRangeM = 10 / 10 ** (3.65 / 25);
    expect(oneWallRangeM).toBeCloseTo(7.145, 3);
    expect(hears(wallGrid(Cell.Concrete, 3), model, 6, 6 + oneWallRangeM - 0.01)).toBe(true);
    expect(hears(wallGrid(Cell.Concrete, 3), model, 6, 6 + oneWallRangeM + 0.01)).toBe(false);
  });

  it('pathloss numbers match a hand calculation', () => {
    const p = PATH_LOSS_DEFAULTS;
    // d = 40 m, d0 = 20 m, 2 walls: -93 - 25 log10(2) - 7.3 = -107.8257 dBm.
    expect(pathLossSignalDbm(p, 40, 2)).toBeCloseTo(-93 - 25 * 0.30103 - 7.3, 3);
    expect(pathLossSignalDbm(p, 40, 2)).toBeCloseTo(-107.8257, 3);
    // d = 2 m: +25 dB over P(d0).
    expect(pathLossSignalDbm(p, 2, 0)).toBeCloseTo(-68, 12);
    // The wall count is capped at C.
    expect(pathLossSignalDbm({ ...p, maxWalls: 4 }, 20, 10)).toBeCloseTo(-93 - 4 * 3.65, 12);
    expect(pathLossSignalDbm(p, 0, 3)).toBe(Infinity);
  });

  it('pathloss early exit never changes the answer', () => {
    // Three separate 1-cell walls; sweep the receiver across the range where 0..3 walls are affordable.
    const grid = createGrid(30, 3);
    for (const x of [5, 7, 9]) for (let y = 0; y < 3; y++) grid.cells[y * 30 + x] = Cell.Wood;
    const model = pathLossModel();
    for (let bx = 10.5; bx < 30; bx += 0.25) {
      const d = bx - 4.5;
      const expected = pathLossSignalDbm(PATH_LOSS_DEFAULTS, d, 3) >= -93;
      expect(hears(grid, model, 4.5, bx, 1.5)).toBe(expected);
    }
  });

  it('a user function sees distance, metres of wall and walls crossed', () => {
    const seen: number[] = [];
    const model = userModel((d, wallM, runs) => {
      seen.push(d, wallM, runs);
      return wallM < 2;
    });
    expect(hears(wallGrid(Cell.Brick, 3), model, 8, 14)).toBe(false);
    expect(seen[0]).toBeCloseTo(6, 12);
    expect(seen[1]).toBeCloseTo(3, 12);
    expect(seen[2]).toBe(1);
    expect(hears(wallGrid(Cell.Brick, 1), model, 8, 14)).toBe(true);
  });
});
