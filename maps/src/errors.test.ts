import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, MapFormatError, MapNotFoundError, MapSpecError } from './errors.js';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [join(dir, e.name)] : [],
  );
}

describe('error codes', () => {
  it('every SG_ code used in the package source is documented', () => {
    const used = new Set(sources(new URL('.', import.meta.url).pathname).flatMap((f) => readFileSync(f, 'utf8').match(/SG_[A-Z_]+/g) ?? []));
    expect(used.size).toBeGreaterThan(0);
    for (const code of used) expect(ERROR_CODES).toHaveProperty(code);
  });

  it('errors carry their code, file and problem', () => {
    const e = new MapFormatError('a.pgm', 'maxval must be in [1, 65535], got 0');
    expect([e.code, e.file, e.message]).toEqual(['SG_MAP_FORMAT', 'a.pgm', 'SG_MAP_FORMAT: a.pgm: maxval must be in [1, 65535], got 0']);
    expect(new MapSpecError('bad').code).toBe('SG_MAP_SPEC');
    expect([new MapNotFoundError('a.pgm', 'no such file').code, new MapNotFoundError('a.pgm', 'no such file').message]).toEqual([
      'SG_MAP_NOT_FOUND',
      'SG_MAP_NOT_FOUND: a.pgm: no such file',
    ]);
  });
});
