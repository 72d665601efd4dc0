/**
 * Coded errors of @swarmgate/maps. Every code is documented in ERROR_CODES (a test checks
 * that each code thrown in this package appears there).
 */
import { SwarmgateError as BaseSwarmgateError } from '@swarmgate/protocols';

export const ERROR_CODES = {
  SG_MAP_FORMAT: 'A map file is not a valid PGM, PNG or ROS map YAML; the message names the file and the problem.',
  SG_MAP_SPEC: 'A map spec string (e.g. "cave:75x75:seed=3") or generator parameter is invalid.',
  SG_MAP_NOT_FOUND: 'A map file, or the image a ROS map YAML names, does not exist; the message names the path.',
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

/** This package's coded errors: the one base of @swarmgate/protocols, narrowed to its codes. */
export class SwarmgateError extends BaseSwarmgateError<ErrorCode> {}

/** A file that cannot be read as a map. `file` is the path (or a label for in-memory data). */
export class MapFormatError extends SwarmgateError {
  override readonly name = 'MapFormatError';
  constructor(
    readonly file: string,
    readonly problem: string,
    options?: { cause?: unknown },
  ) {
    super('SG_MAP_FORMAT', `${file}: ${problem}`, options);
  }
}

/** A map file (or the image its YAML names) that does not exist. */
export class MapNotFoundError extends SwarmgateError {
  override readonly name = 'MapNotFoundError';
  constructor(
    readonly file: string,
    problem: string,
    options?: { cause?: unknown },
  ) {
    super('SG_MAP_NOT_FOUND', `${file}: ${problem}`, options);
  }
}

/** A bad map spec or generator parameter. */
export class MapSpecError extends SwarmgateError {
  override readonly name = 'MapSpecError';
  constructor(message: string) {
    super('SG_MAP_SPEC', message);
  }
}
