import { WALL_CELL_SLOTS, type TraceLimits, type WallCrossing } from './traceWalls.js';

/**
 * A link function: can a receiver at distanceM hear a sender, given what the straight
 * segment between them crosses? Models are pure and symmetric (A hears B iff B hears A),
 * so the can-hear graph is undirected.
 */
export interface RadioModel {
  /** Canonical --comm spec of this model, e.g. "range:20" (written with every result). */
  readonly spec: string;
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

/** Every pair links (MAES's default delegate). */
export function globalModel(): RadioModel {
  return {
    spec: 'global',
    maxRangeM: Infinity,
    usesWalls: false,
    traceLimits: () => undefined,
    canHear: () => true,
  };
}

/** Links within rangeM metres, walls ignored (MRESim StaticCircle, MAES broadcast_range). */
export function rangeModel(rangeM: number): RadioModel {
  return {
    spec: `range:${rangeM}`,
    maxRangeM: rangeM,
    usesWalls: false,
    traceLimits: () => undefined,
    canHear: (distanceM) => distanceM <= rangeM,
  };
}

/**
 * Line of sight: no wall cell on the segment (MRESim DirectLine, MAES blocked-by-walls),
 * optionally also within rangeM.
 */
export function losModel(rangeM = Infinity): RadioModel {
  // Any positive length of wall exceeds a budget of 0: the trace stops at the first wall.
  const limits: TraceLimits = { weightPerM: new Float64Array(WALL_CELL_SLOTS).fill(1), maxWeighted: 0, maxRuns: 0 };
  return {
    spec: Number.isFinite(rangeM) ? `los:${rangeM}` : 'los',
    maxRangeM: rangeM,
    usesWalls: true,
    traceLimits: () => limits,
    canHear: (distanceM, walls) => distanceM <= rangeM && walls.wallM === 0,
  };
}

/** A user link function of distance, metres through walls and wall runs crossed. */
export type LinkFunction = (distanceM: number, wallM: number, wallRuns: number) => boolean;

export function userModel(link: LinkFunction, options: { name?: string; maxRangeM?: number } = {}): RadioModel {
  return {
    spec: `user:${options.name ?? 'function'}`,
    maxRangeM: options.maxRangeM ?? Infinity,
    usesWalls: true,
    traceLimits: () => undefined,
    canHear: (distanceM, walls) => link(distanceM, walls.wallM, walls.wallRuns),
  };
}
