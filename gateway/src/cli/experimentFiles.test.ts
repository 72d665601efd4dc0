/**
 * The trial files in examples/trials, the designs in experiments/ and the YAML blocks of
 * docs/experiments.md: each loads and passes every check, the trials run, and the -small
 * designs run end to end through the real binary, then are reported.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { designOf, loadDesign } from './experimentDesign.js';
import { NOT_TRIAL_OPTIONS } from './runOptions.js';
import { checkRunValues, runTrial, type RunTrialConfig } from './run.js';
import { loadTrialFile, locateFlagErrors, TRIAL_KEYS, trialValues } from './trialFile.js';
import { loadGrid } from './trialFlags.js';
import { recordedLines } from './testing/recordedLines.js';
import { parseYamlText } from './yamlSource.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BIN = join(ROOT, 'gateway/bin/swarmgate.js');
const TRIALS = join(ROOT, 'examples/trials');
const EXPERIMENTS = join(ROOT, 'experiments');
const DOC = readFileSync(join(ROOT, 'docs/experiments.md'), 'utf8');
const yamlFiles = (dir: string): string[] => readdirSync(dir).filter((f) => f.endsWith('.yaml'));

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'swarmgate-experiment-files-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('examples/trials', () => {
  it('holds example trial files', () => {
    expect(yamlFiles(TRIALS).length).toBeGreaterThanOrEqual(3);
  });

  it.each(yamlFiles(TRIALS))('%s loads, writes its outputs under examples/trials/out, and runs', async (file) => {
    const { config } = loadTrialFile(join(TRIALS, file));
    const trial: Record<string, string | number> = {};
    for (const [flag, value] of Object.entries(config)) {
      if ((NOT_TRIAL_OPTIONS as readonly string[]).includes(flag)) expect(String(value).startsWith(join(TRIALS, 'out') + '/')).toBe(true);
      else trial[flag] = value;
    }
    // A few ticks: every check the command makes, map and controller loaded, the engine started.
    const report = await runTrial({ ...(trial as RunTrialConfig), 'max-ticks': 20 });
    expect(report.ticks).toBeLessThanOrEqual(20);
    expect(report.map.spec).toBe(config.map);
  });
});

describe('experiments/', () => {
  it.each(yamlFiles(EXPERIMENTS))('%s expands and every run passes the checks', async (file) => {
    const design = await loadDesign(join(EXPERIMENTS, file));
    expect(design.runs.length).toBeGreaterThan(0);
    if (file.endsWith('-small.yaml')) expect(design.runs.length).toBeLessThanOrEqual(8);
  });

  it('holds the Minotaur and Yan et al. designs, each with a small variant', () => {
    expect(yamlFiles(EXPERIMENTS).sort()).toEqual(['minotaur-2024-small.yaml', 'minotaur-2024.yaml', 'yan-2017-small.yaml', 'yan-2017.yaml']);
  });

  it.each(['minotaur-2024-small.yaml', 'yan-2017-small.yaml'])(
    '%s runs end to end on 2 workers: a result for every run key, each line as the doc shows it, reported one row per configuration',
    async (file) => {
      const out = join(dir, file);
      const r = spawnSync(process.execPath, [BIN, 'experiment', 'run', join(EXPERIMENTS, file), '--out', out, '--workers', '2'], {
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(r.status, r.stderr).toBe(0);
      const recorded = recordedLines(out);
      const design = await loadDesign(join(EXPERIMENTS, file));
      expect(recorded.map((l) => l.runKey).sort()).toEqual(design.runs.map((run) => run.runKey).sort());
      expect(recorded.filter((l) => l.error !== undefined)).toEqual([]);
      // The results line docs/experiments.md shows has the fields a real line has.
      const documented = JSON.parse(/```json\n([\s\S]*?)\n```/.exec(DOC)![1]) as Record<string, unknown>;
      expect(Object.keys(documented).sort()).toEqual(Object.keys(recorded[0]).sort());
      expect(Object.keys(documented.series as object).sort()).toEqual(Object.keys(recorded[0].series!).sort());
      // The report reads what the runner wrote: one row of its table per configuration (distinct vector).
      const report = spawnSync(process.execPath, [BIN, 'experiment', 'report', out], { encoding: 'utf8', timeout: 120_000 });
      expect(report.status, report.stderr).toBe(0);
      const markdown = readFileSync(join(out, 'report', 'report.md'), 'utf8');
      const table = /## Runs per configuration\n\n(.*\n)+?\n/.exec(markdown)![0].trim().split('\n').slice(4);
      const configurations = new Set(recorded.map((l) => JSON.stringify(l.vector))).size;
      expect(configurations).toBeGreaterThan(1);
      expect(table).toHaveLength(configurations);
      for (const row of table) expect(row).toMatch(/^\| .+ \|$/);
    },
    240_000,
  );
});

describe('docs/experiments.md', () => {
  const blocks = [...DOC.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]);

  it('shows a trial file and a design, and its key table names every trial key', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(2);
    for (const key of TRIAL_KEYS) expect(DOC).toContain(`\`${key}\``);
  });

  it.each(blocks.map((text, i) => [i, text] as const))('YAML block %i loads and passes every check', async (_i, text) => {
    const source = parseYamlText(text, 'docs/experiments.md');
    if (/^name:/m.test(text)) {
      const design = await designOf(source, TRIALS);
      // The page says what the design expands to.
      expect(DOC).toContain(`= ${design.runs.length} runs`);
    } else {
      const located = trialValues(source.value, source.at, TRIALS);
      const { flags } = locateFlagErrors(located.where, () => checkRunValues(located.values));
      expect(loadGrid(flags).width).toBeGreaterThan(0);
    }
  });
});
