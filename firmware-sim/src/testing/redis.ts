import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SwarmgateError } from '../errors.js';
import { freePort } from './freePort.js';
import { terminate } from './processes.js';
import { waitForPort } from './waitForPort.js';

/** A real redis-server on 127.0.0.1, in its own temp dir, without persistence. */
export interface RedisServer {
  readonly port: number;
  /** redis://127.0.0.1:<port> */
  readonly url: string;
  /** Everything redis-server wrote so far (for failure messages). */
  log(): string;
  /** Stops the server (SIGTERM, then SIGKILL) and removes its temp dir. */
  stop(): Promise<void>;
}

const DEFAULT_BINARY = '/usr/bin/redis-server';

/** Starts Debian's redis-server (installed by scripts/ensure-deps.mjs) on a free port. */
export async function startRedis(options: { binary?: string; startTimeoutMs?: number } = {}): Promise<RedisServer> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'sg-redis-'));
  // No snapshots, no append-only file: a test's queue lives and dies with the process.
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'];
  const child = spawn(options.binary ?? DEFAULT_BINARY, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async (): Promise<void> => {
    await terminate(child);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const spawnError = new Promise<never>((_, reject) => child.once('error', reject));
    await Promise.race([waitForPort(port, child, options.startTimeoutMs ?? 10_000, 'redis-server'), spawnError]);
  } catch (cause) {
    await stop();
    throw new SwarmgateError('SG_HARNESS', `redis-server did not start: ${output.trim().split('\n').slice(-5).join('\n')}`, { cause });
  }
  return { port, url: `redis://127.0.0.1:${port}`, log: () => output, stop };
}
