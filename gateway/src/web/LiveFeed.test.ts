import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Cell, createGrid, type Grid } from '@swarmgate/maps';
import { MAX_LIVE_LINKS, ManualClock } from '@swarmgate/protocols';
import { CommandSafety } from '../hil/CommandSafety.js';
import { HilGateway } from '../hil/HilGateway.js';
import { MemoryLogger } from '../hil/Logger.js';
import { RobotRegistry } from '../hil/RobotRegistry.js';
import { borderedRoom } from '../sim/testing/testGrids.js';
import { DEFAULT_TWIN_OPTIONS, LiveTrial } from '../trial/LiveTrial.js';
import { testTrialConfig } from '../trial/testing/testTrialConfig.js';
import { monaBirth, wireDecoded } from '../trial/testing/wireDecoded.js';
import { LiveFeed } from './LiveFeed.js';

function trialOn(grid: Grid, robots: number, hil: HilGateway | null = null): LiveTrial {
  return new LiveTrial({ trial: testTrialConfig(grid, robots), hil, twins: DEFAULT_TWIN_OPTIONS, logger: new MemoryLogger() });
}

const BIRTH = monaBirth('2.3.1');
const BATTERY = wireDecoded('telemetry', { telemetry: { battery: { volts: 3.9, fraction: 0.62 } } });

/** Bit i of the explored bitmap, LSB first: the decoding the page does. */
function bitAt(bits: Uint8Array, i: number): boolean {
  return (bits[i >> 3] & (1 << (i & 7))) !== 0;
}

