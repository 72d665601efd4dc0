/**
 * Error codes, both directions, for every package (docs/STYLE.md#protocol-and-io-edges): each
 * code a package declares is used in its own source (thrown, or reported as the reason of a
 * fault that is retried instead of thrown), and each code its source uses is declared by it or
 * by a package it depends on. Each package's own errors.test.ts checks that codes are documented.
 */
import * as firmwareSim from '@swarmgate/firmware-sim';
import * as gateway from '@swarmgate/gateway';
import * as maps from '@swarmgate/maps';
import * as protocols from '@swarmgate/protocols';
import * as sdk from '@swarmgate/sdk';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');

interface Package {
  readonly dir: string;
  readonly declared: Readonly<Record<string, string>>;
  /** Codes of the packages it depends on, which its code may test for or pass on. */
  readonly dependencies: readonly Readonly<Record<string, string>>[];
}

const PACKAGES: readonly Package[] = [
  { dir: 'protocols', declared: protocols.ERROR_CODES, dependencies: [] },
  { dir: 'maps', declared: maps.ERROR_CODES, dependencies: [] },
  { dir: 'sdk', declared: sdk.SDK_ERROR_DOCS, dependencies: [protocols.ERROR_CODES, maps.ERROR_CODES] },
  { dir: 'gateway', declared: gateway.ERROR_CODES, dependencies: [protocols.ERROR_CODES, maps.ERROR_CODES, sdk.SDK_ERROR_DOCS] },
  { dir: 'firmware-sim', declared: firmwareSim.ERROR_CODES, dependencies: [protocols.ERROR_CODES] },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Code only: comments mention codes they do not throw ("throws SG_X on ..."). */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/** Every SG_ code in a package's code, less the keys of its declarations (`  SG_X: '...'`). */
function codesUsedIn(sources: readonly string[]): Set<string> {
  const used = new Set<string>();
  for (const source of sources) {
    const code = withoutComments(source).replace(/^\s+SG_[A-Z0-9_]+:/gm, '');
    for (const match of code.matchAll(/\bSG_[A-Z0-9_]+\b/g)) used.add(match[0]);
  }
  return used;
}

describe('error codes, both directions', () => {
  it('reads codes from code, not from comments or declarations', () => {
    const used = codesUsedIn([
      "export const ERROR_CODES = {\n  SG_DECLARED: 'doc',\n};",
      "/** Throws SG_IN_BLOCK. */\n// SG_IN_LINE\nthrow new SwarmgateError('SG_THROWN', `x`); const u = 'mqtt://h'; f(`SG_REPORTED: ${p}`);",
    ]);
    expect([...used].sort()).toEqual(['SG_REPORTED', 'SG_THROWN']);
  });

  for (const pkg of PACKAGES) {
    describe(pkg.dir, () => {
      const used = codesUsedIn(sourceFiles(join(root, pkg.dir, 'src')).map((file) => readFileSync(file, 'utf8')));

      it('uses every code it declares in its own source', () => {
        expect(Object.keys(pkg.declared).filter((code) => !used.has(code))).toEqual([]);
      });

      it('declares every code its source uses (or a dependency does)', () => {
        const known = (code: string) => code in pkg.declared || pkg.dependencies.some((codes) => code in codes);
        expect([...used].filter((code) => !known(code))).toEqual([]);
      });
    });
  }
});
