/**
 * `swarmgate experiment report` end to end: real small trials (runTrialWithSeries) written as
 * results.jsonl lines in the runner's format, the real binary run over them, and every output
 * read back and checked against counts computed here from the lines.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failedRunLine, finishedRunLine } from '../experiment/runLine.js';
import { writeReport } from '../experiment/writeReport.js';
import { REPORT_METRICS } from './experimentDesign.js';
import { runTrialWithSeries } from './run.js';
import { runMain, runSwarmgate } from './testing/runSwarmgate.js';

const ALGORITHMS = ['frontier', 'random'];
const ROBOTS = [1, 3];
const ITERATIONS = 3;
const DESIGN_HASH = 'c0ffee'.repeat(10) + 'abcd';
/** A vector whose every run throws (no such algorithm): recorded with an "error", as the runner does. */
const FAILING = { algorithm: 'no-such-algorithm', robots: 1 };

interface Line {
  vector: { algorithm: string; robots: number };
  runKey: string;
  error?: string;
  result?: { ticks: number; success: boolean };
  wallSeconds: number;
}

let dir: string;
let lines: Line[];

async function fixtureLines(): Promise<Line[]> {
  const vectors = [...ALGORITHMS.flatMap((algorithm) => ROBOTS.map((robots) => ({ algorithm, robots }))), FAILING];
  const out: Line[] = [];
  for (const [vectorIndex, vector] of vectors.entries()) {
    for (let iteration = 0; iteration < (vector === FAILING ? 1 : ITERATIONS); iteration++) {
      const seed = 1000 * vectorIndex + iteration;
      // Small and short: a 30 x 30 cave seen with a 2 m lidar, some configurations reaching 80 % before 800 ticks and some not.
      const config = { map: 'cave:30x30:seed=2', 'lidar-range': 2, 'max-ticks': 800, target: 0.8, ...vector, seed };
      const run = { designHash: DESIGN_HASH, vectorIndex, iteration, vector, config, seed, swarmgateVersion: '0.1.0' };
      try {
        const { report, samples } = await runTrialWithSeries(config);
        out.push(finishedRunLine(run, report, samples, report.wallSeconds) as unknown as Line);
      } catch (error) {
        out.push(failedRunLine(run, error, 0) as unknown as Line);
      }
    }
  }
  return out;
}

function writeResults(target: string, text: string): string {
  writeFileSync(join(target, 'results.jsonl'), text);
  return target;
}

function newDir(): string {
  return mkdtempSync(join(tmpdir(), 'sg-experiment-'));
}

/** The counts of the Minotaur table, computed from the lines. */
function expected(vector: Line['vector']) {
  const runs = lines.filter((l) => l.vector.algorithm === vector.algorithm && l.vector.robots === vector.robots);
  const ticks = runs.filter((l) => l.result?.success).map((l) => l.result!.ticks);
  return {
    label: `algorithm=${vector.algorithm}, robots=${vector.robots}`,
    runs: runs.length,
    successes: ticks.length,
    timeouts: runs.filter((l) => l.result && !l.result.success).length,
    errors: runs.filter((l) => l.error !== undefined).length,
    average: ticks.length ? ticks.reduce((a, b) => a + b, 0) / ticks.length : null,
    fastest: ticks.length ? Math.min(...ticks) : null,
    slowest: ticks.length ? Math.max(...ticks) : null,
  };
}

const configurations = (): ReturnType<typeof expected>[] => [...new Map(lines.map((l) => [JSON.stringify(l.vector), l.vector])).values()].map(expected);

