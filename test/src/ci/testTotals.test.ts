/**
 * The CI's totals line (scripts/test-totals.mjs) counts what failed a run, including an
 * unhandled error: vitest exits 1 on one, but its JSON report counts only failed tests, so the
 * line once read "0 failed" for a red run. Real vitest runs of two made-up packages, one clean
 * and one whose test leaves a rejection unhandled, through the repository's reporters.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const VITEST = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
const REPORTER = join(ROOT, 'scripts', 'vitest-unhandled-reporter.mjs');
const TOTALS = join(ROOT, 'scripts', 'test-totals.mjs');

/** Runs vitest in `dir` as a package's `npm test` does (globals: the fixture cannot import vitest from /tmp). */
function vitestIn(dir: string, testSource: string): number | null {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'one.test.js'), testSource);
  const args = [VITEST, 'run', '--root', dir, '--globals', '--reporter=json', `--reporter=${REPORTER}`, '--outputFile=.vitest-report.json'];
  return spawnSync(process.execPath, args, { cwd: dir, encoding: 'utf8', timeout: 60_000 }).status;
}

describe('the CI totals line', () => {
  const repo = mkdtempSync(join(tmpdir(), 'totals-'));
  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  it('counts an unhandled rejection as a failure and names it, beside the clean package', () => {
    writeFileSync(join(repo, 'package.json'), JSON.stringify({ workspaces: ['clean', 'leaky'] }));
    expect(vitestIn(join(repo, 'clean'), "it('passes', () => expect(1).toBe(1));\n")).toBe(0);
    const leaky =
      "it('passes but leaves a rejection', async () => {\n  void Promise.reject(new Error('nobody awaited me'));\n  await new Promise((r) => setTimeout(r, 50));\n});\n";
    expect(vitestIn(join(repo, 'leaky'), leaky), 'vitest fails the run').toBe(1);
    const totals = spawnSync(process.execPath, [TOTALS, repo], { encoding: 'utf8' });
    expect(totals.stdout).toBe('2 passed, 1 failed\n');
    expect(totals.stderr).toMatch(/^FAILED leaky: unhandled Error: nobody awaited me \(at .*one\.test\.js/m);
  });

  it('forgets the unhandled errors of an earlier run once the package runs clean', () => {
    expect(vitestIn(join(repo, 'leaky'), "it('passes', () => expect(1).toBe(1));\n")).toBe(0);
    const totals = spawnSync(process.execPath, [TOTALS, repo], { encoding: 'utf8' });
    expect(totals.stdout).toBe('2 passed, 0 failed\n');
    expect(totals.stderr).toBe('');
  });
});
