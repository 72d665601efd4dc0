/**
 * What the recordings routes make of a file (a replay track, a map image), made once and kept:
 * reading a recording and rendering its map is about a second of the event loop's time on a
 * 2000 x 2000 map (renderPng alone 0.7 s), so 150 clients asking for one recording's map.png at
 * once stalled the gateway for 40 s (ticks up to 4.4 s late, 151 overruns) without any token.
 *
 * - A result is kept by (what, file name, size, modification time), so a file that grows or is
 *   replaced is read again; the kept results hold at most `maxBytes` together, the least recently
 *   used let go first (one larger than that is sent and not kept). A file that is not a readable
 *   recording keeps its refusal too.
 * - Requests for a result being made wait for that one making.
 * - At most `maxReads` files are read at once; one more is refused (null: the route answers 503
 *   naming the budget), so a flood of distinct names neither piles up reads in memory nor queues
 *   seconds of work.
 */
import { errorCode } from '@swarmgate/protocols';

/** Recordings read at once (a page replaying one asks for its track and its map together). */
export const MAX_RECORDING_READS = 2;
/** Results kept: a few replays' tracks and maps. */
export const RECORDING_RESULT_CACHE_BYTES = 64 * 1024 * 1024;
/** What a kept refusal counts for against the budget (its message and stack, generously). */
const REFUSAL_BYTES = 4096;

interface Entry {
  readonly result: Promise<Uint8Array>;
  /** null while being made. */
  bytes: number | null;
}

export class RecordingReads {
  private readonly entries = new Map<string, Entry>();
  private reading = 0;
  private heldBytes = 0;

  constructor(
    readonly maxReads = MAX_RECORDING_READS,
    readonly maxBytes = RECORDING_RESULT_CACHE_BYTES,
  ) {}

  /** Reads being made now. */
  get inFlight(): number {
    return this.reading;
  }

  /**
   * The result kept or being made under `key`, else `make()`'s; null when `maxReads` are being
   * made already. A rejection other than SG_RECORDING_FORMAT (a file system error) is not kept.
   */
  get(key: string, make: () => Promise<Uint8Array>): Promise<Uint8Array> | null {
    const kept = this.entries.get(key);
    if (kept) {
      // Most recently used last: the Map's order is the eviction order.
      this.entries.delete(key);
      this.entries.set(key, kept);
      return kept.result;
    }
    if (this.reading >= this.maxReads) return null;
    this.reading++;
    const entry: Entry = { result: make(), bytes: null };
    this.entries.set(key, entry);
    entry.result.then(
      (value) => this.settled(key, entry, value.byteLength),
      (error: unknown) => this.settled(key, entry, errorCode(error) === 'SG_RECORDING_FORMAT' ? REFUSAL_BYTES : null),
    );
    return entry.result;
  }

  /** A making finished: kept with its size, or (null, or over the budget alone) let go. */
  private settled(key: string, entry: Entry, bytes: number | null): void {
    this.reading--;
    if (this.entries.get(key) !== entry) return;
    if (bytes === null || bytes > this.maxBytes) {
      this.entries.delete(key);
      return;
    }
    entry.bytes = bytes;
    this.heldBytes += bytes;
    for (const [oldKey, old] of this.entries) {
      if (this.heldBytes <= this.maxBytes) break;
      // Only made results count and go; one being made has its waiters.
      if (old.bytes === null || old === entry) continue;
      this.entries.delete(oldKey);
      this.heldBytes -= old.bytes;
    }
  }
}

/** The 503's message: the budget, and that it passes. */
export function recordingReadsRefusal(maxReads: number): string {
  return `${maxReads} recordings are being read already (the recordings routes read at most ${maxReads} at once): try again in a moment`;
}
