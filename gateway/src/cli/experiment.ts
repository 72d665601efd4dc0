/**
 * `swarmgate experiment <subcommand>`: experiments over many trials. Each subcommand is the
 * `CommandRun` of its own module, listed once below with its name and summary (as `main.ts`
 * lists the commands), so a new one (`run`, beside `report`) is its module plus one line here.
 */
import { CliUsageError, lazyCommand, type Command, type CommandRun } from './Command.js';

/** The subcommands, each imported when it runs (the queue's, bullmq's, and the report's plotting code are large). */
export const subcommands: readonly Command[] = [
  lazyCommand(
    'run',
    'run a design (vectors x seeded iterations) on worker threads into DIR/results.jsonl',
    async () => (await import('./experimentRun.js')).experimentRunCommand,
  ),
  lazyCommand(
    'check',
    'expand and check a design, print its runs count; runs nothing',
    async () => (await import('./experimentRun.js')).experimentCheckCommand,
  ),
  lazyCommand(
    'status',
    'progress and time left of a design on the job queue (--queue)',
    async () => (await import('./experimentQueued.js')).experimentStatusCommand,
  ),
  lazyCommand(
    'collect',
    'write the finished runs of a design on the job queue to DIR/results.jsonl',
    async () => (await import('./experimentQueued.js')).experimentCollectCommand,
  ),
  lazyCommand(
    'report',
    "write tables (Markdown, CSV) and plots (SVG, PNG) of an experiment's results",
    async () => (await import('./experimentReport.js')).experimentReportCommand,
  ),
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

export const experimentCommand: CommandRun = async (argv) => {
  const [name, ...rest] = argv;
  if (name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(usage() + '\n');
    return 0;
  }
  const subcommand = subcommands.find((c) => c.name === name);
  if (!subcommand) throw new CliUsageError(`${name === undefined ? 'missing subcommand' : `unknown subcommand '${name}'`}\n\n${usage()}`);
  return subcommand.run(rest);
};
