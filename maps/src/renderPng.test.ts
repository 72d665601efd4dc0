import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { Cell, createGrid } from './Grid.js';
import { rampColour, renderPng } from './renderPng.js';

function pixel(png: PNG, x: number, y: number): number[] {
  const o = (y * png.width + x) * 4;
  return [png.data[o]!, png.data[o + 1]!, png.data[o + 2]!];
}

describe('renderPng', () => {
  const grid = createGrid(3, 2);
  grid.cells.set([Cell.Free, Cell.Wood, Cell.Unknown, Cell.Generic, Cell.Free, Cell.Brick]);

  it('draws free white, unknown grey, walls dark and tinted, top row first, at a scale', () => {
    const png = PNG.sync.read(renderPng(grid, { scale: 2 }));
    expect([png.width, png.height]).toEqual([6, 4]);
    // Grid row 1 (top) is image rows 0-1.
    expect(pixel(png, 0, 0)).toEqual([0, 0, 0]);
    expect(pixel(png, 3, 1)).toEqual([255, 255, 255]);
    expect(pixel(png, 4, 0)).toEqual([120, 36, 28]);
    expect(pixel(png, 0, 3)).toEqual([255, 255, 255]);
    expect(pixel(png, 2, 2)).toEqual([96, 62, 28]);
    expect(pixel(png, 5, 3)).toEqual([205, 205, 205]);
  });

  it('overlays a heatmap on free cells only, NaN left white', () => {
    const values = new Float32Array([0, 5, 5, 5, 10, 5]);
    const png = PNG.sync.read(renderPng(grid, { scale: 1, heatmap: { values } }));
    expect(pixel(png, 0, 1)).toEqual([...rampColour(0)]);
    expect(pixel(png, 1, 0)).toEqual([...rampColour(1)]);
    expect(pixel(png, 1, 1)).toEqual([96, 62, 28]);
    const sparse = PNG.sync.read(renderPng(grid, { scale: 1, heatmap: { values: new Float32Array([NaN, 0, 0, 0, 3, 0]) } }));
    expect(pixel(sparse, 0, 1)).toEqual([255, 255, 255]);
    expect(() => renderPng(grid, { heatmap: { values: new Float32Array(2) } })).toThrow(/2 values for 6 cells/);
  });

  it('scales small maps up by default and refuses silly scales', () => {
    expect(PNG.sync.read(renderPng(grid)).width).toBe(3 * 64);
    expect(() => renderPng(grid, { scale: 0 })).toThrow(RangeError);
  });
});
