/**
 * Compact byte encoding of a SLAM map, so maps travel as radio messages (bytes with a size).
 *
 * Layout (little-endian), 40-byte header then payload:
 *   0  'SGSM' magic          4  version u8 (1)     5  encoding u8 (0 packed, 1 run-length)
 *   6  cellsPerTile u8       7  reserved u8 (0)    8  width u32     12 height u32
 *   16 cellSizeM f64         24 originX f64        32 originY f64
 * Packed: 2 bits per cell, 4 cells per byte, cell i in bits 2*(i%4). Run-length: a LEB128 varint
 * per run holding length * 4 + state. The encoder writes whichever is smaller: early maps are
 * mostly unknown (a few runs), ragged maps pack better.
 * Every decode is validated in full before anything is written, so bad bytes never half-merge.
 */
import { SwarmgateError } from '../errors.js';

export const SLAM_MAP_HEADER_BYTES = 40;
/** Refuse to allocate more than this many cells from untrusted bytes (a 8192 x 8192 map). */
export const SLAM_MAP_MAX_CELLS = 1 << 26;
const MAGIC = [0x53, 0x47, 0x53, 0x4d];
const VERSION = 1;
const PACKED = 0;
const RUN_LENGTH = 1;
const MAX_STATE = 2;

export interface SlamMapGeometry {
  readonly width: number;
  readonly height: number;
  readonly cellSizeM: number;
  readonly cellsPerTile: number;
  readonly originM: { readonly x: number; readonly y: number };
}

export interface DecodedSlamMap {
  readonly geometry: SlamMapGeometry;
  readonly encoding: number;
  /** Offset of the payload in the bytes. */
  readonly payloadOffset: number;
}

function varintBytes(value: number): number {
  let n = 1;
  while (value >= 128) {
    value = Math.floor(value / 128);
    n++;
  }
  return n;
}

function runLengthBytes(cells: Uint8Array): number {
  let bytes = 0;
  let i = 0;
  while (i < cells.length) {
    let j = i + 1;
    while (j < cells.length && cells[j] === cells[i]) j++;
    bytes += varintBytes((j - i) * 4 + cells[i]);
    i = j;
  }
  return bytes;
}

export function encodeSlamMap(geometry: SlamMapGeometry, cells: Uint8Array): Uint8Array {
  const packedBytes = Math.ceil(cells.length / 4);
  const rleBytes = runLengthBytes(cells);
  const encoding = rleBytes < packedBytes ? RUN_LENGTH : PACKED;
  const out = new Uint8Array(SLAM_MAP_HEADER_BYTES + (encoding === RUN_LENGTH ? rleBytes : packedBytes));
  const view = new DataView(out.buffer);
  out.set(MAGIC, 0);
  out[4] = VERSION;
  out[5] = encoding;
  out[6] = geometry.cellsPerTile;
  view.setUint32(8, geometry.width, true);
  view.setUint32(12, geometry.height, true);
  view.setFloat64(16, geometry.cellSizeM, true);
  view.setFloat64(24, geometry.originM.x, true);
  view.setFloat64(32, geometry.originM.y, true);
  let at = SLAM_MAP_HEADER_BYTES;
  if (encoding === PACKED) {
    for (let i = 0; i < cells.length; i++) out[at + (i >> 2)] |= cells[i] << (2 * (i & 3));
    return out;
  }
  let i = 0;
  while (i < cells.length) {
    let j = i + 1;
    while (j < cells.length && cells[j] === cells[i]) j++;
    let value = (j - i) * 4 + cells[i];
    while (value >= 128) {
      out[at++] = (value % 128) | 128;
      value = Math.floor(value / 128);
    }
    out[at++] = value;
    i = j;
  }
  return out;
}

function fail(message: string): never {
  throw new SwarmgateError('SG_MAP_DECODE', message);
}

