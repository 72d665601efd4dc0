/**
 * `--controller <file>[:param=value,...]`: a user's controller module, loaded into the same
 * AlgorithmInfo shape as a registered algorithm so a Trial runs it exactly like one. The module's
 * default export is the factory `(context: AlgorithmContext) => Controller`; an optional named
 * export `parameters` (RangedParamSpec[]) declares its parameters, checked like a built-in's.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { RangedParamSpec } from '@swarmgate/maps';
import { parseAlgorithmSpec, resolveAlgorithmParams, type AlgorithmContext, type AlgorithmInfo, type Controller } from '@swarmgate/sdk';
import { controllerThrew } from '../sim/controllerThrew.js';
import { CliUsageError } from './Command.js';
import { asUsage } from './trialFlags.js';

export interface LoadedController {
  /** The spec as given (`./wf.ts:speedMps=0.5`), recorded as the trial's algorithm. */
  readonly spec: string;
  readonly info: AlgorithmInfo;
}

/** Loads and checks a --controller module; every fault is a CliUsageError naming the file. */
export async function loadControllerModule(spec: string): Promise<LoadedController> {
  const { name: file, params } = asUsage('controller', () => parseAlgorithmSpec(spec));
  const path = resolve(file);
  if (!existsSync(path)) throw new CliUsageError(`--controller: no file '${file}' (looked at ${path})`);
  let module: { default?: unknown; parameters?: unknown };
  try {
    module = (await import(pathToFileURL(path).href)) as typeof module;
  } catch (error) {
    throw new CliUsageError(`--controller: cannot load '${file}': ${loadFailure(error)}`);
  }
  const factory = module.default;
  if (factory === undefined) throw new CliUsageError(`--controller: '${file}' has no default export (export default a function (context) => Controller)`);
  if (typeof factory !== 'function')
    throw new CliUsageError(`--controller: the default export of '${file}' is ${describe(factory)}, not a function (context) => Controller`);
  const parameters = module.parameters ?? [];
  if (!Array.isArray(parameters)) throw new CliUsageError(`--controller: the 'parameters' export of '${file}' is not an array of parameter specs`);
  const info: AlgorithmInfo = {
    name: file,
    summary: `controller module ${file}`,
    parameters: parameters as RangedParamSpec[],
    create(context: AlgorithmContext): Controller {
      let controller: unknown;
      try {
        controller = (factory as (c: AlgorithmContext) => unknown)(context);
      } catch (error) {
        throw controllerThrew(context.robotId, `in its factory (the default export of '${file}')`, error);
      }
      if (typeof (controller as { tick?: unknown } | null)?.tick !== 'function') {
        throw new CliUsageError(`--controller: the default export of '${file}' returned ${describe(controller)}, not a controller with a tick(robot) method`);
      }
      return controller as Controller;
    },
  };
  asUsage('controller', () => resolveAlgorithmParams(info, params));
  return { spec, info };
}

/** The loader's message (without CommonJS's require stack); for an unresolved @swarmgate package, how to make it resolve. */
function loadFailure(error: unknown): string {
  const message = (error as Error).message.split('\nRequire stack:')[0];
  const code = (error as { code?: unknown }).code;
  if ((code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') || !/'@swarmgate\//.test(message)) return message;
  const nodeModules = fileURLToPath(new URL('../../../node_modules', import.meta.url));
  return (
    `${message}\n  a value imported from a @swarmgate package must resolve from your file: import only types ` +
    `(import type), or link this clone's packages beside it: ln -s ${nodeModules} <your folder>/node_modules`
  );
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
