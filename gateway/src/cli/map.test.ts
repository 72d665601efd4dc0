import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { pngBomb } from '@swarmgate/maps/testing';
import { runMain, runSwarmgate } from './testing/runSwarmgate.js';

const dir = mkdtempSync(join(tmpdir(), 'map-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Most of these read what `map` prints or writes, not how a process ends: `main` in this process
// spares each about a second of a child's start-up (node and the TypeScript loader), twenty of
// them here. The real binary keeps a case of each exit code (0, 1, 2), and the PNG bomb, which
// must be refused before it is decoded, stays in a child where a regression cannot take down
// the test runner with it.
const infoJson = async (map: string): Promise<Record<string, unknown>> => {
  const result = await runMain('map', 'info', map, '--json');
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as Record<string, unknown>;
};

describe('swarmgate map', () => {
  it('generates a building as ROS YAML, and info reads it back as one connected map', async () => {
    const out = join(dir, 'b.yaml');
    const result = await runSwarmgate('map', 'generate', 'building', '--width', '60', '--height', '50', '--seed', '4', '--param', 'split=50', '-o', out);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`wrote ${join(dir, 'b.pgm')}`);
    const info = await infoJson(out);
    expect(info).toMatchObject({ width: 60, height: 50, cellSizeM: 1, unknownCells: 0, components: 1 });
    expect((info.freeCells as number) + (info.wallCells as number)).toBe(3000);
    // Same seed, same map (the file keeps walls, not their materials, so compare counts).
    const fromSpec = await infoJson('building:60x50:seed=4,split=50');
    expect([fromSpec.freeCells, fromSpec.wallCells]).toEqual([info.freeCells, info.wallCells]);
    expect(fromSpec.hash).not.toBe((await infoJson('building:60x50:seed=5,split=50')).hash);
  }, 60_000);

  it('generates every generator to pgm and png', async () => {
    for (const name of ['cave', 'loop', 'cross', 'zigzag', 'maze']) {
      const out = join(dir, `${name}.${name === 'cave' ? 'png' : 'pgm'}`);
      expect((await runMain('map', 'generate', name, '-o', out)).code).toBe(0);
      expect((await infoJson(out)).components).toBe(1);
    }
  }, 180_000);

  it('renders a map to a PNG at a scale', async () => {
    const out = join(dir, 'doorway.png');
    expect((await runMain('map', 'render', 'doorway', '-o', out, '--scale', '2')).code).toBe(0);
    const png = PNG.sync.read(readFileSync(out));
    expect([png.width, png.height]).toEqual([200, 200]);
  });

  it('prints a human summary of a real ROS map', async () => {
    const yaml = fileURLToPath(new URL('../../../maps/data/yan2017/loop.yaml', import.meta.url));
    const result = await runMain('map', 'info', yaml);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/width\s+608 cells/);
    expect(result.stdout).toMatch(/cellSizeM\s+0.2 m/);
    expect(result.stdout).toMatch(/unknownCells\s+272915/);
  });

  it.each([
    [['map', 'generate', 'cave', '--widht', '5', '-o', 'x.pgm'], "'--widht'"],
    [['map', 'generate', 'cave', '--width', 'abc', '-o', 'x.pgm'], '--width must be a number'],
    [['map', 'generate', 'cave', '--width', '2', '-o', 'x.pgm'], '--width must be >= 3'],
    [['map', 'generate', 'cave', '-o', 'x.bmp'], '-o must end in .pgm, .png or .yaml'],
    [['map', 'generate', 'cave'], '-o OUT is required'],
    [['map', 'generate', 'volcano', '-o', 'x.pgm'], "unknown generator 'volcano'"],
    [['map', 'generate', 'cave', '--param', 'fil=3', '-o', 'x.pgm'], "unknown parameter 'fil'"],
    [['map', 'generate', 'cave', '--param', 'fill', '-o', 'x.pgm'], '--param must be KEY=INTEGER'],
    [['map', 'render', 'doorway', '-o', 'x.png', '--json'], '--json does not apply'],
    [['map', 'info', 'cave:xx'], "'xx' is neither a size"],
    [['map', 'frobnicate'], "unknown action 'frobnicate'"],
  ])('exits 2 naming the problem: %j (main, in this process)', async (args, message) => {
    const result = await runMain(...args);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(existsSync('x.pgm')).toBe(false);
  });

  it('exits 1 with one line naming a bad map file, never a stack trace', async () => {
    const bad = join(dir, 'bad.pgm');
    writeFileSync(bad, 'P5 10 10 255\n\x00\x00');
    const cases: [string, string][] = [
      [bad, 'truncated: expected 100 bytes of pixels'],
      [join(dir, 'missing.yaml'), 'no such file'],
    ];
    const yaml = join(dir, 'noimage.yaml');
    writeFileSync(yaml, 'image: gone.pgm\nresolution: 0.05\norigin: [0, 0, 0]\n');
    cases.push([yaml, "image 'gone.pgm' not found"]);
    for (const [i, [file, message]] of cases.entries()) {
      // The first through the real binary: its exit code and all it prints; the rest in this process.
      const result = i === 0 ? await runSwarmgate('map', 'info', file) : await runMain('map', 'info', file);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`${file}: ${message}`);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
  }, 60_000);

  it('checks a map file against --max-cells before decoding it: map, run and serve', async () => {
    const bomb = join(dir, 'bomb.png');
    writeFileSync(bomb, await pngBomb(10_000, 10_000));
    const refused = await runSwarmgate('map', 'info', bomb);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `swarmgate map: SG_MAP_FORMAT: ${bomb}: declares 10000 x 10000 = 100000000 cells, over the budget of 4000000 cells (raise it with maxCells, --max-cells on the CLI)\n`,
    );
    const small = join(dir, 'small.png');
    writeFileSync(small, await pngBomb(30, 20));
    expect((await runSwarmgate('map', 'info', small, '--max-cells', '599')).stderr).toMatch(/declares 30 x 20 = 600 cells, over the budget of 599 cells/);
    expect((await infoJson(small)).width).toBe(30);
    for (const command of ['run', 'serve']) {
      const r = await runSwarmgate(command, '--map', bomb, '--max-cells', '1000');
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/--map: .*bomb\.png: declares 10000 x 10000 = 100000000 cells, over the budget of 1000 cells/);
    }
    expect((await runSwarmgate('map', 'info', small, '--max-cells', '0')).stderr).toMatch(/--max-cells must be >= 1, got 0/);
  }, 60_000);

  it('--help lists every generator with its parameters', async () => {
    const result = await runMain('map', '--help');
    expect(result.code).toBe(0);
    for (const text of ['cave (default 75x75)', 'building (default 100x100)', 'maze', 'fill=45', 'door=2', 'road=8']) {
      expect(result.stdout).toContain(text);
    }
  });
});
