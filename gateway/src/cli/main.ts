/**
 * `swarmgate` entry: dispatches to one module per command. Each command module exports
 * a `Command` and is listed explicitly below, so `--help` lists exactly what exists.
 */
import type { Command } from './Command.js';
import { CliUsageError } from './Command.js';
import { echoCommand } from './echo.js';
import { experimentCommand } from './experiment.js';
import { fleetCommand } from './fleet.js';
import { mapCommand } from './map.js';
import { runCommand } from './run.js';
import { listCommand } from './list.js';
import { serveCommand } from './serve.js';
import { workerCommand } from './worker.js';

const commands: readonly Command[] = [fleetCommand, mapCommand, runCommand, experimentCommand, listCommand, serveCommand, workerCommand, echoCommand];

function usage(): string {
  const lines = commands.map((c) => `  ${c.name.padEnd(10)} ${c.summary}`);
  return [
    'swarmgate: hardware-in-the-loop gateway and simulator for multi-robot exploration',
    '',
    'Usage: swarmgate <command> [options]',
    '',
    'Commands:',
    ...lines,
    '',
    'Run `swarmgate <command> --help` for the options of one command.',
  ].join('\n');
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(usage() + '\n');
    return name === undefined ? 2 : 0;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    process.stderr.write(`swarmgate: unknown command '${name}'\n\n${usage()}\n`);
    return 2;
  }
  try {
    return await command.run(rest);
  } catch (error) {
    if (error instanceof CliUsageError) {
      process.stderr.write(`swarmgate ${command.name}: ${error.message}\n`);
      return 2;
    }
    if (explainsItself(error)) {
      process.stderr.write(`swarmgate ${command.name}: ${error.message}\n`);
      return 1;
    }
    // Anything else is our bug: its stack trace is what a report needs.
    throw error;
  }
}

/**
 * An error whose message tells the user what to fix, so one line and no stack trace: a coded
 * error of any package (`SG_...`), or a file the command could not read or write (a system
 * error naming its path, e.g. `-o` into a folder that does not exist).
 */
function explainsItself(error: unknown): error is Error {
  if (!(error instanceof Error)) return false;
  const { code, path } = error as NodeJS.ErrnoException;
  return typeof code === 'string' && (code.startsWith('SG_') || typeof path === 'string');
}
