/**
 * The C implementation (protocols/c, nanopb) against the same vectors: `make -C c test` builds it
 * with ASan + UBSan, checks every vectors/*.bin byte for byte and runs the garbage / truncation /
 * bit-flip stream test. Here we require it to pass and to have checked every vector file.
 */
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = promisify(execFile);

describe('C library (protocols/c)', () => {
  it('passes make test and checks every vector file', async () => {
    const vectorFiles = readdirSync(join(packageDir, 'vectors')).filter((name) => name.endsWith('.bin'));
    // A compile on a loaded 2-core machine takes a while; the run itself is seconds.
    const { stdout } = await run('make', ['-C', join(packageDir, 'c'), 'test'], { timeout: 170_000, maxBuffer: 16 << 20 }).catch(
      (error: { stdout?: string; stderr?: string; message: string }) => {
        throw new Error(`make -C protocols/c test failed:\n${error.stdout ?? ''}\n${error.stderr ?? error.message}`);
      },
    );
    const checked = /vectors checked: (\d+) of (\d+) passed/.exec(stdout);
    expect(checked, stdout).not.toBeNull();
    expect(Number(checked?.[2])).toBe(vectorFiles.length);
    expect(Number(checked?.[1])).toBe(vectorFiles.length);
    expect(stdout).toMatch(/stream test: \d+ iterations, 0 failures/);
  }, 180_000);
});
