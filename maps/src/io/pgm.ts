/**
 * PGM (netpbm grey map) P2 (ASCII) and P5 (binary), with comment lines and maxval up to 65535
 * (16-bit samples big-endian, as netpbm specifies).
 */
import { MapFormatError } from '../errors.js';
import { checkImageSize, type GreyImage } from './greyImage.js';

const isSpace = (b: number): boolean => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d || b === 0x0b || b === 0x0c;

/** Reads whitespace-separated tokens, skipping `#` comments, from `bytes` at `pos`. */
class Tokens {
  constructor(
    private readonly bytes: Uint8Array,
    public pos: number,
    private readonly file: string,
  ) {}

  /** Skips whitespace and `#` comments up to the next token. */
  private skip(): void {
    const { bytes } = this;
    for (;;) {
      while (this.pos < bytes.length && isSpace(bytes[this.pos] as number)) this.pos++;
      if (bytes[this.pos] !== 0x23) return;
      while (this.pos < bytes.length && bytes[this.pos] !== 0x0a && bytes[this.pos] !== 0x0d) this.pos++;
    }
  }

  /** The next token as a non-negative integer, parsed in place (P2 rasters have millions). */
  integer(what: string): number {
    this.skip();
    const { bytes } = this;
    const start = this.pos;
    let value = 0;
    while (this.pos < bytes.length && !isSpace(bytes[this.pos] as number) && bytes[this.pos] !== 0x23) {
      const digit = (bytes[this.pos] as number) - 0x30;
      value = digit >= 0 && digit <= 9 ? value * 10 + digit : NaN;
      this.pos++;
    }
    if (start === this.pos) throw new MapFormatError(this.file, `truncated: missing ${what}`);
    if (Number.isNaN(value) || this.pos - start > 9) {
      const token = String.fromCharCode(...bytes.subarray(start, Math.min(this.pos, start + 32)));
      throw new MapFormatError(this.file, `${what} must be a non-negative integer, got '${token}'`);
    }
    return value;
  }
}

export function decodePgm(bytes: Uint8Array, file: string, maxCells?: number): GreyImage {
  const magic = String.fromCharCode(bytes[0] ?? 0, bytes[1] ?? 0);
  if (magic !== 'P2' && magic !== 'P5') {
    throw new MapFormatError(file, `not a PGM file: expected magic 'P2' or 'P5', got ${JSON.stringify(magic)}`);
  }
  const tokens = new Tokens(bytes, 2, file);
  const width = tokens.integer('width');
  const height = tokens.integer('height');
  checkImageSize(file, width, height, maxCells);
  const maxValue = tokens.integer('maxval');
  if (maxValue < 1 || maxValue > 65535) throw new MapFormatError(file, `maxval must be in [1, 65535], got ${maxValue}`);
  const count = width * height;
  const samples = new Uint16Array(count);

  if (magic === 'P5') {
    // Exactly one whitespace byte separates maxval from the raster.
    if (!isSpace(bytes[tokens.pos] ?? 0)) throw new MapFormatError(file, 'truncated: no pixel data after the header');
    const start = tokens.pos + 1;
    const bytesPerSample = maxValue > 255 ? 2 : 1;
    const available = bytes.length - start;
    if (available < count * bytesPerSample) {
      throw new MapFormatError(file, `truncated: expected ${count * bytesPerSample} bytes of pixels for ${width} x ${height}, found ${available}`);
    }
    for (let i = 0; i < count; i++) {
      samples[i] = bytesPerSample === 1 ? (bytes[start + i] as number) : ((bytes[start + 2 * i] as number) << 8) | (bytes[start + 2 * i + 1] as number);
    }
  } else {
    for (let i = 0; i < count; i++) {
      let value: number;
      try {
        value = tokens.integer(`pixel ${i + 1} of ${count}`);
      } catch (error) {
        if (error instanceof MapFormatError && error.problem.startsWith('truncated')) {
          throw new MapFormatError(file, `truncated: expected ${count} pixels for ${width} x ${height}, found ${i}`);
        }
        throw error;
      }
      samples[i] = value;
    }
  }
  for (let i = 0; i < count; i++) {
    if ((samples[i] as number) > maxValue) {
      throw new MapFormatError(file, `pixel ${i + 1} is ${samples[i]}, above maxval ${maxValue}`);
    }
  }
  return { width, height, maxValue, samples };
}

export function encodePgm(image: GreyImage, format: 'P2' | 'P5', comment: string): Buffer {
  const header = `${format}\n# ${comment.replace(/[\r\n]+/g, ' ')}\n${image.width} ${image.height}\n${image.maxValue}\n`;
  if (format === 'P2') {
    const lines: string[] = [];
    for (let row = 0; row < image.height; row++) {
      lines.push(Array.from(image.samples.subarray(row * image.width, (row + 1) * image.width)).join(' '));
    }
    return Buffer.from(header + lines.join('\n') + '\n', 'ascii');
  }
  const wide = image.maxValue > 255;
  const raster = Buffer.alloc(image.samples.length * (wide ? 2 : 1));
  for (let i = 0; i < image.samples.length; i++) {
    if (wide) raster.writeUInt16BE(image.samples[i] as number, 2 * i);
    else raster[i] = image.samples[i] as number;
  }
  return Buffer.concat([Buffer.from(header, 'ascii'), raster]);
}
