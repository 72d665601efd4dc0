import { EventEmitter } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import {
  GATEWAY_ID,
  decodeEnvelope,
  encodeEnvelope,
  makeEnvelope,
  robotTopic,
  swarmgate,
  type EnvelopeBodyInit,
  type EnvelopeInit,
  type ErrorMessage,
  type TrackerPose,
  ManualClock,
} from '@swarmgate/protocols';
import { MqttRobot, SlamMap } from '@swarmgate/sdk';
import { EmbeddedBroker } from '../hil/EmbeddedBroker.js';
import { HilGateway } from '../hil/HilGateway.js';
import { MemoryLogger } from '../hil/Logger.js';
import type { RobotLinkPlugin } from '../hil/RobotLink.js';
import { RobotRegistry } from '../hil/RobotRegistry.js';
import type { SimRobot } from '../sim/SimRobot.js';
import { borderedRoom } from '../sim/testing/testGrids.js';
import { World } from '../sim/World.js';
import { DEFAULT_TWIN_OPTIONS, LiveTrial } from './LiveTrial.js';
import { MqttControllerPort } from './MqttControllerPort.js';
import { testTrialConfig } from './testing/testTrialConfig.js';
import { monaBirth, wireDecoded } from './testing/wireDecoded.js';
import { twinSafety, type TwinOptions } from './PhysicalTwins.js';
import { createTrialHttpServer } from './trialHttpApi.js';

const ErrorCode = swarmgate.v1.ErrorCode;
const grid = borderedRoom(20);
const maxLinearMps = new World(grid).actionLimits.maxLinearMps;

const BIRTH = monaBirth();
const odometryAt = (xM: number, yM: number, headingRad: number) => wireDecoded('telemetry', { telemetry: { odometry: { xM, yM, headingRad } } });

/** A transport that records what the HIL core sends to robot m1. */
function recordingLink(): RobotLinkPlugin & { sent: EnvelopeBodyInit[] } {
  const sent: EnvelopeBodyInit[] = [];
  return {
    name: 'recording',
    sent,
    start: async () => undefined,
    stop: async () => undefined,
    carries: (id) => id === 'm1',
    send: (_id, body) => (sent.push(body), true),
    broadcast: (body) => (sent.push(body), 1),
  };
}

function physicalTrial() {
  const registry = new RobotRegistry({ clock: new ManualClock() });
  const link = recordingLink();
  const hil = new HilGateway({ registry, safety: twinSafety(grid, DEFAULT_TWIN_OPTIONS) });
  hil.register(link);
  const logger = new MemoryLogger();
  const live = new LiveTrial({ trial: testTrialConfig(grid, 1), hil, twins: DEFAULT_TWIN_OPTIONS, logger });
  return { registry, link, hil, live, logger };
}

/** The MotorCommands sent so far, from `from` on. */
function motorCommands(link: { sent: EnvelopeBodyInit[] }, from = 0) {
  return link.sent.slice(from).flatMap((b) => ('motorCommand' in b && b.motorCommand ? [b.motorCommand] : []));
}

const moving = (m: { leftMps?: number | null; rightMps?: number | null }) => (m.leftMps ?? 0) !== 0 || (m.rightMps ?? 0) !== 0;

