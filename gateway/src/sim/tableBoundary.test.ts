/**
 * The robot table is the engine's own: no module outside gateway/src/sim imports RobotTable or
 * reaches into a World's `table`. Everything else (the live trial's twins, tests, bench) goes
 * through World's methods (kinematicSetpoint, setKinematicPose, cancelMove, distanceTravelledM).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const simDir = fileURLToPath(new URL('.', import.meta.url));
const repoDir = join(simDir, '..', '..', '..');
/** Every workspace's TypeScript sources (tests included: they must not reach in either). */
const ROOTS = ['gateway/src', 'sdk/src', 'maps/src', 'protocols/src', 'firmware-sim/src', 'test/src', 'bench/src'];

const IMPORTS_TABLE = /\bfrom\s+['"][^'"]*\/RobotTable(?:\.js)?['"]|\bimport\(\s*['"][^'"]*\/RobotTable(?:\.js)?['"]/;
const READS_TABLE = /\bworld\s*\.\s*table\b/i;

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'generated') return [];
    if (statSync(path).isDirectory()) return tsFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** Files outside sim/ that import RobotTable or read a World's table, with the offending line. */
function offenders(): string[] {
  const found: string[] = [];
  for (const root of ROOTS) {
    for (const file of tsFiles(join(repoDir, root))) {
      if (file.startsWith(simDir) && !file.slice(simDir.length).includes(`radio${sep}`)) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, k) => {
          if (IMPORTS_TABLE.test(line) || READS_TABLE.test(line)) found.push(`${relative(repoDir, file)}:${k + 1}: ${line.trim()}`);
        });
    }
  }
  return found;
}

describe('the robot table boundary', () => {
  it("recognises an import of RobotTable and a read of a World's table", () => {
    expect(IMPORTS_TABLE.test("import { Action } from '../sim/RobotTable.js';")).toBe(true);
    expect(IMPORTS_TABLE.test("const m = await import('../sim/RobotTable.js');")).toBe(true);
    expect(READS_TABLE.test('const d = live.world.table.distanceM[i];')).toBe(true);
    expect(READS_TABLE.test('world.tick')).toBe(false);
    expect(IMPORTS_TABLE.test("import { RobotTableView } from './RobotTableView.js';")).toBe(false);
  });

  it('is crossed by no module outside gateway/src/sim (its radio/ included)', () => {
    expect(offenders()).toEqual([]);
  });
});
