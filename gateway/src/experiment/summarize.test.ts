import { parse as parseCsv } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { meanCurve } from './charts.js';
import { toCsv } from './csv.js';
import { formatNumber, reportMarkdown } from './reportMarkdown.js';
import type { FinishedRunLine, ResultsLine } from './resultsLine.js';
import { spreadOf } from './stats.js';
import { canonicalJson, configurationLabel, summarize, valueText } from './summarize.js';

let runs = 0;

function run(
  vectorIndex: number,
  vector: Record<string, string | number>,
  outcome: { ticks: number; success: boolean; collisions?: number | null; explorationTicks?: number | null } | string,
): ResultsLine {
  const base = {
    format: 'swarmgate-results/1',
    designHash: 'd',
    runKey: `d:${vectorIndex}:${runs++}`,
    vectorIndex,
    iteration: 0,
    vector,
    config: {},
    seed: 0,
    swarmgateVersion: '0.1.0',
  } as const;
  if (typeof outcome === 'string') return { ...base, error: outcome };
  return { ...base, result: { seed: 9, robots: 2, workers: 2, ...outcome }, series: { tick: [], explored: [], covered: [] }, wallSeconds: 0 };
}

function curveRun(tick: number[], explored: number[]): FinishedRunLine {
  return { ...(run(0, {}, { ticks: 0, success: true }) as FinishedRunLine), series: { tick, explored, covered: explored } };
}

describe('spreadOf', () => {
  it('gives the mean and the sample standard deviation', () => {
    const s = spreadOf([2, 4, 4, 4, 5, 5, 7, 9])!;
    expect(s.mean).toBe(5);
    expect(s.sd).toBeCloseTo(Math.sqrt(32 / 7), 12);
    expect([s.n, s.min, s.max]).toEqual([8, 2, 9]);
    expect(spreadOf([3])).toEqual({ n: 1, mean: 3, sd: null, min: 3, max: 3 });
    expect(spreadOf([])).toBeNull();
  });

  it('gives equal values exactly their value and no spread', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }), fc.integer({ min: 2, max: 30 }), (v, n) => {
        expect(spreadOf(Array.from({ length: n }, () => v))).toMatchObject({ mean: v, sd: 0 });
      }),
    );
  });
});

describe('summarize', () => {
  const lines = [
    run(0, { algorithm: 'a', robots: 1 }, { ticks: 100, success: true, collisions: 1 }),
    run(0, { robots: 1, algorithm: 'a' }, { ticks: 300, success: true, collisions: 3 }),
    run(0, { algorithm: 'a', robots: 1 }, { ticks: 500, success: false, collisions: null }),
    run(0, { algorithm: 'a', robots: 1 }, 'it threw'),
    run(1, { algorithm: 'b', robots: 1 }, 'it threw too'),
  ].map((r, i) => ({ line: i + 1, run: r }));

  it('groups runs by vector whatever the key order, counting successes, timeouts and errors', () => {
    const { configurations, parameters } = summarize(lines);
    expect(parameters).toEqual(['algorithm', 'robots']);
    expect(configurations.map((c) => [c.label, c.successes, c.timeouts, c.errors, c.successRate])).toEqual([
      ['algorithm=a, robots=1', 2, 1, 1, 0.5],
      ['algorithm=b, robots=1', 0, 0, 1, 0],
    ]);
  });

  it('takes ticks over the successful runs and metrics over the runs that report a number', () => {
    const [a, b] = summarize(lines).configurations;
    expect(a.ticks).toMatchObject({ n: 2, mean: 200, min: 100, max: 300 });
    expect(a.metrics.get('ticks')).toMatchObject({ n: 3, mean: 300 });
    expect(a.metrics.get('collisions')).toMatchObject({ n: 2, mean: 2 });
    expect(b.ticks).toBeNull();
    expect(b.metrics.size).toBe(0);
  });

  it('leaves settings out of the metrics', () => {
    expect(summarize(lines).metrics).toEqual(['ticks', 'collisions']);
  });
});

describe('canonicalJson', () => {
  it('is one text for objects that differ only in key order', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (object) => {
        const reversed = Object.fromEntries(Object.entries(object).reverse());
        expect(canonicalJson(reversed as never)).toBe(canonicalJson(object as never));
        expect(JSON.parse(canonicalJson(object as never))).toEqual(JSON.parse(JSON.stringify(object)));
      }),
    );
  });
});

