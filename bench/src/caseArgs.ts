/**
 * Command-line arguments shared by the one-scenario entry points (engineCase, allocProfile,
 * physicsShareCase): a bad argument ends the process with a message naming it, never a run with
 * NaN ticks (which never finishes) or an unknown scenario.
 */
import { SCENARIOS, type Scenario } from './engineScenarios.js';

function fail(tool: string, message: string): never {
  process.stderr.write(`${tool}: ${message}\n`);
  process.exit(2);
}

/** The scenario named `name`, or exit listing the known ones. */
export function scenarioArg(tool: string, name: string | undefined): Scenario {
  const scenario = SCENARIOS.find((s) => s.name === name);
  if (!scenario) fail(tool, `unknown scenario '${name ?? ''}'; known: ${SCENARIOS.map((s) => s.name).join(', ')}`);
  return scenario;
}

/** `text` as an integer >= 1 (`fallback` when absent), or exit naming `what`. */
export function countArg(tool: string, what: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!(text.trim() !== '' && Number.isInteger(value) && value >= 1)) fail(tool, `${what} must be an integer >= 1, got '${text}'`);
  return value;
}
