export interface Command {
  readonly name: string;
  readonly summary: string;
  /** Returns the process exit code: 0 ok, 1 failure (bad file, failed run), 2 bad usage. */
  run(argv: string[]): Promise<number>;
}

/** Bad flags or arguments: printed without a stack trace, exit code 2. */
export class CliUsageError extends Error {
  override readonly name = 'CliUsageError';
}
