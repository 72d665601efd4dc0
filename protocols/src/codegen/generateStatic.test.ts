import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GENERATED_BASENAME, GENERATED_DIR, generateStaticCode, PROTO_FILE, PROTO_INCLUDE_DIR } from './generateStatic.js';

const tempDir = mkdtempSync(join(tmpdir(), 'swarmgate-codegen-'));
afterAll(() => rmSync(tempDir, { recursive: true, force: true }));

describe('generated code', () => {
  it('is what regenerating from the .proto yields (commit src/generated after editing the .proto)', () => {
    const { jsPath, dtsPath } = generateStaticCode(tempDir);
    expect(readFileSync(jsPath, 'utf8')).toBe(readFileSync(join(GENERATED_DIR, `${GENERATED_BASENAME}.js`), 'utf8'));
    expect(readFileSync(dtsPath, 'utf8')).toBe(readFileSync(join(GENERATED_DIR, `${GENERATED_BASENAME}.d.ts`), 'utf8'));
  }, 120_000); // pbjs + pbts (jsdoc) take ~6 s alone, far more on a loaded machine

  it('comes from a .proto that the real protoc accepts', () => {
    const descriptorPath = join(tempDir, 'swarmgate.pb');
    execFileSync('protoc', ['-I', PROTO_INCLUDE_DIR, `--descriptor_set_out=${descriptorPath}`, PROTO_FILE], { stdio: 'pipe' });
    expect(readFileSync(descriptorPath).length).toBeGreaterThan(1000);
  });
});
