/**
 * How `serve` builds a trial from a request (POST /api/trial): the body's options are
 * `serve`'s trial flags without the dashes, checked by the same parser as the command line
 * (parseTrialFlags, loadGrid), so a request and a command line cannot be checked differently.
 * Over HTTP a request names no file on this machine: a map is bundled, generated or uploaded
 * (`upload:NAME`, POST /api/maps), and a controller module only the one serve was started with
 * (a module path would be code this machine runs). A generated map is held to serve's cell budget
 * (`--max-cells`), as an uploaded one is: a generator alone takes up to 25,000,000 cells, which as a
 * trial is gigabytes and a minute's stall of the event loop (ticks, broker, every client).
 */
import { parseMapSpec, type Grid, type MapSpec } from '@swarmgate/maps';
import type { AlgorithmInfo } from '@swarmgate/sdk';
import type { Fleet } from '../hil/FleetFile.js';
import { TrialRequestError, type LiveTrialConfig, type TrialFactory, type TrialRequest } from '../trial/TrialSlot.js';
import { MapThread } from '../web/mapThread.js';
import { UPLOADED_MAP_PREFIX, uploadedMapFile } from '../web/mapsApi.js';
import { CliUsageError } from './Command.js';
import { fleetVirtualIdProblem } from './fleetTrialWarnings.js';
import { TRIAL_FLAG_OPTIONS, asUsage, loadGrid, loadGridOffThread, parseTrialFlags, type TrialFlags } from './trialFlags.js';

export interface RequestTrialFactoryOptions {
  /** Where uploaded maps are (the maps API's folder). */
  readonly mapsFolder: string;
  /** serve's `--max-cells`: the most cells a requested map may have; a request cannot raise it. */
  readonly maxCells: number;
  /** The controller module serve was started with (`--controller`), or null. */
  readonly controller: { readonly spec: string; readonly info: AlgorithmInfo } | null;
  readonly fleet: Fleet | null;
  /** The checked flags, the loaded grid and the controller -> the trial, as serve builds its first one. */
  readonly build: (flags: TrialFlags, grid: Grid, controller: AlgorithmInfo | undefined) => LiveTrialConfig;
}

/** The options a request may give: every shared trial flag (`swarmgate serve --help`). */
export const REQUEST_OPTIONS: readonly string[] = Object.keys(TRIAL_FLAG_OPTIONS);

export function requestTrialFactory(options: RequestTrialFactoryOptions): TrialFactory {
  const mapThread = new MapThread();
  return {
    options: REQUEST_OPTIONS,
    async build(request) {
      try {
        const flags = requestFlags(request, options);
        const collision = fleetVirtualIdProblem(options.fleet, flags.robots);
        if (collision) throw new CliUsageError(`--robots: ${collision}`);
        // A large map takes a second or two to load: on the map thread, while the broker, the
        // running trial and the other clients go on (building the trial from it is the caller's).
        const grid = loadsQuickly(flags.mapSpec) ? loadGrid(flags) : await loadGridOffThread(flags, mapThread);
        return options.build(flags, grid, flags.controller === undefined ? undefined : options.controller?.info);
      } catch (error) {
        // A usage error ends with the command's help after a blank line: a request gets the first part.
        if (error instanceof CliUsageError) throw new TrialRequestError(error.message.split('\n\n', 1)[0]);
        throw error;
      }
    },
  };
}

/**
 * Cells up to which a generated map is loaded on this thread: about 0.15 s of work, less than the
 * map thread's start (0.5 s and more) would add to the request.
 */
const LOAD_HERE_MAX_CELLS = 250_000;

/** A bundled map (all small) or a small generated one; a file (an upload) goes to the map thread whatever its size. */
function loadsQuickly(spec: string): boolean {
  let parsed: MapSpec;
  try {
    parsed = parseMapSpec(spec);
  } catch {
    return true; // loadGrid names what is wrong with it
  }
  return parsed.kind === 'bundled' || (parsed.kind === 'generator' && parsed.width * parsed.height <= LOAD_HERE_MAX_CELLS);
}

function requestFlags(request: TrialRequest, options: RequestTrialFactoryOptions): TrialFlags {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(request)) {
    if (!Object.hasOwn(TRIAL_FLAG_OPTIONS, name)) throw new CliUsageError(`unknown option '${name}' (options: ${REQUEST_OPTIONS.join(', ')})`);
    values[name] = String(value);
  }
  const map = values.map;
  if (map?.startsWith(UPLOADED_MAP_PREFIX)) {
    const file = uploadedMapFile(options.mapsFolder, map.slice(UPLOADED_MAP_PREFIX.length));
    if (file === null) throw new CliUsageError(`--map: no uploaded map '${map}' (GET /api/maps lists them)`);
    values.map = file;
  } else if (map !== undefined) {
    const spec = asUsage('map', () => parseMapSpec(map));
    if (spec.kind === 'file') {
      throw new CliUsageError(`--map: '${map}' is a file path; over HTTP a map is bundled, a generator spec, or uploaded (POST /api/maps, then upload:NAME)`);
    }
    if (spec.kind === 'generator' && spec.width * spec.height > options.maxCells) {
      const size = `${spec.width} x ${spec.height} = ${spec.width * spec.height} cells`;
      throw new CliUsageError(`--map: ${map} is ${size}, over this gateway's budget of ${options.maxCells} cells (serve --max-cells)`);
    }
  }
  const started = options.controller?.spec;
  if (values.controller !== undefined && values.controller !== started) {
    throw new CliUsageError(
      `--controller: over HTTP only the controller serve was started with (${started ?? 'none'}) may be named; a module path is code this machine would run`,
    );
  }
  // Unsaid, a request's budget is serve's, not the flag's default.
  values['max-cells'] ??= String(options.maxCells);
  const flags = parseTrialFlags(values, '', { min: 0, max: 10_000 });
  if (flags.maxCells > options.maxCells) {
    throw new CliUsageError(`--max-cells: over HTTP at most this gateway's budget of ${options.maxCells} cells (serve --max-cells), got ${flags.maxCells}`);
  }
  return flags;
}
