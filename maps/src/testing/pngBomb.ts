/**
 * A "PNG bomb" for tests and attack suites: a valid 8-bit grey PNG that declares `width` x
 * `height` pixels, all zero, deflated to a small file (10000 x 10000 is about 100 kB). Built
 * row by row through a streaming deflate, so making it never holds the raster in memory.
 * `interlace`: the same image stored Adam7-interlaced; `inflatedBytes`: image data of that many
 * zero bytes instead of the ones the size needs (a file lying about what it inflates to).
 */
import { createDeflate, crc32 } from 'node:zlib';
import { adam7Passes } from '../io/png.js';

/** A PNG chunk: length, type, data and CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, crc]);
}

/** Row lengths of the image data, filter byte included: one per row, or Adam7's passes in turn. */
function rowLengths(width: number, height: number, interlace: boolean): number[] {
  if (!interlace) return new Array<number>(height).fill(width + 1);
  return adam7Passes(width, height).flatMap((pass) => new Array<number>(pass.height).fill(pass.width + 1));
}

export async function pngBomb(width: number, height: number, options: { interlace?: boolean; inflatedBytes?: number } = {}): Promise<Buffer> {
  const interlace = options.interlace ?? false;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth; colour type 0 (grey), deflate, filter 0
  ihdr[12] = interlace ? 1 : 0;
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const done = new Promise<void>((resolve, reject) => deflate.once('end', resolve).once('error', reject));
  // Zero rows: a filter byte (0, none) and zero samples; a lie is written in 64 KiB pieces.
  const lengths = options.inflatedBytes === undefined ? rowLengths(width, height, interlace) : pieces(options.inflatedBytes, 64 * 1024);
  for (const length of lengths) if (!deflate.write(Buffer.alloc(length))) await new Promise((resolve) => deflate.once('drain', resolve));
  deflate.end();
  await done;
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, pngChunk('IHDR', ihdr), pngChunk('IDAT', Buffer.concat(parts)), pngChunk('IEND', Buffer.alloc(0))]);
}

/** `total` as pieces of at most `size`. */
function pieces(total: number, size: number): number[] {
  const out = new Array<number>(Math.floor(total / size)).fill(size);
  if (total % size > 0) out.push(total % size);
  return out;
}
