/**
 * The Robot contract: one vitest suite that every backend runs (the gateway's SimRobot, the
 * SDK's MqttRobot against a live gateway, PointRobot here), so the backends cannot drift apart.
 *
 * - The snapshot rule: a state is what the robot sensed at its tick, whenever it is read; a
 *   state kept for ten ticks still holds its own tick's pose, scan and inbox.
 * - Copies: changing a state handed out changes no other state (nor the backend).
 * - Motion: move / rotate / setVelocity / stop give the same statuses, end where they should,
 *   and refuse the same calls with the same codes (SG_ROBOT_BUSY, SG_BAD_ARGUMENT).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { InboxMessage, NearbyRobot, Pose, Robot, RobotState } from '../Robot.js';

/** One backend under test, with the robot in open space: at least 2 m free ahead and around it. */
export interface RobotBackend {
  readonly robot: Robot;
  /** One logic tick: applies what the robot latched, senses; resolves once robot.state() shows the new tick. */
  step(): Promise<void>;
  /** Another robot sends `payload` now: it is in the inbox of the robot's next State. */
  deliver(payload: Uint8Array): Promise<void>;
  close(): Promise<void>;
}

export interface RobotContractOptions {
  /** How close a move(1) ends to 1 m and a rotate(90) to 90 deg (the backend's motion precision). */
  readonly moveToleranceM: number;
  readonly rotateToleranceRad: number;
}

const PAYLOAD = Uint8Array.of(7, 1, 2, 3);

/** A state as plain data, every array copied: what it holds now, for deep comparison. */
function plain(state: RobotState) {
  const { pose, collision, scan } = state;
  return {
    tick: state.tick,
    pose: { xM: pose.xM, yM: pose.yM, headingRad: pose.headingRad },
    status: state.status,
    collision: { started: collision.started, touching: collision.touching },
    scan: scan && { angleMinRad: scan.angleMinRad, angleIncrementRad: scan.angleIncrementRad, rangeMaxM: scan.rangeMaxM, rangesM: Array.from(scan.rangesM) },
    nearbyRobots: state.nearbyRobots.map((r) => ({ id: r.id, distanceM: r.distanceM, bearingRad: r.bearingRad })),
    inbox: state.inbox.map((m) => ({ from: m.from, sentTick: m.sentTick, payload: Array.from(m.payload) })),
    nearbyTags: state.nearbyTags.map((t) => ({ id: t.id, xM: t.xM, yM: t.yM, distanceM: t.distanceM, payload: Array.from(t.payload) })),
    batteryFraction: state.batteryFraction,
  };
}

/** Writes into every part of a state a controller could reach; a frozen part refuses, which is as good. */
function scribble(state: RobotState): void {
  state.scan?.rangesM.fill(-1);
  for (const m of state.inbox) m.payload.fill(0);
  for (const t of state.nearbyTags) t.payload.fill(0);
  const attempts = [
    () => ((state.pose as { xM: number }).xM += 100),
    () => ((state.collision as { started: boolean }).started = !state.collision.started),
    () => (state.inbox as InboxMessage[]).push({ from: 'intruder', sentTick: 0, payload: PAYLOAD }),
    () => ((state.nearbyRobots as NearbyRobot[]).length = 0),
  ];
  for (const attempt of attempts) {
    try {
      attempt();
    } catch {
      // A frozen (shared empty) list or object: the write is refused.
    }
  }
}

function codeOf(call: () => void): string | undefined {
  try {
    call();
  } catch (error) {
    return (error as { code?: string }).code ?? `uncoded: ${(error as Error).message}`;
  }
  return undefined;
}

const wrapped = (rad: number): number => Math.atan2(Math.sin(rad), Math.cos(rad));

