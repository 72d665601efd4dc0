import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../errors.js';
import { LiveWireState } from './liveState.js';
import { MAX_LIVE_LINKS } from '../limits.js';
import {
  LIVE_ROBOT_STATUSES,
  LIVE_WIRE_VERSION,
  decodeLiveMessage,
  decodeLiveTrack,
  encodeLiveMessage,
  encodeLiveTrack,
  type LiveLink,
  type LiveMessage,
  type LiveRobot,
} from './liveWire.js';

/** float32 values: what the wire keeps of a pose. */
const f32 = fc.float({ noNaN: true, noDefaultInfinity: true });
const robot = (index: fc.Arbitrary<number>): fc.Arbitrary<LiveRobot> =>
  fc.record({ index, x: f32, y: f32, headingRad: f32, status: fc.constantFrom(...LIVE_ROBOT_STATUSES), online: fc.boolean(), estop: fc.boolean() });

/** A link a < b between u16 robot indices. */
const link: fc.Arbitrary<LiveLink> = fc.nat({ max: 0xfffe }).chain((a) => fc.record({ a: fc.constant(a), b: fc.integer({ min: a + 1, max: 0xffff }) }));
const links = fc.array(link, { maxLength: 8 });

const message: fc.Arbitrary<LiveMessage> = fc.oneof(
  fc.record({ kind: fc.constant('meta' as const), meta: fc.jsonValue() }),
  fc.record({ kind: fc.constant('fleet' as const), fleet: fc.jsonValue() }),
  fc.record({
    kind: fc.constant('roster' as const),
    robots: fc.array(fc.record({ id: fc.string({ maxLength: 20 }), physical: fc.boolean() }), { maxLength: 8 }),
  }),
  fc.array(robot(fc.nat({ max: 1000 })), { maxLength: 8 }).chain((robots) =>
    fc
      .record({
        kind: fc.constant('frame' as const),
        tick: fc.nat(),
        simSeconds: fc.double({ noNaN: true }),
        exploredFraction: f32,
        speed: fc.option(f32, { nil: null }),
        paced: fc.boolean(),
        full: fc.boolean(),
        // A full frame's robots are in roster order: their index is their position.
        robots: fc.constant(robots),
      })
      .map((frame) => (frame.full ? { ...frame, robots: robots.map((r, index) => ({ ...r, index })) } : frame)),
  ),
  fc.record({ kind: fc.constant('explored' as const), full: fc.constant(true as const), bits: fc.uint8Array({ maxLength: 64 }) }),
  fc.nat({ max: 64 }).chain((length) =>
    fc.record({
      kind: fc.constant('explored' as const),
      full: fc.constant(false as const),
      length: fc.constant(length + 1),
      changes: fc.array(fc.record({ index: fc.nat({ max: length }), value: fc.nat({ max: 255 }) }), { maxLength: 8 }),
    }),
  ),
  // A full message's total counts the links it holds and any beyond the cap.
  fc.tuple(links, fc.nat()).map(([held, beyond]) => ({ kind: 'links' as const, full: true as const, total: held.length + beyond, links: held })),
  fc.record({ kind: fc.constant('links' as const), full: fc.constant(false as const), total: fc.nat(), added: links, removed: links }),
);

/** JSON's view of a value (what a JSON message carries: -0 becomes 0, and so on). */
const viaJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value) ?? 'null');

