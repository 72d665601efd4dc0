/** What a command's module exports: runs the command, returning the process exit code: 0 ok, 1 failure (bad file, failed run), 2 bad usage. */
export type CommandRun = (argv: string[]) => Promise<number>;

export interface Command {
  readonly name: string;
  readonly summary: string;
  readonly run: CommandRun;
}

/**
 * A command listed by its name and summary, its module imported only when it runs. The
 * commands' modules together load the web server, the MQTT broker, the job queue and the
 * recording code (most of a second under tsx), which `swarmgate --help` and a headless `run`
 * never use.
 */
export function lazyCommand(name: string, summary: string, load: () => Promise<CommandRun>): Command {
  return { name, summary, run: async (argv) => (await load())(argv) };
}

/** Bad flags or arguments: printed without a stack trace, exit code 2. */
export class CliUsageError extends Error {
  override readonly name = 'CliUsageError';
}
