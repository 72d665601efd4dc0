import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SwarmgateError } from '../errors.js';
import { freePort } from './freePort.js';
import { terminate } from './processes.js';
import { waitForPort } from './waitForPort.js';

export interface MosquittoOptions {
  /** Port to listen on; a free one when omitted. */
  readonly port?: number;
  /**
   * A directory of mosquitto.conf fragments loaded with `include_dir`, as a lab would load what
   * `swarmgate fleet mosquitto-config -o DIR` writes (its authentication and ACL). Without it,
   * anonymous clients are allowed.
   */
  readonly includeDir?: string;
  /** Further mosquitto.conf lines, appended after the listener. */
  readonly config?: readonly string[];
  /**
   * The account mosquitto drops to when started as root, as Debian's service does
   * (`mosquitto`). Default: root itself, so that it reads files the test wrote as root.
   */
  readonly user?: string;
  /** Path of the mosquitto binary. */
  readonly binary?: string;
  /** How long to wait for the port to accept connections. */
  readonly startTimeoutMs?: number;
}

/** A real mosquitto on 127.0.0.1, in its own temp dir. */
export interface MosquittoBroker {
  readonly port: number;
  /** mqtt://127.0.0.1:<port> */
  readonly url: string;
  /** Everything mosquitto wrote to stderr/stdout so far (for failure messages). */
  log(): string;
  /** Stops the broker (SIGTERM, then SIGKILL) and removes its temp dir. */
  stop(): Promise<void>;
  /** Stops the broker and starts it again on the same port (for reconnect tests). */
  restart(): Promise<void>;
  /** Signals the broker process: SIGSTOP makes a broker that accepts bytes and never answers. */
  signal(signal: NodeJS.Signals): void;
}

const DEFAULT_BINARY = '/usr/sbin/mosquitto';

export async function startMosquitto(options: MosquittoOptions = {}): Promise<MosquittoBroker> {
  const dir = mkdtempSync(join(tmpdir(), 'sg-mosquitto-'));
  const port = options.port ?? (await freePort());
  const configPath = join(dir, 'mosquitto.conf');
  const fragments = options.includeDir ? [`include_dir ${options.includeDir}`] : ['allow_anonymous true'];
  // Started as root, mosquitto drops to user "mosquitto", which cannot read a 0600 password
  // file written by the test: keep the test's own user.
  const user = process.getuid?.() === 0 ? [`user ${options.user ?? 'root'}`] : [];
  const lines = [`listener ${port} 127.0.0.1`, ...user, ...fragments, 'persistence false', ...(options.config ?? [])];
  writeFileSync(configPath, lines.join('\n') + '\n');
  let output = '';
  let child: ChildProcess;

  async function launch(): Promise<void> {
    child = spawn(options.binary ?? DEFAULT_BINARY, ['-c', configPath], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const spawnError = new Promise<never>((_, reject) => child.once('error', reject));
    try {
      await Promise.race([waitForPort(port, child, options.startTimeoutMs ?? 10_000, 'mosquitto'), spawnError]);
    } catch (cause) {
      await terminate(child);
      throw new SwarmgateError('SG_HARNESS', `mosquitto did not start on port ${port}: ${output.trim()}`, { cause });
    }
  }

  try {
    await launch();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    port,
    url: `mqtt://127.0.0.1:${port}`,
    log: () => output,
    async stop() {
      await terminate(child);
      rmSync(dir, { recursive: true, force: true });
    },
    async restart() {
      await terminate(child);
      await launch();
    },
    signal(signal) {
      child.kill(signal);
    },
  };
}
