/**
 * A picture of a grid for people (not for re-import: use saveMapFile for that). Free cells
 * white, unknown grey, walls near-black tinted by material, optional heatmap over free cells.
 */
import { Cell, type Grid } from './Grid.js';
import { encodePngRgba } from './io/png.js';

export interface Heatmap {
  /** One value per cell (grid index order); NaN leaves the cell uncoloured. */
  readonly values: Float32Array;
  /** Value mapped to the cold end; default the smallest finite value. */
  readonly min?: number;
  /** Value mapped to the hot end; default the largest finite value. */
  readonly max?: number;
}

export interface RenderOptions {
  /** Pixels per cell edge (integer in [1, 64]); default: enough for ~400 px across, at least 1. */
  readonly scale?: number;
  readonly heatmap?: Heatmap;
}

type Rgb = readonly [number, number, number];

const CELL_COLOURS: Readonly<Record<number, Rgb>> = {
  [Cell.Free]: [255, 255, 255],
  [Cell.Unknown]: [205, 205, 205],
  [Cell.Generic]: [0, 0, 0],
  [Cell.Concrete]: [58, 62, 72],
  [Cell.Wood]: [96, 62, 28],
  [Cell.Brick]: [120, 36, 28],
};

/** Viridis, 5 stops: dark blue (cold, low values) to yellow (hot, high values). */
const RAMP: readonly Rgb[] = [
  [68, 1, 84],
  [59, 82, 139],
  [33, 145, 140],
  [94, 201, 98],
  [253, 231, 37],
];

export function rampColour(t: number): Rgb {
  const clamped = Math.min(1, Math.max(0, Number.isFinite(t) ? t : 0));
  const pos = clamped * (RAMP.length - 1);
  const i = Math.min(RAMP.length - 2, Math.floor(pos));
  const f = pos - i;
  const a = RAMP[i] as Rgb;
  const b = RAMP[i + 1] as Rgb;
  return [Math.round(a[0] + (b[0] - a[0]) * f), Math.round(a[1] + (b[1] - a[1]) * f), Math.round(a[2] + (b[2] - a[2]) * f)];
}

export const MAX_SCALE = 64;

export function defaultRenderScale(grid: Grid): number {
  return Math.min(MAX_SCALE, Math.max(1, Math.ceil(400 / Math.max(grid.width, grid.height))));
}

export function renderPng(grid: Grid, options: RenderOptions = {}): Buffer {
  const scale = options.scale ?? defaultRenderScale(grid);
  if (!Number.isInteger(scale) || scale < 1 || scale > MAX_SCALE) {
    throw new RangeError(`renderPng: scale must be an integer in [1, ${MAX_SCALE}], got ${scale}`);
  }
  const { width, height, cells } = grid;
  const heat = options.heatmap;
  if (heat && heat.values.length !== cells.length) {
    throw new RangeError(`renderPng: heatmap has ${heat.values.length} values for ${cells.length} cells`);
  }
  let lo = heat?.min ?? Infinity;
  let hi = heat?.max ?? -Infinity;
  if (heat && (heat.min === undefined || heat.max === undefined)) {
    for (const v of heat.values) {
      if (!Number.isFinite(v)) continue;
      if (heat.min === undefined) lo = Math.min(lo, v);
      if (heat.max === undefined) hi = Math.max(hi, v);
    }
  }
  const span = hi > lo ? hi - lo : 1;
  const outW = width * scale;
  const outH = height * scale;
  const rgba = new Uint8Array(outW * outH * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const value = cells[i] as number;
      let colour = CELL_COLOURS[value] ?? (CELL_COLOURS[Cell.Generic] as Rgb);
      const h = heat?.values[i];
      if (value === Cell.Free && h !== undefined && Number.isFinite(h)) colour = rampColour((h - lo) / span);
      // Image rows run top-down; grid rows bottom-up.
      const top = (height - 1 - y) * scale;
      for (let py = top; py < top + scale; py++) {
        for (let px = x * scale; px < (x + 1) * scale; px++) {
          const o = (py * outW + px) * 4;
          rgba[o] = colour[0];
          rgba[o + 1] = colour[1];
          rgba[o + 2] = colour[2];
          rgba[o + 3] = 255;
        }
      }
    }
  }
  return encodePngRgba(outW, outH, rgba, false);
}
