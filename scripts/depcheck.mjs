#!/usr/bin/env node
// Checks the import rules of docs/ARCHITECTURE.md ("Layers and boundaries"): runs
// dependency-cruiser with .dependency-cruiser.mjs over every workspace package, and adds the one
// rule dependency-cruiser cannot state, no import cycle between folders (type-only imports
// included, tests excluded). Prints each violation and exits 1; `--json` prints them for tests.
//
//   node scripts/depcheck.mjs [--json] [DIR]     DIR: another checkout (default: this one)
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const root = join(import.meta.dirname, '..');
const TEST = /\.test\.ts$/;
const PACKAGE_ROOT = /^[^/]+\/src$/;
const BARREL = /(^|\/)index\.ts$/;

/** The rule violations in `dir`: [{ rule, from, to }], `to` a module or a cycle's path. */
export function depViolations(dir = root) {
  const { workspaces } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const cli = join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
  const run = spawnSync(
    process.execPath,
    [cli, '--config', join(root, '.dependency-cruiser.mjs'), '--output-type', 'json', ...workspaces.filter((w) => existsSync(join(dir, w)))],
    {
      cwd: dir,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    },
  );
  if (run.error || !run.stdout.startsWith('{')) throw new Error(`depcheck: dependency-cruiser failed: ${run.error?.message ?? run.stderr}`);
  const result = JSON.parse(run.stdout);
  const violations = result.summary.violations.map((v) => ({
    rule: v.rule.name,
    from: v.from,
    to: v.cycle ? v.cycle.map((step) => step.name).join(' -> ') : v.to,
  }));
  return [...violations, ...folderCycles(result.modules)];
}

/**
 * Cycles in the graph of folders (a module's folder imports another's), as 'no-folder-cycle'
 * violations. An index.ts barrel is the public face of the folders below it, not a member
 * importing them, so its re-exports are left out (a runtime cycle through one is no-circular's).
 * A package's src/ itself is no folder here: it holds the package's entry points beside the base
 * every folder shares (errors.ts); gateway's is ordered by the rule gateway-base-is-lowest.
 */
function folderCycles(modules) {
  const edges = new Map();
  for (const m of modules) {
    if (TEST.test(m.source) || BARREL.test(m.source) || m.coreModule || m.source.includes('node_modules/')) continue;
    const from = folderOf(m.source);
    if (from === null) continue;
    for (const d of m.dependencies) {
      if (d.coreModule || d.couldNotResolve || d.resolved.includes('node_modules/')) continue;
      const to = folderOf(d.resolved);
      if (to === null || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      if (!edges.get(from).has(to)) edges.get(from).set(to, `${m.source} -> ${d.resolved}`);
    }
  }
  return stronglyConnected(edges)
    .filter((component) => component.length > 1)
    .map((component) => {
      const inside = new Set(component);
      const imports = component.flatMap((f) => [...(edges.get(f) ?? [])].filter(([to]) => inside.has(to)).map(([, example]) => example));
      return { rule: 'no-folder-cycle', from: component.sort().join(', '), to: imports.sort().join('; ') };
    });
}

function folderOf(path) {
  const folder = dirname(path);
  return PACKAGE_ROOT.test(folder) ? null : folder;
}

/** Tarjan's strongly connected components of a graph given as Map<node, Map<node, unknown>>. */
function stronglyConnected(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const visit = (node) => {
    index.set(node, index.size);
    low.set(node, index.get(node));
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    components.push(component);
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return components;
}

if (process.argv[1] === import.meta.filename) {
  const dir = process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? root;
  const violations = depViolations(dir);
  if (process.argv.includes('--json')) process.stdout.write(JSON.stringify({ violations }) + '\n');
  for (const v of violations) console.error(`depcheck: ${v.rule}: ${v.from} -> ${v.to}`);
  if (violations.length === 0 && !process.argv.includes('--json')) console.log('depcheck: no import rule broken');
  process.exit(violations.length === 0 ? 0 : 1);
}
