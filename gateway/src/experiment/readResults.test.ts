import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { parseResultsLines, parseResultsText, readResults } from './readResults.js';
import { failedLine, finishedLine, validLine } from './testing/resultsArbitraries.js';

const FILE = 'exp/results.jsonl';
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sg-results-'));
  dirs.push(dir);
  return dir;
}

/** Lines with distinct run keys, as a runner writes them. */
const distinctLines = fc.uniqueArray(validLine, { minLength: 1, maxLength: 6, selector: (l) => l.runKey });

describe('parseResultsText', () => {
  it('reads every line of a well-formed file, in order, with its line number', () => {
    fc.assert(
      fc.property(distinctLines, (lines) => {
        const set = parseResultsText(lines.map((l) => JSON.stringify(l) + '\n').join(''), FILE);
        expect(set.runs.map((r) => r.run)).toEqual(lines);
        expect(set.runs.map((r) => r.line)).toEqual(lines.map((_, i) => i + 1));
        const designs = new Set(lines.map((l) => l.designHash)).size;
        expect(set.warnings).toEqual(
          designs > 1 ? [`${FILE}: runs of ${designs} different designs (designHash); configurations are grouped by vector across them`] : [],
        );
      }),
    );
  });

  it('skips a last line cut off anywhere with a warning naming it, and reports the rest', () => {
    fc.assert(
      fc.property(distinctLines, validLine, fc.double({ min: 0, max: 1, noNaN: true }), (lines, last, where) => {
        const text = JSON.stringify(last);
        const cut = text.slice(0, Math.floor(where * (text.length - 1)) + 1);
        fc.pre(cut.length < text.length);
        const set = parseResultsText(lines.map((l) => JSON.stringify(l) + '\n').join('') + cut, FILE);
        expect(set.runs.map((r) => r.run)).toEqual(lines);
        expect(set.warnings).toContain(
          `${FILE} line ${lines.length + 1}: truncated (no newline at the end and not a complete run line), left out of the report`,
        );
      }),
    );
  });

  it('keeps a complete last line that only lacks its newline', () => {
    fc.assert(
      fc.property(validLine, (line) => {
        expect(parseResultsText(JSON.stringify(line), FILE).runs).toEqual([{ line: 1, run: line }]);
      }),
    );
  });

  it('stops at a bad line that is not the last, naming the file and line', () => {
    fc.assert(
      fc.property(distinctLines, distinctLines, fc.constantFrom('not json', '{"format": "swarmgate-results/1"}', '{"truncated": '), (before, after, bad) => {
        const text = [...before.map((l) => JSON.stringify(l)), bad, ...after.map((l) => JSON.stringify(l))].join('\n') + '\n';
        expect(() => parseResultsText(text, FILE)).toThrow(`SG_RESULTS_LINE: ${FILE} line ${before.length + 1}: `);
      }),
    );
  });

  it('refuses a file with no complete run line', () => {
    for (const text of ['', '\n\n', '{"format": "swarmgate-res'])
      expect(() => parseResultsText(text, FILE)).toThrow(`SG_RESULTS_EMPTY: ${FILE}: no complete run line`);
  });

  it('reports the first record of a run recorded twice, and warns of the other', () => {
    const [first, again] = fc.sample(failedLine, { numRuns: 2, seed: 3 });
    const finished = { ...fc.sample(finishedLine, { numRuns: 1, seed: 4 })[0], designHash: first.designHash };
    const text = [first, { ...again, runKey: first.runKey, designHash: first.designHash }, { ...finished, runKey: `${first.runKey}x` }]
      .map((l) => JSON.stringify(l))
      .join('\n');
    const set = parseResultsText(text + '\n', FILE);
    expect(set.runs.map((r) => r.line)).toEqual([1, 3]);
    expect(set.warnings).toEqual([`${FILE} line 2: run ${first.runKey} was already recorded on line 1; the first record is reported`]);
  });
});

describe('parseResultsLines', () => {
  it('gives a torn last line apart, where it starts in the text, and an empty text no runs', () => {
    fc.assert(
      fc.property(fc.uniqueArray(validLine, { maxLength: 6, selector: (l) => l.runKey }), validLine, fc.nat(), (lines, last, at) => {
        const whole = lines.map((l) => JSON.stringify(l) + '\n').join('');
        const text = JSON.stringify(last);
        const cut = text.slice(0, 1 + (at % (text.length - 1)));
        const { runs, torn } = parseResultsLines(whole + cut, FILE);
        expect(runs.map((r) => r.run)).toEqual(lines);
        expect(torn).toEqual({ line: lines.length + 1, offset: whole.length });
        expect(parseResultsLines(whole, FILE)).toEqual({ runs });
      }),
    );
  });
});

describe('readResults', () => {
  it('names a missing folder, a file given as the folder, and a folder without results.jsonl', () => {
    const dir = tempDir();
    expect(() => readResults(join(dir, 'nope'))).toThrow(`SG_RESULTS_READ: ${join(dir, 'nope')}: no such folder`);
    writeFileSync(join(dir, 'file'), '');
    expect(() => readResults(join(dir, 'file'))).toThrow(`SG_RESULTS_READ: ${join(dir, 'file')}: not a folder`);
    mkdirSync(join(dir, 'empty'));
    expect(() => readResults(join(dir, 'empty'))).toThrow(`SG_RESULTS_READ: ${join(dir, 'empty', 'results.jsonl')}: no such file`);
  });

  it('reads DIR/results.jsonl, naming it in errors', () => {
    const dir = tempDir();
    const [line] = fc.sample(finishedLine, { numRuns: 1, seed: 5 });
    writeFileSync(join(dir, 'results.jsonl'), `${JSON.stringify(line)}\n[]\n`);
    expect(() => readResults(dir)).toThrow(`SG_RESULTS_LINE: ${join(dir, 'results.jsonl')} line 2: not a JSON object (got [])`);
    writeFileSync(join(dir, 'results.jsonl'), `${JSON.stringify(line)}\n`);
    expect(readResults(dir)).toEqual({ file: join(dir, 'results.jsonl'), runs: [{ line: 1, run: line }], warnings: [] });
  });
});
