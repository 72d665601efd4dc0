/**
 * `swarmgate experiment` in real processes: worker threads, results.jsonl, a runner killed
 * with SIGKILL and resumed, a changed design refused, a crashing worker failing only its run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runTrial, type RunTrialConfig } from './run.js';
import { recordedLines, type RecordedLine } from './testing/recordedLines.js';

const BIN = fileURLToPath(new URL('../../bin/swarmgate.js', import.meta.url));
const DESIGN = `name: runner-test
seed: 11
iterations: 3
fixed:
  map: cave:40x40:seed=4
stop: {maxTicks: 400}
vectors:
  cross:
    robots: [1, 2]
measurements: {sampleEveryTicks: 100}
`;

let dir = '';
let design = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'swarmgate-experiment-'));
  design = join(dir, 'design.yaml');
  writeFileSync(design, DESIGN);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const swarmgate = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 120_000 });

const hashes = (lines: readonly RecordedLine[]): Record<string, unknown> => Object.fromEntries(lines.map((line) => [line.runKey, line.result?.finalStateHash]));

describe('swarmgate experiment run (real processes)', () => {
  let uninterrupted: RecordedLine[] = [];

  it('runs every vector x iteration on 2 workers: one line per run key, the design and its hash beside them', async () => {
    const out = join(dir, 'two');
    const r = swarmgate('experiment', 'run', design, '--out', out, '--workers', '2');
    expect(r.status, r.stderr).toBe(0);
    uninterrupted = recordedLines(out);
    const keys = uninterrupted.map((line) => line.runKey).sort();
    const record = JSON.parse(readFileSync(join(out, 'design.json'), 'utf8')) as { designHash: string; design: { name: string } };
    expect(keys).toEqual(['0:0', '0:1', '0:2', '1:0', '1:1', '1:2'].map((k) => `${record.designHash.slice(0, 12)}:${k}`));
    expect(record.design.name).toBe('runner-test');
    const line = uninterrupted.find((l) => l.vectorIndex === 1 && l.iteration === 2)!;
    expect(line).toMatchObject({ format: 'swarmgate-results/1', designHash: record.designHash, vector: { robots: 2 }, seed: 13 });
    expect(line.config).toEqual({ map: 'cave:40x40:seed=4', 'max-ticks': 400, robots: 2, seed: 13 });
    // 400 ticks do not explore this cave: the run hits its tick limit, sampled every 100 ticks.
    expect(line.result?.ticks).toBe(400);
    expect(line.series?.tick).toEqual([100, 200, 300, 400]);
    expect(line.series?.explored).toHaveLength(4);
    expect(line.series?.covered).toHaveLength(4);
    // A run on a worker is the run runTrial makes in this process.
    expect((await runTrial(line.config as RunTrialConfig)).finalStateHash).toBe(line.result?.finalStateHash);
    expect(r.stderr).toMatch(/\[6\/6\] \S+ (explored|target)/);
  }, 120_000);

  it('resumes a runner killed with SIGKILL (its torn last line dropped): each run key once, the same results as uninterrupted', async () => {
    const out = join(dir, 'killed');
    const child = spawn(process.execPath, [BIN, 'experiment', 'run', design, '--out', out, '--workers', '1'], { stdio: 'ignore' });
    const file = join(out, 'results.jsonl');
    const lineCount = (): number => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').length - 1 : 0);
    while (lineCount() < 2) {
      if (child.exitCode !== null) throw new Error('the runner ended before it could be killed');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    const before = lineCount();
    expect(before).toBeLessThan(6);
    appendFileSync(file, '{"format":"swarmgate-results/1","designHash":"'); // a write cut off by the kill
    const resumed = swarmgate('experiment', 'run', design, '--out', out, '--workers', '2', '--resume');
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(new RegExp(`results\\.jsonl:${before + 1}: the last line is incomplete .*: dropped`));
    const lines = recordedLines(out);
    expect(lines).toHaveLength(6);
    expect(hashes(lines)).toEqual(hashes(uninterrupted));
  }, 120_000);

  it('refuses a resume against a changed design, and a non-empty DIR without --resume (exit 2)', () => {
    const out = join(dir, 'two');
    const occupied = swarmgate('experiment', 'run', design, '--out', out);
    expect(occupied.status).toBe(2);
    expect(occupied.stderr).toMatch(/--out .* is not empty: give --resume/);
    const changed = join(dir, 'changed.yaml');
    writeFileSync(changed, DESIGN.replace('iterations: 3', 'iterations: 4'));
    const r = swarmgate('experiment', 'run', changed, '--out', out, '--resume');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^swarmgate experiment: --resume: .*design\.json holds design [0-9a-f]{12}, this design is [0-9a-f]{12}: the design changed/);
    expect(recordedLines(out)).toHaveLength(6);
  }, 120_000);

  it('records a run whose worker dies as failed, and runs the others', () => {
    writeFileSync(join(dir, 'crash.mjs'), 'export default () => ({ tick() { process.exit(3); } });\n');
    const crashing = join(dir, 'crash.yaml');
    writeFileSync(
      crashing,
      'name: crash\nfixed: {map: "cave:30x30:seed=4", targets: {maxTicks: 50}}\nvectors:\n  rows: [{controller: ./crash.mjs}, {algorithm: frontier}]\n',
    );
    const out = join(dir, 'crash');
    const r = swarmgate('experiment', 'run', crashing, '--out', out, '--workers', '1');
    expect(r.status).toBe(1);
    const [failed, ok] = recordedLines(out).sort((a, b) => a.vectorIndex - b.vectorIndex);
    expect(failed.error).toBe('the worker thread exited with code 3 during the run');
    expect(failed.result).toBeUndefined();
    expect(ok.result?.ticks).toBe(50);
  }, 120_000);

  it('checks the whole design before running anything: a bad vector value exits 2 located, DIR untouched', () => {
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, DESIGN.replace('robots: [1, 2]', 'robots: [1, 0]'));
    const out = join(dir, 'bad');
    const r = swarmgate('experiment', 'run', bad, '--out', out);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(`swarmgate experiment: ${bad}:9:17: robots: must be >= 1, got 0\n`);
    expect(existsSync(out)).toBe(false);
    expect(swarmgate('experiment', 'check', design).stdout).toMatch(/design 'runner-test', 6 runs, hash [0-9a-f]{12}/);
  }, 120_000);
});
