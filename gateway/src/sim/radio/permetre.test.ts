import { Cell, createGrid } from '@swarmgate/maps';
import { describe, expect, it } from 'vitest';
import { materialModel } from './materialModel.js';
import { parseCommSpec } from './parseCommSpec.js';
import { perMetreModel } from './permetre.js';
import { RadioLinks } from './RadioLinks.js';
import type { RadioModel } from './RadioModel.js';

function hears(thicknessCells: number, cell: number, model: RadioModel): boolean {
  const grid = createGrid(40, 5);
  for (let y = 0; y < 5; y++) grid.cells.fill(cell, y * 40 + 5, y * 40 + 5 + thicknessCells);
  return new RadioLinks(grid, model, 2).canHear(new Float64Array([1, 2.3, 39, 2.3]), 0, 1);
}

describe('permetre (dB per metre of wall)', () => {
  it.each([
    // material, metres that still link, first whole metre that does not (97 dB at 2.4 GHz)
    ['concrete', Cell.Concrete, 6, 7], // 15 dB/m: 6.47 m
    ['wood', Cell.Wood, 14, 15], // 6.7 dB/m: 14.5 m
    ['brick', Cell.Brick, 17, 18], // 5.5 dB/m: 17.6 m
  ] as const)('%s: %i m link, %i m do not', (_name, cell, linking, failing) => {
    expect(hears(linking, cell, perMetreModel())).toBe(true);
    expect(hears(failing, cell, perMetreModel())).toBe(false);
  });

  it('is the material model under its own name; material keeps its spelling', () => {
    expect(parseCommSpec('permetre').spec).toBe('permetre');
    expect(parseCommSpec('permetre:5.2GHz').spec).toBe('permetre:5.2GHz');
    expect(parseCommSpec('material').spec).toBe('material');
    for (const thickness of [1, 6, 7, 20]) {
      expect(hears(thickness, Cell.Concrete, perMetreModel())).toBe(hears(thickness, Cell.Concrete, materialModel()));
    }
    expect(hears(30, Cell.Generic, perMetreModel())).toBe(true);
  });
});
