/**
 * The Node version the README promises (root package.json engines: >=20.19) is accepted by
 * every production dependency's own `engines.node` (with --dev, every dev dependency's too):
 * scripts/check-engines.mjs, on this checkout and on a made-up one with an offender (planck 1.5
 * declares node >= 24).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const SCRIPT = join(ROOT, 'scripts', 'check-engines.mjs');

function check(dir?: string, ...flags: string[]) {
  const r = spawnSync(process.execPath, [SCRIPT, '--json', ...flags, ...(dir ? [dir] : [])], { encoding: 'utf8', timeout: 60_000 });
  return {
    code: r.status,
    report: JSON.parse(r.stdout) as { promised: string; oldest: string; violations: { name: string; engines: string }[] },
    stderr: r.stderr,
  };
}

describe('engines', () => {
  const fixture = mkdtempSync(join(tmpdir(), 'engines-'));
  afterAll(() => rmSync(fixture, { recursive: true, force: true }));

  it('every installed production dependency accepts the promised Node', () => {
    const { code, report, stderr } = check();
    expect(report.oldest).toBe('20.19.0');
    expect(report.violations).toEqual([]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });

  it('names a production dependency that needs a newer Node, and ignores dev dependencies', () => {
    const pkg = (path: string, manifest: object) => {
      mkdirSync(join(fixture, path), { recursive: true });
      writeFileSync(join(fixture, path, 'package.json'), JSON.stringify(manifest));
    };
    pkg('.', { name: 'app', engines: { node: '>=20.19' } });
    pkg('node_modules/planck', { name: 'planck', version: '1.5.0', engines: { node: '>=24.0' } });
    pkg('node_modules/fine', { name: 'fine', version: '1.0.0', engines: { node: '>=18' } });
    pkg('node_modules/devtool', { name: 'devtool', version: '1.0.0', engines: { node: '>=24' } });
    writeFileSync(
      join(fixture, 'package-lock.json'),
      JSON.stringify({ packages: { '': {}, 'node_modules/planck': {}, 'node_modules/fine': {}, 'node_modules/devtool': { dev: true } } }),
    );
    const { code, report, stderr } = check(fixture);
    expect(report.violations.map((v) => [v.name, v.engines])).toEqual([['planck', '>=24.0']]);
    expect(stderr).toContain('check-engines: planck@1.5.0 (node_modules/planck) needs node >=24.0, but package.json promises >=20.19 (Node 20.19.0)');
    expect(code).toBe(1);
    // --dev holds the dev tools to the same promise.
    const withDev = check(fixture, '--dev');
    expect(withDev.report.violations.map((v) => [v.name, v.engines])).toEqual([
      ['planck', '>=24.0'],
      ['devtool', '>=24'],
    ]);
    expect(withDev.code).toBe(1);
  });

  it('every installed dev dependency (linters, test tools) accepts the promised Node too', () => {
    const { code, report } = check(undefined, '--dev');
    expect(report.violations).toEqual([]);
    expect(code).toBe(0);
  });
});
