#!/usr/bin/env node
// Makes a clean clone runnable: `npm ci` when node_modules is missing, then the Debian
// packages the tests and demos use (real brokers, real ttys, real protoc) when they are
// missing. Runs as root on the CI and dev machines; elsewhere it only says what is missing.
// Plain Node, no dependencies: it runs before anything is installed.
//
//   node scripts/ensure-deps.mjs             npm dependencies and the Debian packages (npm test)
//   node scripts/ensure-deps.mjs --npm-only  npm dependencies only (npm start: the gateway embeds
//                                            its broker and needs none of the Debian packages)
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
if (!existsSync(join(root, 'node_modules', '.bin', 'turbo'))) {
  console.log('swarmgate: installing npm dependencies (npm ci)');
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
}

if (process.argv.includes('--npm-only')) process.exit(0);

const needed = [
  { bin: 'mosquitto', pkg: 'mosquitto', path: '/usr/sbin/mosquitto' },
  { bin: 'mosquitto_sub', pkg: 'mosquitto-clients' },
  { bin: 'socat', pkg: 'socat' },
  { bin: 'protoc', pkg: 'protobuf-compiler' },
  { bin: 'udevadm', pkg: 'udev' },
  // The web UI's browser tests (test/src/web) drive it through playwright-core.
  { bin: 'chromium', pkg: 'chromium', path: '/usr/bin/chromium' },
  // The C side: protocols/c (nanopb), firmware/ (avr-gcc) and its simavr harness (test/src/firmware).
  { bin: 'make', pkg: 'make' },
  { bin: 'gcc', pkg: 'gcc' },
  { bin: 'nanopb_generator.py', pkg: 'nanopb' },
  { bin: 'avr-gcc', pkg: 'gcc-avr' },
  { bin: 'avr-objcopy', pkg: 'binutils-avr' },
  { pkg: 'avr-libc', file: '/usr/lib/avr/include/avr/io.h' },
  { pkg: 'libsimavr-dev', file: '/usr/include/simavr/sim_avr.h' },
  // `fleet mosquitto-config` builds its client-id plugin for Mosquitto (gateway/mosquitto).
  { pkg: 'mosquitto-dev', file: '/usr/include/mosquitto_broker.h' },
  { pkg: 'libmosquitto-dev', file: '/usr/include/mosquitto.h' },
  // The clustered-broker tests and benchmark (test/src/nats, docs/scale-out.md): NATS with its MQTT support.
  { bin: 'nats-server', pkg: 'nats-server', path: '/usr/sbin/nats-server' },
  // Experiment sweeps on a job queue (BullMQ): the queue tests and benchmark start their own redis-server.
  { bin: 'redis-server', pkg: 'redis-server', path: '/usr/bin/redis-server' },
];

function has(entry) {
  if (entry.file) return existsSync(entry.file); // a library: headers, no binary
  if (entry.path && spawnSync('test', ['-x', entry.path]).status === 0) return true;
  return spawnSync('sh', ['-c', `command -v ${entry.bin}`], { stdio: 'ignore' }).status === 0;
}

const missing = needed.filter((entry) => !has(entry)).map((entry) => entry.pkg);
if (missing.length === 0) process.exit(0);
if (process.getuid?.() !== 0) {
  console.warn(`swarmgate: missing Debian packages (install them to run every test): ${missing.join(' ')}`);
  process.exit(0);
}
console.log(`swarmgate: installing ${missing.join(' ')} with apt-get`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
try {
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing], { stdio: 'inherit', env });
} catch {
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing], { stdio: 'inherit', env });
}
