#!/usr/bin/env node
// Checks the promise of the root package.json's `engines.node` (README: Node 20): the oldest
// Node it admits must satisfy the `engines.node` of every production dependency installed
// (package-lock.json's packages without `dev`, read from their installed package.json).
// Prints the offenders and exits 1; `--json` prints the list for tests; `--dev` checks the dev
// dependencies too (the linters and test tools a contributor runs on that Node).
//
//   node scripts/check-engines.mjs [--json] [--dev] [DIR]     DIR: another checkout (default: this one)
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';

const root = join(import.meta.dirname, '..');

/** The offending production (with `dev`, all) packages: [{ name, version, path, engines }]. */
export function engineViolations(dir = root, dev = false) {
  const promised = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).engines.node;
  const oldest = semver.minVersion(promised);
  const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8'));
  const violations = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (!path.includes('node_modules/') || (entry.dev === true && !dev)) continue;
    const manifest = join(dir, path, 'package.json');
    if (!existsSync(manifest)) continue; // an optional package for another platform
    const { name, version, engines } = JSON.parse(readFileSync(manifest, 'utf8'));
    const range = engines?.node;
    if (typeof range === 'string' && !semver.satisfies(oldest, range)) violations.push({ name, version, path, engines: range });
  }
  return { promised, oldest: oldest.version, violations };
}

if (process.argv[1] === import.meta.filename) {
  const dir = process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? root;
  const { promised, oldest, violations } = engineViolations(dir, process.argv.includes('--dev'));
  if (process.argv.includes('--json')) process.stdout.write(JSON.stringify({ promised, oldest, violations }) + '\n');
  for (const v of violations)
    console.error(`check-engines: ${v.name}@${v.version} (${v.path}) needs node ${v.engines}, but package.json promises ${promised} (Node ${oldest})`);
  process.exit(violations.length === 0 ? 0 : 1);
}
