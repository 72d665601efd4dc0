/**
 * The SLAM maps the web page was sent, by version, so that its next request (every second while
 * a robot is selected) gets only the cells changed since the version it holds: on a 2000 x 2000
 * grid a map is 16 MB, which the page's main thread took ~230 ms a second to take in whole.
 *
 * A version names one map object and its revision (`<map>.<revision>`; a map's revision rises
 * with every cell it changes), so a map of a new trial never matches an old version. The copies
 * kept hold at most `maxBytes` together, the one sent longest ago let go first; a request naming
 * a version no longer kept (or never sent) gets the whole map, as a first request does.
 */
import type { SlamMap } from '@swarmgate/sdk';
import { encodeSlamCells, encodeSlamChanges, slamHeader } from './slamCells.js';

/** Four copies of a 2000 x 2000 grid's SLAM map: a few viewers a step behind one another. */
export const SLAM_VERSIONS_MAX_BYTES = 64 * 1024 * 1024;

/** A version as the page sends it back: the map's number, a dot, the revision. */
export const SLAM_VERSION_PATTERN = '^[0-9]{1,15}\\.[0-9]{1,20}$';

export interface SlamBody {
  readonly body: Buffer;
  /** The version the body brings the page to. */
  readonly version: string;
  /** The version the changes apply to; null for the whole map. */
  readonly base: string | null;
}

type SlamMapCells = Pick<SlamMap, 'width' | 'height' | 'cells' | 'revision'>;

export class SlamVersions {
  private readonly mapNumbers = new WeakMap<SlamMapCells, number>();
  private nextMapNumber = 1;
  /** Copies of the cells as sent, by version; the Map's order is the eviction order. */
  private readonly kept = new Map<string, Uint8Array>();
  private heldBytes = 0;

  constructor(readonly maxBytes: number = SLAM_VERSIONS_MAX_BYTES) {}

  /** The map as it is now: the changes since `since` when that version is kept, else the whole map. */
  body(map: SlamMapCells, since: string | undefined): SlamBody {
    const version = `${this.mapNumberOf(map)}.${map.revision}`;
    const base = since === undefined ? undefined : this.kept.get(since);
    // The version the client holds is the map's now (a robot that mapped nothing new): no runs, and
    // nothing to compare or copy again.
    if (since === version && base !== undefined) return { body: slamHeader(map.width, map.height), version, base: since };
    const changes = base?.length === map.cells.length ? encodeSlamChanges(map.width, map.height, base, map.cells) : null;
    this.keep(version, map.cells);
    return changes !== null && since !== undefined ? { body: changes, version, base: since } : { body: encodeSlamCells(map), version, base: null };
  }

  /** Versions kept now (for tests and the budget's checks). */
  get size(): number {
    return this.kept.size;
  }

  private mapNumberOf(map: SlamMapCells): number {
    let n = this.mapNumbers.get(map);
    if (n === undefined) {
      n = this.nextMapNumber++;
      this.mapNumbers.set(map, n);
    }
    return n;
  }

  /** Keeps a copy of `cells` as `version` (copied again if kept: the copy is what was sent). */
  private keep(version: string, cells: Uint8Array): void {
    if (cells.length > this.maxBytes) return;
    const old = this.kept.get(version);
    this.kept.delete(version);
    if (old?.length === cells.length) {
      old.set(cells);
      this.kept.set(version, old);
      return;
    }
    if (old) this.heldBytes -= old.length;
    this.kept.set(version, cells.slice());
    this.heldBytes += cells.length;
    for (const [oldVersion, copy] of this.kept) {
      if (this.heldBytes <= this.maxBytes) break;
      this.kept.delete(oldVersion);
      this.heldBytes -= copy.length;
    }
  }
}
