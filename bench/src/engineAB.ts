/**
 * Interleaved A/B of the engine between two trees: this working tree (head) and a git revision
 * (base), checked out as a temporary worktree that borrows this tree's installed packages.
 * The host's speed drifts by a quarter within the hour on a shared machine, so one run of each
 * says little; rounds that alternate the trees (and which goes first) compare like with like.
 *
 *   npm run ab -w bench -- --base <rev> [--cases cave150:2,building1-target:1] [--rounds 4]
 *
 * A case is scenario:threads[:ticks]; threads followed by 'c' (`2c`) puts the controllers on the
 * threads too (engineCase --controller-threads). Each run is `bench/src/engineCase.ts <case> --json` in its
 * own process, in its own tree. Prints a markdown table: every run's wall and main-thread figures,
 * the medians, their ratio (head / base), and whether the final state hashes agree.
 */
import { spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { median } from './median.js';
import { countArg, scenarioArg } from './caseArgs.js';

const TOOL = 'engineAB';

export interface AbCase {
  readonly scenario: string;
  readonly workers: number;
  /** The controllers on the worker threads too (`2c`: engineCase --controller-threads). */
  readonly controllerThreads: boolean;
  /** undefined: the scenario's own tick count. */
  readonly ticks?: number;
}

/** What one run printed (engineCase --json); older trees may lack the main-thread fields. */
interface RunResult {
  readonly speedX: number;
  readonly simSeconds: number;
  readonly mainCpuSeconds?: number;
  readonly finalStateHash: string;
}

/** Parses `scenario:threads[c][:ticks],...`, exiting with a message naming the bad part. */
export function parseCases(text: string): AbCase[] {
  return text.split(',').map((part) => {
    const [scenario, threads, ticks, extra] = part.split(':');
    if (extra !== undefined || threads === undefined)
      fail(`--cases: '${part}' must be scenario:threads or scenario:threads:ticks (threads: a count, 'c' after it for controllers on the threads)`);
    scenarioArg(TOOL, scenario);
    const controllerThreads = threads.endsWith('c');
    return {
      scenario: scenario as string,
      controllerThreads,
      workers: countArg(TOOL, `threads in '${part}'`, controllerThreads ? threads.slice(0, -1) : threads, 1),
      ticks: ticks === undefined ? undefined : countArg(TOOL, `ticks in '${part}'`, ticks, 1),
    };
  });
}

/** Thrown for anything the caller got wrong or a run that failed: main() prints it and exits 2 once the worktree is removed. */
class AbError extends Error {}

function fail(message: string): never {
  throw new AbError(message);
}

/**
 * The installed packages for a worktree of this repository: a node_modules whose entries link to
 * this tree's, except the workspace's own packages, which are relative links and so, copied as
 * links, point at the worktree's sources.
 */
export function borrowNodeModules(from: string, to: string): void {
  mkdirSync(to);
  for (const entry of readdirSync(from)) {
    const source = join(from, entry);
    if (lstatSync(source).isSymbolicLink()) symlinkSync(readlinkSync(source), join(to, entry));
    else if (entry.startsWith('@') && readdirSync(source).some((e) => lstatSync(join(source, e)).isSymbolicLink())) borrowNodeModules(source, join(to, entry));
    else symlinkSync(source, join(to, entry));
  }
}

function git(cwd: string, ...args: string[]): string {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (r.status !== 0) fail(`git ${args.join(' ')}: ${(r.stderr || r.error?.message || '').trim()}`);
  return r.stdout.trim();
}

/** One run of `c` in `tree`; exits naming the tree and the case when the run fails. */
function runCase(tree: string, c: AbCase): RunResult {
  const args = [
    '--import',
    'tsx',
    'bench/src/engineCase.ts',
    c.scenario,
    ...(c.ticks === undefined ? [] : [String(c.ticks)]),
    '--no-baseline',
    '--workers',
    String(c.workers),
    ...(c.controllerThreads ? ['--controller-threads'] : []),
    '--json',
  ];
  const r = spawnSync(process.execPath, args, { cwd: tree, encoding: 'utf8' });
  const line = r.stdout.trim().split('\n').pop() ?? '';
  if (r.status !== 0 || !line.startsWith('{')) fail(`${c.scenario} in ${tree} failed (exit ${r.status}): ${r.stderr.trim().split('\n').slice(-3).join(' | ')}`);
  return JSON.parse(line) as RunResult;
}

const fmt = (x: number): string => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
const mainX = (r: RunResult): number => (r.mainCpuSeconds === undefined ? NaN : r.simSeconds / r.mainCpuSeconds);

/** The table's row for one case: runs, medians and ratios of wall and main-thread speed. */
export function caseRow(c: AbCase, base: readonly RunResult[], head: readonly RunResult[]): string {
  const list = (rs: readonly RunResult[], f: (r: RunResult) => number): string => rs.map((r) => fmt(f(r))).join(', ');
  const ratio = (f: (r: RunResult) => number): string => (median(head.map(f)) / median(base.map(f))).toFixed(3);
  const hashes = new Set([...base, ...head].map((r) => r.finalStateHash));
  const threads = `${c.workers} thread${c.workers === 1 ? '' : 's'}${c.controllerThreads ? ' + controllers' : ''}`;
  const name = `${c.scenario}, ${threads}${c.ticks === undefined ? '' : `, ${c.ticks} ticks`}`;
  return (
    `| ${name} | ${list(base, (r) => r.speedX)} | ${list(head, (r) => r.speedX)} | ${ratio((r) => r.speedX)} | ` +
    `${list(base, mainX)} | ${list(head, mainX)} | ${ratio(mainX)} | ${hashes.size === 1 ? `same (${[...hashes][0]})` : `DIFFER: ${[...hashes].join(', ')}`} |`
  );
}

function main(): void {
  let parsed;
  try {
    parsed = parseArgs({
      options: { base: { type: 'string' }, cases: { type: 'string', default: 'cave150:2,building1-target:1' }, rounds: { type: 'string', default: '4' } },
    });
  } catch (error) {
    fail((error as Error).message);
  }
  const { values } = parsed;
  if (values.base === undefined) fail('--base <git revision> is required (the tree to compare this one against)');
  const cases = parseCases(values.cases);
  const rounds = countArg(TOOL, '--rounds', values.rounds, 4);
  const head = fileURLToPath(new URL('../..', import.meta.url));
  const found = spawnSync('git', ['rev-parse', '--verify', '--quiet', `${values.base}^{commit}`], { cwd: head, encoding: 'utf8' });
  if (found.status !== 0) fail(`--base '${values.base}' is not a commit of this repository (${head})`);
  const rev = found.stdout.trim();
  const base = mkdtempSync(join(tmpdir(), 'swarmgate-ab-'));
  rmSync(base, { recursive: true });
  git(head, 'worktree', 'add', '--detach', base, rev);
  try {
    borrowNodeModules(join(head, 'node_modules'), join(base, 'node_modules'));
    const runs = cases.map(() => ({ base: [] as RunResult[], head: [] as RunResult[] }));
    const loads: number[] = [];
    for (let round = 0; round < rounds; round++) {
      cases.forEach((c, i) => {
        // The tree that goes first alternates by round: the second run of a pair meets a warmer machine.
        const order = round % 2 === 0 ? (['base', 'head'] as const) : (['head', 'base'] as const);
        for (const side of order) {
          loads.push(loadavg()[0] ?? 0);
          const r = runCase(side === 'base' ? base : head, c);
          runs[i]?.[side].push(r);
          process.stderr.write(`round ${round + 1}/${rounds} ${c.scenario}:${c.workers}${c.controllerThreads ? 'c' : ''} ${side} ${fmt(r.speedX)}x\n`);
        }
      });
    }
    const dirty = git(head, 'status', '--porcelain', '--untracked-files=no') === '' ? '' : ' plus uncommitted changes';
    process.stdout.write(
      [
        `base = ${values.base} (${rev.slice(0, 7)}), head = ${git(head, 'rev-parse', '--short', 'HEAD')}${dirty}; ${rounds} round${rounds === 1 ? '' : 's'}, the first tree alternating; ` +
          `load average ${fmt(Math.min(...loads))}-${fmt(Math.max(...loads))}. Wall: simulated s per wall s; main thread: simulated s per CPU s of the main thread.`,
        '',
        '| case | base, wall x real time | head | head / base (medians) | base, main thread | head | head / base | final state hash |',
        '|---|---|---|---|---|---|---|---|',
        ...cases.map((c, i) => caseRow(c, runs[i]?.base ?? [], runs[i]?.head ?? [])),
        '',
      ].join('\n'),
    );
  } finally {
    git(head, 'worktree', 'remove', '--force', base);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    main();
  } catch (error) {
    if (!(error instanceof AbError)) throw error;
    process.stderr.write(`${TOOL}: ${error.message}\n`);
    process.exitCode = 2;
  }
}