describe('LiveTrial with a physical robot', () => {
  it('adds a twin on Birth, paces from then on, places it by anchored odometry and drives it by MotorCommands', () => {
    const { registry, link, live } = physicalTrial();
    const world = live.world;
    expect(live.paced).toBe(false);
    registry.birth('m1', 'mqtt', BIRTH);
    expect(live.twins!.has('m1')).toBe(true);
    expect(live.paced).toBe(true);
    const spawn = world.truePose('m1');
    // First telemetry anchors the odometry frame where the twin stands: no jump.
    registry.telemetry('m1', odometryAt(0.5, 0.2, 1));
    world.step();
    expect(world.truePose('m1').xM).toBeCloseTo(spawn.xM, 9);
    // 0.1 m straight ahead in the robot's frame = 2.5 map m along the twin's heading.
    registry.telemetry('m1', odometryAt(0.5 + 0.1 * Math.cos(1), 0.2 + 0.1 * Math.sin(1), 1));
    world.step();
    const moved = world.truePose('m1');
    expect(moved.xM - spawn.xM).toBeCloseTo(2.5 * Math.cos(spawn.headingRad), 6);
    expect(moved.yM - spawn.yM).toBeCloseTo(2.5 * Math.sin(spawn.headingRad), 6);
    for (let k = 0; k < 10; k++) world.step();
    const motor = link.sent.flatMap((b) => ('motorCommand' in b && b.motorCommand ? [b.motorCommand] : []));
    expect(motor.length).toBe(12);
    for (const m of motor) {
      expect(m.deadlineMs).toBe(300);
      expect(Math.max(Math.abs(m.leftMps ?? 0), Math.abs(m.rightMps ?? 0))).toBeLessThanOrEqual(0.13 + 1e-9);
    }
    expect(
      motor.some((m) => (m.leftMps ?? 0) !== 0 || (m.rightMps ?? 0) !== 0),
      'the host-side frontier controller drives it',
    ).toBe(true);
  });

  it("adopts robots born before it was built (they were up before the gateway), and keeps their ids off the virtual robots'", () => {
    const registry = new RobotRegistry({ clock: new ManualClock() });
    const hil = new HilGateway({ registry, safety: twinSafety(grid, DEFAULT_TWIN_OPTIONS) });
    hil.register(recordingLink());
    registry.birth('m1', 'mqtt', BIRTH);
    registry.birth('m2', 'mqtt', BIRTH);
    registry.linkLost('m2');
    const live = new LiveTrial({ trial: testTrialConfig(grid, 2), hil, twins: DEFAULT_TWIN_OPTIONS, logger: new MemoryLogger() });
    // The online robot joined at construction, as the second twin index after the two virtual robots.
    expect(live.twins!.isOnline('m1')).toBe(true);
    expect(live.twins!.has('m2')).toBe(false); // offline: it joins with its next Birth
    expect(live.world.robotIds()).toEqual(['r0', 'r1', 'm1']);
    const admission = registry.admit('r1', 'mqtt', BIRTH);
    expect(admission.admitted).toBe(false);
    expect(live.world.robotIds()).toEqual(['r0', 'r1', 'm1']);
    registry.birth('m2', 'mqtt', BIRTH);
    expect(live.twins!.isOnline('m2')).toBe(true);
  });

  it("ends a twin's rotate() across +-pi and move() within physical tolerances, closed through the firmware's odometry", () => {
    const registry = new RobotRegistry({ clock: new ManualClock() });
    const link = recordingLink();
    const hil = new HilGateway({ registry, safety: twinSafety(grid, DEFAULT_TWIN_OPTIONS) });
    hil.register(link);
    const live = new LiveTrial({ trial: testTrialConfig(grid, 1, ['m1']), hil, twins: DEFAULT_TWIN_OPTIONS, logger: new MemoryLogger() });
    const world = live.world;
    registry.birth('m1', 'mqtt', BIRTH);
    // This test is the firmware: it integrates the last MotorCommand into odometry each tick.
    const odo = { xM: 0, yM: 0, headingRad: 3 };
    registry.telemetry('m1', odometryAt(odo.xM, odo.yM, odo.headingRad));
    const tick = (): void => {
      world.step();
      const body = link.sent.at(-1)!;
      const m = 'motorCommand' in body ? body.motorCommand : { leftMps: 0, rightMps: 0 };
      const v = ((m.leftMps ?? 0) + (m.rightMps ?? 0)) / 2;
      odo.headingRad += (((m.rightMps ?? 0) - (m.leftMps ?? 0)) / 0.078) * 0.1;
      odo.xM += v * Math.cos(odo.headingRad) * 0.1;
      odo.yM += v * Math.sin(odo.headingRad) * 0.1;
      registry.telemetry('m1', odometryAt(odo.xM, odo.yM, Math.atan2(Math.sin(odo.headingRad), Math.cos(odo.headingRad))));
    };
    tick();
    // Four quarter turns: one of them crosses the +-pi seam of the twin's wrapped heading.
    for (let quarter = 0; quarter < 4; quarter++) {
      const before = world.truePose('m1');
      world.robot('m1').rotate(90);
      for (let k = 0; k < 60 && !(k > 1 && world.robot('m1').state().status === 'idle'); k++) tick();
      expect(world.robot('m1').state().status, `quarter turn ${quarter}`).toBe('idle');
      const turned = world.truePose('m1').headingRad - before.headingRad;
      // Within TWIN_ROTATE_DONE_RAD (1 deg: encoder and slip noise) of a quarter turn.
      expect(Math.abs(Math.atan2(Math.sin(turned - Math.PI / 2), Math.cos(turned - Math.PI / 2)))).toBeLessThan(Math.PI / 180);
    }
    const start = world.truePose('m1');
    world.robot('m1').move(2);
    for (let k = 0; k < 100 && !(k > 1 && world.robot('m1').state().status === 'idle'); k++) tick();
    expect(world.robot('m1').state().status).toBe('idle');
    const end = world.truePose('m1');
    // A twin's move ends within 5 mm of its target on the table (TWIN_MOVE_DONE_M, a few encoder
    // ticks), i.e. 0.125 map m at this trial's scale of 25, and holds its heading on the way.
    const alongM = (end.xM - start.xM) * Math.cos(start.headingRad) + (end.yM - start.yM) * Math.sin(start.headingRad);
    const acrossM = -(end.xM - start.xM) * Math.sin(start.headingRad) + (end.yM - start.yM) * Math.cos(start.headingRad);
    expect(Math.abs(alongM - 2), 'along the heading (map m)').toBeLessThan(0.005 * 25);
    // The heading hold keeps it on its line up to float rounding through the odometry anchor.
    expect(Math.abs(acrossM), 'sideways (map m)').toBeLessThan(1e-5);
  });

  it('places virtual robots at given positions and a joining twin on a free cell none of them takes', () => {
    const registry = new RobotRegistry({ clock: new ManualClock() });
    const hil = new HilGateway({ registry, safety: twinSafety(grid, DEFAULT_TWIN_OPTIONS) });
    hil.register(recordingLink());
    const given = [
      { xM: 0.5, yM: 0.5, headingRad: 0 },
      { xM: -0.5, yM: 0.5, headingRad: 1 },
    ];
    const live = new LiveTrial({
      trial: { ...testTrialConfig(grid, 2), spawn: { kind: 'positions', poses: given } },
      hil,
      twins: DEFAULT_TWIN_OPTIONS,
      logger: new MemoryLogger(),
    });
    expect([live.world.truePose('r0'), live.world.truePose('r1')]).toEqual(given);
    registry.birth('m1', 'mqtt', BIRTH);
    const twin = live.world.truePose('m1');
    for (const pose of given) expect(Math.hypot(twin.xM - pose.xM, twin.yM - pose.yM), 'a cell apart at least').toBeGreaterThanOrEqual(1);
  });

  it('drops odometry that would put the twin off the map, keeping it at its last pose on the map', () => {
    const { registry, live } = physicalTrial();
    registry.birth('m1', 'mqtt', BIRTH);
    const at = (xM: number) => {
      registry.telemetry('m1', odometryAt(xM, 0, 0));
      live.world.step();
      return live.world.truePose('m1');
    };
    at(0);
    const onMap = at(0.01);
    expect(at(-6.9e9)).toEqual(onMap);
    expect(live.twins!.counters.badPoses).toBe(1);
    expect(at(0.02).xM).not.toBe(onMap.xM);
    expect(live.twins!.counters.badPoses).toBe(1);
  });

  it('re-anchors odometry whose first reading was absurd but finite, so good odometry moves the twin again', () => {
    const { registry, link, live, logger } = physicalTrial();
    const world = live.world;
    registry.birth('m1', 'mqtt', BIRTH);
    const spawn = world.truePose('m1');
    // A broken encoder at boot: finite (a float32 odometry field holds it), so it anchors the frame.
    registry.telemetry('m1', odometryAt(3e38, 0, 0));
    world.step();
    // Then good odometry: the robot drives 2 mm a tick (0.05 map m at scale 25) along its heading.
    const sentBefore = link.sent.length;
    for (let k = 1; k <= 30; k++) {
      registry.telemetry('m1', odometryAt(0.002 * k, 0, 0));
      world.step();
    }
    const end = world.truePose('m1');
    expect(Math.hypot(end.xM - spawn.xM, end.yM - spawn.yM), 'the twin follows good odometry again (map m)').toBeGreaterThan(1);
    // Held (zero wheel speeds) once its poses had been dropped for the hold time (0.5 s: 5 ticks),
    // then re-anchored at its twin's pose by the next Telemetry: a few poses dropped, not all of them.
    expect(live.twins!.counters.badPoses).toBeGreaterThanOrEqual(5);
    expect(live.twins!.counters.badPoses).toBeLessThanOrEqual(6);
    expect(live.twins!.counters.poseHolds).toBe(1);
    expect(live.twins!.counters.reanchors).toBe(1);
    // The dropped poses are the trial's faults too (GET /api/trial).
    expect(live.status().faults.pose).toBe(live.twins!.counters.badPoses);
    expect(live.twins!.anchorOf('m1')).not.toBeNull();
    expect(
      motorCommands(link, sentBefore).some((m) => !moving(m)),
      'held still meanwhile',
    ).toBe(true);
    expect(logger.entries.filter((e) => e.message.includes('re-anchored'))).toHaveLength(1);
  });

  it('drops non-finite odometry without throwing, and stops driving an offline twin', () => {
    const { registry, link, live } = physicalTrial();
    registry.birth('m1', 'mqtt', BIRTH);
    registry.telemetry('m1', odometryAt(0, 0, 0));
    expect(() => registry.telemetry('m1', odometryAt(Number.NaN, 0, 0))).not.toThrow();
    expect(live.twins!.counters.badPoses).toBe(1);
    registry.linkLost('m1');
    const before = link.sent.length;
    live.world.step();
    expect(link.sent.length).toBe(before);
  });
});