/** Check the header and the whole payload; returns where to read cells from. Throws SG_MAP_DECODE. */
export function validateSlamMapBytes(bytes: Uint8Array): DecodedSlamMap {
  if (!(bytes instanceof Uint8Array)) fail('expected a Uint8Array');
  if (bytes.length < SLAM_MAP_HEADER_BYTES) fail(`${bytes.length} bytes is shorter than the ${SLAM_MAP_HEADER_BYTES}-byte header`);
  for (let k = 0; k < 4; k++) if (bytes[k] !== MAGIC[k]) fail('bad magic (not a swarmgate SLAM map)');
  if (bytes[4] !== VERSION) fail(`unsupported version ${bytes[4]} (this SDK reads version ${VERSION})`);
  const encoding = bytes[5];
  if (encoding !== PACKED && encoding !== RUN_LENGTH) fail(`unknown encoding ${encoding}`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const cellsPerTile = bytes[6];
  const width = view.getUint32(8, true);
  const height = view.getUint32(12, true);
  const cellSizeM = view.getFloat64(16, true);
  const originX = view.getFloat64(24, true);
  const originY = view.getFloat64(32, true);
  if (cellsPerTile < 1) fail('cellsPerTile must be at least 1');
  if (width < 1 || height < 1 || width * height > SLAM_MAP_MAX_CELLS) fail(`bad size ${width} x ${height}`);
  if (!(cellSizeM > 0) || !Number.isFinite(cellSizeM)) fail(`bad cellSizeM ${cellSizeM}`);
  if (!Number.isFinite(originX) || !Number.isFinite(originY)) fail('origin is not finite');
  const cellCount = width * height;
  const payloadBytes = bytes.length - SLAM_MAP_HEADER_BYTES;
  if (encoding === PACKED) {
    if (payloadBytes !== Math.ceil(cellCount / 4)) fail(`packed payload is ${payloadBytes} bytes, expected ${Math.ceil(cellCount / 4)}`);
    for (let i = 0; i < cellCount; i++) {
      if (((bytes[SLAM_MAP_HEADER_BYTES + (i >> 2)] >> (2 * (i & 3))) & 3) > MAX_STATE) fail(`cell ${i} has invalid state 3`);
    }
  } else {
    let at = SLAM_MAP_HEADER_BYTES;
    let covered = 0;
    while (covered < cellCount) {
      const run = readVarint(bytes, at);
      at = run.next;
      const state = run.value % 4;
      const length = Math.floor(run.value / 4);
      if (state > MAX_STATE) fail(`run at byte ${at} has invalid state 3`);
      if (length < 1 || covered + length > cellCount) fail(`run at byte ${at} of length ${length} overflows the ${cellCount} cells`);
      covered += length;
    }
    if (at !== bytes.length) fail(`${bytes.length - at} trailing bytes after the last run`);
  }
  return {
    geometry: { width, height, cellSizeM, cellsPerTile, originM: { x: originX, y: originY } },
    encoding,
    payloadOffset: SLAM_MAP_HEADER_BYTES,
  };
}

// Scratch result so the apply pass reads runs without allocating.
const varintOut = { value: 0, next: 0 };

function readVarint(bytes: Uint8Array, at: number): { value: number; next: number } {
  let value = 0;
  let scale = 1;
  for (let k = 0; k < 5; k++) {
    if (at >= bytes.length) fail('payload ends inside a run');
    const b = bytes[at++];
    value += (b & 127) * scale;
    if (b < 128) {
      varintOut.value = value;
      varintOut.next = at;
      return varintOut;
    }
    scale *= 128;
  }
  return fail(`run at byte ${at} is longer than 5 bytes`);
}

/**
 * Call visit(start, end, state) for every run of equal cells [start, end) of already-validated
 * bytes, in index order (packed bytes give runs of one). Merging reads bytes directly this way,
 * without building a second map, and skips unknown runs at no cost.
 */
export function forEachEncodedRun(bytes: Uint8Array, decoded: DecodedSlamMap, visit: (start: number, end: number, state: number) => void): void {
  const cellCount = decoded.geometry.width * decoded.geometry.height;
  const start = decoded.payloadOffset;
  if (decoded.encoding === PACKED) {
    for (let i = 0; i < cellCount; i++) visit(i, i + 1, (bytes[start + (i >> 2)] >> (2 * (i & 3))) & 3);
    return;
  }
  let at = start;
  let i = 0;
  while (i < cellCount) {
    const run = readVarint(bytes, at);
    at = run.next;
    const end = i + Math.floor(run.value / 4);
    visit(i, end, run.value % 4);
    i = end;
  }
}