// The fixture's report comes from the real binary (its exit code, all it prints, and the files
// the byte-for-byte test compares with this process's); the tests below that read what the
// command prints run `main` in this process, sparing each a child's second of start-up.
beforeAll(async () => {
  lines = await fixtureLines();
  dir = newDir();
  writeResults(dir, lines.map((l) => JSON.stringify(l) + '\n').join(''));
  const run = await runSwarmgate('experiment', 'report', dir);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  expect(run.stdout).toContain(`${lines.length} runs in 5 configurations: wrote report.md, summary.csv, runs.csv`);
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('swarmgate experiment report', () => {
  it('has a fixture with successes, timeouts and an error, so each count is exercised', () => {
    const total = (count: (c: ReturnType<typeof expected>) => number): number => configurations().reduce((n, c) => n + count(c), 0);
    expect(total((c) => c.successes)).toBeGreaterThan(0);
    expect(total((c) => c.timeouts)).toBeGreaterThan(0);
    expect(total((c) => c.errors)).toBe(1);
  });

  it('writes the Minotaur table with the counts of the lines', () => {
    const md = readFileSync(join(dir, 'report', 'report.md'), 'utf8');
    for (const c of configurations()) {
      const row = md.split('\n').find((l) => l.startsWith(`| ${c.label} |`));
      expect(row, c.label).toBeDefined();
      const cells = row!
        .split('|')
        .slice(2, -1)
        .map((s) => s.trim());
      expect(cells.slice(1, 4).map(Number), c.label).toEqual([c.successes, c.timeouts, c.errors]);
      expect(cells[4]).toBe(`${((c.successes / c.runs) * 100).toFixed(1)} %`);
      if (c.average === null) expect(cells[0]).toBe('–');
      else expect(Number(cells[0])).toBeCloseTo(c.average, 0);
      expect(cells.slice(5, 7)).toEqual([String(c.fastest ?? '–'), String(c.slowest ?? '–')]);
    }
    expect(md).toContain('over the successful runs only');
    const failed = lines.find((l) => l.error !== undefined)!;
    expect(md).toContain(`| ${failed.runKey} | ${expected(FAILING).label} | ${failed.error} |`);
  });

  it('writes summary.csv and runs.csv that parse back to the same counts', () => {
    const summary = parseCsv(readFileSync(join(dir, 'report', 'summary.csv')), { columns: true }) as Record<string, string>[];
    expect(summary.map((r) => r.configuration)).toEqual(configurations().map((c) => c.label));
    for (const [i, c] of configurations().entries()) {
      const row = summary[i];
      expect([row.runs, row.successes, row.timeouts, row.errors].map(Number)).toEqual([c.runs, c.successes, c.timeouts, c.errors]);
      expect(row.averageTicks === '' ? null : Number(row.averageTicks)).toEqual(c.average);
      expect(row.algorithm).toBe(lines.find((l) => expected(l.vector).label === c.label)!.vector.algorithm);
    }
    expect(Object.keys(summary[0])).toEqual(expect.arrayContaining(['ticksMean', 'ticksSd', 'exploredFractionMean', 'collisionsMean', 'mapQualityMean']));
    const runsText = readFileSync(join(dir, 'report', 'runs.csv'), 'utf8');
    // Every column named once (the run's time and the trial's own were both `wallSeconds`).
    const header = runsText.slice(0, runsText.indexOf('\n')).split(',');
    expect(new Set(header).size).toBe(header.length);
    expect(header).toEqual(expect.arrayContaining(['runWallSeconds', 'wallSeconds']));
    const runs = parseCsv(runsText, { columns: true }) as Record<string, string>[];
    expect(runs.map((r) => r.runKey).sort()).toEqual(lines.map((l) => l.runKey).sort());
    for (const r of runs) {
      const line = lines.find((l) => l.runKey === r.runKey)!;
      expect(Number(r.runWallSeconds)).toBe(line.wallSeconds);
      expect(r.status).toBe(line.error !== undefined ? 'error' : line.result!.success ? 'success' : 'timeout');
      expect(r.ticks === '' ? null : Number(r.ticks)).toBe(line.result?.ticks ?? null);
    }
  });

  it('draws each plot as valid SVG with marks for each configuration that has data for it', () => {
    const finished = configurations().filter((c) => c.successes + c.timeouts > 0);
    const succeeded = configurations().filter((c) => c.successes > 0);
    const plots = {
      'explored-over-time': finished.map((c) => `configuration: ${c.label}`),
      cactus: succeeded.map((c) => `configuration: ${c.label}`),
      'ticks-vs-robots': [...new Set(succeeded.map((c) => c.label.replace(/, robots=\d+$/, '')))].map((s) => `algorithm: ${s}`),
    };
    for (const [name, keys] of Object.entries(plots)) {
      const svg = readFileSync(join(dir, 'report', `${name}.svg`), 'utf8');
      expect(XMLValidator.validate(svg), name).toBe(true);
      const labels = markLabels(new XMLParser({ ignoreAttributes: false }).parse(svg));
      expect(keys.length, name).toBeGreaterThan(0);
      for (const key of keys)
        expect(
          labels.some((l) => l.includes(key)),
          `${name}: ${key}`,
        ).toBe(true);
      // The legend names every configuration, with or without data, in one colour across the plots.
      if (name !== 'ticks-vs-robots') for (const c of configurations()) expect(svg, name).toContain(`>${c.label}</text>`);
    }
  });

  it('renders each plot to a PNG twice the size of its SVG that is not blank', () => {
    for (const name of ['explored-over-time', 'cactus', 'ticks-vs-robots']) {
      const svg = readFileSync(join(dir, 'report', `${name}.svg`), 'utf8');
      const [, width, height] = /<svg[^>]* width="(\d+)" height="(\d+)"/.exec(svg)!.map(Number);
      const png = PNG.sync.read(readFileSync(join(dir, 'report', `${name}.png`)));
      expect([png.width, png.height], name).toEqual([2 * width, 2 * height]);
      const colours = new Set<number>();
      let ink = 0;
      for (let i = 0; i < png.data.length; i += 4) {
        colours.add(png.data.readUInt32BE(i));
        if (png.data[i] < 128 || png.data[i + 1] < 128 || png.data[i + 2] < 128) ink++;
      }
      expect(colours.size, name).toBeGreaterThan(20);
      expect(ink / (png.width * png.height), name).toBeGreaterThan(0.005);
    }
  });

  it('says in --help what it writes, and writes no file --help does not name', async () => {
    const help = await runMain('experiment', 'report', '--help');
    expect(help.code).toBe(0);
    const written = readdirSync(join(dir, 'report'));
    expect(written.length).toBe(9);
    for (const file of written) {
      const [stem, ext] = file.split('.');
      expect(help.stdout, file).toMatch(ext === 'svg' || ext === 'png' ? `${stem}.svg/.png` : file);
    }
    expect((await runMain('experiment', '--help')).stdout).toMatch(/report +write tables/);
    expect((await runMain('--help')).stdout).toMatch(/experiment +experiments over many trials \(run, check, status, collect, report\)/);
  }, 60_000);

  it('writes the same tables and plots, byte for byte, from the same results', async () => {
    const again = newDir();
    try {
      writeResults(again, readFileSync(join(dir, 'results.jsonl'), 'utf8'));
      await writeReport(again);
      for (const file of readdirSync(join(dir, 'report')).filter((f) => f !== 'report.md')) {
        expect(readFileSync(join(again, 'report', file)).equals(readFileSync(join(dir, 'report', file))), file).toBe(true);
      }
    } finally {
      rmSync(again, { recursive: true, force: true });
    }
  }, 60_000);

  it('reports the lines before a truncated last line, with a warning naming it', async () => {
    const cut = newDir();
    try {
      const whole = lines
        .slice(0, 4)
        .map((l) => JSON.stringify(l) + '\n')
        .join('');
      writeResults(cut, whole + JSON.stringify(lines[4]).slice(0, 50));
      const run = await runMain('experiment', 'report', cut);
      expect(run.code).toBe(0);
      expect(run.stderr).toBe(
        `swarmgate experiment report: warning: ${join(cut, 'results.jsonl')} line 5: truncated (no newline at the end and not a complete run line), left out of the report\n`,
      );
      expect(run.stdout).toMatch(/^4 runs in /);
      expect(readFileSync(join(cut, 'report', 'report.md'), 'utf8')).toContain('line 5: truncated');
    } finally {
      rmSync(cut, { recursive: true, force: true });
    }
  }, 60_000);

  it("shows the design's metrics in report.md, in its order, and every metric in the CSVs; a bad design.json is a warning", async () => {
    const listed = newDir();
    try {
      writeResults(listed, readFileSync(join(dir, 'results.jsonl'), 'utf8'));
      writeFileSync(
        join(listed, 'design.json'),
        JSON.stringify({ designHash: DESIGN_HASH, design: { name: 'x', metrics: ['collisions', 'success', 'distanceTotal'] } }),
      );
      const run = await runMain('experiment', 'report', listed);
      expect(run.stderr).toBe('');
      const metricRows = (folder: string): string[] =>
        readFileSync(join(folder, 'report', 'report.md'), 'utf8')
          .split('## Metrics')[1]!
          .split('\n## ')[0]!
          .split('\n')
          .filter((l) => l.startsWith('| ') && !l.startsWith('| metric'))
          .map((l) => l.split('|')[1]!.trim());
      // success is the table's success rate, not a row.
      expect(metricRows(listed)).toEqual(['collisions', 'distanceTotal']);
      expect(readFileSync(join(listed, 'report', 'report.md'), 'utf8')).toMatch(/other numeric fields \(ticks, .*mapQuality.*\) are in `summary.csv`/);
      expect(readFileSync(join(listed, 'report', 'summary.csv'), 'utf8')).toBe(readFileSync(join(dir, 'report', 'summary.csv'), 'utf8'));
      expect(metricRows(dir)).toContain('mapQuality');

      writeFileSync(join(listed, 'design.json'), JSON.stringify({ design: { name: 'x', metrics: ['distanceTotl'] } }));
      const bad = await runMain('experiment', 'report', listed);
      expect(bad.code).toBe(0);
      expect(bad.stderr).toBe(
        `swarmgate experiment report: warning: ${join(listed, 'design.json')}: design.metrics.0: unknown metric 'distanceTotl' (did you mean 'distanceTotal'?); known metrics: ${REPORT_METRICS.join(', ')}; the report shows every metric\n`,
      );
      expect(metricRows(listed)).toEqual(metricRows(dir));
    } finally {
      rmSync(listed, { recursive: true, force: true });
    }
  }, 60_000);

  // The messages of every bad input are readResults.test.ts's; here, that the command prints them as one line.
  // A case of each exit code through the real binary, the rest in this process.
  it('fails with one line naming the folder, file or line for bad input, and exit 2 for bad usage', async () => {
    const bad = newDir();
    try {
      expect(await runSwarmgate('experiment', 'report', join(bad, 'missing'))).toMatchObject({
        code: 1,
        stderr: `swarmgate experiment: SG_RESULTS_READ: ${join(bad, 'missing')}: no such folder\n`,
      });
      const wrongShape = { ...lines[0], result: { ...lines[0].result, ticks: -3 } };
      writeResults(bad, [lines[0], wrongShape, lines[1]].map((l) => JSON.stringify(l) + '\n').join(''));
      expect(await runMain('experiment', 'report', bad)).toMatchObject({
        code: 1,
        stderr: `swarmgate experiment: SG_RESULTS_LINE: ${join(bad, 'results.jsonl')} line 2: "result.ticks" must be a non-negative integer, got -3\n`,
      });
      expect(await runSwarmgate('experiment', 'report')).toMatchObject({ code: 2, stderr: expect.stringContaining('swarmgate experiment: missing DIR') });
      expect((await runMain('experiment', 'nope')).stderr).toContain("unknown subcommand 'nope'");
    } finally {
      rmSync(bad, { recursive: true, force: true });
    }
  }, 60_000);
});

/** Every aria-label in a parsed SVG: vega labels each data mark with its fields, `configuration: <label>` among them. */
function markLabels(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(markLabels);
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) => (key === '@_aria-label' && typeof value === 'string' ? [value] : markLabels(value)));
}