describe('LiveFeed', () => {
  it('frames every robot with its pose, kind, status and emergency stop, and the trial counters', () => {
    const live = trialOn(borderedRoom(20), 2);
    const feed = new LiveFeed({ live: () => live, hil: null, clock: new ManualClock() });
    for (let k = 0; k < 5; k++) live.world.step();
    live.emergencyStop('r1', 'test');
    live.world.step();
    const frame = feed.frame();
    expect(frame.tick).toBe(6);
    expect(frame.simSeconds).toBeCloseTo(0.6, 9);
    expect(frame.exploredFraction).toBeGreaterThan(0);
    expect(frame.robots.map((r) => [r.id, r.kind, r.online, r.estop, r.status])).toEqual([
      ['r0', 'virtual', true, false, live.world.robot('r0').state().status],
      ['r1', 'virtual', true, true, 'idle'],
    ]);
    const truth = live.world.truePose('r0');
    expect(frame.robots[0].x).toBeCloseTo(truth.xM, 3);
    expect(frame.robots[0].y).toBeCloseTo(truth.yM, 3);
    expect(frame.robots[0].headingRad).toBeCloseTo(truth.headingRad, 3);
  });

  it('reads the radio links of the tick by frame index, none before the first step, at most MAX_LIVE_LINKS with the total', () => {
    const robots = 100;
    const live = new LiveTrial({
      trial: { ...testTrialConfig(borderedRoom(40), robots), spawn: { kind: 'apart' } },
      hil: null,
      twins: DEFAULT_TWIN_OPTIONS,
      logger: new MemoryLogger(),
    });
    const feed = new LiveFeed({ live: () => live, hil: null, clock: new ManualClock() });
    expect(feed.links()).toEqual({ keys: [], total: 0 });
    live.world.step();
    // The global model links every pair: 4950, past the cap; the first ones in robot order are kept.
    const { keys, total } = feed.links();
    expect(total).toBe((robots * (robots - 1)) / 2);
    expect(total).toBeGreaterThan(MAX_LIVE_LINKS);
    const everyPair: number[] = [];
    for (let a = 0; a < robots; a++) for (let b = a + 1; b < robots; b++) everyPair.push(a * 0x10000 + b);
    expect(keys).toEqual(everyPair.slice(0, MAX_LIVE_LINKS));
    live.stop();
  });

  it('measures speed as simulated seconds per wall second, over a window of at least one second', () => {
    const live = trialOn(borderedRoom(20), 1);
    const clock = new ManualClock();
    const feed = new LiveFeed({ live: () => live, hil: null, clock });
    for (let k = 0; k < 10; k++) live.world.step();
    clock.advance(500);
    expect(feed.frame().speed).toBeNull();
    for (let k = 0; k < 10; k++) live.world.step();
    clock.advance(500);
    // 20 ticks of 0.1 s in 1 s of wall time.
    expect(feed.frame().speed).toBeCloseTo(2, 9);
    clock.advance(2000);
    expect(feed.frame().speed).toBe(0);
  });

  it('describes the map frame', () => {
    const live = trialOn(borderedRoom(20), 1);
    expect(new LiveFeed({ live: () => live, hil: null }).meta()).toEqual({
      width: 20,
      height: 20,
      cellSizeM: 1,
      originM: { x: -10, y: -10 },
      robotRadiusM: live.world.config.robot.radiusM,
      tickS: 0.1,
    });
  });

  it('packs exactly the cells a lidar ray reached, LSB first, for any pattern (property)', () => {
    // 13 x 7: the last byte is partly used.
    const grid = createGrid(13, 7);
    for (let x = 0; x < 13; x++) grid.cells[x] = Cell.Concrete;
    const live = trialOn(grid, 1);
    const feed = new LiveFeed({ live: () => live, hil: null });
    const seen = live.world.sensing.lidar.lastSeenTick;
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: seen.length, maxLength: seen.length }), (pattern) => {
        for (let i = 0; i < seen.length; i++) seen[i] = pattern[i] ? 1 + i : 0;
        const bits = feed.exploredBitmap();
        expect(bits.length).toBe(Math.ceil(seen.length / 8));
        for (let i = 0; i < seen.length; i++) expect(bitAt(bits, i)).toBe(pattern[i]);
        // Padding bits of the last byte stay clear.
        for (let i = seen.length; i < bits.length * 8; i++) expect(bitAt(bits, i)).toBe(false);
      }),
    );
  });

  it('marks explored cells after the robots scanned', () => {
    const live = trialOn(borderedRoom(20), 1);
    const feed = new LiveFeed({ live: () => live, hil: null });
    const before = feed.exploredBitmap().slice();
    expect(before.every((b) => b === 0)).toBe(true);
    live.world.step();
    const after = feed.exploredBitmap();
    let set = 0;
    for (let i = 0; i < 400; i++) if (bitAt(after, i)) set++;
    expect(set).toBeGreaterThan(10);
  });

  it('lists the fleet with link, identity, battery and last seen from the registry', () => {
    const clock = new ManualClock(1_000_000);
    const registry = new RobotRegistry({ clock, keepaliveMs: 1000 });
    const grid = borderedRoom(20);
    const hil = new HilGateway({ registry, safety: new CommandSafety({ isBlocked: () => false }) });
    const live = trialOn(grid, 1, hil);
    const feed = new LiveFeed({ live: () => live, hil, clock });
    registry.birth('m1', 'mqtt', BIRTH);
    registry.telemetry('m1', BATTERY);
    clock.advance(700);
    expect(feed.fleet()).toEqual([
      {
        id: 'r0',
        kind: 'virtual',
        link: 'virtual',
        model: 'swarmgate-sim',
        firmwareVersion: null,
        protocolVersion: expect.stringMatching(/^\d+\.\d+$/),
        batteryFraction: null,
        online: true,
        lastSeenAgoMs: null,
        estop: false,
      },
      {
        id: 'm1',
        kind: 'physical',
        link: 'mqtt',
        model: 'mona',
        firmwareVersion: '2.3.1',
        protocolVersion: '1.0',
        batteryFraction: expect.closeTo(0.62, 6),
        online: true,
        lastSeenAgoMs: 700,
        estop: false,
      },
    ]);
    clock.advance(1000);
    live.emergencyStop(undefined, 'test');
    const [virtual, physical] = feed.fleet();
    expect(physical).toMatchObject({ online: false, lastSeenAgoMs: 1700, estop: true });
    expect(virtual.estop).toBe(true);
  });
});
