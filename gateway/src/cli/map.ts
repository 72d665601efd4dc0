/**
 * `swarmgate map`: generate, render and inspect maps.
 *   swarmgate map generate <generator> --width W --height H --seed S -o out.(pgm|png|yaml)
 *   swarmgate map render <map> -o out.png
 *   swarmgate map info <map> [--json] [--max-cells N]
 * Bad usage (flags, generator names, parameters) exits 2; a map file that cannot be read exits 1
 * with one line naming the file and the problem.
 */
import {
  connectedComponents,
  countCells,
  generateMap,
  gridHash,
  loadMap,
  MapSpecError,
  mapFileFormat,
  mapGenerators,
  MAX_MAP_SIDE_CELLS,
  renderPng,
  saveMapFile,
  SwarmgateError,
  type Grid,
} from '@swarmgate/maps';
import { writeFileSync } from 'node:fs';
import { numberFlag, parseCommandArgs } from './args.js';
import { CliUsageError, type CommandRun } from './Command.js';
import { MAX_CELLS_HELP, maxCellsFlag } from './trialFlags.js';

function generatorHelp(): string {
  return mapGenerators
    .map((g) => {
      const params = g.parameters.map((p) => `        ${p.name}=${p.default} (${p.unit}, ${p.min}-${p.max}): ${p.doc}`);
      return [`    ${g.name} (default ${g.defaultWidth}x${g.defaultHeight}): ${g.doc}`, ...params].join('\n');
    })
    .join('\n');
}

const HELP = `Usage:
  swarmgate map generate <generator> [--width W] [--height H] [--seed S] [--param K=V ...] -o OUT
      Generate a map and write it as OUT.pgm (binary PGM), OUT.png (grey image) or OUT.yaml
      (ROS map_server YAML plus OUT.pgm beside it). Sizes are in cells (1 cell = 1 m);
      --seed defaults to 0; --param sets a generator parameter and may be repeated.
  swarmgate map render <map> -o OUT.png [--scale N] [--max-cells N]
      Draw a map: free white, unknown grey, walls black tinted by material (concrete blue-grey,
      wood brown, brick red). --scale is pixels per cell (default: about 400 px across).
  swarmgate map info <map> [--json] [--max-cells N]
      Print width, height, cellSizeM, freeCells, wallCells, unknownCells, components (4-connected
      free regions) and the content hash.

  <map> is a file (.pgm P2/P5, .png, ROS .yaml), a bundled map name (e.g. doorway) or a
  generator spec (e.g. cave:75x75:seed=3, building:100x100:seed=7,door=2).
${MAX_CELLS_HELP}

Generators and their parameters (name=default):
${generatorHelp()}`;

/** Loads a map for render/info: a bad spec is a usage error (2), a bad file a failure (1). */
function readMap(spec: string | undefined, values: Values): Grid {
  if (spec === undefined) throw new CliUsageError(`missing <map> argument\n\n${HELP}`);
  const maxCells = maxCellsFlag(values['max-cells']);
  try {
    return loadMap(spec, { maxCells });
  } catch (error) {
    if (error instanceof MapSpecError) throw new CliUsageError(error.message);
    throw error;
  }
}

function parseParams(raw: readonly string[]): Record<string, number> {
  const params: Record<string, number> = {};
  for (const pair of raw) {
    const match = /^([A-Za-z][A-Za-z0-9]*)=(-?\d+)$/.exec(pair);
    if (!match) throw new CliUsageError(`--param must be KEY=INTEGER, got '${pair}'`);
    params[match[1] as string] = Number(match[2]);
  }
  return params;
}

