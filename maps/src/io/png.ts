/** PNG map images through pngjs: decoded to grey (mean of R, G, B), encoded as 8-bit grey. */
import { inflateSync } from 'node:zlib';
import { PNG } from 'pngjs';
import { MapFormatError } from '../errors.js';
import { checkImageSize, type GreyImage } from './greyImage.js';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Signature (8), IHDR length and type (8), width and height (8). */
const IHDR_END = 24;

export function isPng(bytes: Uint8Array): boolean {
  return PNG_SIGNATURE.every((b, i) => bytes[i] === b);
}

/**
 * Width and height from a PNG's header bytes alone: the signature, then the IHDR chunk that
 * the format requires first (length 13, type, width and height as big-endian uint32). Lets a
 * size be checked before pngjs inflates anything. Throws MapFormatError for anything else.
 */
export function readPngSize(bytes: Uint8Array, file: string): { width: number; height: number } {
  if (!isPng(bytes)) throw new MapFormatError(file, 'not a PNG file: bad signature');
  if (bytes.length < IHDR_END) throw new MapFormatError(file, `truncated PNG: ${bytes.length} bytes, the header needs ${IHDR_END}`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const type = String.fromCharCode(...bytes.subarray(12, 16));
  if (view.getUint32(8) !== 13 || type !== 'IHDR') {
    throw new MapFormatError(file, `corrupt PNG: the first chunk must be a 13-byte IHDR, got ${JSON.stringify(type)} of ${view.getUint32(8)} bytes`);
  }
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** Adam7's passes: first column and row, column and row step. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** The pixel sizes of a `width` x `height` image's Adam7 passes, in order, leaving out the empty ones. */
export function adam7Passes(width: number, height: number): { width: number; height: number }[] {
  return ADAM7.map(([x0, y0, dx, dy]) => ({ width: Math.ceil((width - x0) / dx), height: Math.ceil((height - y0) / dy) })).filter(
    (pass) => pass.width > 0 && pass.height > 0,
  );
}

/** Samples a pixel by PNG colour type: grey, RGB, palette index, grey and alpha, RGBA. */
const CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** Offsets in the file of the IHDR fields after width and height. */
const IHDR_BIT_DEPTH = 24;
const IHDR_COLOUR_TYPE = 25;
const IHDR_INTERLACE = 28;

/**
 * pngjs bounds its inflate of a plain PNG's image data by the size the header implies, but not
 * an interlaced one's: a 500 kB file inflating to gigabytes was held whole before anything
 * failed. So an interlaced PNG's data is inflated here first, bounded by the exact size of its
 * Adam7 passes (a filter byte a row, then the row's packed samples). A header pngjs would refuse
 * anyway (an unknown colour type) is left to it.
 */
function checkInterlacedData(bytes: Uint8Array, file: string, width: number, height: number): void {
  const channels = CHANNELS[bytes[IHDR_COLOUR_TYPE] ?? -1];
  if (bytes[IHDR_INTERLACE] !== 1 || channels === undefined) return;
  const bitsPerPixel = channels * (bytes[IHDR_BIT_DEPTH] ?? 0);
  let limit = 0;
  for (const pass of adam7Passes(width, height)) limit += pass.height * (1 + Math.ceil((pass.width * bitsPerPixel) / 8));
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const data: Uint8Array[] = [];
  // Chunks: length, type, data, CRC; pngjs checks their CRCs and order afterwards.
  for (let at = PNG_SIGNATURE.length; at + 8 <= bytes.length; at += 12 + view.getUint32(at)) {
    if (String.fromCharCode(...bytes.subarray(at + 4, at + 8)) === 'IDAT') data.push(bytes.subarray(at + 8, at + 8 + view.getUint32(at)));
  }
  try {
    inflateSync(Buffer.concat(data), { maxOutputLength: limit });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_BUFFER_TOO_LARGE') return; // corrupt data: pngjs names it
    throw new MapFormatError(file, `corrupt PNG: its interlaced image data inflates to more than the ${limit} bytes ${width} x ${height} pixels need`);
  }
}

/**
 * pngjs's reason in a map user's words, where it speaks of its own stream (a file cut short is
 * "There are some read requests waitng on finished stream"); the original stays as the cause.
 */
function pngProblem(message: string): string {
  if (/read requests waitng on finished stream|unexpected end/i.test(message)) return 'the file ends before its image data does (truncated?)';
  const filter = /^Unrecognised filter type - (\d+)/.exec(message);
  if (filter) return `its image data is corrupt: a row's filter type is ${filter[1]}, PNG's are 0 to 4`;
  if (/unrecognised content at end of stream/.test(message))
    return 'its header or image data is invalid (a bit depth or colour type PNG does not define, or data after the image)';
  return message;
}

export function decodePng(bytes: Uint8Array, file: string, maxCells?: number): GreyImage {
  const size = readPngSize(bytes, file);
  checkImageSize(file, size.width, size.height, maxCells);
  checkInterlacedData(bytes, file, size.width, size.height);
  let png: PNG;
  try {
    png = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch (error) {
    throw new MapFormatError(file, `corrupt PNG: ${pngProblem((error as Error).message)}`, { cause: error });
  }
  const samples = new Uint16Array(png.width * png.height);
  const { data } = png;
  for (let i = 0; i < samples.length; i++) {
    samples[i] = Math.round(((data[4 * i] as number) + (data[4 * i + 1] as number) + (data[4 * i + 2] as number)) / 3);
  }
  return { width: png.width, height: png.height, maxValue: 255, samples };
}

/** RGBA pixels (top row first) to PNG bytes; `grey` writes a single-channel image. */
export function encodePngRgba(width: number, height: number, rgba: Uint8Array, grey: boolean): Buffer {
  const png = new PNG({ width, height, colorType: grey ? 0 : 2, inputColorType: 6, inputHasAlpha: true });
  png.data = Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength);
  return PNG.sync.write(png, { colorType: grey ? 0 : 2, inputColorType: 6, inputHasAlpha: true });
}

export function encodePng(image: GreyImage): Buffer {
  const rgba = new Uint8Array(image.width * image.height * 4);
  for (let i = 0; i < image.samples.length; i++) {
    const v = Math.round(((image.samples[i] as number) * 255) / image.maxValue);
    rgba[4 * i] = v;
    rgba[4 * i + 1] = v;
    rgba[4 * i + 2] = v;
    rgba[4 * i + 3] = 255;
  }
  return encodePngRgba(image.width, image.height, rgba, true);
}
