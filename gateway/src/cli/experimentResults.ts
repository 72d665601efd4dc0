/**
 * The runner's side of DIR/results.jsonl (read and checked as experiment/readResults.ts reads
 * it for a report): the run keys already there for --resume, and the writer that appends and
 * fsyncs each line as its run ends, so a runner killed at any point leaves every finished run
 * on disk and at most one torn last line.
 */
import { constants } from 'node:buffer';
import { appendFileSync, closeSync, existsSync, fsyncSync, openSync, readSync, truncateSync, writeSync } from 'node:fs';
import { SwarmgateError } from '../errors.js';
import { parseResultsLine, type ResultsLine } from '../experiment/resultsLine.js';
import { CliUsageError } from './Command.js';

/**
 * The run keys already in a results file (none when it does not exist). A torn last line (a
 * runner killed mid-write) is cut off the file with a warning; any other line that is not a
 * run line of this design means the file is not this runner's: a CliUsageError. The file is
 * read a line at a time and only the keys kept: a long experiment's file outgrows a string
 * (512 MiB) and its parsed lines the memory, yet it must resume.
 */
export function readResultKeys(file: string, designHash: string, warn: (message: string) => void): Set<string> {
  if (!existsSync(file)) return new Set();
  const keys = new Set<string>();
  let unended = false;
  for (const { text, number, start, ended } of fileLines(file)) {
    unended = !ended;
    if (text.trim() === '') continue;
    let run: ResultsLine;
    try {
      run = parseResultsLine(text, { file, line: number });
    } catch (error) {
      if (!(error instanceof SwarmgateError && error.code === 'SG_RESULTS_LINE')) throw error;
      if (!ended) {
        warn(`${file}:${number}: the last line is incomplete (a run cut off mid-write): dropped, that run runs again`);
        truncateSync(file, start);
        return keys;
      }
      throw new CliUsageError(`${error.message}; is DIR another experiment's?`, { cause: error });
    }
    if (run.designHash !== designHash) throw new CliUsageError(`${file}:${number}: a line of another design (hash ${run.designHash.slice(0, 12)})`);
    keys.add(run.runKey);
  }
  // A whole line whose newline the kill cut off: ended, so the next line starts on its own.
  if (unended) appendFileSync(file, '\n');
  return keys;
}

/** A line of a file: its text, 1-based number, first byte, and whether a newline ends it (only the last may lack one). */
interface FileLine {
  readonly text: string;
  readonly number: number;
  readonly start: number;
  readonly ended: boolean;
}

/** The lines of a file read 1 MiB at a time; a line too long to be a string is a CliUsageError naming it. */
function* fileLines(file: string): Generator<FileLine> {
  const fd = openSync(file, 'r');
  try {
    const piece = Buffer.alloc(1 << 20);
    let held: Buffer[] = [];
    let heldBytes = 0;
    let start = 0;
    let number = 1;
    const hold = (bytes: Buffer): void => {
      held.push(Buffer.from(bytes));
      heldBytes += bytes.length;
      if (heldBytes > constants.MAX_STRING_LENGTH) {
        throw new CliUsageError(
          `${file}:${number}: a line of more than ${constants.MAX_STRING_LENGTH} bytes, longer than any run line; is DIR another experiment's?`,
        );
      }
    };
    const line = (ended: boolean): FileLine => ({ text: Buffer.concat(held).toString('utf8'), number, start, ended });
    for (let position = 0; ;) {
      const read = readSync(fd, piece, 0, piece.length, position);
      if (read === 0) break;
      const bytes = piece.subarray(0, read);
      let from = 0;
      for (let newline = bytes.indexOf(0x0a); newline !== -1; newline = bytes.indexOf(0x0a, from)) {
        hold(bytes.subarray(from, newline));
        yield line(true);
        from = newline + 1;
        held = [];
        heldBytes = 0;
        start = position + from;
        number++;
      }
      hold(bytes.subarray(from));
      position += read;
    }
    if (heldBytes > 0) yield line(false);
  } finally {
    closeSync(fd);
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
