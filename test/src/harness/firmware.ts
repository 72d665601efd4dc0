/**
 * Building and locating the C firmware (firmware/) for tests. Test files run in parallel and
 * several build the same targets into firmware/build: make runs under an exclusive flock, so
 * no test execs a binary another make is still writing.
 */
import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const firmwareDir = join(dirname(fileURLToPath(import.meta.url)), '../../../firmware');
const run = promisify(execFile);

/** `make -C firmware <target>`; resolves with make's stdout, rejects with its output. */
export async function makeFirmware(target: string): Promise<string> {
  const lockFile = join(firmwareDir, 'build', '.make.lock');
  mkdirSync(dirname(lockFile), { recursive: true });
  // Compiles on a loaded 2-core machine take a while; the runs themselves are seconds.
  const { stdout } = await run('flock', [lockFile, 'make', '-C', firmwareDir, target], { timeout: 170_000, maxBuffer: 16 << 20 }).catch(
    (error: { stdout?: string; stderr?: string; message: string }) => {
      throw new Error(`make -C firmware ${target} failed:\n${error.stdout ?? ''}\n${error.stderr ?? error.message}`);
    },
  );
  return stdout;
}
