/**
 * `swarmgate` entry: dispatches to one module per command. Each command module exports its
 * `CommandRun`, listed explicitly below with its name and summary, so `--help` lists exactly
 * what exists without loading any of them.
 */
import { VERSION } from '../version.js';
import { CliUsageError, lazyCommand, type Command } from './Command.js';
import { nearestName } from './nearestName.js';

/** Every command, listed explicitly; each module is imported when its command runs (lazyCommand says why). */
export const commands: readonly Command[] = [
  lazyCommand(
    'fleet',
    'check a fleet file, write Mosquitto password and ACL files or a NATS cluster config',
    async () => (await import('./fleet.js')).fleetCommand,
  ),
  lazyCommand('map', 'generate, render and inspect maps', async () => (await import('./map.js')).mapCommand),
  lazyCommand('run', 'run one headless exploration trial (flags, or a trial file) and write its metrics', async () => (await import('./run.js')).runCommand),
  lazyCommand(
    'experiment',
    'experiments over many trials (run, check, status, collect, report)',
    async () => (await import('./experiment.js')).experimentCommand,
  ),
  lazyCommand('list', 'list registered algorithms, map generators, radio models, sensors or link kinds', async () => (await import('./list.js')).listCommand),
  lazyCommand(
    'serve',
    'run a live trial that physical robots and remote controllers join (MQTT, HTTP API)',
    async () => (await import('./serve.js')).serveCommand,
  ),
  lazyCommand('worker', 'run experiment runs from a job queue (experiment run --queue)', async () => (await import('./worker.js')).workerCommand),
  lazyCommand(
    'echo',
    'print the protocol messages on an MQTT broker as JSON lines (like ros2 topic echo)',
    async () => (await import('./echo.js')).echoCommand,
  ),
];

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
    'Run `swarmgate <command> --help` for the options of one command; `swarmgate --version` prints the versions.',
  ].join('\n');
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(usage() + '\n');
    return name === undefined ? 2 : 0;
  }
  if (name === '--version' || name === '-V') {
    // Imported here: the protocol package's load is for this flag only, not every command's start.
    const { major, minor } = (await import('@swarmgate/protocols')).PROTOCOL_VERSION;
    process.stdout.write(`swarmgate ${VERSION} (protocol swarmgate.v${major}, ${major}.${minor})\n`);
    return 0;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    const near = nearestName(
      name,
      commands.map((c) => c.name),
    );
    process.stderr.write(`swarmgate: unknown command '${name}'${near === undefined ? '' : ` (did you mean '${near}'?)`}\n\n${usage()}\n`);
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
 * error naming its path, e.g. `-o` into a folder that does not exist, or a failed system call,
 * e.g. a full disk: `ENOSPC: no space left on device, write`).
 */
function explainsItself(error: unknown): error is Error {
  if (!(error instanceof Error)) return false;
  const { code, path, syscall } = error as NodeJS.ErrnoException;
  return typeof code === 'string' && (code.startsWith('SG_') || typeof path === 'string' || typeof syscall === 'string');
}
