import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ProtocolError, SwarmgateError, errorCode } from './errors.js';

const srcDir = fileURLToPath(new URL('.', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

function codesUsedIn(files: string[]): Set<string> {
  const used = new Set<string>();
  for (const file of files) {
    for (const match of readFileSync(file, 'utf8').matchAll(/['"`](SG_[A-Z0-9_]+)['"`]/g)) used.add(match[1]);
  }
  return used;
}

describe('errors', () => {
  it('documents every code with a real sentence', () => {
    for (const [code, doc] of Object.entries(ERROR_CODES)) {
      expect(code).toMatch(/^SG_[A-Z0-9_]+$/);
      expect(doc.length, code).toBeGreaterThan(30);
      expect(doc.endsWith('.'), code).toBe(true);
    }
  });

  it('declares every SG_ code used in src, and uses every declared code', () => {
    const files = sourceFiles(srcDir).filter((file) => !file.endsWith('errors.ts'));
    const used = codesUsedIn(files);
    expect([...used].filter((code) => !(code in ERROR_CODES))).toEqual([]);
    expect(Object.keys(ERROR_CODES).filter((code) => !used.has(code))).toEqual([]);
  });

  it('carries code, message and cause', () => {
    const cause = new RangeError('index out of range');
    const error = new ProtocolError('SG_PROTO_DECODE', 'not a swarmgate.v1.Envelope', { cause });
    expect(error).toBeInstanceOf(SwarmgateError);
    expect(error.name).toBe('ProtocolError');
    expect(error.message).toBe('SG_PROTO_DECODE: not a swarmgate.v1.Envelope');
    expect(error.cause).toBe(cause);
    expect(errorCode(error)).toBe('SG_PROTO_DECODE');
    expect(errorCode(new Error('x'))).toBeUndefined();
  });
});
