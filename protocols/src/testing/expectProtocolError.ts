import { expect } from 'vitest';
import { errorCode, ProtocolError, type ErrorCode } from '../errors.js';

/** Asserts that run() throws a ProtocolError with this code and a message matching the pattern. */
export function expectProtocolError(run: () => unknown, code: ErrorCode, message: RegExp): void {
  let thrown: unknown;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(ProtocolError);
  expect(errorCode(thrown)).toBe(code);
  expect((thrown as Error).message).toMatch(message);
}
