import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Arena, loadArenaFile, parseArenaSpec } from './Arena.js';
import { SwarmgateError } from '../errors.js';

describe('parseArenaSpec', () => {
  it('accepts the documented shape, walls optional', () => {
    expect(parseArenaSpec({ widthM: 2, heightM: 1.5 })).toEqual({ widthM: 2, heightM: 1.5, walls: [] });
    expect(parseArenaSpec({ widthM: 2, heightM: 2, walls: [[0, 1, 1, 1]] }).walls).toEqual([[0, 1, 1, 1]]);
  });

  it('names the offending field', () => {
    expect(() => parseArenaSpec({ widthM: -1, heightM: 2 })).toThrow(/widthM/);
    expect(() => parseArenaSpec({ widthM: 1, heightM: '2' })).toThrow(/heightM/);
    expect(() => parseArenaSpec({ widthM: 1, heightM: 2, walls: [[0, 0, 1]] })).toThrow(/walls\[0\]/);
    expect(() => parseArenaSpec([])).toThrow(/JSON object/);
  });

  it('never throws anything but SwarmgateError on arbitrary JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (json) => {
        try {
          const spec = parseArenaSpec(json);
          expect(spec.widthM).toBeGreaterThan(0);
        } catch (error) {
          expect(error).toBeInstanceOf(SwarmgateError);
        }
      }),
    );
  });

  it('loads a file and reports unreadable or non-JSON files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'arena-'));
    const good = join(dir, 'a.json');
    writeFileSync(good, '{"widthM": 3, "heightM": 2}');
    expect(loadArenaFile(good).widthM).toBe(3);
    const bad = join(dir, 'b.json');
    writeFileSync(bad, '{oops');
    expect(() => loadArenaFile(bad)).toThrow(/not JSON/);
    expect(() => loadArenaFile(join(dir, 'missing.json'))).toThrow(/cannot read/);
  });
});

describe('Arena geometry', () => {
  const arena = new Arena({ widthM: 2, heightM: 1, walls: [[1, 0, 1, 0.5]] });

  it('casts rays to the fence and walls', () => {
    expect(arena.rayCastM(0.5, 0.25, 0, 10)).toBeCloseTo(0.5, 12); // interior wall
    expect(arena.rayCastM(0.5, 0.75, 0, 10)).toBeCloseTo(1.5, 12); // above the wall: fence
    expect(arena.rayCastM(0.5, 0.75, Math.PI / 2, 10)).toBeCloseTo(0.25, 12);
    expect(arena.rayCastM(0.5, 0.75, Math.PI / 2, 0.1)).toBe(0.1);
  });

  it('measures the distance to the nearest wall', () => {
    expect(arena.nearestWallM(0.9, 0.25)).toBeCloseTo(0.1, 12);
    expect(arena.nearestWallM(1, 0.7)).toBeCloseTo(0.2, 12); // past the wall's end, fence at 0.3
    expect(arena.contains(2.1, 0.5)).toBe(false);
  });
});
