/**
 * Map files by extension: .pgm (P2/P5), .png, .yaml/.yml (ROS map_server / Nav2). Any other
 * extension is sniffed by magic bytes. Every failure is a MapFormatError naming the file, or a
 * MapNotFoundError for a file that does not exist.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname } from 'node:path';
import type { Grid } from '../Grid.js';
import { MapFormatError, MapNotFoundError } from '../errors.js';
import { classifyBareImage, type GreyImage, greyImageFromGrid, gridFromGreyImage, type MapLoadOptions } from './greyImage.js';
import { decodePgm, encodePgm } from './pgm.js';
import { decodePng, encodePng, isPng } from './png.js';
import { formatRosMapYaml, readRosMap } from './rosMapYaml.js';

function readBytes(file: string): Uint8Array {
  try {
    if (!statSync(file).isFile()) throw new MapFormatError(file, 'not a file');
    return readFileSync(file);
  } catch (error) {
    if (error instanceof MapFormatError) throw error;
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new MapNotFoundError(file, 'no such file', { cause: error });
    throw new MapFormatError(file, `cannot read: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * Decodes an image file to grey samples: by extension (.pgm, .png), so the error says what is
 * wrong with that format, otherwise by content.
 */
export function decodeImage(bytes: Uint8Array, file: string, options: MapLoadOptions = {}): GreyImage {
  const ext = extname(file).toLowerCase();
  const { maxCells } = options;
  if (ext === '.pgm') return decodePgm(bytes, file, maxCells);
  if (ext === '.png' || isPng(bytes)) return decodePng(bytes, file, maxCells);
  if (bytes[0] === 0x50 && (bytes[1] === 0x32 || bytes[1] === 0x35)) return decodePgm(bytes, file, maxCells);
  throw new MapFormatError(file, 'not a map: expected a PGM (P2/P5), PNG or ROS map YAML file');
}

/**
 * Loads a map file. Bare images use MAES's rule (sample < 125 of 255 is a wall) at 1 m per
 * pixel; a YAML gives resolution, origin and unknown cells. The image's declared size is
 * checked against `options.maxCells` before its pixels are decoded.
 */
export function loadMapFile(file: string, options: MapLoadOptions = {}): Grid {
  const ext = extname(file).toLowerCase();
  if (ext === '.yaml' || ext === '.yml') {
    const text = Buffer.from(readBytes(file)).toString('utf8');
    return readRosMap(file, text, (imageFile) => decodeImage(readBytes(imageFile), imageFile, options));
  }
  return gridFromGreyImage(decodeImage(readBytes(file), file, options), classifyBareImage);
}

export type MapFileFormat = 'pgm' | 'png' | 'yaml';

export function mapFileFormat(file: string): MapFileFormat | null {
  switch (extname(file).toLowerCase()) {
    case '.pgm':
      return 'pgm';
    case '.png':
      return 'png';
    case '.yaml':
    case '.yml':
      return 'yaml';
    default:
      return null;
  }
}

/** Bytes of a grid as a bare image: free 254, wall 0, unknown 205 (materials are not kept). */
export function encodeMapImage(grid: Grid, format: 'pgm' | 'pgm-ascii' | 'png'): Buffer {
  const image = greyImageFromGrid(grid);
  if (format === 'png') return encodePng(image);
  return encodePgm(image, format === 'pgm' ? 'P5' : 'P2', `swarmgate map ${grid.width}x${grid.height}, ${grid.cellSizeM} m/cell`);
}

/**
 * Writes a grid as .pgm (P5), .png, or .yaml (plus a .pgm of the same base name beside it).
 * Returns the files written.
 */
export function saveMapFile(grid: Grid, file: string): string[] {
  const format = mapFileFormat(file);
  if (format === null) {
    throw new MapFormatError(file, 'unsupported output extension: use .pgm, .png or .yaml');
  }
  if (format === 'yaml') {
    const imageFile = file.replace(/\.ya?ml$/i, '.pgm');
    writeFileSync(imageFile, encodeMapImage(grid, 'pgm'));
    writeFileSync(file, formatRosMapYaml(grid, imageFile));
    return [file, imageFile];
  }
  writeFileSync(file, encodeMapImage(grid, format));
  return [file];
}