describe('meanCurve', () => {
  it('averages at each sampled tick, a run that ended keeping its last value', () => {
    const curve = meanCurve([curveRun([10, 20, 30], [0.2, 0.4, 0.6]), curveRun([10, 20], [0.4, 1])]);
    expect(curve.map((p) => p.tick)).toEqual([10, 20, 30]);
    [0.3, 0.7, 0.8].forEach((mean, i) => expect(curve[i].explored).toBeCloseTo(mean, 12));
  });

  it('keeps at most 201 points, the first and the last among them', () => {
    const ticks = Array.from({ length: 5000 }, (_, i) => 10 * (i + 1));
    const curve = meanCurve([
      curveRun(
        ticks,
        ticks.map((t) => t / 50_000),
      ),
    ]);
    expect(curve.length).toBeLessThanOrEqual(201);
    expect(curve[0]).toEqual({ tick: 10, explored: 10 / 50_000 });
    expect(curve.at(-1)).toEqual({ tick: 50_000, explored: 1 });
  });
});

describe('toCsv', () => {
  it('writes fields that a CSV parser reads back as written', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.oneof(fc.string(), fc.integer()), { minLength: 3, maxLength: 3 }), { maxLength: 5 }), (rows) => {
        const parsed = parseCsv(toCsv(['a', 'b', 'c'], rows), { relaxQuotes: false }) as string[][];
        expect(parsed).toEqual([['a', 'b', 'c'], ...rows.map((r) => r.map(String))]);
      }),
    );
  });
});

describe('formatNumber', () => {
  it('keeps integers, four significant digits below 1000 and one decimal above', () => {
    expect([formatNumber(624), formatNumber(702.6666), formatNumber(0.123456), formatNumber(12345.678)]).toEqual(['624', '702.7', '0.1235', '12345.7']);
  });
});

describe('reportMarkdown', () => {
  it('lists the runs with an error, a pipe in a message kept inside its cell, and says when no run finished', () => {
    const summary = summarize([{ line: 4, run: run(0, { algorithm: 'a|b' }, 'bad | input') }]);
    const md = reportMarkdown({ summary, source: 'results.jsonl', warnings: [], charts: [] });
    expect(md).toContain('1 run in 1 configuration, from `results.jsonl`.');
    expect(md).toContain('| algorithm=a\\|b | – | 0 | 0 | 1 | 0.0 % | – | – |');
    expect(md).toMatch(/\| 4 \| d:0:\d+ \| algorithm=a\\\|b \| bad \\\| input \|/);
    expect(md).toContain('No run finished: there is no metric to show.');
  });

  it("names a metric the design lists that no run reports as a number, rather than dropping it; success is the table's success rate", () => {
    const summary = summarize([
      { line: 1, run: run(0, { robots: 1 }, { ticks: 300, success: false, collisions: 2, explorationTicks: null }) },
      { line: 2, run: run(0, { robots: 1 }, { ticks: 300, success: false, collisions: 4, explorationTicks: null }) },
    ]);
    const md = reportMarkdown({ summary, source: 'results.jsonl', warnings: [], charts: [], shown: ['collisions', 'explorationTicks', 'success'] });
    expect(md).toContain('| collisions | 3 ± 1.414 |');
    expect(md).toContain('Listed by the design and reported as a number by no run, so not in the table: explorationTicks.');
  });
});

describe('configuration labels', () => {
  it('shows a controller as the command line writes it, not as JSON, so a legend reaches the robot count', () => {
    const vector = { controller: { module: './mine.ts', params: { speedMps: 0.5, turns: 2 } }, robots: 3 };
    expect(configurationLabel(vector, ['controller', 'robots'])).toBe('controller=./mine.ts:speedMps=0.5,turns=2, robots=3');
    expect(valueText({ module: './plain.ts' })).toBe('./plain.ts');
    expect(valueText({ module: './plain.ts', params: {} })).toBe('./plain.ts');
    // Anything else keeps its JSON: nothing is hidden or mistaken for a controller.
    expect(valueText({ module: './x.ts', other: 1 })).toBe('{"module":"./x.ts","other":1}');
    expect(valueText({ module: './x.ts', params: { a: 'b' } })).toBe('{"module":"./x.ts","params":{"a":"b"}}');
    expect(valueText([1, 2])).toBe('[1,2]');
    expect(valueText('frontier')).toBe('frontier');
  });
});
