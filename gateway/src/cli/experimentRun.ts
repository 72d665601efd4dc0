/**
 * `swarmgate experiment run design.yaml --out DIR`: every run of an experiment design
 * (docs/experiments.md) on worker threads, each run's line appended to DIR/results.jsonl as it
 * ends; `--resume` continues a run that was stopped. `experiment check` only expands and checks.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { RESULTS_FILE } from '../experiment/readResults.js';
import { isFailed, type ResultsLine } from '../experiment/resultsLine.js';
import { numberFlag, parseCommandArgs } from './args.js';
import { CliUsageError, type CommandRun } from './Command.js';
import { count } from '../experiment/count.js';
import { DESIGN_FILE, loadDesign, type Design } from './experimentDesign.js';
import { enqueueDesign, openQueue } from './experimentQueue.js';
import { readResultKeys, ResultsWriter } from './experimentResults.js';
import { runExperiment } from './experimentRunner.js';
import { formatDuration, formatExperimentProgress, ProgressBar } from './ProgressBar.js';

const HELP = `Usage: swarmgate experiment run <design.yaml> --out DIR [--workers N] [--resume]
       swarmgate experiment run <design.yaml> --queue redis://HOST:PORT
       swarmgate experiment check <design.yaml>

Runs every vector x iteration of an experiment design (docs/experiments.md) on worker threads.
Each run is checked before any runs; each run's result is appended to DIR/results.jsonl as it
ends, and the design (canonical JSON and its sha256) is written to DIR/design.json.

  --out DIR       where the results go; an existing DIR that is not empty is refused
                  unless --resume is given
  --workers N     worker threads (default: all cores, ${availableParallelism()} here)
  --resume        continue in DIR: skip the runs already in results.jsonl (a torn last line
                  is dropped with a warning); refused when the design changed since

  --queue URL     enqueue every run on a Redis job queue instead, for \`swarmgate worker\`
                  processes on any machines; \`experiment status\` and \`experiment collect\`
                  follow it (docs/scale-out.md)

check: expands and checks the design, and prints its runs count; runs nothing.`;

const OPTIONS = {
  out: { type: 'string' },
  workers: { type: 'string' },
  resume: { type: 'boolean' },
  queue: { type: 'string' },
} as const;

export const experimentRunCommand: CommandRun = async (argv) => {
  const parsed = parseCommandArgs(argv, OPTIONS, HELP);
  if (!parsed) return 0;
  const file = designFileOf(parsed.positionals, 'run');
  const v = parsed.values;
  if (v.queue !== undefined) {
    if (v.out !== undefined || v.workers !== undefined || v.resume === true)
      throw new CliUsageError('--queue enqueues the runs for `swarmgate worker`: --out, --workers and --resume belong to `experiment collect` and a local run');
    return enqueue(await loadDesign(file), v.queue);
  }
  if (v.out === undefined) throw new CliUsageError(`--out DIR is required\n\n${HELP}`);
  const workers = numberFlag('workers', v.workers, availableParallelism(), { min: 1, max: 1024, integer: true });
  const design = await loadDesign(file);
  const done = prepareOut(v.out, design, v.resume === true);
  const pending = design.runs.filter((run) => !done.has(run.runKey));
  return runPending(design, pending, v.out, workers);
};

export const experimentCheckCommand: CommandRun = async (argv) => {
  const parsed = parseCommandArgs(argv, {}, HELP);
  if (!parsed) return 0;
  const file = designFileOf(parsed.positionals, 'check');
  const design = await loadDesign(file);
  process.stdout.write(`${file}: design '${design.name}', ${design.runs.length} runs, hash ${design.hash.slice(0, 12)}\n`);
  return 0;
};

async function enqueue(design: Design, url: string): Promise<number> {
  const queue = await openQueue(url);
  try {
    const added = await enqueueDesign(queue, design);
    process.stdout.write(
      `swarmgate experiment: '${design.name}': ${added} of ${design.runs.length} runs enqueued on ${url} (the others were already there); run \`swarmgate worker --queue ${url}\` on any machines\n`,
    );
    return 0;
  } finally {
    await queue.close();
  }
}

function designFileOf(positionals: readonly string[], subcommand: string): string {
  const [file, ...extra] = positionals;
  if (file === undefined || extra.length > 0) throw new CliUsageError(`experiment ${subcommand} takes one design file\n\n${HELP}`);
  return file;
}

/** Checks DIR against the design and --resume; returns the run keys already recorded there. */
export function prepareOut(dir: string, design: Design, resume: boolean): Set<string> {
  const occupied = existsSync(dir) && readdirSync(dir).length > 0;
  if (occupied && !resume) throw new CliUsageError(`--out ${dir} is not empty: give --resume to continue the experiment there, or another DIR`);
  mkdirSync(dir, { recursive: true });
  const designFile = join(dir, DESIGN_FILE);
  if (occupied) {
    const recorded = readRecordedHash(designFile);
    if (recorded !== design.hash) {
      throw new CliUsageError(
        `--resume: ${designFile} holds design ${recorded.slice(0, 12)}, this design is ${design.hash.slice(0, 12)}: the design changed, so its results would not match; run it into another DIR`,
      );
    }
    return readResultKeys(join(dir, RESULTS_FILE), design.hash, (message) => process.stderr.write(`swarmgate experiment: warning: ${message}\n`));
  }
  writeFileSync(designFile, JSON.stringify({ designHash: design.hash, design: JSON.parse(design.canonical) as unknown }, null, 2) + '\n');
  return new Set();
}

