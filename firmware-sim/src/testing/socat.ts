import { spawn, type ChildProcess } from 'node:child_process';
import { SwarmgateError } from '../errors.js';
import { terminate } from './processes.js';

/** Two linked pseudo-terminals made by socat: bytes written to one are read from the other. */
export interface PtyPair {
  /** e.g. /dev/pts/5: give one end to the program under test, open the other yourself. */
  readonly a: string;
  readonly b: string;
  /** Stops socat; both paths disappear. */
  close(): Promise<void>;
}

const PTY_LINE = /PTY is (\S+)/g;

/**
 * Spawns `socat -d -d pty,raw,echo=0 pty,raw,echo=0` and parses the two /dev/pts paths from
 * its stderr. Resolves once socat has entered its transfer loop, so both ends can be opened.
 */
export function startPtyPair(timeoutMs = 10_000): Promise<PtyPair> {
  const child: ChildProcess = spawn('socat', ['-d', '-d', 'pty,raw,echo=0', 'pty,raw,echo=0'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  return new Promise<PtyPair>((resolve, reject) => {
    const fail = (reason: string, cause?: unknown): void => {
      clearTimeout(timer);
      void terminate(child);
      reject(new SwarmgateError('SG_HARNESS', `socat pty pair: ${reason}; stderr: ${stderr.trim()}`, { cause }));
    };
    const timer = setTimeout(() => fail(`no pty pair within ${timeoutMs} ms`), timeoutMs);
    child.once('error', (cause) => fail('cannot spawn socat', cause));
    const onEarlyExit = (code: number | null): void => fail(`socat exited with code ${code}`);
    child.once('exit', onEarlyExit);
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const paths = [...stderr.matchAll(PTY_LINE)].map((match) => match[1]!);
      if (paths.length >= 2 && stderr.includes('starting data transfer loop')) {
        clearTimeout(timer);
        child.off('exit', onEarlyExit);
        resolve({ a: paths[0]!, b: paths[1]!, close: () => terminate(child) });
      }
    });
  });
}
