/**
 * Every comment and doc cites only files in the repository, and every docs/*.md (and anchor)
 * it cites exists (docs/STYLE.md#naming-and-comments).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findBadCitations, repoAt, slugOf, type Repo } from './citations.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
/** The checker and this test, which spell out what they look for. */
const SELF = new Set(['test/src/docs/citations.ts', 'test/src/docs/citations.test.ts']);
/** Text files that hold comments or docs. */
const TEXT = /\.(?:ts|tsx|js|mjs|cjs|md|c|h|proto|html|css|yml|yaml|sh|conf)$|(?:^|\/)Makefile$/;

function trackedFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  return listed.split('\n').filter((file) => file !== '' && !file.includes('node_modules/'));
}

describe('citations in comments and docs', () => {
  const fake = (files: Record<string, string>): Repo => ({
    read: (path) => files[path] ?? null,
    hasFileEndingIn: (path) => Object.keys(files).some((file) => file.endsWith(`/${path}`)),
  });
  const docs = { 'docs/safety.md': '# Safety\n\n## Emergency stop\n' };

  it('flags documents kept outside the repository, climbing paths, and missing docs or anchors', () => {
    const text = [
      // Built from parts, so this file itself cites nothing outside the repository.
      `// (${'STYLE'}: Protocol and IO edges)`,
      `// see ${'DESIGN'}: Mixed trials`,
      `// ${'..'}/shared/${'STYLE'}.md`,
      '// ../../../notes/plan.md',
      '// docs/nowhere.md',
      '// docs/safety.md#no-such-heading',
      '// docs/safety.md#emergency-stop',
    ].join('\n');
    const bad = findBadCitations('/repo', 'gateway/src/a.ts', text, fake(docs));
    expect(bad.map((b) => [b.line, b.problem])).toEqual([
      [1, 'cites a document kept outside the repository'],
      [2, 'cites a document kept outside the repository'],
      [3, 'cites a document kept outside the repository'],
      [4, 'points outside the repository'],
      [5, 'docs/nowhere.md does not exist'],
      [6, 'docs/safety.md has no heading #no-such-heading'],
    ]);
  });

  it('checks Markdown links relative to the page, and leaves URLs and in-page anchors alone', () => {
    const text = '[a](safety.md#emergency-stop) [b](gone.md) [c](https://example.org) [d](#top) [e](../../out.md)';
    const bad = findBadCitations('/repo', 'docs/x.md', text, fake(docs));
    expect(bad.map((b) => b.citation)).toEqual(['../../out.md', 'gone.md']);
  });

  it('flags a cited source file that does not exist, from the root, the package or the folder', () => {
    const files = { 'maps/scripts/writeBundledMaps.ts': '', 'gateway/src/hil/MqttBridge.ts': '', 'maps/src/a.c': '' };
    const text =
      '// gateway/src/hil/MqttBridge.ts, sim/x.ts, hil/MqttBridge.ts, scripts/writeBundledMaps.ts, scripts/drawBundledMaps.ts, src/a.c/.h, firmware/build/x.h';
    const bad = findBadCitations('/repo', 'maps/src/bundledMaps.ts', text, fake(files));
    expect(bad.map((b) => [b.citation, b.problem])).toEqual([
      ['sim/x.ts', 'no such file in the repository'],
      ['scripts/drawBundledMaps.ts', 'no such file in the repository'],
    ]);
  });

  it('allows relative paths that stay inside the repository', () => {
    expect(findBadCitations('/repo', 'test/src/contracts/a.ts', "join(here, '../../../firmware')", fake({}))).toEqual([]);
  });

  it('slugs headings as GitHub does', () => {
    expect(slugOf('Protocol and IO edges')).toBe('protocol-and-io-edges');
    expect(slugOf('Tests (vitest)')).toBe('tests-vitest');
  });

  it('holds for every comment and doc in the tree', () => {
    const all = trackedFiles();
    const repo = repoAt(root, all);
    const files = all.filter((file) => TEXT.test(file) && !file.includes('/third_party/') && !SELF.has(file));
    expect(files.length).toBeGreaterThan(100);
    const bad = files.flatMap((file) => findBadCitations(root, file, readFileSync(join(root, file), 'utf8'), repo));
    expect(bad.map((b) => `${b.file}:${b.line}: ${b.citation}: ${b.problem}`)).toEqual([]);
  });
});
