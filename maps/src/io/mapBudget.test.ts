/**
 * The cell budget of map files: a file's declared size is refused before its pixels are
 * decoded, so a small file cannot demand gigabytes.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MapFormatError } from '../errors.js';
import { pngBomb } from '../testing/pngBomb.js';
import { DEFAULT_MAX_FILE_CELLS } from './greyImage.js';
import { loadMapFile } from './mapFiles.js';
import { readPngSize } from './png.js';

const dir = mkdtempSync(join(tmpdir(), 'swarmgate-budget-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, content: string | Uint8Array): string => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

describe('map file cell budget', () => {
  let bomb: string;
  beforeAll(async () => {
    bomb = file('bomb.png', await pngBomb(10_000, 10_000));
  });

  it('refuses a 100 kB PNG declaring 10000 x 10000 at once, naming the file, the size and the budget', () => {
    const startMs = performance.now();
    expect(() => loadMapFile(bomb)).toThrow(MapFormatError);
    expect(() => loadMapFile(bomb)).toThrow(`${bomb}: declares 10000 x 10000 = 100000000 cells, over the budget of 4000000 cells`);
    // Decoding it took 5 s and 660 MB in pngjs alone; the header check takes microseconds.
    expect(performance.now() - startMs).toBeLessThan(500);
  });

  it('the same file through a ROS map YAML names the image', () => {
    const yaml = file('bomb.yaml', 'image: bomb.png\nresolution: 0.05\norigin: [0, 0, 0]\n');
    expect(() => loadMapFile(yaml)).toThrow(/bomb\.png: declares 10000 x 10000 = 100000000 cells/);
  });

  it('maxCells lowers and raises the budget: PNG and PGM alike', async () => {
    const png = file('small.png', await pngBomb(30, 20));
    const pgm = file('small.pgm', Buffer.concat([Buffer.from('P5 30 20 255\n'), Buffer.alloc(600)]));
    for (const path of [png, pgm]) {
      expect(loadMapFile(path).cells.length).toBe(600);
      expect(loadMapFile(path, { maxCells: 600 }).cells.length).toBe(600);
      expect(() => loadMapFile(path, { maxCells: 599 })).toThrow(/declares 30 x 20 = 600 cells, over the budget of 599 cells/);
    }
    expect(DEFAULT_MAX_FILE_CELLS).toBe(4_000_000);
  });
});

describe('readPngSize (the PNG header parser)', () => {
  const header = (width: number, height: number): Uint8Array => {
    const bytes = Buffer.alloc(33);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes, 0);
    bytes.writeUInt32BE(13, 8);
    bytes.write('IHDR', 12, 'ascii');
    bytes.writeUInt32BE(width, 16);
    bytes.writeUInt32BE(height, 20);
    return bytes;
  };

  it('reads any declared width and height from a well-formed header', () => {
    fc.assert(
      fc.property(fc.nat({ max: 0xffffffff }), fc.nat({ max: 0xffffffff }), (width, height) => {
        expect(readPngSize(header(width, height), 'h.png')).toEqual({ width, height });
      }),
    );
  });

  it('random bytes never crash it: a size or a MapFormatError naming the file', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        try {
          const size = readPngSize(bytes, 'r.png');
          expect(Number.isInteger(size.width) && Number.isInteger(size.height)).toBe(true);
        } catch (error) {
          expect(error).toBeInstanceOf(MapFormatError);
          expect((error as MapFormatError).message).toMatch(/^SG_MAP_FORMAT: r\.png: /);
        }
      }),
    );
  });

  it('every truncation and every mutated byte of a real header gives a clear error or the size it declares', () => {
    fc.assert(
      fc.property(fc.nat({ max: 32 }), fc.nat({ max: 23 }), fc.nat({ max: 255 }), (cut, at, value) => {
        const bytes = header(640, 480);
        bytes[at] = value;
        let size: { width: number; height: number };
        try {
          size = readPngSize(bytes.subarray(0, cut), 't.png');
        } catch (error) {
          expect(error).toBeInstanceOf(MapFormatError);
          expect((error as MapFormatError).message).toMatch(/^SG_MAP_FORMAT: t\.png: (truncated PNG|not a PNG file|corrupt PNG: the first chunk)/);
          return;
        }
        expect(cut).toBeGreaterThanOrEqual(24);
        const view = Buffer.from(bytes);
        expect(size).toEqual({ width: view.readUInt32BE(16), height: view.readUInt32BE(20) });
      }),
    );
  });
});
