import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runMain, runSwarmgate } from './testing/runSwarmgate.js';
import { runTrial } from './run.js';

const EXAMPLE = fileURLToPath(new URL('../../../examples/wall-follower/controller.ts', import.meta.url));
const MAP = ['--map', 'cave:20x20:seed=2', '--max-ticks', '20'];

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'swarmgate-controller-'));
  // ESM, as a user's project is: tsx would load a .ts file outside one as CommonJS.
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function moduleFile(name: string, source: string): string {
  const path = join(dir, name);
  writeFileSync(path, source);
  return path;
}

describe('swarmgate run --controller: bad input is a usage error naming the problem', () => {
  // Where a case runs: a file the loader must load, or fail to, goes to the real binary (tsx's
  // loader, as a user's controller meets it); a missing file or a parameter refused after the
  // example has loaded is the command's own check, the same in `main` in this process, which
  // spares each a child's second of start-up.
  const cases: [string, () => string, RegExp, 'binary' | 'main'][] = [
    ['a missing file', () => join(dir, 'absent.ts'), /--controller: no file '.*absent\.ts'/, 'main'],
    ['a module that does not load', () => moduleFile('broken.ts', 'export default (;'), /--controller: cannot load '.*broken\.ts'/, 'binary'],
    [
      'a value import of @swarmgate/sdk that does not resolve from the file, saying how to make it resolve',
      () => moduleFile('needsSdk.ts', "import { findAlgorithm } from '@swarmgate/sdk';\nexport default () => findAlgorithm('frontier');"),
      /cannot load '.*needsSdk\.ts': .*'@swarmgate\/sdk'.*\n.*import type.*ln -s \/\S+\/node_modules /,
      'binary',
    ],
    ['no default export', () => moduleFile('named.ts', 'export const x = 1;'), /has no default export/, 'binary'],
    [
      'a default export that is not a function',
      () => moduleFile('object.ts', 'export default { tick() {} };'),
      /default export of '.*object\.ts' is an object, not a function/,
      'binary',
    ],
    [
      'a factory that returns no controller',
      () => moduleFile('empty.ts', 'export default () => ({});'),
      /returned an object, not a controller with a tick\(robot\) method/,
      'binary',
    ],
    ['an undeclared parameter', () => `${EXAMPLE}:speed=2`, /--controller: .*has no parameter 'speed'; it declares: speedMps, wallDistanceM/, 'main'],
    ['a parameter out of range', () => `${EXAMPLE}:speedMps=99`, /--controller: .*parameter speedMps must be a number in \[0\.05, 5\] m\/s, got 99/, 'main'],
    ['a malformed parameter', () => `${EXAMPLE}:speedMps`, /--controller: .*'speedMps' .* is not name=number/, 'main'],
  ];
  for (const [what, spec, message, where] of cases) {
    it(`refuses ${what} (${where === 'main' ? 'main, in this process' : 'real process'})`, async () => {
      const run = where === 'main' ? runMain : runSwarmgate;
      const r = await run('run', ...MAP, '--controller', spec());
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stdout).toBe('');
    });
  }

  it('refuses --controller together with --algorithm (main, in this process)', async () => {
    const r = await runMain('run', ...MAP, '--algorithm', 'random', '--controller', EXAMPLE);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--controller and --algorithm exclude each other/);
  });

  it('a controller that throws ends the run (exit 1) naming the robot, the tick, the exception and its line', async () => {
    const tick = moduleFile('tickThrows.ts', 'export default () => ({\n  tick() {\n    throw new Error("boom in tick");\n  },\n});\n');
    const r = await runSwarmgate('run', ...MAP, '--controller', tick);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^swarmgate run: SG_CONTROLLER_THREW: robot r0's controller threw at tick 1: boom in tick\n {4}at .*tickThrows\.ts:3:\d+\)\n$/);
    const refused = moduleFile('busy.ts', 'export default () => ({\n  tick(robot) {\n    robot.rotate(1);\n    robot.rotate(1);\n  },\n});\n');
    const busy = await runSwarmgate('run', ...MAP, '--controller', refused);
    expect(busy.code).toBe(1);
    // The Robot call the SDK refused, shown at the controller's line that made it.
    expect(busy.stderr).toMatch(/^swarmgate run: SG_CONTROLLER_THREW: robot r0's controller threw at tick 1: SG_ROBOT_BUSY: .*\n {4}at .*busy\.ts:4:\d+\)\n$/);
  });

  it('a factory that throws ends the run (exit 1) naming the robot and the module', async () => {
    const factory = moduleFile('factoryThrows.ts', 'export default () => {\n  throw new Error("boom in factory");\n};\n');
    const r = await runSwarmgate('run', ...MAP, '--controller', factory);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^swarmgate run: SG_CONTROLLER_THREW: robot r0's controller threw in its factory \(the default export of '.*factoryThrows\.ts'\): boom in factory\n {4}at .*factoryThrows\.ts:2:\d+\)?\n$/,
    );
  });

  it('runs a TypeScript controller kept outside any ESM package (no package.json above it)', async () => {
    const bare = mkdtempSync(join(tmpdir(), 'swarmgate-bare-'));
    try {
      const path = join(bare, 'mine.ts');
      writeFileSync(
        path,
        "import type { Controller } from '@swarmgate/sdk';\nexport default (): Controller => ({ tick: (robot) => robot.setVelocity(0.3, 0) });\n",
      );
      const r = await runSwarmgate('run', ...MAP, '--controller', path, '--json', '-');
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout).distanceTotal).toBeGreaterThan(0.1);
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });

  it('serve refuses a missing controller file before it listens (main, in this process)', async () => {
    const r = await runMain('serve', '--map', 'cave:20x20:seed=2', '--port', '0', '--controller', join(dir, 'absent.ts'));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--controller: no file/);
  });
});

describe('runTrial', () => {
  it('runs a controller module with its parameters and resolves to the run --json result', async () => {
    const report = await runTrial({ map: 'cave:20x20:seed=2', controller: `${EXAMPLE}:speedMps=0.5`, 'max-ticks': 100, seed: 3 });
    expect(report.algorithm).toBe(`${EXAMPLE}:speedMps=0.5`);
    expect(report.ticks).toBe(100);
    expect(report.seed).toBe(3);
    expect(report.distanceTotal).toBeGreaterThan(1);
    expect(report.finalStateHash).toMatch(/^[0-9a-f]{16}$/);
  });

  it('gives the same final state as the CLI for the same flags', async () => {
    const flags = { map: 'cave:20x20:seed=2', algorithm: 'random', 'max-ticks': 60, seed: 5 };
    const report = await runTrial(flags);
    const cli = await runSwarmgate('run', '--map', flags.map, '--algorithm', 'random', '--max-ticks', '60', '--seed', '5', '--json', '-');
    expect(cli.code).toBe(0);
    expect(JSON.parse(cli.stdout).finalStateHash).toBe(report.finalStateHash);
  });

  it('rejects an option swarmgate run does not have, or one that only names an output', async () => {
    await expect(runTrial({ map: 'cave:20x20:seed=2', ...({ robot: 2 } as object) })).rejects.toThrow("runTrial: unknown option 'robot'");
    await expect(runTrial({ map: 'cave:20x20:seed=2', ...({ json: '-' } as object) })).rejects.toThrow("runTrial: unknown option 'json'");
  });
});
