/**
 * Reads DIR/results.jsonl, for a report and for the runner's --resume. The runner appends one
 * line per run and fsyncs it, so a run cut off mid-write (a crash, a full disk) leaves at most
 * one unfinished line, the last one, with no newline: that line is skipped with a warning and
 * the rest read. Any other bad line is an error naming the file and the line, since a report
 * that silently dropped runs would mislead.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SwarmgateError } from '../errors.js';
import { parseResultsLine, type ResultsLine } from './resultsLine.js';

/** The results file's name in an experiment's folder. */
export const RESULTS_FILE = 'results.jsonl';

export interface ResultsSet {
  readonly file: string;
  /** The run lines in file order, with their 1-based line numbers. */
  readonly runs: readonly NumberedLine[];
  readonly warnings: readonly string[];
}

export interface NumberedLine {
  readonly line: number;
  readonly run: ResultsLine;
}

export function readResults(dir: string): ResultsSet {
  let isDir: boolean;
  try {
    isDir = statSync(dir).isDirectory();
  } catch (error) {
    throw new SwarmgateError('SG_RESULTS_READ', `${dir}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such folder' : (error as Error).message}`, {
      cause: error,
    });
  }
  if (!isDir) throw new SwarmgateError('SG_RESULTS_READ', `${dir}: not a folder`);
  const file = join(dir, RESULTS_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new SwarmgateError(
      'SG_RESULTS_READ',
      `${file}: ${code === 'ENOENT' ? 'no such file (has `experiment run` written to this folder?)' : (error as Error).message}`,
      {
        cause: error,
      },
    );
  }
  return parseResultsText(text, file);
}

/** The run lines of a results file's text, and its torn last line if it has one. */
export interface ResultsLines {
  readonly runs: readonly NumberedLine[];
  /** A last line cut off mid-write (no newline, not a whole run line): its number and where it starts in the text. */
  readonly torn?: { readonly line: number; readonly offset: number };
}

/**
 * The rules of reading results.jsonl, for the report and for `experiment run --resume`: blank
 * lines are skipped, a torn last line is returned apart for the caller to warn of, and any
 * other line that is not a run line throws SG_RESULTS_LINE naming `file` and the line.
 */
export function parseResultsLines(text: string, file: string): ResultsLines {
  const lines = text.split('\n');
  // A file that ends with a newline splits into a last empty string; one that does not ends in an unfinished line.
  const unfinished = lines.pop();
  const runs: NumberedLine[] = [];
  lines.forEach((line, i) => {
    if (line.trim() !== '') runs.push({ line: i + 1, run: parseResultsLine(line, { file, line: i + 1 }) });
  });
  if (unfinished !== undefined && unfinished.trim() !== '') {
    const line = lines.length + 1;
    try {
      runs.push({ line, run: parseResultsLine(unfinished, { file, line }) });
    } catch {
      return { runs, torn: { line, offset: text.length - unfinished.length } };
    }
  }
  return { runs };
}

/** The lines of a results file's text for a report; `file` names it in errors and warnings. */
export function parseResultsText(text: string, file: string): ResultsSet {
  const { runs, torn } = parseResultsLines(text, file);
  const warnings: string[] = [];
  if (torn) warnings.push(`${file} line ${torn.line}: truncated (no newline at the end and not a complete run line), left out of the report`);
  if (runs.length === 0) throw new SwarmgateError('SG_RESULTS_EMPTY', `${file}: no complete run line`);
  const designs = new Set(runs.map(({ run }) => run.designHash));
  if (designs.size > 1) warnings.push(`${file}: runs of ${designs.size} different designs (designHash); configurations are grouped by vector across them`);
  return { file, runs: firstRecords(runs, file, warnings), warnings };
}

/** The first record of each run key, warning of the others: the runner never records a run twice, a file joined by hand might. */
function firstRecords(runs: readonly NumberedLine[], file: string, warnings: string[]): NumberedLine[] {
  const first = new Map<string, number>();
  return runs.filter(({ line, run }) => {
    const seen = first.get(run.runKey);
    if (seen === undefined) first.set(run.runKey, line);
    else warnings.push(`${file} line ${line}: run ${run.runKey} was already recorded on line ${seen}; the first record is reported`);
    return seen === undefined;
  });
}
