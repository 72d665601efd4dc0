import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SwarmgateError } from '../errors.js';
import { isFailed, parseResultsLine, type ResultsLine } from './resultsLine.js';
import { finishedLine, validLine } from './testing/resultsArbitraries.js';

const ORIGIN = { file: 'exp/results.jsonl', line: 7 };

function without(line: object, name: string): object {
  return Object.fromEntries(Object.entries(line).filter(([key]) => key !== name));
}

function failure(text: string): string {
  try {
    parseResultsLine(text, ORIGIN);
  } catch (error) {
    expect(error).toBeInstanceOf(SwarmgateError);
    expect((error as SwarmgateError).code).toBe('SG_RESULTS_LINE');
    return (error as Error).message;
  }
  throw new Error(`accepted: ${text}`);
}

describe('parseResultsLine', () => {
  it('reads back every valid line as written', () => {
    fc.assert(
      fc.property(validLine, (line) => {
        const parsed: ResultsLine = parseResultsLine(JSON.stringify(line), ORIGIN);
        expect(parsed).toEqual(line);
        expect(isFailed(parsed)).toBe('error' in line);
      }),
    );
  });

  it('answers any text with a line or an SG_RESULTS_LINE error naming the file and line, never another error', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json(),
          validLine.map((l) => JSON.stringify(l).slice(0, -1)),
        ),
        (text) => {
          try {
            parseResultsLine(text, ORIGIN);
          } catch (error) {
            expect((error as SwarmgateError).code).toBe('SG_RESULTS_LINE');
            expect((error as Error).message).toContain('exp/results.jsonl line 7: ');
          }
        },
      ),
    );
  });

  it('names the field that is missing from a valid line', () => {
    const required = ['format', 'designHash', 'runKey', 'vectorIndex', 'iteration', 'vector', 'config', 'seed', 'swarmgateVersion', 'wallSeconds', 'series'];
    fc.assert(
      fc.property(finishedLine, fc.constantFrom(...required), (line, name) => {
        expect(failure(JSON.stringify(without(line, name)))).toContain(`"${name}" must be`);
      }),
    );
  });

  it('names a mistyped field, nested ones by their path', () => {
    fc.assert(
      fc.property(finishedLine, (line) => {
        expect(failure(JSON.stringify({ ...line, vectorIndex: -1 }))).toContain('"vectorIndex" must be a non-negative integer, got -1');
        expect(failure(JSON.stringify({ ...line, result: { ...line.result, ticks: 'many' } }))).toContain(
          '"result.ticks" must be a non-negative integer, got "many"',
        );
        expect(failure(JSON.stringify({ ...line, result: { ...line.result, success: 1 } }))).toContain('"result.success" must be a boolean, got 1');
        expect(failure(JSON.stringify({ ...line, series: { ...line.series, covered: [...line.series.covered, 0.5] } }))).toContain(
          `"series.covered" has ${line.series.tick.length + 1} entries, "series.tick" has ${line.series.tick.length}`,
        );
      }),
    );
  });

  it('refuses text that is not a run line, saying what it is', () => {
    expect(failure('{"format": "swarmgate-results/1", ')).toMatch(/^SG_RESULTS_LINE: exp\/results.jsonl line 7: not JSON \(/);
    expect(failure('[1, 2]')).toContain('not a JSON object (got [1,2])');
    expect(failure(JSON.stringify({ format: 'swarmgate-results/2' }))).toContain('"format" must be "swarmgate-results/1", got "swarmgate-results/2"');
  });

  it('wants exactly one of result and error', () => {
    const line = fc.sample(finishedLine, { numRuns: 1, seed: 1 })[0];
    expect(failure(JSON.stringify({ ...line, error: 'boom' }))).toContain('has both "error" and "result"');
    expect(failure(JSON.stringify(without(line, 'result')))).toContain('has neither "result" nor "error"');
  });
});