describe('live wire codec', () => {
  it('decodes what it encodes', () => {
    fc.assert(
      fc.property(message, (m) => {
        const decoded = decodeLiveMessage(encodeLiveMessage(m));
        if (m.kind === 'meta' || m.kind === 'fleet') expect(viaJson(decoded)).toEqual(viaJson(m));
        else expect(decoded).toEqual(m);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses any other bytes with a ProtocolError, never another exception', () => {
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 80 }),
      // Valid messages cut short or with a byte changed: the cases a length check could miss.
      fc.tuple(message, fc.nat(), fc.nat({ max: 255 })).map(([m, at, value]) => {
        const encoded = encodeLiveMessage(m);
        const copy = encoded.slice(0, Math.max(2, at % (encoded.length + 1)));
        if (copy.length > 2) copy[at % copy.length] = value;
        return copy;
      }),
    );
    fc.assert(
      fc.property(bytes, (b) => {
        try {
          decodeLiveMessage(b);
        } catch (error) {
          expect(error).toBeInstanceOf(ProtocolError);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('names what is wrong', () => {
    expect(() => decodeLiveMessage(new Uint8Array([1, 3]))).toThrow(/version 1, this side speaks 2/);
    expect(() => decodeLiveMessage(new Uint8Array([LIVE_WIRE_VERSION, 9]))).toThrow(/kind 9 is not one of 1 meta/);
    // A frame claiming a billion robots is refused before anything is allocated.
    const frame = encodeLiveMessage({ kind: 'frame', tick: 1, simSeconds: 0, exploredFraction: 0, speed: null, paced: false, full: true, robots: [] });
    new DataView(frame.buffer).setUint32(frame.length - 4, 1e9, true);
    expect(() => decodeLiveMessage(frame)).toThrow(/robot count 1000000000 needs/);
    const links = encodeLiveMessage({ kind: 'links', full: true, total: 1, links: [{ a: 1, b: 2 }] });
    links[links.length - 4] = 2;
    expect(() => decodeLiveMessage(links)).toThrow(/held link 0 is 2-2, not a < b/);
    expect(() => encodeLiveMessage({ kind: 'links', full: true, total: 1, links: [{ a: 3, b: 3 }] })).toThrow(/link 3-3 is not two u16 robot indices a < b/);
    expect(() => encodeLiveMessage({ kind: 'links', full: true, total: 2, links: [{ a: 0, b: 0x10000 }] })).toThrow(/not two u16/);
    const over = Array.from({ length: MAX_LIVE_LINKS + 1 }, (_, i) => ({ a: 0, b: i + 1 }));
    expect(() => encodeLiveMessage({ kind: 'links', full: true, total: over.length, links: over })).toThrow(/more than MAX_LIVE_LINKS/);
    const fewer = encodeLiveMessage({
      kind: 'links',
      full: true,
      total: 2,
      links: [
        { a: 0, b: 1 },
        { a: 0, b: 2 },
      ],
    });
    new DataView(fewer.buffer).setUint32(3, 1, true);
    expect(() => decodeLiveMessage(fewer)).toThrow(/2 links, more than the total 1/);
  });

  it('is compact for links: 4 bytes a link after a 7-byte header (11 for a delta)', () => {
    const held = Array.from({ length: 100 }, (_, i) => ({ a: i, b: i + 1 }));
    expect(encodeLiveMessage({ kind: 'links', full: true, total: 100, links: held }).length).toBe(7 + 4 + 100 * 4);
    expect(encodeLiveMessage({ kind: 'links', full: false, total: 100, added: held.slice(0, 2), removed: held.slice(2, 3) }).length).toBe(7 + 8 + 3 * 4);
  });

  it('is compact: 14 bytes a robot in a full frame, 18 in a delta (its index), after a 27-byte header', () => {
    const robots = Array.from({ length: 500 }, (_, index) => ({
      index,
      x: index,
      y: 2,
      headingRad: 0.5,
      status: 'moving' as const,
      online: true,
      estop: false,
    }));
    const base = { kind: 'frame' as const, tick: 3, simSeconds: 0.3, exploredFraction: 0.1, speed: 1, paced: true };
    expect(encodeLiveMessage({ ...base, full: true, robots }).length).toBe(27 + 500 * 14);
    expect(encodeLiveMessage({ ...base, full: false, robots: robots.slice(0, 10) }).length).toBe(27 + 10 * 18);
  });
});

describe('live track (a replayed recording)', () => {
  const track = fc.array(message, { maxLength: 6 });
  const normal = (m: LiveMessage): unknown => (m.kind === 'meta' || m.kind === 'fleet' ? viaJson(m) : m);

  it('decodes the messages it encodes, in order', () => {
    fc.assert(
      fc.property(track, (messages) => {
        expect(decodeLiveTrack(encodeLiveTrack(messages)).map(normal)).toEqual(messages.map(normal));
      }),
      { numRuns: 300 },
    );
  });

  it('refuses any other bytes with a ProtocolError, never another exception', () => {
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 120 }),
      fc.tuple(track, fc.nat(), fc.nat({ max: 255 })).map(([messages, at, value]) => {
        const encoded = encodeLiveTrack(messages);
        const copy = encoded.slice(0, at % (encoded.length + 1));
        if (copy.length > 0) copy[at % copy.length] = value;
        return copy;
      }),
    );
    fc.assert(
      fc.property(bytes, (b) => {
        try {
          decodeLiveTrack(b);
        } catch (error) {
          expect(error).toBeInstanceOf(ProtocolError);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('names where a track is cut or wrong', () => {
    const two = encodeLiveTrack([
      { kind: 'meta', meta: { a: 1 } },
      { kind: 'roster', robots: [{ id: 'r0', physical: false }] },
    ]);
    expect(decodeLiveTrack(new Uint8Array(0))).toEqual([]);
    expect(() => decodeLiveTrack(two.subarray(0, two.length - 1))).toThrow(/live track truncated: message 1 of \d+ bytes/);
    expect(() => decodeLiveTrack(two.subarray(0, 2))).toThrow(/message 0's length needs 4 bytes at byte 0/);
    const bad = two.slice();
    bad[5] = 42;
    expect(() => decodeLiveTrack(bad)).toThrow(/live track message 0 at byte 4: live message kind 42/);
  });
});

describe('LiveWireState', () => {
  const frame = (full: boolean, robots: LiveRobot[]): LiveMessage => ({
    kind: 'frame',
    tick: 7,
    simSeconds: 0.7,
    exploredFraction: 0.2,
    speed: null,
    paced: false,
    full,
    robots,
  });
  const at = (index: number, x: number): LiveRobot => ({ index, x, y: 0, headingRad: 0, status: 'idle', online: true, estop: false });

  it('applies deltas over the last full frame and bitmap', () => {
    const state = new LiveWireState();
    state.apply({
      kind: 'roster',
      robots: [
        { id: 'r0', physical: false },
        { id: 'mona-1', physical: true },
      ],
    });
    state.apply(frame(true, [at(0, 1), at(1, 2)]));
    state.apply(frame(false, [at(1, 5)]));
    expect(state.robots?.map((r) => r.x)).toEqual([1, 5]);
    expect(state.frame?.tick).toBe(7);
    state.apply({ kind: 'explored', full: true, bits: new Uint8Array([0, 0, 0]) });
    state.apply({ kind: 'explored', full: false, length: 3, changes: [{ index: 2, value: 0xff }] });
    expect([...state.explored!]).toEqual([0, 0, 0xff]);
  });

  it('refuses a delta it cannot apply', () => {
    const state = new LiveWireState();
    expect(() => state.apply(frame(false, [at(0, 1)]))).toThrow(/delta frame before any full frame/);
    state.apply({ kind: 'roster', robots: [{ id: 'r0', physical: false }] });
    expect(() => state.apply(frame(true, [at(0, 1), at(1, 1)]))).toThrow(/full frame of 2 robots for a roster of 1/);
    state.apply(frame(true, [at(0, 1)]));
    expect(() => state.apply(frame(false, [at(3, 1)]))).toThrow(/names robot 3, the roster has 1/);
    expect(() => state.apply({ kind: 'explored', full: false, length: 4, changes: [] })).toThrow(/4-byte bitmap, holding none/);
  });

  it('holds the links of the last full message and its deltas, in order, and forgets them with the roster', () => {
    const state = new LiveWireState();
    const roster = (n: number): LiveMessage => ({ kind: 'roster', robots: Array.from({ length: n }, (_, i) => ({ id: `r${i}`, physical: false })) });
    state.apply(roster(4));
    expect(() => state.apply({ kind: 'links', full: false, total: 0, added: [], removed: [] })).toThrow(/before any full links message/);
    state.apply({
      kind: 'links',
      full: true,
      total: 9,
      links: [
        { a: 1, b: 3 },
        { a: 0, b: 1 },
      ],
    });
    expect(state.links).toEqual([
      { a: 0, b: 1 },
      { a: 1, b: 3 },
    ]);
    expect(state.linksTotal).toBe(9);
    state.apply({ kind: 'links', full: false, total: 2, added: [{ a: 0, b: 2 }], removed: [{ a: 1, b: 3 }] });
    expect(state.links).toEqual([
      { a: 0, b: 1 },
      { a: 0, b: 2 },
    ]);
    expect(() => state.apply({ kind: 'links', full: false, total: 2, added: [], removed: [{ a: 2, b: 3 }] })).toThrow(/removes 2-3, which it does not hold/);
    expect(() => state.apply({ kind: 'links', full: false, total: 2, added: [{ a: 0, b: 1 }], removed: [] })).toThrow(/adds 0-1, which it holds already/);
    expect(() => state.apply({ kind: 'links', full: true, total: 1, links: [{ a: 0, b: 4 }] })).toThrow(/beyond the roster of 4/);
    state.apply(roster(2));
    expect(state.links).toBeNull();
  });

  it('applies any valid delta sequence to the set a full message would give (property)', () => {
    const n = 6;
    const pair = fc.tuple(fc.nat({ max: n - 2 }), fc.nat({ max: n - 1 })).filter(([a, b]) => a < b);
    fc.assert(
      fc.property(fc.array(fc.uniqueArray(pair, { selector: ([a, b]) => a * n + b }), { minLength: 1, maxLength: 6 }), (sets) => {
        const state = new LiveWireState();
        state.apply({ kind: 'roster', robots: Array.from({ length: n }, (_, i) => ({ id: `r${i}`, physical: false })) });
        const asLinks = (set: [number, number][]): LiveLink[] => set.map(([a, b]) => ({ a, b }));
        state.apply(decodeLiveMessage(encodeLiveMessage({ kind: 'links', full: true, total: sets[0].length, links: asLinks(sets[0]) })));
        for (let k = 1; k < sets.length; k++) {
          const had = new Set(sets[k - 1].map(([a, b]) => a * n + b));
          const has = new Set(sets[k].map(([a, b]) => a * n + b));
          const added = sets[k].filter(([a, b]) => !had.has(a * n + b));
          const removed = sets[k - 1].filter(([a, b]) => !has.has(a * n + b));
          const delta = { kind: 'links' as const, full: false as const, total: sets[k].length, added: asLinks(added), removed: asLinks(removed) };
          state.apply(decodeLiveMessage(encodeLiveMessage(delta)));
        }
        const expected = asLinks([...sets[sets.length - 1]].sort((x, y) => x[0] - y[0] || x[1] - y[1]));
        expect(state.links).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});
