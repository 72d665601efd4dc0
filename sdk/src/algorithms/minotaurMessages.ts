/**
 * The bytes Minotaur robots broadcast to each other: a small versioned encoding (little-endian).
 *
 *   0 'M' 'N' magic   2 version u8 (1)   3 kind u8, then by kind:
 *   1 heartbeat:     xM f64, yM f64, doorway count u16, doorways, the SLAM map bytes (the rest; may be empty)
 *   2 doorway found: auction u32, doorway
 *   3 bid:           auction u32, lengthM f64, requester id
 *   4 result:        auction u32, doorway, winner count u8, winner ids
 * A doorway is 13 bytes: flags u8 (bit 0 axis: 0 row, 1 column; bit 1 explored), line u32,
 * from u32, to u32. An id is a length u8 and that many bytes of UTF-8.
 * Another robot's bytes are hostile input: decodeMinotaurMessage returns null for anything
 * malformed and never throws.
 */
import { ByteWriter } from '@swarmgate/protocols';
import type { Doorway } from './minotaurDoorways.js';

export type MinotaurMessage =
  | { readonly kind: 'heartbeat'; readonly xM: number; readonly yM: number; readonly doorways: readonly Doorway[]; readonly map: Uint8Array }
  | { readonly kind: 'found'; readonly auction: number; readonly doorway: Doorway }
  | { readonly kind: 'bid'; readonly auction: number; readonly lengthM: number; readonly requester: string }
  | { readonly kind: 'result'; readonly auction: number; readonly doorway: Doorway; readonly winners: readonly string[] };

const MAGIC_0 = 0x4d;
const MAGIC_1 = 0x4e;
const VERSION = 1;
const KINDS = ['heartbeat', 'found', 'bid', 'result'] as const;
const HEADER_BYTES = 4;
const MAX_ID_BYTES = 255;
const utf8 = new TextEncoder();
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** A cheap check of the magic, so other traffic (SLAM maps, JSON) is skipped without a decode. */
export function looksLikeMinotaurMessage(bytes: Uint8Array): boolean {
  return bytes.length >= HEADER_BYTES && bytes[0] === MAGIC_0 && bytes[1] === MAGIC_1;
}

export function encodeMinotaurMessage(message: MinotaurMessage): Uint8Array {
  const w = new ByteWriter();
  w.u8(MAGIC_0);
  w.u8(MAGIC_1);
  w.u8(VERSION);
  w.u8(KINDS.indexOf(message.kind) + 1);
  switch (message.kind) {
    case 'heartbeat':
      w.f64(message.xM);
      w.f64(message.yM);
      w.u16(message.doorways.length);
      for (const d of message.doorways) writeDoorway(w, d);
      w.raw(message.map);
      break;
    case 'found':
      w.u32(message.auction);
      writeDoorway(w, message.doorway);
      break;
    case 'bid':
      w.u32(message.auction);
      w.f64(message.lengthM);
      writeId(w, message.requester);
      break;
    case 'result':
      w.u32(message.auction);
      writeDoorway(w, message.doorway);
      w.u8(message.winners.length);
      for (const id of message.winners) writeId(w, id);
      break;
  }
  return w.done();
}

/** The message in `bytes`, or null when they are not a well-formed Minotaur message of this version. */
export function decodeMinotaurMessage(bytes: Uint8Array): MinotaurMessage | null {
  if (!(bytes instanceof Uint8Array) || !looksLikeMinotaurMessage(bytes) || bytes[2] !== VERSION) return null;
  const r = new Reader(bytes, HEADER_BYTES);
  try {
    switch (KINDS[bytes[3] - 1]) {
      case 'heartbeat': {
        const xM = r.f64();
        const yM = r.f64();
        if (!Number.isFinite(xM) || !Number.isFinite(yM)) return null;
        const count = r.u16();
        const doorways: Doorway[] = [];
        for (let i = 0; i < count; i++) doorways.push(r.doorway());
        return { kind: 'heartbeat', xM, yM, doorways, map: bytes.subarray(r.at) };
      }
      case 'found': {
        const auction = r.u32();
        return r.end({ kind: 'found', auction, doorway: r.doorway() });
      }
      case 'bid': {
        const auction = r.u32();
        const lengthM = r.f64();
        if (!(lengthM >= 0) || !Number.isFinite(lengthM)) return null;
        return r.end({ kind: 'bid', auction, lengthM, requester: r.id() });
      }
      case 'result': {
        const auction = r.u32();
        const doorway = r.doorway();
        const count = r.u8();
        const winners: string[] = [];
        for (let i = 0; i < count; i++) winners.push(r.id());
        return r.end({ kind: 'result', auction, doorway, winners });
      }
      default:
        return null;
    }
  } catch (error) {
    // Reader's own refusal (short input, bad field) or a UTF-8 error: malformed, not a crash.
    if (error instanceof Malformed || error instanceof TypeError) return null;
    throw error;
  }
}

class Malformed extends Error {}

class Reader {
  private readonly view: DataView;
  constructor(
    private readonly bytes: Uint8Array,
    public at: number,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  private need(n: number): number {
    if (this.at + n > this.bytes.length) throw new Malformed();
    const at = this.at;
    this.at += n;
    return at;
  }
  u8(): number {
    return this.bytes[this.need(1)];
  }
  u16(): number {
    return this.view.getUint16(this.need(2), true);
  }
  u32(): number {
    return this.view.getUint32(this.need(4), true);
  }
  f64(): number {
    return this.view.getFloat64(this.need(8), true);
  }
  id(): string {
    const length = this.u8();
    if (length === 0) throw new Malformed();
    const start = this.need(length);
    return strictUtf8.decode(this.bytes.subarray(start, start + length));
  }
  doorway(): Doorway {
    const flags = this.u8();
    const line = this.u32();
    const from = this.u32();
    const to = this.u32();
    if (flags > 3 || from > to) throw new Malformed();
    return { axis: flags & 1 ? 'column' : 'row', line, from, to, explored: (flags & 2) !== 0 };
  }
  /** The decoded message when every byte was read, else malformed (trailing bytes). */
  end<T>(message: T): T {
    if (this.at !== this.bytes.length) throw new Malformed();
    return message;
  }
}

function writeId(w: ByteWriter, id: string): void {
  const b = utf8.encode(id);
  if (b.length === 0 || b.length > MAX_ID_BYTES) throw new RangeError(`robot id '${id}' must be 1 to ${MAX_ID_BYTES} bytes of UTF-8`);
  w.u8(b.length);
  w.raw(b);
}

function writeDoorway(w: ByteWriter, d: Doorway): void {
  w.u8((d.axis === 'column' ? 1 : 0) | (d.explored ? 2 : 0));
  w.u32(d.line);
  w.u32(d.from);
  w.u32(d.to);
}
