/**
 * Coded errors of @swarmgate/firmware-sim. Every code is documented in ERROR_CODES
 * (a test checks it), so a log line's code can be looked up. Link faults (a port that will
 * not open, a broker that refuses) are not errors here: they are logged and retried with
 * backoff, as firmware would; bad payloads are answered with a wire Error.
 */
import { SwarmgateError as BaseSwarmgateError } from '@swarmgate/protocols';

export const ERROR_CODES = {
  SG_ARENA_INVALID: 'The arena JSON is unreadable or not of the documented shape (walls, size, numbers).',
  SG_MODEL_CONFIG: 'A robot model or link parameter is out of range (dimensions, step, noise, battery, start pose, fault rates).',
  SG_HARNESS: 'A test harness helper (mosquitto, socat) failed to start or stop.',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** This package's coded errors: the one base of @swarmgate/protocols, narrowed to its codes. */
export class SwarmgateError extends BaseSwarmgateError<ErrorCode> {}
