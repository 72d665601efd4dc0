/**
 * The decoded form of every map image (PGM or PNG): grey samples, top row first (as images
 * store them), and the conversion to and from a Grid (bottom row first).
 */
import { Cell, createGrid, type CellValue, type Grid } from '../Grid.js';
import { MapFormatError } from '../errors.js';

export interface GreyImage {
  readonly width: number;
  readonly height: number;
  /** Largest possible sample (255 for 8-bit, up to 65535). */
  readonly maxValue: number;
  /** width * height samples, top row first. */
  readonly samples: Uint16Array;
}

/**
 * Default cell budget of a map file: 4,000,000 cells (2000 x 2000). A grid costs a byte per
 * cell and a PNG decodes to 4 bytes per pixel, so the budget bounds a load to tens of MB
 * whatever a small file's header declares (a 120 kB PNG can declare 10000 x 10000). It is
 * checked against the header before any pixel is decoded; `maxCells` raises it.
 */
export const DEFAULT_MAX_FILE_CELLS = 4_000_000;

/** Options of every map-file load. */
export interface MapLoadOptions {
  /** Most cells (width x height pixels) a map file may declare; default DEFAULT_MAX_FILE_CELLS. */
  readonly maxCells?: number;
}

/** Refuses a declared size that is not positive or over the cell budget, naming both. */
export function checkImageSize(file: string, width: number, height: number, maxCells = DEFAULT_MAX_FILE_CELLS): void {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) {
    throw new MapFormatError(file, `image size must be positive integers, got ${width} x ${height}`);
  }
  if (width * height > maxCells) {
    throw new MapFormatError(
      file,
      `declares ${width} x ${height} = ${width * height} cells, over the budget of ${maxCells} cells (raise it with maxCells, --max-cells on the CLI)`,
    );
  }
}

/** Samples written for each cell kind: the values ROS map_saver uses. */
export const SAMPLE_FREE = 254;
export const SAMPLE_WALL = 0;
export const SAMPLE_UNKNOWN = 205;

/**
 * A Grid from an image, classifying each sample with `classify` (which sees the sample scaled
 * to [0, 1], 0 = black). Rows are flipped: the image's top row is the grid's last row.
 */
export function gridFromGreyImage(
  image: GreyImage,
  classify: (shade: number, sample: number) => CellValue,
  placement: { cellSizeM: number; originM: { x: number; y: number } } = { cellSizeM: 1, originM: { x: 0, y: 0 } },
): Grid {
  const grid = createGrid(image.width, image.height, placement);
  const { width, height, samples, maxValue } = image;
  for (let row = 0; row < height; row++) {
    const src = row * width;
    const dst = (height - 1 - row) * width;
    for (let x = 0; x < width; x++) {
      const sample = samples[src + x] as number;
      grid.cells[dst + x] = classify(sample / maxValue, sample);
    }
  }
  return grid;
}

/** MAES's rule for bare images: a sample darker than 125/255 is a wall, anything else free. */
export function classifyBareImage(shade: number): CellValue {
  return shade * 255 < 125 ? Cell.Generic : Cell.Free;
}

/** 8-bit samples for a grid, top row first: free 254, wall 0, unknown 205. */
export function greyImageFromGrid(grid: Grid): GreyImage {
  const { width, height, cells } = grid;
  const samples = new Uint16Array(width * height);
  for (let row = 0; row < height; row++) {
    const src = (height - 1 - row) * width;
    for (let x = 0; x < width; x++) {
      const value = cells[src + x] as number;
      samples[row * width + x] = value === Cell.Free ? SAMPLE_FREE : value === Cell.Unknown ? SAMPLE_UNKNOWN : SAMPLE_WALL;
    }
  }
  return { width, height, maxValue: 255, samples };
}