function readRecordedHash(designFile: string): string {
  try {
    const { designHash } = JSON.parse(readFileSync(designFile, 'utf8')) as { designHash?: unknown };
    if (typeof designHash === 'string') return designHash;
  } catch {
    // Missing or unreadable: said below.
  }
  throw new CliUsageError(`--resume: ${designFile} is missing or not a design record: this DIR is not an experiment's`);
}

async function runPending(design: Design, pending: Design['runs'], dir: string, workers: number): Promise<number> {
  const total = design.runs.length;
  let done = total - pending.length;
  let failed = 0;
  const start = performance.now();
  const elapsed = (): number => (performance.now() - start) / 1000;
  const tty = process.stderr.isTTY === true;
  const bar = tty ? new ProgressBar(process.stderr, total) : null;
  const say = (message: string): void => void process.stderr.write(message + '\n');
  say(
    `swarmgate experiment: '${design.name}': ${count(total, 'run')}, ${done} recorded already, ` +
      (pending.length === 0 ? 'none left to run' : `${pending.length} to run on ${count(Math.min(workers, pending.length), 'worker')}`),
  );
  const writer = new ResultsWriter(join(dir, RESULTS_FILE));
  const finishedBefore = done;
  // Time left at this invocation's pace: runs recorded before it took none of its time.
  const redraw = (force: boolean): void =>
    bar?.draw((columns) => formatExperimentProgress(done, total, failed, elapsed(), columns, done - finishedBefore), force);
  // Between run ends too, so elapsed time moves while long runs run.
  const ticker = bar ? setInterval(() => redraw(false), 1000) : undefined;
  try {
    await runExperiment(design, pending, workers, (line) => {
      writer.append(line);
      done++;
      if (isFailed(line)) failed++;
      if (bar) redraw(done === total);
      else say(`[${done}/${total}] ${line.runKey} ${outcome(line)}`);
    });
  } finally {
    clearInterval(ticker);
    writer.close();
  }
  if (bar) bar.finish();
  say(
    `swarmgate experiment: ${count(pending.length - failed, 'run')} done, ${failed} failed, in ${formatDuration(elapsed())}; results in ${join(dir, RESULTS_FILE)}`,
  );
  return failed > 0 ? 1 : 0;
}

function outcome(line: ResultsLine): string {
  if (isFailed(line)) return `failed: ${line.error}`;
  const { success, exploredFraction, explorationTicks } = line.result;
  const explored = `${(Number(exploredFraction) * 100).toFixed(1)}%`;
  return `${success ? `explored ${explored} in ${String(explorationTicks)} ticks` : `explored ${explored}, target not reached`} (${line.wallSeconds.toFixed(1)} s)`;
}