function generate(positionals: string[], values: Values): number {
  const [name, ...extra] = positionals;
  if (extra.length > 0) throw new CliUsageError(`unexpected argument '${extra[0]}'`);
  const generator = mapGenerators.find((g) => g.name === name);
  if (!generator) {
    const known = mapGenerators.map((g) => g.name).join(', ');
    throw new CliUsageError(name === undefined ? `missing <generator> (one of ${known})` : `unknown generator '${name}' (one of ${known})`);
  }
  const out = values.out;
  if (!out) throw new CliUsageError('-o OUT is required (OUT.pgm, OUT.png or OUT.yaml)');
  if (mapFileFormat(out) === null) throw new CliUsageError(`-o must end in .pgm, .png or .yaml, got '${out}'`);
  const side = { min: 3, max: MAX_MAP_SIDE_CELLS, integer: true };
  const spec = {
    generator: generator.name,
    width: numberFlag('width', values.width, generator.defaultWidth, side),
    height: numberFlag('height', values.height, generator.defaultHeight, side),
    seed: numberFlag('seed', values.seed, 0, { integer: true, min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
    params: parseParams(values.param ?? []),
  };
  let grid: Grid;
  try {
    grid = generateMap(spec);
  } catch (error) {
    if (error instanceof MapSpecError) throw new CliUsageError(error.message);
    throw error;
  }
  for (const file of saveMapFile(grid, out)) process.stdout.write(`wrote ${file}\n`);
  return 0;
}

function render(positionals: string[], values: Values): number {
  const [spec, ...extra] = positionals;
  if (extra.length > 0) throw new CliUsageError(`unexpected argument '${extra[0]}'`);
  const out = values.out;
  if (!out) throw new CliUsageError('-o OUT.png is required');
  if (!out.toLowerCase().endsWith('.png')) throw new CliUsageError(`-o must end in .png, got '${out}'`);
  const scale = values.scale === undefined ? undefined : numberFlag('scale', values.scale, 1, { min: 1, max: 64, integer: true });
  const grid = readMap(spec, values);
  writeFileSync(out, renderPng(grid, scale === undefined ? {} : { scale }));
  process.stdout.write(`wrote ${out}\n`);
  return 0;
}

function info(positionals: string[], values: Values): number {
  const [spec, ...extra] = positionals;
  if (extra.length > 0) throw new CliUsageError(`unexpected argument '${extra[0]}'`);
  const grid = readMap(spec, values);
  const counts = countCells(grid);
  const summary = {
    width: grid.width,
    height: grid.height,
    cellSizeM: grid.cellSizeM,
    originM: grid.originM,
    freeCells: counts.free,
    wallCells: counts.wall,
    unknownCells: counts.unknown,
    components: connectedComponents(grid).sizes.length,
    hash: gridHash(grid),
  };
  if (values.json) {
    process.stdout.write(JSON.stringify(summary) + '\n');
    return 0;
  }
  const lines = [
    `width        ${summary.width} cells`,
    `height       ${summary.height} cells`,
    `cellSizeM    ${summary.cellSizeM} m`,
    `originM      ${summary.originM.x}, ${summary.originM.y}`,
    `freeCells    ${summary.freeCells}`,
    `wallCells    ${summary.wallCells}`,
    `unknownCells ${summary.unknownCells}`,
    `components   ${summary.components}`,
    `hash         ${summary.hash}`,
  ];
  process.stdout.write(lines.join('\n') + '\n');
  return 0;
}

const OPTIONS = {
  width: { type: 'string' },
  height: { type: 'string' },
  seed: { type: 'string' },
  param: { type: 'string', multiple: true },
  out: { type: 'string', short: 'o' },
  scale: { type: 'string' },
  json: { type: 'boolean' },
  'max-cells': { type: 'string' },
} as const;

interface Values {
  width?: string;
  height?: string;
  seed?: string;
  param?: string[];
  out?: string;
  scale?: string;
  json?: boolean;
  'max-cells'?: string;
}

/** Flags that only make sense for some actions: naming the flag beats ignoring it. */
const ACTION_FLAGS: Readonly<Record<string, readonly (keyof Values)[]>> = {
  generate: ['width', 'height', 'seed', 'param', 'out'],
  render: ['out', 'scale', 'max-cells'],
  info: ['json', 'max-cells'],
};

async function run(argv: string[]): Promise<number> {
  const parsed = parseCommandArgs(argv, OPTIONS, HELP);
  if (!parsed) return 0;
  const [action, ...rest] = parsed.positionals;
  const values = parsed.values as Values;
  const allowed = action === undefined ? undefined : ACTION_FLAGS[action];
  if (!allowed) {
    throw new CliUsageError(`${action === undefined ? 'missing action' : `unknown action '${action}'`} (generate, render or info)\n\n${HELP}`);
  }
  for (const flag of Object.keys(values) as (keyof Values)[]) {
    if (!allowed.includes(flag)) throw new CliUsageError(`--${flag} does not apply to 'map ${action}'`);
  }
  try {
    if (action === 'generate') return generate(rest, values);
    if (action === 'render') return render(rest, values);
    return info(rest, values);
  } catch (error) {
    if (error instanceof SwarmgateError) {
      process.stderr.write(`swarmgate map: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

export const mapCommand: CommandRun = run;
