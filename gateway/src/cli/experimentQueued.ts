/**
 * `swarmgate experiment status|collect design.yaml --queue URL`: a design run on the job queue
 * (`experiment run --queue`, `swarmgate worker`): its progress and time left, and its finished
 * runs written to DIR/results.jsonl as a local run writes them, so `experiment report` reads
 * either alike.
 */
import { join } from 'node:path';
import { RESULTS_FILE } from '../experiment/readResults.js';
import { isFailed } from '../experiment/resultsLine.js';
import { parseCommandArgs } from './args.js';
import { CliUsageError, type CommandRun } from './Command.js';
import { loadDesign, type Design } from './experimentDesign.js';
import { collectLines, designProgress, openQueue } from './experimentQueue.js';
import { ResultsWriter } from './experimentResults.js';
import { prepareOut } from './experimentRun.js';
import { formatDuration } from './ProgressBar.js';

const HELP = `Usage: swarmgate experiment status <design.yaml> --queue redis://HOST:PORT
       swarmgate experiment collect <design.yaml> --queue redis://HOST:PORT --out DIR

status: where the design's runs are on the queue (done, running, waiting, failed) and the time
left at the pace so far.
collect: writes DIR/design.json and DIR/results.jsonl (one line per finished run, in the
design's order), as \`experiment run --out DIR\` writes them; exits 1 while runs are not done.`;

const OPTIONS = { queue: { type: 'string' }, out: { type: 'string' } } as const;

async function withDesignQueue<T>(
  argv: string[],
  subcommand: string,
  body: (design: Design, queue: Awaited<ReturnType<typeof openQueue>>, out: string | undefined) => Promise<T>,
) {
  const parsed = parseCommandArgs(argv, OPTIONS, HELP);
  if (!parsed) return 0;
  const [file, ...extra] = parsed.positionals;
  if (file === undefined || extra.length > 0) throw new CliUsageError(`experiment ${subcommand} takes one design file\n\n${HELP}`);
  if (parsed.values.queue === undefined) throw new CliUsageError(`--queue redis://HOST:PORT is required\n\n${HELP}`);
  const design = await loadDesign(file);
  const queue = await openQueue(parsed.values.queue);
  try {
    return await body(design, queue, parsed.values.out);
  } finally {
    await queue.close();
  }
}

export const experimentStatusCommand: CommandRun = (argv) =>
  withDesignQueue(argv, 'status', async (design, queue, out) => {
    if (out !== undefined) throw new CliUsageError('--out belongs to `experiment collect`');
    const p = await designProgress(queue, design);
    const eta = p.etaSeconds === undefined ? 'unknown until a run is done' : formatDuration(p.etaSeconds);
    const missing = p.missing > 0 ? `, ${p.missing} not enqueued` : '';
    process.stdout.write(
      `'${design.name}' (${design.hash.slice(0, 12)}): ${p.done}/${p.total} done, ${p.active} running, ${p.waiting} waiting, ${p.failed} failed${missing}; time left ${eta}\n`,
    );
    return 0;
  });

export const experimentCollectCommand: CommandRun = (argv) =>
  withDesignQueue(argv, 'collect', async (design, queue, out) => {
    if (out === undefined) throw new CliUsageError(`--out DIR is required\n\n${HELP}`);
    const { lines, notDone } = await collectLines(queue, design);
    prepareOut(out, design, false);
    const writer = new ResultsWriter(join(out, RESULTS_FILE));
    try {
      for (const line of lines) writer.append(line);
    } finally {
      writer.close();
    }
    const failed = lines.filter(isFailed).length;
    process.stderr.write(
      `swarmgate experiment: ${lines.length} of ${design.runs.length} runs collected (${failed} failed) into ${join(out, RESULTS_FILE)}${notDone > 0 ? `; ${notDone} not done yet: collect again into another DIR when they are` : ''}\n`,
    );
    return notDone > 0 ? 1 : 0;
  });
