import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, SwarmgateError } from './errors.js';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('errors', () => {
  it('documents every code used in the sources', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(import.meta.dirname)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/SwarmgateError\(\s*'(SG_[A-Z_]+)'/g)) {
        used.add(match[1]!);
      }
    }
    expect(used.size).toBeGreaterThan(0);
    for (const code of used) expect(ERROR_CODES).toHaveProperty(code);
    expect([...used].sort()).toEqual(Object.keys(ERROR_CODES).sort()); // no dead codes
    for (const doc of Object.values(ERROR_CODES)) expect(doc.length).toBeGreaterThan(20);
  });

  it('prefixes the message with the code and keeps the cause', () => {
    const cause = new Error('root');
    const error = new SwarmgateError('SG_ARENA_INVALID', 'bad', { cause });
    expect(error.message).toBe('SG_ARENA_INVALID: bad');
    expect(error.code).toBe('SG_ARENA_INVALID');
    expect(error.cause).toBe(cause);
  });
});
