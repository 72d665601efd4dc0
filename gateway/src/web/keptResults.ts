/**
 * What a route makes of a file (a recording's replay track or map image, a map's preview), made
 * once and kept: reading a recording and rendering its map is about a second of work on a
 * 2000 x 2000 map (renderPng alone 0.7 s), so 150 clients asking for one recording's map.png at
 * once stalled the gateway for 40 s (ticks up to 4.4 s late, 151 overruns) without any token.
 *
 * - A result is kept by its key (for a file: what, name, size, modification time, so a file that
 *   grows or is replaced is made again); the kept results hold at most `maxBytes` together, the
 *   least recently used let go first (one larger than that is sent and not kept). A refusal the
 *   caller says is the file's own (`keepsRefusal`: not a readable recording) is kept too.
 * - Requests for a result being made wait for that one making.
 * - At most `maxMakes` results are made at once; one more is refused (null: the route answers 503
 *   naming the budget), so a flood of distinct names neither piles up work in memory nor queues
 *   seconds of it.
 */
/** What a kept refusal counts for against the budget (its message and stack, generously). */
const REFUSAL_BYTES = 4096;

interface Entry {
  readonly result: Promise<Uint8Array>;
  /** null while being made. */
  bytes: number | null;
}

export class KeptResults {
  private readonly entries = new Map<string, Entry>();
  private making = 0;
  private heldBytes = 0;

  constructor(
    readonly maxMakes: number,
    readonly maxBytes: number,
    private readonly keepsRefusal: (error: unknown) => boolean = () => false,
  ) {}

  /** Results being made now. */
  get inFlight(): number {
    return this.making;
  }

  /**
   * The result kept or being made under `key`, else `make()`'s; null when `maxMakes` are being
   * made already. A rejection is kept only if `keepsRefusal` says so (not a file system error).
   */
  get(key: string, make: () => Promise<Uint8Array>): Promise<Uint8Array> | null {
    const kept = this.entries.get(key);
    if (kept) {
      // Most recently used last: the Map's order is the eviction order.
      this.entries.delete(key);
      this.entries.set(key, kept);
      return kept.result;
    }
    if (this.making >= this.maxMakes) return null;
    this.making++;
    const entry: Entry = { result: make(), bytes: null };
    this.entries.set(key, entry);
    entry.result.then(
      (value) => this.settled(key, entry, value.byteLength),
      (error: unknown) => this.settled(key, entry, this.keepsRefusal(error) ? REFUSAL_BYTES : null),
    );
    return entry.result;
  }

  /** A making finished: kept with its size, or (null, or over the budget alone) let go. */
  private settled(key: string, entry: Entry, bytes: number | null): void {
    this.making--;
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
