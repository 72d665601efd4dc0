/**
 * `swarmgate experiment <subcommand>`: experiments over many trials. Each subcommand is a
 * `Command` of its own module, listed once below (as `main.ts` lists the commands), so a new
 * one (`run`, beside `report`) is its module plus one line here.
 */
import { CliUsageError, type Command } from './Command.js';
import { experimentReportCommand } from './experimentReport.js';
import { experimentCollectCommand, experimentStatusCommand } from './experimentQueued.js';
import { experimentCheckCommand, experimentRunCommand } from './experimentRun.js';

const subcommands: readonly Command[] = [
  experimentRunCommand,
  experimentCheckCommand,
  experimentStatusCommand,
  experimentCollectCommand,
  experimentReportCommand,
];

function usage(): string {
  return [
    'Usage: swarmgate experiment <subcommand> [options]',
    '',
    'Subcommands:',
    ...subcommands.map((c) => `  ${c.name.padEnd(10)} ${c.summary}`),
    '',
    'Run `swarmgate experiment <subcommand> --help` for its options.',
  ].join('\n');
}

export const experimentCommand: Command = {
  name: 'experiment',
  summary: `experiments over many trials (${subcommands.map((c) => c.name).join(', ')})`,
  async run(argv) {
    const [name, ...rest] = argv;
    if (name === '--help' || name === '-h' || name === 'help') {
      process.stdout.write(usage() + '\n');
      return 0;
    }
    const subcommand = subcommands.find((c) => c.name === name);
    if (!subcommand) throw new CliUsageError(`${name === undefined ? 'missing subcommand' : `unknown subcommand '${name}'`}\n\n${usage()}`);
    return subcommand.run(rest);
  },
};
