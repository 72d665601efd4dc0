/**
 * SlamVersions: a version names one map and its revision, the changes since a kept version are
 * what turns that version's cells into the map's now, and the copies kept stay within their budget.
 */
import { describe, expect, it } from 'vitest';
import { SlamVersions } from './slamVersions.js';

/** A map as SlamVersions reads it; `revision` rises with each change, as a SlamMap's does. */
function fakeMap(width: number, height: number): { width: number; height: number; cells: Uint8Array; revision: number; set(i: number, v: number): void } {
  return {
    width,
    height,
    cells: new Uint8Array(width * height),
    revision: 0,
    set(i, v) {
      this.cells[i] = v;
      this.revision++;
    },
  };
}

describe('SLAM map versions', () => {
  it("names a map and its revision, and a new map's versions never match an old one's", () => {
    const versions = new SlamVersions();
    const a = fakeMap(10, 10);
    const b = fakeMap(10, 10);
    const first = versions.body(a, undefined);
    expect(first.base).toBeNull();
    expect(first.body.length).toBe(8 + 100);
    a.set(5, 1);
    const second = versions.body(a, first.version);
    expect(second.base).toBe(first.version);
    expect(second.version).not.toBe(first.version);
    // b at the same revision as a was: another version.
    expect(versions.body(b, undefined).version).not.toBe(first.version);
  });

  it('keeps copies up to its budget, the oldest sent let go first, and then sends the whole map', () => {
    const versions = new SlamVersions(250);
    const map = fakeMap(10, 10);
    const v0 = versions.body(map, undefined).version;
    map.set(1, 2);
    const v1 = versions.body(map, undefined).version;
    expect(versions.size).toBe(2);
    map.set(2, 2);
    const v2 = versions.body(map, v1).version;
    expect(versions.size).toBe(2);
    expect(versions.body(map, v0).base).toBeNull();
    expect(versions.body(map, v1).base).toBe(v1);
    expect(versions.body(map, v2).base).toBe(v2);
    // A map larger than the whole budget is sent whole and never kept.
    const large = fakeMap(20, 20);
    const sent = versions.body(large, undefined);
    expect(versions.body(large, sent.version).base).toBeNull();
  });

  it('keeps what it sent: a version asked for again is copied anew', () => {
    const versions = new SlamVersions();
    const map = fakeMap(4, 4);
    const v = versions.body(map, undefined).version;
    // A change that did not raise the revision (not a SlamMap's way, but the copy must be what was sent).
    map.cells[3] = 2;
    expect(versions.body(map, undefined).version).toBe(v);
    map.set(7, 1);
    const changes = versions.body(map, v);
    // Only cell 7 differs from what was last sent under v.
    expect(changes.body.readUInt32LE(8)).toBe(7);
    expect(changes.body.readUInt32LE(12)).toBe(1);
  });
});