describe('LiveTrial with a tracked physical robot', () => {
  it('places the twin by TrackerPose through the arena-to-map transform, and refuses motion before the first fix', () => {
    const registry = new RobotRegistry({ clock: new ManualClock() });
    const link = recordingLink();
    const transform = { scale: 10, rotationRad: Math.PI / 2, offsetXM: 5, offsetYM: 2 };
    const twins = { poseSource: 'tracker', transform } as const;
    const safety = twinSafety(grid, twins);
    const hil = new HilGateway({ registry, safety });
    hil.register(link);
    const tracker = new EventEmitter<{ pose: [robotId: string, pose: TrackerPose] }>();
    const live = new LiveTrial({ trial: testTrialConfig(grid, 1), hil, twins, tracker, logger: new MemoryLogger() });
    registry.birth('m1', 'mqtt', BIRTH);
    for (let k = 0; k < 5; k++) live.world.step();
    expect(safety.counters.noPoseRefusals, 'the controller wants to move; the filter refuses without a pose').toBeGreaterThan(0);
    const motorBeforeFix = link.sent.flatMap((b) => ('motorCommand' in b && b.motorCommand ? [b.motorCommand] : []));
    expect(
      motorBeforeFix.every((m) => !m.leftMps && !m.rightMps),
      'no motion without a fix',
    ).toBe(true);
    // Arena (0.5, 0.3) heading 0 -> map (5 - 10 * 0.3, 2 + 10 * 0.5) heading pi/2.
    tracker.emit('pose', 'm1', decodeEnvelope(encodeEnvelope(makeEnvelope('m1', { trackerPose: { xM: 0.5, yM: 0.3, headingRad: 0 } }, 1, 0))).trackerPose!);
    live.world.step();
    const pose = live.world.truePose('m1');
    expect(pose.xM).toBeCloseTo(2, 5);
    expect(pose.yM).toBeCloseTo(7, 5);
    expect(pose.headingRad).toBeCloseTo(Math.PI / 2, 5);
    live.stop();
    expect(tracker.listenerCount('pose')).toBe(0);
  });

  /**
   * The test is the tracker and the firmware: each tick it reports the arena pose, and moves
   * the robot by the last MotorCommand for 0.1 s. The controller keeps asking for full speed
   * along arena +x. Arena (0, 0) is map (-5, -5) at scale 10, so an arena metre of fence ends
   * at map x = 5, well inside the room, whose wall (map x >= 9) is arena x >= 1.4.
   */
  function driveTowardsPlusX(fence: TwinOptions['fence'], command: (robot: SimRobot, k: number) => void = (robot) => robot.setVelocity(maxLinearMps, 0)) {
    const registry = new RobotRegistry({ clock: new ManualClock() });
    const link = recordingLink();
    const twins: TwinOptions = { poseSource: 'tracker', transform: { scale: 10, rotationRad: 0, offsetXM: -5, offsetYM: -5 }, fence };
    const safety = twinSafety(grid, twins);
    const hil = new HilGateway({ registry, safety });
    hil.register(link);
    const tracker = new EventEmitter<{ pose: [robotId: string, pose: TrackerPose] }>();
    const live = new LiveTrial({ trial: testTrialConfig(grid, 1, ['m1']), hil, twins, tracker, logger: new MemoryLogger() });
    registry.birth('m1', 'mqtt', BIRTH);
    const arena = { xM: 0.5, yM: 0.5, headingRad: 0 };
    let maxXM = arena.xM;
    const last = { leftMps: 0, rightMps: 0 };
    for (let k = 0; k < 150; k++) {
      tracker.emit('pose', 'm1', decodeEnvelope(encodeEnvelope(makeEnvelope('m1', { trackerPose: arena }, k + 1, 0))).trackerPose!);
      command(live.world.robot('m1'), k);
      live.world.step();
      const body = link.sent.at(-1)!;
      const m = 'motorCommand' in body && body.motorCommand ? body.motorCommand : { leftMps: 0, rightMps: 0 };
      last.leftMps = m.leftMps ?? 0;
      last.rightMps = m.rightMps ?? 0;
      arena.xM += ((last.leftMps + last.rightMps) / 2) * 0.1;
      maxXM = Math.max(maxXM, arena.xM);
    }
    live.stop();
    return { safety, maxXM, last, twinXM: live.world.truePose('m1').xM, live };
  }

  it('stops a twin driven towards the arena fence at the fence: MotorCommands zeroed and counted', () => {
    const { safety, maxXM, last, twinXM } = driveTowardsPlusX({ minXM: 0, minYM: 0, maxXM: 1, maxYM: 1 });
    const bodyRadiusM = 0.04;
    expect(maxXM, 'never through the fence').toBeLessThanOrEqual(1 - bodyRadiusM + 1e-9);
    expect(maxXM, 'it did drive up to the fence').toBeGreaterThan(0.85);
    expect(safety.counters.fenceRefusals).toBeGreaterThan(10);
    expect(safety.counters.wallRefusals).toBe(0);
    expect(last).toEqual({ leftMps: 0, rightMps: 0 });
    expect(twinXM, 'the twin stands at the fence, before the wall').toBeLessThan(5);
  });

  it('ends a move() the fence refuses as a collision would: idle, counted, so its controller chooses again', () => {
    // 10 map m = 1 arena m from x = 0.5: through the fence at 1.
    const { safety, maxXM, last, live } = driveTowardsPlusX({ minXM: 0, minYM: 0, maxXM: 1, maxYM: 1 }, (robot, k) => k === 0 && robot.move(10));
    expect(maxXM).toBeLessThanOrEqual(1 - 0.04 + 1e-9);
    expect(maxXM, 'it did drive up to the fence').toBeGreaterThan(0.85);
    expect(live.twins!.counters.blockedMoves).toBe(1);
    expect(safety.counters.fenceRefusals).toBe(1);
    expect(live.world.robot('m1').state().status).toBe('idle');
    expect(last).toEqual({ leftMps: 0, rightMps: 0 });
  });

  it('still stops it at a virtual wall that comes before the fence', () => {
    const { safety, maxXM, last } = driveTowardsPlusX({ minXM: 0, minYM: 0, maxXM: 2, maxYM: 2 });
    // The wall's near face is map x = 9, i.e. arena x = 1.4; the body's leading edge stops short of it.
    expect(maxXM).toBeLessThanOrEqual(1.4 - 0.04 + 1e-9);
    expect(maxXM).toBeGreaterThan(1.2);
    expect(safety.counters.wallRefusals).toBeGreaterThan(10);
    expect(safety.counters.fenceRefusals).toBe(0);
    expect(last).toEqual({ leftMps: 0, rightMps: 0 });
  });
});

