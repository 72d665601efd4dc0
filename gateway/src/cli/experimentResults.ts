/**
 * The runner's side of DIR/results.jsonl (read and checked as experiment/readResults.ts reads
 * it for a report): the run keys already there for --resume, and the writer that appends and
 * fsyncs each line as its run ends, so a runner killed at any point leaves every finished run
 * on disk and at most one torn last line.
 */
import { appendFileSync, closeSync, existsSync, fsyncSync, openSync, readFileSync, truncateSync, writeSync } from 'node:fs';
import { SwarmgateError } from '../errors.js';
import { parseResultsLines, type ResultsLines } from '../experiment/readResults.js';
import type { ResultsLine } from '../experiment/resultsLine.js';
import { CliUsageError } from './Command.js';

/**
 * The run keys already in a results file (none when it does not exist). A torn last line (a
 * runner killed mid-write) is cut off the file with a warning; any other line that is not a
 * run line of this design means the file is not this runner's: a CliUsageError.
 */
export function readResultKeys(file: string, designHash: string, warn: (message: string) => void): Set<string> {
  if (!existsSync(file)) return new Set();
  const text = readFileSync(file, 'utf8');
  const { runs, torn } = linesOf(text, file);
  for (const { line, run } of runs) {
    if (run.designHash !== designHash) throw new CliUsageError(`${file}:${line}: a line of another design (hash ${run.designHash.slice(0, 12)})`);
  }
  if (torn) {
    warn(`${file}:${torn.line}: the last line is incomplete (a run cut off mid-write): dropped, that run runs again`);
    truncateSync(file, Buffer.byteLength(text.slice(0, torn.offset)));
  } else if (text !== '' && !text.endsWith('\n')) {
    // A whole line whose newline the kill cut off: ended, so the next line starts on its own.
    appendFileSync(file, '\n');
  }
  return new Set(runs.map(({ run }) => run.runKey));
}

function linesOf(text: string, file: string): ResultsLines {
  try {
    return parseResultsLines(text, file);
  } catch (error) {
    if (error instanceof SwarmgateError && error.code === 'SG_RESULTS_LINE')
      throw new CliUsageError(`${error.message}; is DIR another experiment's?`, { cause: error });
    throw error;
  }
}

/** Appends lines to results.jsonl, each written whole and fsync'd before the next. */
export class ResultsWriter {
  private readonly fd: number;

  constructor(file: string) {
    this.fd = openSync(file, 'a');
  }

  append(line: ResultsLine): void {
    writeSync(this.fd, JSON.stringify(line) + '\n');
    fsyncSync(this.fd);
  }

  close(): void {
    closeSync(this.fd);
  }
}
