#!/usr/bin/env node
// `npm start`: make the clone runnable, then run the gateway with its embedded broker and a
// live demo trial. Plain Node so it works before anything is installed.
import { execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
execFileSync(process.execPath, [join(root, 'scripts', 'ensure-deps.mjs'), '--npm-only'], { stdio: 'inherit' });
const args = ['serve', '--map', 'building:60x60:seed=7', '--robots', '8', '--algorithm', 'frontier', '--port', '8080', ...process.argv.slice(2)];
const child = spawn(process.execPath, [join(root, 'gateway', 'bin', 'swarmgate.js'), ...args], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
