import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseCases } from './engineAB.js';

const benchDir = fileURLToPath(new URL('..', import.meta.url));

function ab(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/engineAB.ts', ...args], { cwd: benchDir, encoding: 'utf8', timeout: 120_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function worktrees(): string {
  return spawnSync('git', ['worktree', 'list'], { cwd: benchDir, encoding: 'utf8' }).stdout;
}

describe('engineAB: interleaved A/B of the engine against a git revision', () => {
  it("reads a case's threads, 'c' after them putting the controllers on the threads", () => {
    expect(parseCases('cave150:2,building1000-200:2c:6')).toEqual([
      { scenario: 'cave150', workers: 2, controllerThreads: false, ticks: undefined },
      { scenario: 'building1000-200', workers: 2, controllerThreads: true, ticks: 6 },
    ]);
  });

  it('runs both trees in alternating order, tables the medians and their ratio, and removes its worktree', () => {
    const r = ab('--base', 'HEAD', '--cases', 'building1:1:40', '--rounds', '2');
    expect(r.stderr).toMatch(
      /round 1\/2 building1:1 base [\d.]+x\nround 1\/2 building1:1 head [\d.]+x\nround 2\/2 building1:1 head [\d.]+x\nround 2\/2 building1:1 base/,
    );
    expect(r.status).toBe(0);
    const row = r.stdout.split('\n').find((l) => l.startsWith('| building1, 1 thread, 40 ticks |'));
    expect(row).toBeDefined();
    const cells = (row as string).split('|').map((c) => c.trim());
    // Two runs a side, a ratio of medians, and the same tree gives the same final state.
    expect(cells[2]?.split(', ')).toHaveLength(2);
    expect(cells[3]?.split(', ')).toHaveLength(2);
    expect(Number(cells[4])).toBeGreaterThan(0);
    expect(cells[8]).toMatch(/^same \([0-9a-f]{16}\)$/);
    expect(worktrees()).not.toContain('swarmgate-ab-');
    // Five processes loading the engine through tsx, and a git worktree: beside another package's
    // suite on a two-core machine this took over 20 s; the same bound as the runs' own.
  }, 120_000);

  it.each([
    [['--cases', 'building1:1'], 'engineAB: --base <git revision> is required'],
    [['--base', 'HEAD', '--cases', 'building1'], "engineAB: --cases: 'building1' must be scenario:threads or scenario:threads:ticks"],
    [['--base', 'HEAD', '--cases', 'building1:c'], "engineAB: threads in 'building1:c' must be an integer >= 1, got ''"],
    [['--base', 'HEAD', '--cases', 'building1:2x'], "engineAB: threads in 'building1:2x' must be an integer >= 1, got '2x'"],
    [['--base', 'HEAD', '--cases', 'building1:0'], "engineAB: threads in 'building1:0' must be an integer >= 1, got '0'"],
    [['--base', 'HEAD', '--cases', 'nowhere:1'], "engineAB: unknown scenario 'nowhere'"],
    [['--base', 'HEAD', '--rounds', 'x'], "engineAB: --rounds must be an integer >= 1, got 'x'"],
    [['--base', 'no-such-revision-here'], "engineAB: --base 'no-such-revision-here' is not a commit of this repository"],
  ])('refuses %j with a message naming the problem', (args, message) => {
    const r = ab(...args);
    expect(r.stderr).toContain(message);
    expect(r.status).toBe(2);
    expect(worktrees()).not.toContain('swarmgate-ab-');
  });
});
