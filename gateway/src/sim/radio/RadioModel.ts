import type { ParamSpec } from '@swarmgate/maps';
import type { TraceLimits, WallCrossing } from './traceWalls.js';

/**
 * A link function: can a receiver at distanceM hear a sender, given what the straight
 * segment between them crosses? Models are pure and symmetric (A hears B iff B hears A),
 * so the can-hear graph is undirected.
 */
export interface RadioModel {
  /** Canonical --comm spec of this model, e.g. "range:20" (written with every result). */
  readonly spec: string;
  /**
   * The --comm spec this model was parsed from (parseCommSpec sets it; a model built in code has
   * none, its spec may not say every option): a worker thread parses it to get the same model.
   */
  readonly commSpec?: string;
  /** Pairs farther apart never link (Infinity: unbounded). Lets callers prefilter spatially. */
  readonly maxRangeM: number;
  /** False when canHear ignores walls: then no trace is made and `walls` is all zero. */
  readonly usesWalls: boolean;
  /**
   * Sets the trace limits for a pair at distanceM (called before each trace) and returns
   * them, or returns undefined to trace the whole segment. A trace that stops at a limit
   * (walls.truncated) means the link fails; canHear is then not called.
   */
  traceLimits(distanceM: number): TraceLimits | undefined;
  canHear(distanceM: number, walls: WallCrossing): boolean;
}

/** Rejects a --comm argument; the parser adds the spec and the registered spellings. */
export type CommSpecFail = (reason: string) => never;

/**
 * A radio model plug-in: one file per model exports one, and `RADIO_MODELS` lists it.
 * `parseCommSpec` selects the entry whose name is the spec's kind (the text before `:`).
 */
export interface RadioModelPlugin {
  /** The --comm kind, lower case. */
  readonly name: string;
  /** --comm spellings that select this model (none: built in code only). */
  readonly specs: readonly string[];
  readonly doc: string;
  readonly params: readonly ParamSpec[];
  /**
   * Builds the model from the text after the colon (undefined: no colon). Bad arguments go to
   * `fail`; null for a model that is built in code only (not selectable by --comm).
   */
  readonly parse: ((arg: string | undefined, fail: CommSpecFail) => RadioModel) | null;
}