describe('a physical robot whose poses are all dropped', () => {
  /**
   * The test is the tracker: it reports the robot on the map, then outside the mapped arena
   * (arena x = 2 is map x = 15, past the room's edge at 10) while its controller keeps asking
   * for full speed ahead.
   */
  function trackedOffTheMap() {
    const registry = new RobotRegistry({ clock: new ManualClock() });
    const link = recordingLink();
    const twins: TwinOptions = { poseSource: 'tracker', transform: { scale: 10, rotationRad: 0, offsetXM: -5, offsetYM: -5 } };
    const hil = new HilGateway({ registry, safety: twinSafety(grid, twins) });
    hil.register(link);
    const tracker = new EventEmitter<{ pose: [robotId: string, pose: TrackerPose] }>();
    const logger = new MemoryLogger();
    const live = new LiveTrial({ trial: testTrialConfig(grid, 1, ['m1']), hil, twins, tracker, logger });
    registry.birth('m1', 'mqtt', BIRTH);
    let seq = 0;
    const tick = (arena: { xM: number; yM: number; headingRad: number }) => {
      tracker.emit('pose', 'm1', decodeEnvelope(encodeEnvelope(makeEnvelope('m1', { trackerPose: arena }, ++seq, 0))).trackerPose!);
      live.world.robot('m1').setVelocity(maxLinearMps, 0);
      live.world.step();
    };
    return { link, live, logger, tick };
  }

  it('is held: zero wheel speeds once no pose was usable for the hold time, until one is again; counted, logged once', () => {
    const { link, live, logger, tick } = trackedOffTheMap();
    tick({ xM: 0.5, yM: 0.5, headingRad: 0 });
    tick({ xM: 0.5, yM: 0.5, headingRad: 0 });
    expect(motorCommands(link).some(moving), 'driven while its poses are good').toBe(true);
    const from = link.sent.length;
    for (let k = 0; k < 20; k++) tick({ xM: 2, yM: 0.5, headingRad: 0 });
    expect(live.twins!.counters.badPoses).toBe(20);
    const dropped = motorCommands(link, from);
    expect(dropped).toHaveLength(20);
    // Driven from the twin's last pose for the hold time at most (0.5 s: 5 ticks), then held.
    expect(dropped.slice(5).filter(moving), 'no motion from a stale pose after the hold time').toEqual([]);
    expect(dropped.slice(5).every((m) => m.deadlineMs === 300)).toBe(true);
    expect(live.twins!.counters.poseHolds).toBe(1);
    expect(logger.entries.filter((e) => e.level === 'warn' && e.message.includes('held'))).toHaveLength(1);
    // A usable pose again: driven again.
    const back = link.sent.length;
    tick({ xM: 0.6, yM: 0.5, headingRad: 0 });
    tick({ xM: 0.6, yM: 0.5, headingRad: 0 });
    expect(motorCommands(link, back).every(moving), 'driven again').toBe(true);
    expect(live.twins!.counters.poseHolds).toBe(1);
    expect(live.twins!.counters.reanchors, 'a tracker has no anchor to drop').toBe(0);
  });
});

