/**
 * The `swarmgate` command line for CLI tests: the exit code and both streams, whether or not it
 * failed (a failing command is what many tests assert on). `runSwarmgate` runs the real binary
 * in a child process; `runMain` runs its `main` in this one, for the long tables of bad usage.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { main } from '../main.js';

const bin = fileURLToPath(new URL('../../../bin/swarmgate.js', import.meta.url));

export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export async function runSwarmgate(...args: string[]): Promise<CliResult> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [bin, ...args]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/**
 * `main(args)` in this process, what bin/swarmgate.js runs after registering the TypeScript
 * loader, with what it writes to stdout and stderr meanwhile captured. For bad usage, which
 * fails before anything starts: a child process costs about a second of start-up on a 2-core
 * machine (node and the loader), a hundred such cases a minute and a half of every test run.
 * Each command keeps tests through the real binary as well.
 */
export async function runMain(...args: string[]): Promise<CliResult> {
  const captured = { stdout: '', stderr: '' };
  const writes = { stdout: process.stdout.write, stderr: process.stderr.write };
  const capture = (stream: 'stdout' | 'stderr') =>
    ((chunk: string | Uint8Array) => {
      captured[stream] += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      return true;
    }) as typeof process.stdout.write;
  process.stdout.write = capture('stdout');
  process.stderr.write = capture('stderr');
  try {
    const code = await main(args);
    return { code, ...captured };
  } finally {
    process.stdout.write = writes.stdout;
    process.stderr.write = writes.stderr;
  }
}
