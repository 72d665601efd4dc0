import fc from 'fast-check';
import { createGrid } from '@swarmgate/maps';
import { describe, expect, it } from 'vitest';
import { TagHits, TagStore } from './TagStore.js';

describe('TagStore', () => {
  const grid = createGrid(50, 50, { originM: { x: -25, y: -25 } });

  it('stores a copy of the payload with who, when and where', () => {
    const tags = new TagStore(grid);
    const payload = new Uint8Array([1, 2, 3]);
    const id = tags.deposit(4, 1.5, -2.5, payload, 17);
    payload[0] = 99;
    expect(id).toBe(0);
    expect([tags.robotOf(id), tags.tickOf(id), tags.xOf(id), tags.yOf(id), tags.sizeOf(id)]).toEqual([4, 17, 1.5, -2.5, 3]);
    const copy = tags.payload(id);
    expect([...copy]).toEqual([1, 2, 3]);
    copy[1] = 0;
    expect([...tags.payload(id)]).toEqual([1, 2, 3]);
    expect(() => tags.payload(1)).toThrow(/SG_RADIO_ROBOT/);
    expect(() => tags.deposit(0, NaN, 0, payload, 0)).toThrow(/SG_RADIO_CONFIG/);
  });

  it('reads tags within the range only, including tags on the map edge and outside', () => {
    const tags = new TagStore(grid, { readRangeM: 2 });
    tags.deposit(0, 0, 0, new Uint8Array([0]), 0);
    tags.deposit(0, 2, 0, new Uint8Array([1]), 0);
    tags.deposit(0, 2.01, 0.5, new Uint8Array([2]), 0);
    tags.deposit(1, 24.9, 24.9, new Uint8Array([3]), 0);
    tags.deposit(1, 30, 30, new Uint8Array([4]), 0);
    const hits = new TagHits();
    expect(tags.query(0, 0, 2, hits)).toBe(2);
    expect([...hits.ids.subarray(0, hits.count)].sort()).toEqual([0, 1]);
    expect(tags.query(25, 25, 0.2, hits)).toBe(1);
    expect(hits.ids[0]).toBe(3);
    expect(hits.distancesM[0]).toBeCloseTo(Math.SQRT2 * 0.1, 12);
    expect(tags.query(29, 29, 1.5, hits)).toBe(1);
    expect(hits.ids[0]).toBe(4);
  });

  it('agrees with a brute-force scan and grows its result buffer', () => {
    const point = fc.record({ x: fc.double({ min: -30, max: 30, noNaN: true }), y: fc.double({ min: -30, max: 30, noNaN: true }) });
    fc.assert(
      fc.property(fc.array(point, { maxLength: 200 }), point, fc.double({ min: 0.001, max: 40, noNaN: true }), (points, q, rangeM) => {
        const tags = new TagStore(grid, { readRangeM: 2 });
        for (const p of points) tags.deposit(0, p.x, p.y, new Uint8Array(0), 0);
        const hits = new TagHits();
        tags.query(q.x, q.y, rangeM, hits);
        const expected = points.flatMap((p, i) => (Math.hypot(p.x - q.x, p.y - q.y) <= rangeM ? [i] : []));
        expect([...hits.ids.subarray(0, hits.count)].sort((a, b) => a - b)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});
