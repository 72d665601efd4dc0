import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { constants } from 'node:buffer';
import { closeSync, fstatSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RESULTS_FORMAT, type FailedRunLine } from '../experiment/resultsLine.js';
import { CliUsageError } from './Command.js';
import { readResultKeys, ResultsWriter } from './experimentResults.js';
import { formatDuration, formatExperimentProgress } from './ProgressBar.js';

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'swarmgate-results-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HASH = 'a'.repeat(64);
const line = (runKey: string, designHash = HASH): FailedRunLine => ({
  format: RESULTS_FORMAT,
  designHash,
  runKey,
  vectorIndex: 0,
  iteration: 0,
  vector: {},
  config: { map: 'm' },
  seed: 0,
  swarmgateVersion: '0.1.0',
  error: 'x',
  wallSeconds: 0,
});

function fileWith(name: string, ...lines: FailedRunLine[]): string {
  const file = join(dir, name);
  const writer = new ResultsWriter(file);
  for (const l of lines) writer.append(l);
  writer.close();
  return file;
}

describe('results.jsonl', () => {
  it('reads back the run keys written, and none from a file not yet there', () => {
    const file = fileWith('two.jsonl', line('k:0:0'), line('k:1:0'));
    expect(readFileSync(file, 'utf8').split('\n')).toHaveLength(3);
    expect([...readResultKeys(file, HASH, () => {})]).toEqual(['k:0:0', 'k:1:0']);
    expect(readResultKeys(join(dir, 'none.jsonl'), HASH, () => {}).size).toBe(0);
  });

  it.each([
    ['half a line', '{"format":"swarmgate-results/1","runK'],
    ['a whole object without its newline but cut inside a string', '{"format":"swarmgate-results/1","runKey":"k:2'],
    ['a stray byte', 'x'],
  ])('drops a torn last line (%s) with a warning, cutting it off the file so the next append starts clean', (_what, torn) => {
    const file = fileWith(`torn-${torn.length}.jsonl`, line('k:0:0'));
    const whole = readFileSync(file, 'utf8');
    writeFileSync(file, whole + torn);
    const warnings: string[] = [];
    expect([...readResultKeys(file, HASH, (m) => warnings.push(m))]).toEqual(['k:0:0']);
    expect(warnings).toEqual([`${file}:2: the last line is incomplete (a run cut off mid-write): dropped, that run runs again`]);
    expect(readFileSync(file, 'utf8')).toBe(whole);
  });

  it('keeps a whole last line whose newline was cut off, and ends it', () => {
    const file = fileWith('no-newline.jsonl', line('k:0:0'), line('k:1:0'));
    const whole = readFileSync(file, 'utf8');
    writeFileSync(file, whole.slice(0, -1));
    expect([...readResultKeys(file, HASH, () => {})]).toEqual(['k:0:0', 'k:1:0']);
    expect(readFileSync(file, 'utf8')).toBe(whole);
  });

  it('resumes from a file too large to be read as one string (over 512 MiB), cutting its torn last line at its byte', () => {
    const file = fileWith('huge.jsonl', line('k:0:0'), line('k:1:0'));
    const blanks = Buffer.from(`${' '.repeat(1023)}\n`.repeat(1024)); // 1 MiB of blank lines, which a reader skips
    const fd = openSync(file, 'a');
    for (let written = 0; written <= constants.MAX_STRING_LENGTH; written += blanks.length) writeSync(fd, blanks);
    writeSync(fd, `${JSON.stringify(line('k:2:0'))}\n`);
    const whole = fstatSync(fd).size;
    writeSync(fd, '{"format":"swarmgate-results/1","ru');
    closeSync(fd);
    const lines = 2 + Math.ceil((constants.MAX_STRING_LENGTH + 1) / blanks.length) * 1024 + 1;
    const warnings: string[] = [];
    try {
      expect([...readResultKeys(file, HASH, (m) => warnings.push(m))]).toEqual(['k:0:0', 'k:1:0', 'k:2:0']);
      expect(warnings).toEqual([`${file}:${lines + 1}: the last line is incomplete (a run cut off mid-write): dropped, that run runs again`]);
      expect(statSync(file).size).toBe(whole);
    } finally {
      rmSync(file);
    }
  }, 60_000);

  it('refuses a line longer than a string can be (a file of 512 MiB of zero bytes), naming its line', () => {
    const file = fileWith('zeros.jsonl', line('k:0:0'));
    truncateSync(file, constants.MAX_STRING_LENGTH + 2 ** 20);
    try {
      expect(() => readResultKeys(file, HASH, () => {})).toThrow(
        new CliUsageError(`${file}:2: a line of more than ${constants.MAX_STRING_LENGTH} bytes, longer than any run line; is DIR another experiment's?`),
      );
    } finally {
      rmSync(file);
    }
  }, 60_000);

  it("refuses a bad line before the last, and another design's line", () => {
    const file = fileWith('middle.jsonl', line('k:0:0'));
    writeFileSync(file, 'not json\n' + readFileSync(file, 'utf8'));
    // The report's parser names the file, the line and what is wrong with it.
    expect(() => readResultKeys(file, HASH, () => {})).toThrow(CliUsageError);
    expect(() => readResultKeys(file, HASH, () => {})).toThrow(`SG_RESULTS_LINE: ${file} line 1: not JSON (`);
    expect(() => readResultKeys(file, HASH, () => {})).toThrow(/\); is DIR another experiment's\?$/);
    const other = fileWith('other.jsonl', line('k:0:0', 'b'.repeat(64)));
    expect(() => readResultKeys(other, HASH, () => {})).toThrow(/other\.jsonl:1: a line of another design \(hash bbbbbbbbbbbb\)/);
  });

  it('reads any file content to the keys of its whole lines or refuses it with a CliUsageError, never a crash (property)', () => {
    const good = JSON.stringify(line('k:0:0'));
    const piece = fc.oneof(fc.constant(good), fc.constant(JSON.stringify(line('k:9:9', 'c'.repeat(64)))), fc.string({ maxLength: 30 }), fc.constant('\n'));
    let n = 0;
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const file = join(dir, `property-${n++}.jsonl`);
        writeFileSync(file, pieces.join(''));
        try {
          const keys = readResultKeys(file, HASH, () => {});
          // What is left is whole lines, each one of the keys read.
          const left = readFileSync(file, 'utf8');
          expect(left === '' || left.endsWith('\n')).toBe(true);
          for (const key of keys) expect(left).toContain(`"runKey":"${key}"`);
        } catch (error) {
          expect(error).toBeInstanceOf(CliUsageError);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('experiment progress', () => {
  it('shows runs done, failures and the time left at the pace of this invocation', () => {
    expect(formatExperimentProgress(5, 20, 1, 50, 100)).toMatch(/^\[#{10}\.{30}\] 5\/20 runs, 1 failed {2}50s elapsed, ETA 2m30s$/);
    // 10 runs recorded before a resume: only the 2 run now set the pace.
    expect(formatExperimentProgress(12, 20, 0, 20, 100, 2)).toMatch(/12\/20 runs {2}20s elapsed, ETA 1m20s$/);
    expect(formatExperimentProgress(0, 4, 0, 0, 100)).toMatch(/ETA \?$/);
    expect(formatDuration(3725)).toBe('1h02m');
  });
});
