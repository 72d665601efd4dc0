import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { CliUsageError } from './Command.js';
import { checkRunValues } from './run.js';
import { locateFlagErrors, TRIAL_KEYS, trialValues } from './trialFile.js';
import { parseYamlText } from './yamlSource.js';

const BIN = new URL('../../bin/swarmgate.js', import.meta.url).pathname;

/** Loads trial-file text as `swarmgate run` does, up to the flag checks; throws what it would print. */
function load(text: string, file = 'trial.yaml') {
  const { value, at } = parseYamlText(text, file);
  const located = trialValues(value, at, '/base');
  locateFlagErrors(located.where, () => checkRunValues(located.values));
  return located;
}

function errorOf(text: string): string {
  try {
    load(text);
  } catch (error) {
    expect(error).toBeInstanceOf(CliUsageError);
    return (error as Error).message;
  }
  throw new Error('loaded without an error');
}

describe('trial files', () => {
  it('maps every key onto its flag, paths relative to the file, algorithm params as the flag spells them', () => {
    const { values, config } = load(
      [
        'map: cave:30x30:seed=4',
        'robots: 3',
        'algorithm: {name: frontier, params: {}}',
        'radio: {model: los, latencyMs: 20, bandwidth: 4000, loss: 0.1}',
        'spawn: apart',
        'seed: 9',
        'targets: {explored: 0.9, maxTicks: 500}',
        'robotProfile: maes',
        'lidarRange: 7',
        'workers: 2',
        'controllerThreads: on',
        'outputs: {json: out/r.json, csv: ../s.csv}',
      ].join('\n'),
    );
    expect(values).toEqual({
      map: 'cave:30x30:seed=4',
      robots: '3',
      algorithm: 'frontier',
      comm: 'los',
      'latency-ms': '20',
      bandwidth: '4000',
      loss: '0.1',
      spawn: 'apart',
      seed: '9',
      target: '0.9',
      'max-ticks': '500',
      'robot-profile': 'maes',
      'lidar-range': '7',
      workers: '2',
      'controller-threads': 'on',
      json: '/base/out/r.json',
      csv: '/s.csv',
    });
    expect(config.robots).toBe(3);
    expect(load('map: m\nalgorithm: {name: greed, params: {speedMps: 1.5}}').values.algorithm).toBe('greed:speedMps=1.5');
    expect(load('map: m\ncontroller: {module: ./c.ts, params: {a: 1, b: 2}}').values.controller).toBe('/base/c.ts:a=1,b=2');
  });

  it("refuses a value through the flag's own check, at the file's line and column, naming the key", () => {
    expect(errorOf('map: m\ncontrollerThreads: true\n')).toMatch(/^trial\.yaml:2:\d+: controllerThreads: /);
    expect(errorOf('map: m\ncontrollerThreads: maybe\n')).toBe("trial.yaml:2:20: controllerThreads: must be auto, on or off, got 'maybe'");
    expect(errorOf('map: cave:30x30:seed=4\nrobots: 2.5\n')).toBe("trial.yaml:2:9: robots: must be an integer in [1, 100000], got '2.5'");
    expect(errorOf('map: m\nradio:\n  model: los\n  loss: 1.5\n')).toBe('trial.yaml:4:9: radio.loss: must be <= 1, got 1.5');
    expect(errorOf('map: m\ntargets: {maxTicks: 0}')).toBe('trial.yaml:2:21: targets.maxTicks: must be >= 1, got 0');
    expect(errorOf('map: m\nalgorithm: nosuch')).toMatch(/^trial\.yaml:2:12: algorithm: SG_UNKNOWN_ALGORITHM: no algorithm named 'nosuch'; registered: /);
    expect(errorOf('map: m\nalgorithm: frontier\ncontroller: ./c.ts')).toMatch(/^trial\.yaml:3:13: controller: and --algorithm exclude each other/);
    expect(errorOf('robots: 2')).toMatch(/^--map is required/);
    expect(errorOf('map: cave:30x30:seed=4\nworkers: 0')).toBe('trial.yaml:2:10: workers: must be >= 1, got 0');
  });

  it('refuses an unknown key naming the nearest known one, and a value of the wrong type', () => {
    expect(errorOf('map: m\nrobts: 2')).toMatch(/^trial\.yaml:2:1: robts: unknown key 'robts' \(did you mean 'robots'\?\); known keys: map, /);
    expect(errorOf('map: m\nradio: {modle: los}')).toMatch(/^trial\.yaml:2:9: radio\.modle: unknown key 'modle' \(did you mean 'model'\?\)/);
    expect(errorOf('map: m\nrobots: "3"')).toBe("trial.yaml:2:9: robots: must be a number, got '3'");
    expect(errorOf('map: [a]')).toBe('trial.yaml:1:6: map: must be a string, got a list');
    expect(errorOf('map: m\nradio: los')).toBe("trial.yaml:2:8: radio: must be a mapping of keys to values, got 'los'");
    expect(errorOf('- map')).toBe('trial.yaml:1:1: trial: must be a mapping of keys to values, got a list');
    expect(errorOf('map: m\nalgorithm: {params: {x: 1}}')).toBe("trial.yaml:2:12: algorithm: needs 'name'");
    expect(errorOf('map: m\nalgorithm: {name: greed, params: {x: fast}}')).toBe("trial.yaml:2:38: algorithm.params.x: must be a number, got 'fast'");
  });

  it('reports a YAML syntax error at its position', () => {
    expect(errorOf('map: m\nrobots: [1,\n')).toMatch(/^trial\.yaml:3:1: /);
    expect(errorOf('map: m\nmap: n\n')).toMatch(/^trial\.yaml:2:1: Map keys must be unique/);
  });

  it('names every key a design may vary', () => {
    expect(TRIAL_KEYS).toContain('radio.model');
    expect(TRIAL_KEYS).toContain('targets.maxTicks');
    expect(TRIAL_KEYS).not.toContain('radio');
  });

  it('loads or fails with a located error on any YAML text (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => expectLoadOrLocated(text)),
      { numRuns: 500 },
    );
  });

  it('loads or fails with a located error on any object near the schema (property)', () => {
    const key = fc.constantFrom('map', 'robots', 'algorithm', 'controller', 'radio', 'targets', 'outputs', 'seed', 'spawn', 'lidarRange', 'robts', '__proto__');
    const leaf = fc.oneof(fc.double(), fc.integer(), fc.string({ maxLength: 12 }), fc.constant(null), fc.boolean());
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('node'), { maxLength: 3 }), fc.dictionary(key, tie('node'), { maxKeys: 3 })),
    })).node;
    fc.assert(
      fc.property(fc.dictionary(key, value, { maxKeys: 6 }), (trial) => expectLoadOrLocated(stringify(trial))),
      { numRuns: 500 },
    );
  });
});

