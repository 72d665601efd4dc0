/**
 * The `explored` event of GET /api/live (Server-Sent Events, JSON): the explored cells as a
 * bitmap (bit i, LSB first in byte i >> 3, is grid cell i, row 0 at the bottom; 1 once any lidar
 * ray reached it), sent whole to a client that holds none, then as the bytes that changed.
 *
 * Why not whole every time: a 2000 x 2000 map's bitmap is 500 KB, 670 KB as base64, and it
 * changes every second while robots explore; sent whole at 1 Hz it cost each client 650 KB/s
 * (a client behind its 1 MiB buffer then lost events altogether), while what robots reveal in a
 * second is a few thousand bytes of it.
 */

/**
 * `full`: the whole bitmap. Otherwise the changes since the event before, as runs: each run is
 * the byte index it starts at and the bitmap's bytes from there (base64; unchanged bytes between
 * two changes a few bytes apart ride along, so a run replaces, it does not toggle).
 */
export type ExploredFrame =
  | { readonly full: true; readonly bitsBase64: string }
  | { readonly full: false; readonly length: number; readonly runs: readonly (readonly [number, string])[] };

/** Unchanged bytes between two changes up to which they share a run: a new run's index and quotes outweigh this many bytes of base64. */
const RUN_GAP_BYTES = 8;

const base64 = (bits: Uint8Array, from: number, to: number): string => Buffer.from(bits.buffer, bits.byteOffset + from, to - from).toString('base64');

/** Characters of `bytes` bytes as base64. */
const base64Length = (bytes: number): number => Math.ceil(bytes / 3) * 4;

/** Each frame's JSON without its digits and base64, whose lengths are added as they come. */
const FULL_CHARS = '{"full":true,"bitsBase64":""}'.length;
const DELTA_CHARS = '{"full":false,"length":,"runs":[]}'.length;
/** A run and the comma before the next (one too many for the last). */
const RUN_CHARS = '[,""],'.length;

export function fullExploredFrame(bits: Uint8Array): ExploredFrame {
  return { full: true, bitsBase64: base64(bits, 0, bits.length) };
}

/**
 * The event that takes a client holding `held` to `bits`: their changed bytes, or the whole
 * bitmap when that is no longer (or `held` is none, or of another size); null when nothing changed.
 */
export function exploredFrame(held: Uint8Array | null, bits: Uint8Array): ExploredFrame | null {
  if (held === null || held.length !== bits.length) return fullExploredFrame(bits);
  // Runs as [start, end) pairs of byte indices.
  const spans: number[] = [];
  let i = 0;
  while (i < bits.length) {
    if (bits[i] === held[i]) {
      i++;
      continue;
    }
    const start = i;
    // One past the run's last change, moved on while the next change is at most RUN_GAP_BYTES further.
    let end = i + 1;
    for (let j = end; j < bits.length && j <= end + RUN_GAP_BYTES; j++) if (bits[j] !== held[j]) end = j + 1;
    spans.push(start, end);
    i = end;
  }
  if (spans.length === 0) return null;
  // The JSON's length either way, so a client is never sent more than the whole bitmap.
  let deltaChars = DELTA_CHARS + String(bits.length).length - 1;
  for (let k = 0; k < spans.length; k += 2) deltaChars += RUN_CHARS + String(spans[k]).length + base64Length(spans[k + 1] - spans[k]);
  if (deltaChars >= FULL_CHARS + base64Length(bits.length)) return fullExploredFrame(bits);
  const runs: [number, string][] = [];
  for (let k = 0; k < spans.length; k += 2) runs.push([spans[k], base64(bits, spans[k], spans[k + 1])]);
  return { full: false, length: bits.length, runs };
}

/**
 * `held` brought up to date by `frame` (what an SSE client does with each event): a full frame
 * replaces it, a run overwrites the bytes from its index. A delta for a bitmap of another size,
 * or one before any full frame, is an Error: the client reconnects for a full one.
 */
export function applyExploredFrame(held: Uint8Array | null, frame: ExploredFrame): Uint8Array {
  if (frame.full) return new Uint8Array(Buffer.from(frame.bitsBase64, 'base64'));
  if (held === null || held.length !== frame.length) throw new Error(`explored delta for a ${frame.length}-byte bitmap, holding ${held?.length ?? 'none'}`);
  for (const [at, bytes] of frame.runs) held.set(Buffer.from(bytes, 'base64'), at);
  return held;
}
