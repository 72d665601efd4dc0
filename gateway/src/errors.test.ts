import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_CODES as PROTOCOL_ERROR_CODES } from '@swarmgate/protocols';
import { SDK_ERROR_DOCS } from '@swarmgate/sdk';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, SwarmgateError, errorCode } from './errors.js';

const srcDir = fileURLToPath(new URL('.', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('errors', () => {
  it('documents every code with a real sentence', () => {
    for (const [code, doc] of Object.entries(ERROR_CODES)) {
      expect(code).toMatch(/^SG_[A-Z0-9_]+$/);
      expect(doc.length, code).toBeGreaterThan(30);
      expect(doc.endsWith('.'), code).toBe(true);
    }
  });

  it('declares every SG_ code used in src (here, or in protocols or sdk, which gateway code may test for)', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(srcDir)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/['"`](SG_[A-Z0-9_]+)['"`]/g)) {
        used.add(match[1]);
      }
    }
    const declared = { ...PROTOCOL_ERROR_CODES, ...SDK_ERROR_DOCS, ...ERROR_CODES };
    const undeclared = [...used].filter((code) => !(code in declared));
    expect(undeclared).toEqual([]);
  });

  it('carries code, message and cause', () => {
    const cause = new Error('EACCES');
    const error = new SwarmgateError('SG_SERIAL_OPEN', '/dev/ttyUSB0', { cause });
    expect(error.message).toBe('SG_SERIAL_OPEN: /dev/ttyUSB0');
    expect(error.cause).toBe(cause);
    expect(errorCode(error)).toBe('SG_SERIAL_OPEN');
    expect(errorCode(new Error('x'))).toBeUndefined();
  });
});