function expectLoadOrLocated(text: string): void {
  try {
    load(text);
  } catch (error) {
    expect(error).toBeInstanceOf(CliUsageError);
    // Located (file:line:col), or the one error no position has: no map at all.
    expect((error as Error).message).toMatch(/^(trial\.yaml(:\d+:\d+)?: |--map is required)/);
  }
}

describe('swarmgate run trial.yaml (real process)', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'swarmgate-trialfile-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const swarmgate = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 120_000 });

  it('runs the file as the same flags would, writes its outputs beside it, and a flag given overrides the file', () => {
    const file = join(dir, 'trial.yaml');
    writeFileSync(file, 'map: cave:30x30:seed=4\nrobots: 2\nseed: 3\ntargets: {maxTicks: 200}\noutputs: {json: out/result.json}\n');
    const fromFile = swarmgate('run', file);
    expect(fromFile.status, fromFile.stderr).toBe(0);
    // The file's output folder is made on first use.
    const report = JSON.parse(readFileSync(join(dir, 'out', 'result.json'), 'utf8')) as { finalStateHash: string; robots: number };
    const flags = swarmgate('run', '--map', 'cave:30x30:seed=4', '--robots', '2', '--seed', '3', '--max-ticks', '200', '--json', '-');
    expect(JSON.parse(flags.stdout).finalStateHash).toBe(report.finalStateHash);
    const overridden = swarmgate('run', file, '--robots', '1', '--json', '-');
    expect(overridden.status, overridden.stderr).toBe(0);
    expect(JSON.parse(overridden.stdout).robots).toBe(1);
  });

  it('exits 2 with the located message and no stack trace', () => {
    const file = join(dir, 'bad.yaml');
    writeFileSync(file, 'map: cave:30x30:seed=4\n\nrobots: 2.5\n');
    const r = swarmgate('run', file);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(`swarmgate run: ${file}:3:9: robots: must be an integer in [1, 100000], got '2.5'\n`);
    // The flag given on the command line is the one refused, so the message names the flag.
    expect(swarmgate('run', file, '--robots', '0').stderr).toBe('swarmgate run: --robots must be >= 1, got 0\n');
    expect(swarmgate('run', join(dir, 'missing.yaml')).stderr).toMatch(/^swarmgate run: .*missing\.yaml: cannot read: ENOENT/);
  });
});
