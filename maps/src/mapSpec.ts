/**
 * Map spec strings, the one way a map is named on the command line and in experiment files:
 *   cave:75x75:seed=3          a generator, a size, parameters (seed is one of them)
 *   building:100x100:seed=7,door=2
 *   maze                       a generator with its default size and seed 0
 *   doorway                    a bundled map
 *   maps/data/yan2017/loop.yaml   a file (anything with a path separator or a map extension)
 */
import type { Grid } from './Grid.js';
import { MapSpecError } from './errors.js';
import { BUNDLED_MAPS, bundledMap, findBundledMap } from './bundledMaps.js';
import { findGenerator, generateMap, type GeneratorSpec, mapGenerators } from './generators/mapGenerators.js';
import { loadMapFile, mapFileFormat } from './io/mapFiles.js';
import type { MapLoadOptions } from './io/greyImage.js';

export type MapSpec =
  ({ readonly kind: 'generator' } & GeneratorSpec) | { readonly kind: 'bundled'; readonly name: string } | { readonly kind: 'file'; readonly path: string };

export function looksLikeMapFile(text: string): boolean {
  return text.includes('/') || text.includes('\\') || mapFileFormat(text) !== null;
}

export function parseMapSpec(text: string): MapSpec {
  const spec = text.trim();
  if (spec === '') throw new MapSpecError('empty map spec (expected e.g. cave:75x75:seed=3, doorway, or a map file)');
  if (looksLikeMapFile(spec)) return { kind: 'file', path: spec };
  const [name = '', ...parts] = spec.split(':');
  const generator = findGenerator(name);
  if (!generator) {
    if (parts.length === 0 && findBundledMap(name)) return { kind: 'bundled', name };
    throw new MapSpecError(
      `unknown map '${spec}': not a generator (${mapGenerators.map((g) => g.name).join(', ')}), ` +
        `a bundled map (${BUNDLED_MAPS.map((m) => m.name).join(', ')}) or a .pgm/.png/.yaml file`,
    );
  }
  let width = generator.defaultWidth;
  let height = generator.defaultHeight;
  let seed = 0;
  let sawSize = false;
  const params: Record<string, number> = {};
  for (const part of parts) {
    const size = /^(\d+)x(\d+)$/.exec(part);
    if (size && !sawSize) {
      width = Number(size[1]);
      height = Number(size[2]);
      sawSize = true;
      continue;
    }
    if (!part.includes('=')) {
      throw new MapSpecError(`${spec}: '${part}' is neither a size (WxH, once) nor key=value parameters`);
    }
    for (const pair of part.split(',')) {
      const match = /^([A-Za-z][A-Za-z0-9]*)=(-?\d+)$/.exec(pair);
      if (!match) throw new MapSpecError(`${spec}: '${pair}' is not key=integer`);
      const key = match[1] as string;
      const value = Number(match[2]);
      if (key in params || (key === 'seed' && seed !== 0)) throw new MapSpecError(`${spec}: '${key}' given twice`);
      if (key === 'seed') seed = value;
      else params[key] = value;
    }
  }
  return { kind: 'generator', generator: generator.name, width, height, seed, params };
}

/**
 * A grid from a spec string or parsed spec: generated, bundled, or loaded from a file (within
 * `options.maxCells`).
 */
export function loadMap(spec: string | MapSpec, options: MapLoadOptions = {}): Grid {
  const parsed = typeof spec === 'string' ? parseMapSpec(spec) : spec;
  switch (parsed.kind) {
    case 'generator':
      return generateMap(parsed);
    case 'bundled':
      return bundledMap(parsed.name);
    case 'file':
      return loadMapFile(parsed.path, options);
  }
}
