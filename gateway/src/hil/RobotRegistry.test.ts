import { decodeEnvelope, encodeEnvelope, makeEnvelope, type Birth, type Telemetry, ManualClock } from '@swarmgate/protocols';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BIRTH_REQUEST_INTERVAL_MS,
  MAX_BIRTH_SENSORS,
  MAX_BIRTH_TEXT_LENGTH,
  MAX_PHYSICAL_ROBOTS,
  RobotRegistry,
  type OfflineReason,
} from './RobotRegistry.js';

function birth(session: number): Birth {
  return {
    model: 'mona',
    firmwareVersion: '0.3.1',
    protocolVersion: { major: 1, minor: 0 },
    capabilities: {
      maxWheelSpeedMps: 0.13,
      wheelBaseM: 0.078,
      wheelRadiusM: 0.0104,
      encoderTicksPerRev: 1176,
      bodyDiameterM: 0.08,
      sensors: ['ir5'],
    },
    session,
  };
}

// Through the real codec, so the registry sees exactly what a bridge hands it.
const telemetry = decodeEnvelope(encodeEnvelope(makeEnvelope('mona-01', { telemetry: { battery: { volts: 3.9, fraction: 0.75 } } }, 1, 0)))
  .telemetry as Telemetry;

function setup() {
  const clock = new ManualClock(0);
  const registry = new RobotRegistry({ keepaliveMs: 1000, clock });
  const events: string[] = [];
  registry.on('birth', (r) => events.push(`birth ${r.id} s${r.session}`));
  registry.on('online', (r) => events.push(`online ${r.id}`));
  registry.on('offline', (r, reason: OfflineReason) => events.push(`offline ${r.id} ${reason}@${clock.nowMs()}`));
  registry.on('telemetry', (id) => events.push(`telemetry ${id}`));
  return { clock, registry, events };
}

