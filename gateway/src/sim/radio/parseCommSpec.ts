import { SwarmgateError } from '../../errors.js';
import type { RadioModel, RadioModelPlugin } from './RadioModel.js';
import { RADIO_MODELS } from './radioModels.js';

/**
 * Parses a --comm spec `kind[:argument]` with the registered model named `kind` (the
 * registry is a parameter so a test can pass its own). Any bad input throws SwarmgateError
 * SG_COMM_SPEC naming what was wrong and the registered spellings; nothing else is thrown.
 */
export function parseCommSpec(spec: string, models: readonly RadioModelPlugin[] = RADIO_MODELS): RadioModel {
  const colon = spec.indexOf(':');
  const kind = (colon < 0 ? spec : spec.slice(0, colon)).trim().toLowerCase();
  const arg = colon < 0 ? undefined : spec.slice(colon + 1).trim();
  const fail = (reason: string): never => {
    const spellings = models.flatMap((m) => m.specs).join(' | ');
    throw new SwarmgateError('SG_COMM_SPEC', `--comm '${spec}': ${reason}; expected ${spellings} (R in metres)`);
  };
  const plugin = models.find((m) => m.name === kind);
  if (plugin === undefined) return fail(`unknown radio model '${kind}' (registered: ${models.map((m) => m.name).join(', ')})`);
  if (plugin.parse === null) return fail(`the '${kind}' model is built in code, not selected by --comm`);
  return { ...plugin.parse(arg, fail), commSpec: spec };
}
