/**
 * The one base of every coded error in the tree. Each package declares its own codes in its
 * `errors.ts` (with the sentence a user reads, and a test that each is documented) and
 * narrows `Code` to them in a subclass, so `instanceof SwarmgateError` holds for an error from
 * any package while each package's constructor only accepts its own codes.
 */
export class SwarmgateError<Code extends string = string> extends Error {
  override readonly name: string = 'SwarmgateError';
  readonly code: Code;

  constructor(code: Code, message: string, options?: { cause?: unknown }) {
    super(`${code}: ${message}`, options);
    this.code = code;
  }
}

/** The error's code when it is a SwarmgateError of any package, else undefined (for logs and tests). */
export function errorCode(error: unknown): string | undefined {
  return error instanceof SwarmgateError ? error.code : undefined;
}