describe('an emergency-stopped physical robot that is born again', () => {
  it('gets the stop again at every Birth (a reboot cleared its latch, or it missed the first)', () => {
    const { registry, link, live } = physicalTrial();
    registry.birth('m1', 'mqtt', { ...BIRTH, session: 1 });
    live.emergencyStop('m1', 'operator');
    const stops = () => link.sent.filter((b) => 'command' in b && b.command?.emergencyStop).length;
    expect(stops()).toBe(1);
    registry.birth('m1', 'mqtt', { ...BIRTH, session: 2 });
    expect(stops()).toBe(2);
    live.releaseEmergencyStop('m1', 'operator: clear');
    registry.birth('m1', 'mqtt', { ...BIRTH, session: 3 });
    expect(stops(), 'a released robot is not stopped at its Birth').toBe(2);
  });
});

describe('the HTTP API', () => {
  it('lists robots and the trial, and emergency-stops one robot or all through a validated body', async () => {
    const { registry, link, live } = physicalTrial();
    registry.birth('m1', 'mqtt', BIRTH);
    const app = await createTrialHttpServer({ trials: { live }, hil: null });
    for (let k = 0; k < 3; k++) live.world.step();

    const robots = (await app.inject({ method: 'GET', url: '/api/robots' })).json();
    expect(robots.map((r: { id: string; kind: string }) => `${r.id}:${r.kind}`)).toEqual(['r0:virtual', 'm1:physical']);
    const trial = (await app.inject({ method: 'GET', url: '/api/trial' })).json();
    expect(trial).toMatchObject({ tick: 3, virtualRobots: 1, physicalRobots: 1, paced: true, overruns: 0 });

    expect((await app.inject({ method: 'POST', url: '/api/estop', payload: { robotId: 'r0', colour: 'red' } })).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/api/estop', payload: { robotId: 'nope' } })).statusCode).toBe(404);
    const one = await app.inject({ method: 'POST', url: '/api/estop', payload: { robotId: 'r0' } });
    expect(one.json()).toEqual({ stopped: ['r0'] });
    for (let k = 0; k < 5; k++) {
      live.world.step();
      expect(live.world.robot('r0').state().status).toBe('idle');
    }
    // No body at all (curl -X POST .../api/estop) stops every robot, as {} does.
    const all = await app.inject({ method: 'POST', url: '/api/estop' });
    expect(all.json()).toEqual({ stopped: ['r0', 'm1'] });
    expect(link.sent.some((b) => 'command' in b && b.command?.emergencyStop)).toBe(true);
    const sentBefore = link.sent.length;
    live.world.step();
    expect(link.sent.length, 'no motor commands to an emergency-stopped robot').toBe(sentBefore);
    await app.close();
  });
});

describe('releasing an emergency stop over the HTTP API', () => {
  it('needs an explicit body, releases one robot or all, tells the firmware, and resumes only under the controller', async () => {
    const { registry, link, live } = physicalTrial();
    registry.birth('m1', 'mqtt', BIRTH);
    registry.telemetry('m1', odometryAt(0, 0, 0));
    const app = await createTrialHttpServer({ trials: { live }, hil: null });
    const release = (payload: object) => app.inject({ method: 'POST', url: '/api/estop/release', payload });
    expect((await app.inject({ method: 'POST', url: '/api/estop', payload: {} })).json()).toEqual({ stopped: ['r0', 'm1'] });
    const r0Stopped = live.world.truePose('r0');
    for (let k = 0; k < 5; k++) live.world.step();
    expect(live.world.truePose('r0')).toEqual(r0Stopped);

    const bad = async (payload: object, message: RegExp) => {
      const response = await release(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toMatch(message);
    };
    await bad({}, /needs exactly one of robotId \(one robot\) or all: true/);
    await bad({ reason: 'x' }, /needs exactly one of robotId/);
    await bad({ robotId: 'r0', all: true }, /needs exactly one of robotId/);
    await bad({ all: false }, /body\/all must be equal to constant/);
    await bad({ robotId: 'r0', colour: 'red' }, /must NOT have additional properties: colour/);
    await bad({ robotId: '' }, /body\/robotId must NOT have fewer than 1 characters/);
    expect((await app.inject({ method: 'POST', url: '/api/estop', payload: { robotID: 'r0' } })).json().message).toMatch(/additional properties: robotID/);
    expect((await release({ robotId: 'nope' })).statusCode).toBe(404);
    expect(live.status().emergencyStopped, 'nothing released by the bad requests').toEqual(['r0', 'm1']);

    const sentBefore = link.sent.length;
    expect((await release({ robotId: 'r0', reason: 'r0 clear' })).json()).toEqual({ released: ['r0'], offline: [] });
    expect(link.sent.length, 'a virtual robot: nothing to the firmware').toBe(sentBefore);
    expect(live.status().emergencyStopped).toEqual(['m1']);
    for (let k = 0; k < 20; k++) live.world.step();
    const r0Now = live.world.truePose('r0');
    // Its frontier controller turns it towards its first frontier (0.24 rad in these 20 ticks).
    expect(
      Math.hypot(r0Now.xM - r0Stopped.xM, r0Now.yM - r0Stopped.yM) + Math.abs(r0Now.headingRad - r0Stopped.headingRad),
      'r0 moves again under its host-side controller',
    ).toBeGreaterThan(0.1);
    expect(link.sent.length, 'm1 is still stopped: no motor commands').toBe(sentBefore);

    expect((await release({ all: true, reason: 'all clear' })).json()).toEqual({ released: ['m1'], offline: [] });
    expect(link.sent.slice(sentBefore)).toEqual([{ command: { commandId: 0, releaseEmergencyStop: { reason: 'all clear' } } }]);
    expect(live.status().emergencyStopped).toEqual([]);
    live.world.step();
    expect(
      link.sent.slice(sentBefore + 1).some((b) => 'motorCommand' in b),
      'm1 driven again',
    ).toBe(true);
    expect((await release({ all: true })).json(), 'releasing nothing stopped is harmless').toEqual({ released: [], offline: [] });
    await app.close();
  });
});

describe('releasing a physical robot that is offline', () => {
  it('keeps it stopped and says so; once it is back online a release reaches it', () => {
    const { registry, link, live } = physicalTrial();
    registry.birth('m1', 'mqtt', BIRTH);
    live.emergencyStop(undefined, 'stop all');
    registry.linkLost('m1');
    const sentBefore = link.sent.length;
    expect(live.releaseEmergencyStop(undefined, 'all clear')).toEqual({ released: ['r0'], offline: ['m1'] });
    expect(live.releaseEmergencyStop('m1', 'm1 clear')).toEqual({ released: [], offline: ['m1'] });
    expect(live.status().emergencyStopped).toEqual(['m1']);
    expect(link.sent.slice(sentBefore).filter((b) => 'command' in b && b.command.releaseEmergencyStop).length, 'only the broadcast of release all').toBe(1);

    registry.birth('m1', 'mqtt', BIRTH); // back (re-birth after a reconnect)
    live.world.step();
    expect(
      link.sent.slice(sentBefore + 1).some((b) => 'motorCommand' in b),
      'still no motor commands while stopped',
    ).toBe(false);
    expect(live.releaseEmergencyStop('m1', 'm1 clear')).toEqual({ released: ['m1'], offline: [] });
    expect(link.sent.at(-1)).toEqual({ command: { commandId: 0, releaseEmergencyStop: { reason: 'm1 clear' } } });
  });
});

describe('remote commands over MQTT (embedded broker)', () => {
  let broker: EmbeddedBroker;
  let port: MqttControllerPort;
  let client: MqttClient;
  let live: LiveTrial;
  const answers: { topic: string; ack?: number; error?: ErrorMessage }[] = [];

  beforeAll(async () => {
    const logger = new MemoryLogger();
    broker = await EmbeddedBroker.start({ fleet: null, port: 0, logger });
    port = await MqttControllerPort.connect({ url: broker.url, fleet: 'lab', logger });
    live = new LiveTrial({ trial: testTrialConfig(grid, 2, ['r1']), port, logger });
    client = await mqtt.connectAsync(broker.url);
    await client.subscribeAsync(['swarmgate/v1/lab/+/ack', 'swarmgate/v1/lab/+/error']);
    client.on('message', (topic, payload) => {
      const env = decodeEnvelope(payload);
      expect(env.robotId).toBe(GATEWAY_ID);
      answers.push({ topic, ack: env.ack?.commandId, error: env.error ?? undefined });
    });
  });

  afterAll(async () => {
    live?.stop();
    await client?.endAsync();
    await port?.close();
    await broker?.close();
  });

  async function send(robotId: string, command: NonNullable<EnvelopeInit['command']>): Promise<(typeof answers)[number]> {
    const count = answers.length;
    await client.publishAsync(robotTopic('lab', robotId, 'cmd'), Buffer.from(encodeEnvelope(makeEnvelope(robotId, { command }, 1, 0))), { qos: 1 });
    await until(() => answers.length > count);
    return answers[count];
  }

  it('acks valid commands into the latched slot and refuses the rest with a coded Error', async () => {
    expect((await send('r1', { commandId: 1, velocity: { linearMps: 1, angularRadps: 0 } })).ack).toBe(1);
    live.world.step();
    expect(live.world.robot('r1').state().status).toBe('driving');

    const hostSide = await send('r0', { commandId: 2, velocity: { linearMps: 1, angularRadps: 0 } });
    expect(hostSide.error).toMatchObject({ code: ErrorCode.ERROR_CODE_BUSY, commandId: 2 });
    expect(hostSide.error!.message).toMatch(/--remote r0/);
    expect((await send('r1', { commandId: 3, rotate: { angleDeg: 200 } })).error).toMatchObject({ code: ErrorCode.ERROR_CODE_OUT_OF_RANGE, commandId: 3 });
    expect((await send('r1', { commandId: 4, velocity: { linearMps: Number.NaN, angularRadps: 0 } })).error!.code).toBe(ErrorCode.ERROR_CODE_DECODE);
    expect((await send('r1', { commandId: 5, move: { distanceM: 1 } })).ack).toBe(5);
    expect((await send('r1', { commandId: 6, move: { distanceM: 1 } })).error).toMatchObject({ code: ErrorCode.ERROR_CODE_BUSY, commandId: 6 });
    expect((await send('ghost', { commandId: 7, stop: {} })).error!.message).toMatch(/no robot ghost/);

    const count = answers.length;
    await client.publishAsync(robotTopic('lab', 'r1', 'cmd'), Buffer.from([1, 2, 3]), { qos: 1 });
    await until(() => answers.length > count);
    expect(answers[count].error!.code).toBe(ErrorCode.ERROR_CODE_DECODE);
    expect(port.counters.badCommands).toBe(1);

    expect((await send('r1', { commandId: 8, emergencyStop: { reason: 'test' } })).ack).toBe(8);
    expect((await send('r1', { commandId: 9, velocity: { linearMps: 1, angularRadps: 0 } })).error!.code).toBe(ErrorCode.ERROR_CODE_EMERGENCY_STOP);
  });

  it('a controller cannot release an emergency stop; after the operator releases it the robot stays still until its next Command', async () => {
    if (!live.isStopped('r1')) await send('r1', { commandId: 20, velocity: { linearMps: 1, angularRadps: 0 } });
    await send('r1', { commandId: 21, emergencyStop: { reason: 'test' } });
    const refused = await send('r1', { commandId: 22, releaseEmergencyStop: { reason: 'let me go' } });
    expect(refused.error).toMatchObject({ code: ErrorCode.ERROR_CODE_UNSUPPORTED, commandId: 22 });
    expect(refused.error!.message).toMatch(/released by the operator \(POST \/api\/estop\/release/);
    expect(live.isStopped('r1')).toBe(true);

    for (let k = 0; k < 30; k++) live.world.step(); // coast to rest under the stop
    const pose = live.world.truePose('r1');
    const movedM = () => Math.hypot(live.world.truePose('r1').xM - pose.xM, live.world.truePose('r1').yM - pose.yM);
    expect(live.releaseEmergencyStop('r1', 'operator')).toEqual({ released: ['r1'], offline: [] });
    for (let k = 0; k < 10; k++) live.world.step();
    expect(live.world.robot('r1').state().status, 'no resumption of the velocity it had before the stop').toBe('idle');
    expect(movedM()).toBeLessThan(1e-3);
    expect((await send('r1', { commandId: 23, velocity: { linearMps: 1, angularRadps: 0 } })).ack).toBe(23);
    for (let k = 0; k < 5; k++) live.world.step();
    expect(live.world.robot('r1').state().status).toBe('driving');
    expect(movedM()).toBeGreaterThan(0.1);
  });

  it("publishes each robot's State every tick, which the SDK link reads into its own map", async () => {
    const robot = await MqttRobot.connect({ url: broker.url, fleet: 'lab', robotId: 'r1', map: SlamMap.forGrid(grid), limits: live.world.actionLimits });
    try {
      const tick = live.world.tick;
      for (let k = 0; k < 3; k++) live.world.step();
      await until(() => robot.state().tick === tick + 3);
      const pose = live.world.robot('r1').state().pose;
      // The wire carries poses as float32: the link's pose is the gateway's, rounded so.
      expect(robot.state().pose).toEqual({ xM: Math.fround(pose.xM), yM: Math.fround(pose.yM), headingRad: Math.fround(pose.headingRad) });
      expect(robot.state().scan!.rangesM.length).toBe(live.world.sensing.lidar.rayCount);
      expect(robot.map.knownFraction()).toBeGreaterThan(0.05);
      expect(port.counters.statesPublished).toBeGreaterThanOrEqual(6);
    } finally {
      await robot.close();
    }
  });
});

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
