import { mkdtempSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { Cell, createGrid, isWall, type Grid } from '../Grid.js';
import { MapFormatError, MapNotFoundError } from '../errors.js';
import { generateMap } from '../generators/mapGenerators.js';
import { bundledMapPath } from '../bundledMaps.js';
import { countCells } from '../countCells.js';
import { decodePgm } from './pgm.js';
import { decodePng } from './png.js';
import { MAX_MAP_COORDINATE_M, parseRosMapYaml } from './rosMapYaml.js';
import { encodeMapImage, loadMapFile, saveMapFile } from './mapFiles.js';

const dir = mkdtempSync(join(tmpdir(), 'swarmgate-maps-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, content: string | Uint8Array): string => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

/** The wall/free/unknown pattern, materials folded to one wall value. */
const pattern = (grid: Grid): number[] => Array.from(grid.cells, (v) => (isWall(v) ? 1 : v));

const arbitraryGrid = fc.record({ w: fc.integer({ min: 1, max: 24 }), h: fc.integer({ min: 1, max: 24 }) }).chain(({ w, h }) =>
  fc
    .array(fc.constantFrom<number>(Cell.Free, Cell.Concrete, Cell.Wood, Cell.Brick, Cell.Generic, Cell.Unknown), { minLength: w * h, maxLength: w * h })
    .map((values) => {
      const grid = createGrid(w, h, { cellSizeM: 0.05, originM: { x: -1.5, y: 2.25 } });
      grid.cells.set(values);
      return grid;
    }),
);

describe('PGM', () => {
  it('reads P2 with comments, flipping rows (image top row = grid last row)', () => {
    const grid = loadMapFile(file('a.pgm', 'P2\n# made by hand\n3 2 # size\n255\n0 255 255\n# mid comment\n255 255 124\n'));
    expect([grid.width, grid.height, grid.cellSizeM]).toEqual([3, 2, 1]);
    // Bottom row (image row 2): 255 255 124 -> free free wall (124 < 125, MAES's rule).
    expect(pattern(grid)).toEqual([0, 0, 1, 1, 0, 0]);
  });

  it('reads P5 8-bit and 16-bit (big-endian), scaling to maxval', () => {
    const p5 = Buffer.concat([Buffer.from('P5 2 1 255\n'), Buffer.from([0, 200])]);
    expect(pattern(loadMapFile(file('b.pgm', p5)))).toEqual([1, 0]);
    // 16-bit: 30000/65535*255 = 116.7 -> wall; 40000 -> 155.6 -> free.
    const p16 = Buffer.concat([Buffer.from('P5\n2 1\n65535\n'), Buffer.from([0x75, 0x30, 0x9c, 0x40])]);
    expect(pattern(loadMapFile(file('c.pgm', p16)))).toEqual([1, 0]);
  });

  it.each([
    ['truncated raster', Buffer.concat([Buffer.from('P5 4 4 255\n'), Buffer.alloc(10)]), /truncated: expected 16 bytes of pixels for 4 x 4, found 10/],
    ['wrong magic', Buffer.from('P6 1 1 255\n\0\0\0'), /expected magic 'P2' or 'P5', got "P6"/],
    ['maxval 0', Buffer.from('P2 1 1 0\n0\n'), /maxval must be in \[1, 65535\], got 0/],
    ['too few P2 pixels', Buffer.from('P2 2 2 255\n1 2 3\n'), /truncated: expected 4 pixels for 2 x 2, found 3/],
    ['pixel above maxval', Buffer.from('P2 1 1 10\n11\n'), /pixel 1 is 11, above maxval 10/],
    ['zero width', Buffer.from('P2 0 1 255\n'), /image size must be positive/],
    ['header cut short', Buffer.from('P5 10'), /truncated: missing height/],
    ['huge size', Buffer.from('P5 100000 100000 255\n'), /declares 100000 x 100000 = 10000000000 cells, over the budget of 4000000 cells/],
  ])('refuses %s with a MapFormatError naming the file', (_, bytes, message) => {
    const path = file('bad.pgm', bytes);
    expect(() => loadMapFile(path)).toThrow(MapFormatError);
    expect(() => loadMapFile(path)).toThrow(message);
    expect(() => loadMapFile(path)).toThrow(path);
  });
});

describe('ROS map YAML', () => {
  it('loads the real Yan 2017 maps as shipped (0.2 m, origin, unknown cells)', () => {
    for (const name of ['loop', 'cross', 'zigzag', 'maze']) {
      const grid = loadMapFile(bundledMapPath(`yan2017/${name}.yaml`));
      expect(grid.cellSizeM).toBe(0.2);
      expect(grid.originM.x).toBe(-30);
      const counts = countCells(grid);
      expect(counts.unknown).toBeGreaterThan(100_000);
      expect(counts.free).toBeGreaterThan(50_000);
      expect(counts.wall).toBeGreaterThan(3_000);
    }
    const loop = loadMapFile(bundledMapPath('yan2017/loop.yaml'));
    expect([loop.width, loop.height, loop.originM.y]).toEqual([608, 544, -81.2]);
  });

  it('names the missing image (the shared zigzag.yaml names map.pgm, which does not exist)', () => {
    const yaml = join(dir, 'zigzag.yaml');
    copyFileSync(bundledMapPath('yan2017/zigzag.yaml'), yaml);
    writeFileSync(yaml, 'image: map.pgm\nresolution: 0.2\norigin: [0, 0, 0]\n');
    expect(() => loadMapFile(yaml)).toThrow(/zigzag\.yaml: image 'map\.pgm' not found/);
    expect(() => loadMapFile(yaml)).toThrow(MapNotFoundError);
  });

  it('applies negate, thresholds and trinary classification', () => {
    file('t.pgm', 'P2 3 1 255\n0 128 255\n');
    expect(pattern(loadMapFile(file('t.yaml', 'image: t.pgm\nresolution: 0.5\norigin: [1, 2, 0]\n')))).toEqual([1, 255, 0]);
    expect(pattern(loadMapFile(file('n.yaml', 'image: t.pgm\nresolution: 0.5\norigin: [1, 2, 0]\nnegate: 1\n')))).toEqual([0, 255, 1]);
    file('r.pgm', 'P2 3 1 255\n0 100 255\n');
    expect(pattern(loadMapFile(file('r.yaml', 'image: r.pgm\nresolution: 1\norigin: [0, 0, 0]\nmode: raw\n')))).toEqual([0, 1, 255]);
  });

  it.each([
    ['negative resolution', 'image: t.pgm\nresolution: -0.05\norigin: [0, 0, 0]\n', /'resolution' must be a positive number/],
    ['no image', 'resolution: 0.05\norigin: [0, 0, 0]\n', /missing 'image'/],
    ['short origin', 'image: t.pgm\nresolution: 0.05\norigin: [0, 0]\n', /'origin' must be \[x, y, yaw\]/],
    ['rotated origin', 'image: t.pgm\nresolution: 0.05\norigin: [0, 0, 0.5]\n', /origin yaw 0.5 is not supported/],
    // A trial on it ran every tick, then threw a RangeError (Infinity to BigInt) from its state hash.
    [
      'an origin at 1e308 m',
      'image: t.pgm\nresolution: 0.3\norigin: [1e308, 0, 0]\n',
      "bad.yaml: 'origin' x and y must be within ±1000000000 m, got [1e+308,0,0]",
    ],
    // Its robots did not move: 0.03 m steps round away at 1e17 m.
    [
      'an origin at -1e17 m',
      'image: t.pgm\nresolution: 0.3\norigin: [0, -1e17, 0]\n',
      "bad.yaml: 'origin' x and y must be within ±1000000000 m, got [0,-100000000000000000,0]",
    ],
    [
      'pixels of 1e300 m',
      'image: t.pgm\nresolution: 1e300\norigin: [0, 0, 0]\n',
      'bad.yaml: the map reaches 1e+300 m from 0 (origin [0, 0] + 1 x 1 pixels of 1e+300 m), beyond the ±1000000000 m a map may reach',
    ],
    [
      'a map reaching past the bound',
      'image: t.pgm\nresolution: 2\norigin: [-999999999, 999999999, 0]\n',
      'bad.yaml: the map reaches 1000000001 m from 0 (origin [-999999999, 999999999] + 1 x 1 pixels of 2 m), beyond the ±1000000000 m a map may reach',
    ],
    ['not a mapping', '- just\n- a list\n', /not a ROS map YAML/],
    ['bad YAML', 'image: [unclosed\n', /not valid YAML/],
    ['bad mode', 'image: t.pgm\nresolution: 1\norigin: [0, 0, 0]\nmode: fancy\n', /'mode' must be trinary, scale or raw/],
    ['inverted thresholds', 'image: t.pgm\nresolution: 1\norigin: [0, 0, 0]\nfree_thresh: 0.9\n', /free_thresh 0.9 must not exceed occupied_thresh 0.65/],
  ])('refuses %s', (_, yaml, message) => {
    file('t.pgm', 'P2 1 1 255\n0\n');
    const path = file('bad.yaml', yaml);
    expect(() => loadMapFile(path)).toThrow(MapFormatError);
    expect(() => loadMapFile(path)).toThrow(message);
  });
});

describe('files in general', () => {
  it('refuses a missing file, a directory and a file that is not a map', () => {
    expect(() => loadMapFile(join(dir, 'nope.pgm'))).toThrow(/nope\.pgm: no such file/);
    expect(() => loadMapFile(join(dir, 'nope.pgm'))).toThrow(expect.objectContaining({ code: 'SG_MAP_NOT_FOUND', file: join(dir, 'nope.pgm') }));
    expect(() => loadMapFile(dir)).toThrow(/not a file/);
    expect(() => loadMapFile(file('notes.txt', 'hello'))).toThrow(/not a map: expected a PGM \(P2\/P5\), PNG or ROS map YAML/);
    expect(() => loadMapFile(file('x.png', 'hello'))).toThrow(/x\.png: not a PNG file: bad signature/);
    expect(() => saveMapFile(createGrid(2, 2), join(dir, 'out.bmp'))).toThrow(/unsupported output extension/);
  });

  it('export -> import round trips the wall/free pattern through PGM P2, P5 and PNG', () => {
    fc.assert(
      fc.property(arbitraryGrid, (grid) => {
        // Bare images have no unknown: 205 reads back as free (MAES's < 125 rule).
        const expected = pattern(grid).map((v) => (v === 255 ? 0 : v));
        for (const format of ['pgm', 'pgm-ascii', 'png'] as const) {
          const bytes = encodeMapImage(grid, format);
          const path = file(`rt.${format === 'png' ? 'png' : 'pgm'}`, bytes);
          expect(pattern(loadMapFile(path))).toEqual(expected);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('export -> import round trips unknown cells, cell size and origin through ROS YAML', () => {
    fc.assert(
      fc.property(arbitraryGrid, (grid) => {
        const yaml = join(dir, 'rt.yaml');
        expect(saveMapFile(grid, yaml)).toEqual([yaml, join(dir, 'rt.pgm')]);
        const back = loadMapFile(yaml);
        expect(pattern(back)).toEqual(pattern(grid));
        expect([back.cellSizeM, back.originM]).toEqual([grid.cellSizeM, grid.originM]);
      }),
      { numRuns: 60 },
    );
  });

  it('round trips a generated cave through every format', () => {
    const cave = generateMap({ generator: 'cave', width: 60, height: 40, seed: 9, params: {} });
    for (const ext of ['pgm', 'png', 'yaml']) {
      const path = join(dir, `cave.${ext}`);
      saveMapFile(cave, path);
      expect(pattern(loadMapFile(path))).toEqual(pattern(cave));
    }
  });

  it('a ROS map YAML of any finite origin and resolution loads within ±MAX_MAP_COORDINATE_M or is refused naming the bound (property)', () => {
    file('p.pgm', 'P2 3 2 255\n0 128 255 255 0 128\n');
    const coordinate = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.double({ min: -2e9, max: 2e9, noNaN: true }));
    fc.assert(
      fc.property(coordinate, coordinate, fc.double({ min: 1e-9, max: 1e12, noNaN: true }), (x, y, resolution) => {
        const path = file('p.yaml', `image: p.pgm\nresolution: ${resolution}\norigin: [${x}, ${y}, 0]\n`);
        let grid: Grid;
        try {
          grid = loadMapFile(path);
        } catch (error) {
          expect(error).toBeInstanceOf(MapFormatError);
          expect((error as Error).message).toContain(`±${MAX_MAP_COORDINATE_M} m`);
          return;
        }
        for (const v of [grid.originM.x, grid.originM.y, grid.originM.x + grid.width * grid.cellSizeM, grid.originM.y + grid.height * grid.cellSizeM]) {
          expect(Math.abs(v)).toBeLessThanOrEqual(MAX_MAP_COORDINATE_M);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('random bytes into every parser throw nothing but MapFormatError', () => {
    const onlyFormatErrors = (fn: () => unknown): void => {
      try {
        fn();
      } catch (error) {
        expect(error).toBeInstanceOf(MapFormatError);
      }
    };
    const prefixed = fc.oneof(
      fc.uint8Array({ maxLength: 200 }),
      fc
        .tuple(fc.constantFrom('P2', 'P5', 'P2 3 2 255\n', 'P5 4 4 65535\n', '\x89PNG\r\n\x1a\n'), fc.uint8Array({ maxLength: 200 }))
        .map(([head, tail]) => new Uint8Array([...Buffer.from(head, 'latin1'), ...tail])),
    );
    fc.assert(
      fc.property(prefixed, (bytes) => {
        onlyFormatErrors(() => decodePgm(bytes, 'fuzz.pgm'));
        onlyFormatErrors(() => decodePng(bytes, 'fuzz.png'));
        onlyFormatErrors(() => parseRosMapYaml(Buffer.from(bytes).toString('latin1'), 'fuzz.yaml'));
        onlyFormatErrors(() => loadMapFile(file('fuzz.bin', bytes)));
      }),
      { numRuns: 300 },
    );
  });

  it('mutated valid PNGs throw only MapFormatError', () => {
    const png = encodeMapImage(generateMap({ generator: 'maze', width: 30, height: 30, seed: 1, params: { road: 3 } }), 'png');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: png.length - 1 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 8, max: png.length }), (at, value, cut) => {
        const bytes = Buffer.from(png.subarray(0, cut));
        if (at < bytes.length) bytes[at] = value;
        try {
          decodePng(bytes, 'm.png');
        } catch (error) {
          expect(error).toBeInstanceOf(MapFormatError);
        }
      }),
      { numRuns: 200 },
    );
  });
});
