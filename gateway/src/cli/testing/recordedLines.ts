/** DIR/results.jsonl as the runner's end-to-end tests read it back. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RESULTS_FILE } from '../../experiment/readResults.js';
import { parseResultsLine, type FinishedRunLine, type ResultsLine } from '../../experiment/resultsLine.js';

/** A line of either kind, its outcome fields reachable without narrowing (absent on the other kind). */
export type RecordedLine = ResultsLine & Partial<Pick<FinishedRunLine, 'result' | 'series'>> & { readonly error?: string };

/** Every line of DIR/results.jsonl in file order, each through the report's parser: a torn or bad line throws. */
export function recordedLines(dir: string): RecordedLine[] {
  const file = join(dir, RESULTS_FILE);
  return readFileSync(file, 'utf8')
    .trimEnd()
    .split('\n')
    .map((text, i) => parseResultsLine(text, { file, line: i + 1 }));
}