describe('RobotRegistry', () => {
  it('records identity from a Birth and hands out copies', () => {
    const { registry, events } = setup();
    registry.birth('mona-01', 'mqtt', birth(1));
    const record = registry.get('mona-01')!;
    expect(record).toMatchObject({ id: 'mona-01', link: 'mqtt', online: true, model: 'mona', session: 1, births: 1 });
    expect(record.capabilities?.maxWheelSpeedMps).toBeCloseTo(0.13, 6);
    expect(() => (record.capabilities!.sensors as string[]).push('hacked')).toThrow(TypeError);
    (record as { online: boolean }).online = false;
    expect(registry.get('mona-01')!.capabilities!.sensors).toEqual(['ir5']);
    expect(registry.get('mona-01')!.online).toBe(true);
    expect(events).toEqual(['birth mona-01 s1', 'online mona-01']);
  });

  it('forgets the virtual robots of an ended trial, so their ids are free, and keeps the physical ones', () => {
    const { registry } = setup();
    registry.birth('r0', 'virtual', birth(0));
    registry.birth('mona-01', 'mqtt', birth(1));
    expect(registry.admit('r0', 'mqtt', birth(1)).admitted).toBe(false);
    registry.forgetVirtual();
    expect(registry.get('r0')).toBeUndefined();
    expect(registry.get('mona-01')).toMatchObject({ online: true, link: 'mqtt' });
    expect(registry.admit('r0', 'mqtt', birth(1)).admitted).toBe(true);
  });

  it('ignores a stale Death from an older session (Sparkplug bdSeq)', () => {
    const { registry, events } = setup();
    registry.birth('mona-01', 'mqtt', birth(4));
    registry.birth('mona-01', 'mqtt', birth(5)); // reconnected before the old will arrived
    expect(registry.death('mona-01', 4)).toBe(false);
    expect(registry.get('mona-01')!.online).toBe(true);
    expect(registry.counters.staleDeaths).toBe(1);
    expect(registry.death('mona-01', 5)).toBe(true);
    expect(registry.get('mona-01')!.online).toBe(false);
    expect(registry.get('mona-01')!.births).toBe(2);
    expect(events).toEqual(['birth mona-01 s4', 'online mona-01', 'birth mona-01 s5', 'offline mona-01 death@0']);
  });

  it('goes offline after 1.5 keepalive periods of silence, not before', () => {
    const { clock, registry, events } = setup();
    registry.birth('mona-01', 'serial', birth(1));
    clock.advance(1000);
    expect(registry.telemetry('mona-01', telemetry)).toBe(true);
    expect(registry.get('mona-01')!.batteryFraction).toBe(0.75);
    clock.advance(1499);
    expect(registry.get('mona-01')!.online).toBe(true);
    clock.advance(1);
    expect(registry.get('mona-01')!.online).toBe(false);
    expect(events.at(-1)).toBe('offline mona-01 timeout@2500');
    // Traffic under the same session brings it back, and the timer runs again.
    clock.advance(100);
    registry.touch('mona-01');
    expect(events.at(-1)).toBe('online mona-01');
    clock.advance(1500);
    expect(events.at(-1)).toBe('offline mona-01 timeout@4100');
  });

  it("gives a robot another period when the check ran late (the gateway's stall), once per silence", () => {
    const { clock, registry, events } = setup();
    registry.birth('mona-01', 'serial', birth(1));
    clock.advance(1000);
    clock.stall(2000); // due at 1500, runs at 3000: the robot's traffic may be waiting unread
    clock.advance(0);
    expect(registry.get('mona-01')!.online).toBe(true);
    expect(registry.counters.lateChecks).toBe(1);
    registry.touch('mona-01'); // its queued traffic, read after the stall
    clock.advance(1499);
    expect(registry.get('mona-01')!.online).toBe(true);
    // Silent from 3000: due at 4500; a stall makes that check late once more, and it is forgiven
    // (traffic in between ended the run of late checks) ...
    clock.stall(1000);
    clock.advance(1);
    expect(registry.get('mona-01')!.online).toBe(true);
    expect(registry.counters.lateChecks).toBe(2);
    // ... but the next one, late again with no traffic since, is a verdict: a gateway late on
    // every timer still finds a silent robot.
    clock.advance(1000);
    clock.stall(1000); // due at 6999, runs at 7500
    clock.advance(0);
    expect(events.at(-1)).toBe('offline mona-01 timeout@7500');
    expect(registry.counters.lateChecks).toBe(2);
  });

  it('never times out virtual robots and counts traffic from unborn robots', () => {
    const { clock, registry } = setup();
    registry.birth('sim-1', 'virtual', birth(0));
    clock.advance(60_000);
    expect(registry.get('sim-1')!.online).toBe(true);
    expect(registry.telemetry('ghost', telemetry)).toBe(false);
    expect(registry.death('ghost', 0)).toBe(false);
    expect(registry.counters.unbornTraffic).toBe(1);
    expect(clock.pendingTimers).toBe(0);
  });

  it('says a rebirth request is due once per interval per unborn robot, never for a held, invalid or foreign id', () => {
    const clock = new ManualClock(0);
    const registry = new RobotRegistry({ clock, fleetRobotIds: ['mona-01', 'mona-02'] });
    const due = (id: string): boolean => registry.birthRequestDue(id);
    expect([due('mona-01'), due('mona-01'), due('mona-02')]).toEqual([true, false, true]);
    clock.advance(BIRTH_REQUEST_INTERVAL_MS - 1);
    expect(due('mona-01')).toBe(false);
    clock.advance(1);
    expect([due('mona-01'), due('mona-01')]).toEqual([true, false]);
    // Not in the fleet, not a valid id: the gateway never talks to an id a stray chose.
    expect([due('mona-03'), due('a/b'), due('')]).toEqual([false, false, false]);
    // Held: the robot is in; its traffic needs no Birth.
    registry.admit('mona-02', 'mqtt', birth(1));
    clock.advance(BIRTH_REQUEST_INTERVAL_MS);
    expect(due('mona-02')).toBe(false);
    expect(registry.counters.birthRequests).toBe(3);
    // Bench mode: any valid id, and the memory of requests is bounded (a stray spraying ids).
    const bench = new RobotRegistry({ clock });
    for (let i = 0; i < 5000; i++) expect(bench.birthRequestDue(`stray-${i}`)).toBe(true);
    expect(bench['birthRequestMs'].size).toBeLessThanOrEqual(1024);
    expect(bench.birthRequestDue('stray-4999')).toBe(false);
  });

  it('holds at most MAX_PHYSICAL_ROBOTS physical robots and a bounded Birth each, against a stray spraying ids (bench mode)', () => {
    const { registry } = setup();
    for (let i = 0; i < 3; i++) registry.birth(`r${i}`, 'virtual', birth(0));
    // A Birth as large as an envelope allows: 100 kB texts and 5,000 sensor names.
    const huge: Birth = {
      ...birth(1),
      model: 'm'.repeat(100_000),
      firmwareVersion: 'f'.repeat(100_000),
      capabilities: { ...birth(1).capabilities!, sensors: Array.from({ length: 5000 }, (_, i) => `s${i}`.repeat(20)) },
    };
    for (let i = 0; i < MAX_PHYSICAL_ROBOTS; i++) expect(registry.admit(`x${i}`, 'mqtt', huge).admitted).toBe(true);
    const record = registry.get('x0')!;
    expect(record.model).toHaveLength(MAX_BIRTH_TEXT_LENGTH);
    expect(record.firmwareVersion).toHaveLength(MAX_BIRTH_TEXT_LENGTH);
    expect(record.capabilities!.sensors).toHaveLength(MAX_BIRTH_SENSORS);
    expect(record.capabilities!.sensors.every((name) => name.length <= MAX_BIRTH_TEXT_LENGTH)).toBe(true);
    const refused = registry.admit('one-too-many', 'mqtt', birth(1));
    expect(refused).toMatchObject({ admitted: false, conflict: { reason: expect.stringContaining(`MAX_PHYSICAL_ROBOTS (${MAX_PHYSICAL_ROBOTS})`) } });
    expect(registry.get('one-too-many')).toBeUndefined();
    // Robots already held still rebirth, and virtual robots are not counted against it.
    expect(registry.admit('x0', 'mqtt', birth(2)).admitted).toBe(true);
    registry.birth('r3', 'virtual', birth(0));
    expect(registry.list()).toHaveLength(MAX_PHYSICAL_ROBOTS + 4);
  });

  it('at MAX_PHYSICAL_ROBOTS forgets the robot offline longest that no trial holds for a new id, and refuses when none is left', () => {
    const { clock, registry } = setup();
    for (let i = 0; i < MAX_PHYSICAL_ROBOTS; i++) {
      registry.admit(`x${i}`, 'mqtt', birth(1));
      clock.advance(1);
    }
    // x7 and x3 go offline, x7 seen first; the trial holds x7.
    registry.linkLost('x7');
    registry.linkLost('x3');
    registry.keepWhile((id) => id === 'x7');
    expect(registry.admit('newcomer', 'mqtt', birth(1)).admitted).toBe(true);
    expect(registry.get('x3')).toBeUndefined();
    expect(registry.get('x7')).toMatchObject({ online: false });
    expect(registry.counters.forgotten).toBe(1);
    // Every other robot is online, x7 is held: the next new id is refused, naming the budget.
    const refused = registry.admit('one-more', 'mqtt', birth(1));
    expect(refused).toMatchObject({ admitted: false, conflict: { reason: expect.stringContaining('each online or in the trial') } });
    expect(registry.list()).toHaveLength(MAX_PHYSICAL_ROBOTS);
    // A bad id is refused for what it is, and forgets nobody.
    registry.linkLost('x9');
    expect(registry.admit('bad id!', 'mqtt', birth(1)).admitted).toBe(false);
    expect(registry.get('x9')).toBeDefined();
    // The forgotten robot comes back as a new one, in the place of the next robot offline longest.
    expect(registry.admit('x3', 'mqtt', birth(2))).toMatchObject({ admitted: true, record: { births: 1 } });
    expect(registry.get('x9')).toBeUndefined();
    registry.close();
  });

  it('marks a robot offline when its link is lost and close() clears timers', () => {
    const { clock, registry, events } = setup();
    registry.birth('a', 'serial', birth(1));
    registry.birth('b', 'mqtt', birth(1));
    registry.linkLost('a');
    expect(events).toContain('offline a link-lost@0');
    registry.close();
    expect(clock.pendingTimers).toBe(0);
  });

  describe('admission (one id grammar, one collision rule)', () => {
    it("refuses a virtual robot's id on any link, and an online id from another channel, recording each conflict", () => {
      const { clock, registry, events } = setup();
      registry.admit('r0', 'virtual', birth(0));
      registry.admit('mona-01', 'serial', birth(1), 'serial:/dev/ttyUSB0');
      events.length = 0;
      clock.advance(10);
      const virtualClaim = registry.admit('r0', 'mqtt', birth(7));
      expect(virtualClaim).toMatchObject({ admitted: false, first: true, conflict: { robotId: 'r0', link: 'mqtt', channel: 'mqtt', count: 1, firstMs: 10 } });
      expect(!virtualClaim.admitted && virtualClaim.conflict.reason).toMatch(/r0 is a virtual robot of this trial/);
      const takeover = registry.admit('mona-01', 'mqtt', birth(9));
      expect(!takeover.admitted && takeover.conflict.reason).toMatch(/mona-01 is already online on serial:\/dev\/ttyUSB0/);
      const otherPort = registry.admit('mona-01', 'serial', birth(9), 'serial:/dev/ttyUSB1');
      expect(otherPort.admitted).toBe(false);
      // Refused: the holders' records are untouched and no event fired.
      expect(registry.get('r0')!.link).toBe('virtual');
      expect(registry.get('mona-01')).toMatchObject({ link: 'serial', session: 1, online: true });
      expect(events).toEqual([]);
      clock.advance(5);
      const again = registry.admit('r0', 'mqtt', birth(8));
      expect(again).toMatchObject({ admitted: false, first: false, conflict: { count: 2, firstMs: 10, lastMs: 15 } });
      expect(registry.conflicts().map((c) => `${c.robotId} ${c.channel} ${c.count}`)).toEqual(['mona-01 mqtt 1', 'mona-01 serial:/dev/ttyUSB1 1', 'r0 mqtt 2']);
      expect(registry.counters.refusedBirths).toBe(4);
      expect(() => registry.birth('r0', 'serial', birth(1))).toThrow(/^SG_ROBOT_ID: robot id r0 is a virtual robot/);
    });

    it('accepts the same id again on its own channel, and on another one once the holder is offline', () => {
      const { registry } = setup();
      registry.admit('mona-01', 'serial', birth(1), 'serial:/dev/ttyUSB0');
      expect(registry.admit('mona-01', 'serial', birth(2), 'serial:/dev/ttyUSB0')).toMatchObject({ admitted: true, movedFrom: null });
      registry.linkLost('mona-01', 'mqtt'); // not its channel: no effect
      expect(registry.get('mona-01')!.online).toBe(true);
      registry.linkLost('mona-01', 'serial:/dev/ttyUSB0');
      const moved = registry.admit('mona-01', 'mqtt', birth(3));
      expect(moved).toMatchObject({ admitted: true, movedFrom: 'serial:/dev/ttyUSB0', record: { link: 'mqtt', session: 3, births: 3 } });
      expect(registry.channelOf('mona-01')).toBe('mqtt');
      expect(registry.conflicts()).toEqual([]);
    });

    it('refuses ids outside the one grammar and, with a fleet, ids not in it; never throws for any id', () => {
      const registry = new RobotRegistry({ clock: new ManualClock(0), fleetRobotIds: ['mona-01'] });
      expect(registry.admit('mona-02', 'serial', birth(1))).toMatchObject({
        admitted: false,
        conflict: { reason: 'robot id mona-02 is not in the fleet file; add it under robots' },
      });
      expect(registry.admit('a/b', 'serial', birth(1))).toMatchObject({
        admitted: false,
        conflict: { reason: 'robot id "a/b" contains "/" (allowed: letters, digits, _ . -)' },
      });
      expect(registry.admit('r0', 'virtual', birth(0)).admitted).toBe(true); // virtual robots are the trial's, not the fleet's
      expect(registry.admit('mona-01', 'serial', birth(1)).admitted).toBe(true);
      fc.assert(
        fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (id) => {
          // Every id is refused here: mona-01 is online on another channel, all else is not in the fleet.
          const admission = registry.admit(id, 'mqtt', birth(1));
          expect(admission.admitted).toBe(false);
          if (!admission.admitted) expect(admission.conflict.reason.length).toBeLessThan(400);
        }),
        { numRuns: 300 },
      );
      expect(registry.conflicts().length).toBeLessThanOrEqual(64);
      const huge = 'x'.repeat(70_000);
      expect(registry.admit(huge, 'mqtt', birth(1))).toMatchObject({
        admitted: false,
        conflict: { robotId: 'x'.repeat(100), reason: expect.stringMatching(/is longer than 64 characters$/) },
      });
      expect(
        registry
          .list()
          .map((r) => r.id)
          .sort(),
      ).toEqual(['mona-01', 'r0']);
    });
  });
});
