/**
 * The coordination messages of the tile-level algorithms (ssb, lvd), as the bytes a robot
 * broadcasts: a small versioned encoding, decoded defensively since a message from another robot
 * is hostile input (a decode never throws; it names what was wrong instead).
 *
 * Layout (little-endian): 0 'S' 'T' magic, 2 version u8 (1), 3 kind u8, then by kind:
 *   1 tiles:   width u16, height u16, one bit per tile (tile i in bit i % 8 of byte i >> 3),
 *              ceil(width * height / 8) bytes: a set of tiles (covered, explored)
 *   2 claim:   tile u32, bid f32 (path length in metres, finite, >= 0): a backtracking-point bid
 *   3 reserve: count u8 (1..MAX_RESERVED), then count tiles u32: tiles the sender stands on or enters
 */
const MAGIC_0 = 0x53; // 'S'
const MAGIC_1 = 0x54; // 'T'
const VERSION = 1;
const HEADER_BYTES = 4;
const KIND_TILES = 1;
const KIND_CLAIM = 2;
const KIND_RESERVE = 3;
/** Tiles one reserve message may hold: the tile a robot is on and the one it enters, with room to spare. */
export const MAX_RESERVED = 4;

export type TileMessage =
  | { readonly kind: 'tiles'; readonly width: number; readonly height: number; readonly bits: Uint8Array }
  | { readonly kind: 'claim'; readonly tile: number; readonly bidM: number }
  | { readonly kind: 'reserve'; readonly tiles: readonly number[] };

export type Decoded = { readonly ok: true; readonly message: TileMessage } | { readonly ok: false; readonly error: string };

/** Bytes of a tile bit set of width x height tiles. */
export function tileBitBytes(width: number, height: number): number {
  return Math.ceil((width * height) / 8);
}

/** Cheap pre-check before a decode: the magic, so other robots' traffic (SLAM maps) is skipped silently. */
export function looksLikeTileMessage(bytes: Uint8Array): boolean {
  return bytes.length >= HEADER_BYTES && bytes[0] === MAGIC_0 && bytes[1] === MAGIC_1;
}

function header(kind: number, bodyBytes: number): { bytes: Uint8Array; view: DataView } {
  const bytes = new Uint8Array(HEADER_BYTES + bodyBytes);
  bytes[0] = MAGIC_0;
  bytes[1] = MAGIC_1;
  bytes[2] = VERSION;
  bytes[3] = kind;
  return { bytes, view: new DataView(bytes.buffer) };
}

export function encodeTileMessage(message: TileMessage): Uint8Array {
  switch (message.kind) {
    case 'tiles': {
      const n = tileBitBytes(message.width, message.height);
      const { bytes, view } = header(KIND_TILES, 4 + n);
      view.setUint16(4, message.width, true);
      view.setUint16(6, message.height, true);
      bytes.set(message.bits.subarray(0, n), 8);
      return bytes;
    }
    case 'claim': {
      const { bytes, view } = header(KIND_CLAIM, 8);
      view.setUint32(4, message.tile, true);
      view.setFloat32(8, message.bidM, true);
      return bytes;
    }
    case 'reserve': {
      const { bytes, view } = header(KIND_RESERVE, 1 + 4 * message.tiles.length);
      bytes[4] = message.tiles.length;
      message.tiles.forEach((tile, i) => view.setUint32(5 + 4 * i, tile, true));
      return bytes;
    }
  }
}

const fail = (error: string): Decoded => ({ ok: false, error });

/** Decode one message; never throws: malformed bytes give { ok: false, error } naming the fault. */
export function decodeTileMessage(bytes: Uint8Array): Decoded {
  if (!looksLikeTileMessage(bytes)) return fail(`not a tile message: needs ${HEADER_BYTES} bytes starting 'ST', got ${bytes.length} bytes`);
  if (bytes[2] !== VERSION) return fail(`tile message version ${bytes[2]} is not ${VERSION}`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kind = bytes[3];
  if (kind === KIND_TILES) {
    if (bytes.length < 8) return fail(`tiles message of ${bytes.length} bytes has no width and height`);
    const width = view.getUint16(4, true);
    const height = view.getUint16(6, true);
    const n = tileBitBytes(width, height);
    if (bytes.length !== 8 + n) return fail(`tiles message for ${width} x ${height} tiles needs ${8 + n} bytes, got ${bytes.length}`);
    return { ok: true, message: { kind: 'tiles', width, height, bits: bytes.slice(8) } };
  }
  if (kind === KIND_CLAIM) {
    if (bytes.length !== 12) return fail(`claim message needs 12 bytes, got ${bytes.length}`);
    const bidM = view.getFloat32(8, true);
    if (!(bidM >= 0) || !Number.isFinite(bidM)) return fail(`claim bid ${bidM} is not a finite length >= 0`);
    return { ok: true, message: { kind: 'claim', tile: view.getUint32(4, true), bidM } };
  }
  if (kind === KIND_RESERVE) {
    const count = bytes.length > 4 ? bytes[4] : 0;
    if (count < 1 || count > MAX_RESERVED) return fail(`reserve message holds ${count} tiles, not 1..${MAX_RESERVED}`);
    if (bytes.length !== 5 + 4 * count) return fail(`reserve message of ${count} tiles needs ${5 + 4 * count} bytes, got ${bytes.length}`);
    const tiles: number[] = [];
    for (let i = 0; i < count; i++) tiles.push(view.getUint32(5 + 4 * i, true));
    return { ok: true, message: { kind: 'reserve', tiles } };
  }
  return fail(`tile message kind ${kind} is not 1 (tiles), 2 (claim) or 3 (reserve)`);
}
