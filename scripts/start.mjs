#!/usr/bin/env node
// `npm start`: make the clone runnable, then run the gateway with its embedded broker and a
// live demo trial. Plain Node so it works before anything is installed.
//
// Stopping: npm runs this script under `sh -c`, and when npm is signalled the shell dies
// without passing the signal on, leaving this process orphaned (npm 11 does exactly that).
// So this process forwards SIGINT/SIGTERM to the gateway, also stops it when its own parent
// goes away (signal 0 to the parent's pid fails; Node's process.ppid is read once at start),
// and exits when the gateway exits. The gateway runs in
// its own process group, so a terminal's Ctrl-C reaches it once (through here), not twice
// (a second signal forces its exit); and it watches the IPC channel, so it stops cleanly
// even if this process is killed outright.
import { execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
execFileSync(process.execPath, [join(root, 'scripts', 'ensure-deps.mjs'), '--npm-only'], { stdio: 'inherit' });
const args = ['serve', '--map', 'building:60x60:seed=7', '--robots', '8', '--algorithm', 'frontier', '--port', '8080', ...process.argv.slice(2)];
const child = spawn(process.execPath, [join(root, 'gateway', 'bin', 'swarmgate.js'), ...args], {
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  detached: true,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
const parentPid = process.ppid;
const parentAlive = () => {
  try {
    process.kill(parentPid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};
const parentWatch = setInterval(() => {
  if (parentAlive()) return;
  clearInterval(parentWatch);
  child.kill('SIGTERM');
}, 250);
child.on('exit', (code, signal) => {
  clearInterval(parentWatch);
  process.exit(code ?? (signal ? 1 : 0));
});
