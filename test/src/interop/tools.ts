import { spawn } from 'node:child_process';

/** A running command-line tool: its output so far, and `done` with all of it at a clean exit. */
export interface Tool {
  readonly done: Promise<string>;
  output(): string;
  waitForOutput(pattern: RegExp, timeoutMs: number): Promise<void>;
}

/**
 * Starts `command args` with `input` on stdin; `done` resolves with its stdout at exit 0 and
 * rejects at any other exit naming the command, its code and stderr (so a failing
 * mosquitto_sub or protoc says why).
 */
export function startTool(command: string, args: readonly string[], input?: Buffer): Tool {
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(input);
  const done = new Promise<string>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}: ${stderr.trim() || stdout.trim()}`));
    });
  });
  return {
    done,
    output: () => stdout,
    waitForOutput: (pattern, timeoutMs) =>
      new Promise<void>((resolve, reject) => {
        const started = Date.now();
        const poll = setInterval(() => {
          if (pattern.test(stdout)) {
            clearInterval(poll);
            resolve();
          } else if (Date.now() - started > timeoutMs || child.exitCode !== null) {
            clearInterval(poll);
            reject(new Error(`${command}: no ${pattern} in its output within ${timeoutMs} ms: ${stdout}${stderr}`));
          }
        }, 20);
      }),
  };
}

/** Runs a tool to completion: its stdout. */
export function runTool(command: string, args: readonly string[], input?: Buffer): Promise<string> {
  return startTool(command, args, input).done;
}
