import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const benchDir = fileURLToPath(new URL('..', import.meta.url));

/** Runs a one-scenario entry point; every case below must be refused before a tick runs. */
function run(script: string, ...args: string[]): { status: number | null; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', `src/${script}`, ...args], { cwd: benchDir, encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stderr: r.stderr };
}

describe('one-scenario entry points refuse bad arguments with a message naming them', () => {
  it.each([
    ['engineCase.ts', ['building1', '-'], "engineCase: ticks must be an integer >= 1, got '-'"],
    ['engineCase.ts', ['building1', '0'], "engineCase: ticks must be an integer >= 1, got '0'"],
    ['engineCase.ts', ['building1', '10', '--workers', '1.5'], "engineCase: --workers must be an integer >= 1, got '1.5'"],
    ['engineCase.ts', ['building1', '10', '--robots', ''], "engineCase: --robots must be an integer >= 1, got ''"],
    ['engineCase.ts', ['nowhere'], "engineCase: unknown scenario 'nowhere'; known: cave120"],
    ['allocProfile.ts', ['cave150', '10', 'x'], "allocProfile: workers must be an integer >= 1, got 'x'"],
    ['physicsShareCase.ts', ['cave150', '1e9x'], "physicsShareCase: ticks must be an integer >= 1, got '1e9x'"],
  ])('%s %j', (script, args, message) => {
    const r = run(script, ...args);
    expect(r.stderr).toContain(message);
    expect(r.status).toBe(2);
  });
});
