import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SDK_ERROR_DOCS, SwarmgateError } from './errors.js';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('SwarmgateError codes', () => {
  it('documents every code used in sdk/src, and every documented code is used', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(import.meta.dirname)) {
      if (file.endsWith('errors.ts')) continue;
      for (const match of readFileSync(file, 'utf8').matchAll(/'(SG_[A-Z_]+)'/g)) used.add(match[1]);
    }
    const documented = Object.keys(SDK_ERROR_DOCS);
    expect([...used].sort()).toEqual(documented.sort());
    for (const text of Object.values(SDK_ERROR_DOCS)) expect(text.length).toBeGreaterThan(20);
  });

  it('carries its code, prefixes the message with it, and keeps the cause', () => {
    const cause = new Error('root');
    const error = new SwarmgateError('SG_BAD_ARGUMENT', 'distanceM must be finite', { cause });
    expect(error.code).toBe('SG_BAD_ARGUMENT');
    expect(error.message).toBe('SG_BAD_ARGUMENT: distanceM must be finite');
    expect(error.cause).toBe(cause);
    expect(error).toBeInstanceOf(Error);
  });
});
