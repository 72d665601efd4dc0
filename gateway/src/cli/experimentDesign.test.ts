import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { stringify } from 'yaml';
import { CliUsageError } from './Command.js';
import { canonicalJson, designOf, type Design } from './experimentDesign.js';
import { parseYamlText } from './yamlSource.js';

const design = async (text: string): Promise<Design> => designOf(parseYamlText(text, 'design.yaml'), '/base');

async function errorOf(text: string): Promise<string> {
  const error: unknown = await design(text).then(
    () => new Error('loaded without an error'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CliUsageError);
  return (error as Error).message;
}

const BASE = ['name: t', 'fixed:', '  map: cave:30x30:seed=4'];
const lines = (...extra: string[]): string => [...BASE, ...extra].join('\n');

describe('experiment designs', () => {
  it('expands rows x cross (last cross key fastest) x iterations, seeds from the base, stop conditions into every run', async () => {
    const d = await design(
      lines(
        'seed: 100',
        'iterations: 2',
        'stop: {explored: 0.9, maxTicks: 500}',
        'vectors:',
        '  rows:',
        '    - {algorithm: frontier}',
        '    - {algorithm: {name: random}, radio.model: los}',
        '  cross:',
        '    robots: [1, 3]',
        '    spawn: [together, apart]',
      ),
    );
    expect(d.runs).toHaveLength(2 * 4 * 2);
    expect(d.runs.map((r) => [r.vectorIndex, r.iteration, r.seed]).slice(0, 3)).toEqual([
      [0, 0, 100],
      [0, 1, 101],
      [1, 0, 100],
    ]);
    expect(d.runs[2].vector).toEqual({ algorithm: 'frontier', robots: 1, spawn: 'apart' });
    expect(d.runs[15].vector).toEqual({ algorithm: { name: 'random' }, 'radio.model': 'los', robots: 3, spawn: 'apart' });
    expect(d.runs[15].config).toEqual({
      map: 'cave:30x30:seed=4',
      target: 0.9,
      'max-ticks': 500,
      algorithm: 'random',
      comm: 'los',
      robots: 3,
      spawn: 'apart',
      seed: 101,
    });
    expect(d.runs[15].runKey).toBe(`${d.hash.slice(0, 12)}:7:1`);
    expect(new Set(d.runs.map((r) => r.runKey)).size).toBe(d.runs.length);
  });

  it('is one run of the fixed keys with no vectors, measured every 10 ticks by default', async () => {
    const d = await design(lines());
    expect(d.runs.map((r) => r.config)).toEqual([{ map: 'cave:30x30:seed=4', seed: 0 }]);
    expect(d.sampleEveryTicks).toBe(10);
    expect(d.metrics).toContain('explorationTicks');
  });

  it('locates a value any run refuses where the design gives it: fixed, a vector value, a row, the stop conditions', async () => {
    expect(await errorOf(lines('  robots: 0'))).toBe('design.yaml:4:11: robots: must be >= 1, got 0');
    expect(await errorOf(lines('vectors:', '  cross:', '    robots: [1, 2.5]'))).toBe("design.yaml:6:17: robots: must be an integer in [1, 100000], got '2.5'");
    expect(await errorOf(lines('vectors:', '  rows:', '    - {radio.loss: 2}'))).toBe('design.yaml:6:20: radio.loss: must be <= 1, got 2');
    expect(await errorOf(lines('stop: {maxTicks: -5}'))).toBe('design.yaml:4:18: targets.maxTicks: must be >= 1, got -5');
    expect(await errorOf(lines('seed: 2147483647', 'iterations: 2'))).toBe('design.yaml:4:7: seed: must be <= 2147483647, got 2147483648');
    expect(await errorOf(lines('vectors:', '  cross:', '    map: [cave:30x30:seed=4, nosuch.pgm]'))).toMatch(/^design\.yaml:6:30: map: SG_MAP_NOT_FOUND/);
  });

  it('refuses a design of more runs than MAX_DESIGN_RUNS before planning any, naming the count and the budget', async () => {
    expect(await errorOf(lines('iterations: 100000000'))).toBe(
      'design.yaml:4:13: iterations: 1 vectors x 100000000 iterations = 100000000 runs, over the budget of 100000 runs a design',
    );
    const ten = '[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]';
    const cross = ['robots', 'lidarRange', 'radio.latencyMs', 'radio.bandwidth', 'mergeEveryS', 'poseError', 'workers'].map((key) => `    ${key}: ${ten}`);
    expect(await errorOf(lines('vectors:', '  cross:', ...cross))).toBe(
      'design.yaml:11:5: vectors.cross.poseError: makes 100000 x 10 = 1000000 vectors, over the budget of 100000 runs a design',
    );
    expect(await errorOf(lines('iterations: 3', 'vectors:', '  cross:', ...cross.slice(0, 5)))).toBe(
      'design.yaml:4:13: iterations: 100000 vectors x 3 iterations = 300000 runs, over the budget of 100000 runs a design',
    );
  });

  it('refuses unknown keys with the nearest known name, and keys the runner owns', async () => {
    expect(await errorOf(lines('iteration: 3'))).toMatch(/^design\.yaml:4:1: iteration: unknown key 'iteration' \(did you mean 'iterations'\?\)/);
    expect(await errorOf(lines('vectors:', '  cross:', '    robot: [1]'))).toMatch(
      /^design\.yaml:6:5: vectors\.cross\.robot: unknown key 'robot' \(did you mean 'robots'\?\)/,
    );
    expect(await errorOf(lines('  robts: 2'))).toMatch(/^design\.yaml:4:3: robts: unknown key 'robts' \(did you mean 'robots'\?\)/);
    expect(await errorOf(lines('  seed: 2'))).toMatch(/^design\.yaml:4:3: fixed\.seed: the seed of a run is the design's seed plus its iteration/);
    expect(await errorOf(lines('vectors:', '  rows: [{outputs.json: a.json}]'))).toMatch(
      /^design\.yaml:5:11: vectors\.rows\.0\.outputs\.json: a design records/,
    );
    expect(await errorOf(lines('vectors:', '  rows: [{robots: 1}]', '  cross: {robots: [2]}'))).toMatch(/'robots' is varied by vectors\.cross already/);
    expect(await errorOf(lines('  targets: {maxTicks: 5}', 'stop: {explored: 0.5}'))).toMatch(
      /^design\.yaml:4:3: fixed\.targets: the stop conditions are given/,
    );
    expect(await errorOf(lines('measurements: {sampleEveryTicks: 15}'))).toMatch(/sampleEveryTicks: must be a positive multiple of 10 ticks/);
    expect(await errorOf(lines('metrics: [explorationTime]'))).toMatch(/did you mean 'explorationTicks'/);
    expect(await errorOf('fixed: {map: m}')).toMatch(/^design\.yaml:1:1: name: a design needs a name/);
  });

  it('hashes the canonical design: key order does not matter, any value does', async () => {
    const a = await design(lines('iterations: 2'));
    const b = await design(['iterations: 2', 'fixed: {map: "cave:30x30:seed=4"}', 'name: t'].join('\n'));
    const c = await design(lines('iterations: 3'));
    expect(b.hash).toBe(a.hash);
    expect(c.hash).not.toBe(a.hash);
    expect(canonicalJson({ b: [{ d: 1, c: 2 }], a: null })).toBe('{"a":null,"b":[{"c":2,"d":1}]}');
  });

  it('loads or fails with a located error on any YAML text, and on any object near its schema (property)', async () => {
    const check = async (text: string): Promise<void> => {
      const error: unknown = await design(text).then(
        () => undefined,
        (e: unknown) => e,
      );
      if (error === undefined) return;
      expect(error).toBeInstanceOf(CliUsageError);
      expect((error as Error).message).toMatch(/^(design\.yaml(:\d+:\d+)?: |--map is required)/);
    };
    await fc.assert(fc.asyncProperty(fc.string({ maxLength: 200 }), check), { numRuns: 300 });
    const key = fc.constantFrom(
      'name',
      'seed',
      'iterations',
      'fixed',
      'vectors',
      'cross',
      'rows',
      'stop',
      'robots',
      'radio.model',
      'metrics',
      'map',
      'maxTicks',
    );
    const leaf = fc.oneof(fc.integer({ min: -3, max: 5 }), fc.string({ maxLength: 8 }), fc.constant(null), fc.constant('cave:20x20:seed=1'));
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('node'), { maxLength: 3 }), fc.dictionary(key, tie('node'), { maxKeys: 3 })),
    })).node;
    await fc.assert(
      fc.asyncProperty(fc.dictionary(key, value, { maxKeys: 6 }), (d) => check(stringify(d))),
      { numRuns: 300 },
    );
  });
});
