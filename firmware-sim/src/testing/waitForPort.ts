import type { ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { exited } from './processes.js';

/** Polls until a TCP connect to the port succeeds, the child dies, or the timeout passes. */
export async function waitForPort(port: number, child: ChildProcess, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let dead = false;
  void exited(child).then(() => (dead = true));
  while (Date.now() < deadline) {
    if (dead) throw new Error(`${what} exited with code ${child.exitCode}`);
    if (await canConnect(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`port ${port} did not accept connections within ${timeoutMs} ms`);
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