/** Registers the contract's cases for one backend; `create` gives a fresh backend per case. */
export function robotContract(name: string, create: () => Promise<RobotBackend>, options: RobotContractOptions): void {
  describe(`Robot contract: ${name}`, () => {
    let backend: RobotBackend;

    beforeEach(async () => {
      backend = await create();
    });

    afterEach(async () => {
      await backend?.close();
    });

    async function stepUntilIdle(maxTicks: number): Promise<void> {
      for (let k = 0; k < maxTicks && backend.robot.state().status !== 'idle'; k++) await backend.step();
      expect(backend.robot.state().status, `idle within ${maxTicks} ticks`).toBe('idle');
    }

    it('a state read later is what the robot sensed at its tick: tick, pose, scan and inbox', async () => {
      const { robot } = backend;
      await backend.step();
      robot.setVelocity(0.5, 0.3);
      await backend.deliver(PAYLOAD);
      await backend.step();
      const kept = robot.state();
      const sensed = plain(robot.state());
      expect(sensed.scan, 'a scan to compare').not.toBeNull();
      expect(sensed.inbox.map((m) => m.payload)).toContainEqual(Array.from(PAYLOAD));
      for (let k = 0; k < 10; k++) await backend.step();
      const later = plain(robot.state());
      expect(later.tick).toBe(sensed.tick + 10);
      expect(later.pose, 'the robot moved meanwhile').not.toEqual(sensed.pose);
      expect(later.scan, 'and sees differently').not.toEqual(sensed.scan);
      expect(later.inbox, 'messages are in one State only').toEqual([]);
      expect(plain(kept)).toEqual(sensed);
    });

    it('hands out copies: changing one state changes no other', async () => {
      const { robot } = backend;
      await backend.step();
      robot.setVelocity(0.5, 0);
      await backend.deliver(PAYLOAD);
      await backend.step();
      const first = robot.state();
      const sensed = plain(first);
      expect(sensed.inbox).not.toEqual([]);
      scribble(first);
      expect(first.scan!.rangesM[0], 'the scribble took').toBe(-1);
      expect(plain(robot.state())).toEqual(sensed);
      await backend.step();
      expect(
        robot.state().scan!.rangesM.every((r) => r >= 0),
        "nor the backend's next scan",
      ).toBe(true);
    });

    it('moves, rotates, drives and stops with the same statuses, busy rule and errors', async () => {
      const { robot } = backend;
      await backend.step();
      const start: Pose = robot.state().pose;
      robot.move(1);
      expect(
        codeOf(() => robot.rotate(90)),
        'rotate() with a move latched',
      ).toBe('SG_ROBOT_BUSY');
      await backend.step();
      expect(robot.state().status).toBe('moving');
      expect(
        codeOf(() => robot.move(1)),
        'move() while moving',
      ).toBe('SG_ROBOT_BUSY');
      await stepUntilIdle(80);
      const moved = robot.state().pose;
      const alongM = (moved.xM - start.xM) * Math.cos(start.headingRad) + (moved.yM - start.yM) * Math.sin(start.headingRad);
      expect(Math.abs(alongM - 1), 'move(1) ends 1 m ahead').toBeLessThan(options.moveToleranceM);

      robot.rotate(90);
      await backend.step();
      expect(robot.state().status).toBe('rotating');
      expect(
        codeOf(() => robot.move(1)),
        'move() while rotating',
      ).toBe('SG_ROBOT_BUSY');
      await stepUntilIdle(80);
      expect(Math.abs(wrapped(robot.state().pose.headingRad - moved.headingRad - Math.PI / 2)), 'rotate(90) ends a quarter turn on').toBeLessThan(
        options.rotateToleranceRad,
      );

      robot.setVelocity(0.5, 0);
      await backend.step();
      expect(robot.state().status).toBe('driving');
      expect(
        codeOf(() => robot.move(1)),
        'a move may replace driving',
      ).toBeUndefined();
      robot.stop();
      await backend.step();
      expect(robot.state().status, 'the last call of a tick wins').toBe('idle');

      robot.move(1);
      await backend.step();
      robot.stop();
      expect(
        codeOf(() => robot.move(1)),
        'after stop() a move is allowed at once',
      ).toBeUndefined();
      robot.stop();
      await backend.step();
      expect(robot.state().status).toBe('idle');

      expect(codeOf(() => robot.move(Number.NaN))).toBe('SG_BAD_ARGUMENT');
      expect(codeOf(() => robot.rotate(181))).toBe('SG_BAD_ARGUMENT');
      expect(codeOf(() => robot.setWheelSpeeds(Number.POSITIVE_INFINITY, 0))).toBe('SG_BAD_ARGUMENT');
      expect(
        codeOf(() => robot.setVelocity(1000, 0)),
        'too fast is clamped, not refused',
      ).toBeUndefined();
      robot.stop();
    });
  });
}
