import { fileURLToPath } from 'node:url';
import { SwarmgateError } from '../errors.js';

/**
 * The source folders of the gateway and the packages a Robot call runs in: stack frames there say
 * where the engine called or refused a call, not where in the controller it failed.
 */
const ENGINE_SOURCES = [
  new URL('..', import.meta.url).href,
  ...['@swarmgate/sdk', '@swarmgate/protocols'].map((name) => new URL('.', import.meta.resolve(name)).href),
].map((url) => fileURLToPath(url));
/** Frames kept from a controller's stack: enough to find the line, few enough to read. */
const FRAMES = 3;

/**
 * SG_CONTROLLER_THREW: robot `id`'s controller (or its factory) threw `when` (`at tick 12`,
 * `in its factory`). The message gives the exception's own and the controller's frames of its
 * stack; the exception is kept as the cause.
 */
export function controllerThrew(id: string, when: string, error: unknown): SwarmgateError {
  const message = error instanceof Error ? error.message : String(error);
  return new SwarmgateError('SG_CONTROLLER_THREW', [`robot ${id}'s controller threw ${when}: ${message}`, ...controllerFrames(error)].join('\n'), {
    cause: error,
  });
}

/**
 * The stack frames of the controller's own code: past the engine's frames the exception was
 * thrown in (a Robot call refused), up to the engine's frame that called the controller.
 */
function controllerFrames(error: unknown): string[] {
  if (!(error instanceof Error)) return [];
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const inEngine = (line: string): boolean => ENGINE_SOURCES.some((folder) => line.includes(folder));
  const first = frames.findIndex((line) => !inEngine(line));
  // Thrown in the engine's own code alone (a registered algorithm's bug): its first frames.
  if (first < 0) return frames.slice(0, FRAMES);
  const end = frames.findIndex((line, k) => k > first && inEngine(line));
  return frames.slice(first, end < 0 ? frames.length : end).slice(0, FRAMES);
}
