/**
 * ROS map_server / Nav2 map YAML: `image`, `resolution`, `origin: [x, y, yaw]`, `negate`,
 * `occupied_thresh`, `free_thresh`, `mode` (trinary, scale or raw). Classification follows
 * map_server: occupancy p = 1 - shade (or shade when negate); p > occupied_thresh is a wall,
 * p < free_thresh is free, anything between is unknown (Cell.Unknown: neither wall nor
 * explorable). Only yaw 0 is accepted: a Grid is axis-aligned with the world.
 */
import { existsSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { Cell, type CellValue, type Grid } from '../Grid.js';
import { MapFormatError, MapNotFoundError } from '../errors.js';
import { gridFromGreyImage, type GreyImage } from './greyImage.js';

/**
 * How far from 0 a map may reach, in metres (a million kilometres; UTM coordinates are within
 * 1e7). Poses are doubles, exact to a micrometre within it. Beyond, a robot's steps round away
 * (origin 1e17: no robot moved) and at 1e308 a trial ended in a RangeError from its state hash.
 */
export const MAX_MAP_COORDINATE_M = 1e9;

export interface RosMapMetadata {
  readonly image: string;
  readonly resolution: number;
  readonly origin: readonly [number, number, number];
  readonly negate: boolean;
  readonly occupiedThresh: number;
  readonly freeThresh: number;
  readonly mode: 'trinary' | 'scale' | 'raw';
}

export function parseRosMapYaml(text: string, file: string): RosMapMetadata {
  let doc: unknown;
  try {
    doc = parseYaml(text, { logLevel: 'error' });
  } catch (error) {
    throw new MapFormatError(file, `not valid YAML: ${(error as Error).message.split('\n')[0]}`, { cause: error });
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    throw new MapFormatError(file, 'not a ROS map YAML: expected a mapping with image, resolution and origin');
  }
  const map = doc as Record<string, unknown>;
  const image = map['image'];
  if (typeof image !== 'string' || image.trim() === '') throw new MapFormatError(file, "missing 'image' (the map image file name)");
  const resolution = map['resolution'];
  if (typeof resolution !== 'number' || !Number.isFinite(resolution) || resolution <= 0) {
    throw new MapFormatError(file, `'resolution' must be a positive number of metres per pixel, got ${JSON.stringify(resolution)}`);
  }
  const origin = map['origin'];
  if (!Array.isArray(origin) || origin.length !== 3 || !origin.every((v) => typeof v === 'number' && Number.isFinite(v))) {
    throw new MapFormatError(file, `'origin' must be [x, y, yaw] numbers, got ${JSON.stringify(origin)}`);
  }
  if (origin[2] !== 0) throw new MapFormatError(file, `origin yaw ${origin[2]} is not supported: only axis-aligned maps (yaw 0)`);
  if (Math.abs(origin[0]) > MAX_MAP_COORDINATE_M || Math.abs(origin[1]) > MAX_MAP_COORDINATE_M) {
    throw new MapFormatError(file, `'origin' x and y must be within ±${MAX_MAP_COORDINATE_M} m, got ${JSON.stringify(origin)}`);
  }
  const negateRaw = map['negate'] ?? 0;
  if (negateRaw !== 0 && negateRaw !== 1 && typeof negateRaw !== 'boolean') {
    throw new MapFormatError(file, `'negate' must be 0 or 1, got ${JSON.stringify(negateRaw)}`);
  }
  const occupiedThresh = threshold(map, 'occupied_thresh', 0.65, file);
  const freeThresh = threshold(map, 'free_thresh', 0.196, file);
  if (freeThresh > occupiedThresh) {
    throw new MapFormatError(file, `free_thresh ${freeThresh} must not exceed occupied_thresh ${occupiedThresh}`);
  }
  const mode = map['mode'] ?? 'trinary';
  if (mode !== 'trinary' && mode !== 'scale' && mode !== 'raw') {
    throw new MapFormatError(file, `'mode' must be trinary, scale or raw, got ${JSON.stringify(mode)}`);
  }
  return {
    image,
    resolution,
    origin: [origin[0], origin[1], origin[2]],
    negate: negateRaw === 1 || negateRaw === true,
    occupiedThresh,
    freeThresh,
    mode,
  };
}

function threshold(map: Record<string, unknown>, key: string, fallback: number, file: string): number {
  const value = map[key] ?? fallback;
  if (typeof value !== 'number' || !(value >= 0 && value <= 1)) {
    throw new MapFormatError(file, `'${key}' must be a number in [0, 1], got ${JSON.stringify(value)}`);
  }
  return value;
}

/** The image path a map YAML names, resolved against the YAML's folder. */
export function rosMapImagePath(meta: RosMapMetadata, yamlFile: string): string {
  return resolve(dirname(yamlFile), meta.image);
}

/**
 * A map from a YAML's text and its image. `readImage` decodes the image file (PGM or PNG); it
 * is passed in so this module does not depend on the format dispatcher that depends on it.
 */
export function readRosMap(yamlFile: string, yamlText: string, readImage: (imageFile: string) => GreyImage): Grid {
  const meta = parseRosMapYaml(yamlText, yamlFile);
  const imageFile = rosMapImagePath(meta, yamlFile);
  if (!existsSync(imageFile)) throw new MapNotFoundError(yamlFile, `image '${meta.image}' not found (looked for ${imageFile})`);
  const image = readImage(imageFile);
  const far = Math.max(Math.abs(meta.origin[0] + image.width * meta.resolution), Math.abs(meta.origin[1] + image.height * meta.resolution));
  if (!(far <= MAX_MAP_COORDINATE_M)) {
    throw new MapFormatError(
      yamlFile,
      `the map reaches ${far} m from 0 (origin [${meta.origin[0]}, ${meta.origin[1]}] + ${image.width} x ${image.height} pixels of ${meta.resolution} m), beyond the ±${MAX_MAP_COORDINATE_M} m a map may reach`,
    );
  }
  const classify = (shade: number, sample: number): CellValue => {
    let p: number;
    if (meta.mode === 'raw') {
      if (sample > 100) return Cell.Unknown;
      p = sample / 100;
    } else {
      p = meta.negate ? shade : 1 - shade;
    }
    if (p > meta.occupiedThresh) return Cell.Generic;
    if (p < meta.freeThresh) return Cell.Free;
    return Cell.Unknown;
  };
  return gridFromGreyImage(image, classify, {
    cellSizeM: meta.resolution,
    originM: { x: meta.origin[0], y: meta.origin[1] },
  });
}

/** YAML text for a map whose image is `imageFile` (a name beside the YAML). */
export function formatRosMapYaml(grid: Grid, imageFile: string): string {
  return [
    `image: ${basename(imageFile)}`,
    `resolution: ${grid.cellSizeM}`,
    `origin: [${grid.originM.x}, ${grid.originM.y}, 0]`,
    'negate: 0',
    'occupied_thresh: 0.65',
    'free_thresh: 0.196',
    'mode: trinary',
    '',
  ].join('\n');
}
