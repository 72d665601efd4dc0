/**
 * The explicit registry of map generators, with their metadata, so `swarmgate list generators`
 * and `swarmgate map generate --help` print what exists. No generator registers itself.
 */
import type { Grid } from '../Grid.js';
import { MapSpecError } from '../errors.js';
import { Random } from '@swarmgate/protocols';
import { BUILDING_PARAMETERS, generateBuilding } from './buildingGenerator.js';
import { CAVE_PARAMETERS, generateCave } from './caveGenerator.js';
import type { RangedParamSpec } from '../ParamSpec.js';
import { type ParameterValues, resolveParameters } from './params.js';
import { generateYanTerrain, YAN_PARAMETERS, type YanTerrain } from './yanTerrains.js';

export interface MapGenerator {
  readonly name: string;
  readonly doc: string;
  /** Size used when a spec gives none (cells; 1 cell = 1 m). */
  readonly defaultWidth: number;
  readonly defaultHeight: number;
  readonly parameters: readonly RangedParamSpec[];
  /** Deterministic: the same size, seed and values give the same grid on every machine. */
  generate(width: number, height: number, rng: Random, values: ParameterValues): Grid;
}

const yan = (terrain: YanTerrain, doc: string): MapGenerator => ({
  name: terrain,
  doc: `${doc} (Yan et al. 2017 benchmark terrain, 80 m x 80 m, 8 m roads)`,
  defaultWidth: 80,
  defaultHeight: 80,
  parameters: YAN_PARAMETERS,
  generate: (width, height, rng, values) => generateYanTerrain(terrain, width, height, rng, values),
});

export const mapGenerators: readonly MapGenerator[] = [
  {
    name: 'cave',
    doc: 'Organic caves: random fill, Moore smoothing, narrow corridors walled off, small regions removed, rooms joined by passages (MAES cave defaults)',
    defaultWidth: 75,
    defaultHeight: 75,
    parameters: CAVE_PARAMETERS,
    generate: generateCave,
  },
  {
    name: 'building',
    doc: 'Office floors: halls, blocks split recursively into rooms, walls of a thickness, doors with padding (MAES building defaults)',
    defaultWidth: 100,
    defaultHeight: 100,
    parameters: BUILDING_PARAMETERS,
    generate: generateBuilding,
  },
  yan('loop', 'A ring road around a solid block'),
  yan('cross', 'A ring road with two crossing roads through the middle'),
  yan('zigzag', 'One serpentine road through parallel lanes'),
  yan('maze', 'A perfect maze of road-wide corridors, different per seed'),
];

export function findGenerator(name: string): MapGenerator | undefined {
  return mapGenerators.find((g) => g.name === name);
}

/** What a generated map is made from; also what a spec string parses to. */
export interface GeneratorSpec {
  readonly generator: string;
  readonly width: number;
  readonly height: number;
  readonly seed: number;
  readonly params: ParameterValues;
}

/** Largest side and area accepted, to keep a typo from allocating gigabytes (a cave needs ~20 bytes per cell). */
export const MAX_MAP_SIDE_CELLS = 20_000;
export const MAX_MAP_CELLS = 25_000_000;

export function generateMap(spec: GeneratorSpec): Grid {
  const generator = findGenerator(spec.generator);
  if (!generator) {
    throw new MapSpecError(`unknown generator '${spec.generator}' (generators: ${mapGenerators.map((g) => g.name).join(', ')})`);
  }
  for (const [name, side] of [
    ['width', spec.width],
    ['height', spec.height],
  ] as const) {
    if (!Number.isInteger(side) || side < 3 || side > MAX_MAP_SIDE_CELLS) {
      throw new MapSpecError(`${spec.generator}: ${name} must be an integer in [3, ${MAX_MAP_SIDE_CELLS}] cells, got ${side}`);
    }
  }
  if (spec.width * spec.height > MAX_MAP_CELLS) {
    throw new MapSpecError(`${spec.generator}: ${spec.width} x ${spec.height} is more than ${MAX_MAP_CELLS} cells`);
  }
  if (!Number.isSafeInteger(spec.seed)) {
    throw new MapSpecError(`${spec.generator}: seed must be an integer, got ${spec.seed}`);
  }
  const values = resolveParameters(generator.name, generator.parameters, spec.params);
  const rng = Random.fromSeed(spec.seed).fork(`map:${generator.name}`);
  return generator.generate(spec.width, spec.height, rng, values);
}
