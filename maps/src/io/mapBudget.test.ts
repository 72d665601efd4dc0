/**
 * The cell budget of map files: a file's declared size is refused before its pixels are
 * decoded, so a small file cannot demand gigabytes.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import zlib from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MapFormatError } from '../errors.js';
import { pngBomb, pngChunk } from '../testing/pngBomb.js';
import { DEFAULT_MAX_FILE_CELLS } from './greyImage.js';
import { loadMapFile } from './mapFiles.js';
import { decodePng, readPngSize } from './png.js';

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

describe('an interlaced PNG, whose image data pngjs inflates without a bound', () => {
  it('decodes a genuine one, and refuses one whose data inflates past what its size needs, before holding it', async () => {
    const genuine = file('interlaced.png', await pngBomb(37, 23, { interlace: true }));
    expect(loadMapFile(genuine).cells.length).toBe(37 * 23);
    // 200 x 200 pixels need 40,375 bytes (40,000 samples, a filter byte for each of the 375 rows of the 7 passes); this 500 kB file inflates to 512 MB, held whole by pngjs.
    const lying = file('interlaced-bomb.png', await pngBomb(200, 200, { interlace: true, inflatedBytes: 512 * 1024 * 1024 }));
    const startMs = performance.now();
    expect(() => loadMapFile(lying)).toThrow(MapFormatError);
    expect(() => loadMapFile(lying)).toThrow(`${lying}: corrupt PNG: its interlaced image data inflates to more than the 40375 bytes 200 x 200 pixels need`);
    expect(performance.now() - startMs).toBeLessThan(2000);
  }, 60_000);

  it('any size: genuine data decodes, any more data than the passes need is refused naming the bound', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 5000 }), async (width, height, extra) => {
        const genuine = await pngBomb(width, height, { interlace: true });
        expect(decodePng(genuine, 'g.png').samples.length).toBe(width * height);
        // The IDAT data: after the signature, IHDR (25 bytes) and the IDAT head; before its CRC and IEND.
        const needed = zlib.inflateSync(genuine.subarray(41, genuine.length - 16)).length;
        const lying = await pngBomb(width, height, { interlace: true, inflatedBytes: needed + extra });
        expect(() => decodePng(lying, 'l.png')).toThrow(`l.png: corrupt PNG: its interlaced image data inflates to more than the ${needed} bytes`);
      }),
      { numRuns: 60 },
    );
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

describe('a corrupt PNG', () => {
  const SIGNATURE_AND_IHDR = 8 + 25;
  it("is refused in a map user's words, not the decoder's", async () => {
    const genuine = await pngBomb(4, 4);
    const ihdr = genuine.subarray(0, SIGNATURE_AND_IHDR);
    const end = pngChunk('IEND', Buffer.alloc(0));
    // Cut after its header.
    expect(() => decodePng(ihdr, 'cut.png')).toThrow('cut.png: corrupt PNG: the file ends before its image data does (truncated?)');
    // A row whose filter type is 9 (PNG's are 0 to 4).
    const rows = Buffer.alloc(4 * 5);
    rows[5] = 9;
    const filtered = Buffer.concat([ihdr, pngChunk('IDAT', zlib.deflateSync(rows)), end]);
    expect(() => decodePng(filtered, 'filter.png')).toThrow("filter.png: corrupt PNG: its image data is corrupt: a row's filter type is 9, PNG's are 0 to 4");
    // A bit depth of 7.
    const header = Buffer.from(genuine.subarray(16, 29));
    header[8] = 7;
    const depth = Buffer.concat([genuine.subarray(0, 8), pngChunk('IHDR', header), genuine.subarray(SIGNATURE_AND_IHDR)]);
    expect(() => decodePng(depth, 'depth.png')).toThrow(
      'depth.png: corrupt PNG: its header or image data is invalid (a bit depth or colour type PNG does not define',
    );
  });
});
