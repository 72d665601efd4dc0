import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeEnvelope, encodeEnvelope, makeEnvelope, type Command } from '@swarmgate/protocols';
import type { Robot, RobotState } from '../Robot.js';
import type { RobotAction } from '../actions/validateAction.js';
import { robotStateFromWire, robotStateToWire } from './wireState.js';
import { applyCommand, motionCommand, type CommandInit } from './wireCommand.js';

const f32 = (x: number): number => Math.fround(x);
const finite = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 });
const bytes = fc.uint8Array({ maxLength: 16 });

const stateArb: fc.Arbitrary<RobotState> = fc.record({
  tick: fc.nat({ max: 2 ** 31 }),
  pose: fc.record({ xM: finite, yM: finite, headingRad: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }) }),
  status: fc.constantFrom('idle', 'moving', 'rotating', 'driving'),
  collision: fc.record({ started: fc.boolean(), touching: fc.boolean() }),
  scan: fc.option(
    fc.record({
      angleMinRad: finite,
      angleIncrementRad: finite,
      rangeMaxM: finite,
      rangesM: fc.float32Array({ noNaN: true, noDefaultInfinity: true, maxLength: 40 }),
    }),
  ),
  nearbyRobots: fc.array(fc.record({ id: fc.string({ maxLength: 8 }), distanceM: finite, bearingRad: finite }), { maxLength: 3 }),
  inbox: fc.array(fc.record({ from: fc.string({ maxLength: 8 }), sentTick: fc.nat({ max: 2 ** 31 }), payload: bytes }), { maxLength: 3 }),
  nearbyTags: fc.array(fc.record({ id: fc.nat({ max: 2 ** 31 }), xM: finite, yM: finite, distanceM: finite, payload: bytes }), { maxLength: 3 }),
  batteryFraction: fc.option(fc.double({ min: 0, max: 1, noNaN: true })),
});

function throughTheWire(state: RobotState): RobotState {
  const bytesOnWire = encodeEnvelope(makeEnvelope('r1', { state: robotStateToWire(state) }, 1, 0));
  return robotStateFromWire(decodeEnvelope(bytesOnWire).state!);
}

describe('wire State', () => {
  it('round-trips every field, numbers at float32 precision (property)', () => {
    fc.assert(
      fc.property(stateArb, (state) => {
        const back = throughTheWire(state);
        expect(back.tick).toBe(state.tick);
        expect(back.status).toBe(state.status);
        expect(back.collision).toEqual(state.collision);
        expect(back.pose).toEqual({ xM: f32(state.pose.xM), yM: f32(state.pose.yM), headingRad: f32(state.pose.headingRad) });
        if (state.scan === null) expect(back.scan).toBeNull();
        else {
          expect(back.scan!.rangeMaxM).toBe(f32(state.scan.rangeMaxM));
          expect(Array.from(back.scan!.rangesM)).toEqual(Array.from(state.scan.rangesM));
        }
        expect(back.nearbyRobots.map((r) => r.id)).toEqual(state.nearbyRobots.map((r) => r.id));
        expect(back.inbox.map((m) => [m.from, m.sentTick, Array.from(m.payload)])).toEqual(state.inbox.map((m) => [m.from, m.sentTick, Array.from(m.payload)]));
        expect(back.nearbyTags.map((t) => [t.id, Array.from(t.payload)])).toEqual(state.nearbyTags.map((t) => [t.id, Array.from(t.payload)]));
        expect(back.batteryFraction).toBe(state.batteryFraction === null ? null : f32(state.batteryFraction));
      }),
    );
  });

  it('copies payload bytes out of the decode buffer', () => {
    const state = throughTheWire({
      tick: 1,
      pose: { xM: 0, yM: 0, headingRad: 0 },
      status: 'idle',
      collision: { started: false, touching: false },
      scan: null,
      nearbyRobots: [],
      nearbyTags: [],
      batteryFraction: null,
      inbox: [{ from: 'a', sentTick: 0, payload: Uint8Array.of(7, 8) }],
    });
    expect(state.inbox[0].payload.buffer.byteLength).toBe(2);
  });
});

/** Records the Robot calls a Command turns into. */
function recordingRobot(): { robot: Robot; calls: unknown[][] } {
  const calls: unknown[][] = [];
  const record =
    (name: string) =>
    (...args: unknown[]) =>
      void calls.push([name, ...args]);
  const robot = {
    id: 'r',
    map: null as never,
    state: () => null as never,
    move: record('move'),
    rotate: record('rotate'),
    setVelocity: record('setVelocity'),
    setWheelSpeeds: record('setWheelSpeeds'),
    stop: record('stop'),
    broadcast: record('broadcast'),
    depositTag: record('depositTag'),
  } satisfies Robot;
  return { robot, calls };
}

function decodedCommand(command: CommandInit): Command {
  return decodeEnvelope(encodeEnvelope(makeEnvelope('r', { command }, 1, 0))).command!;
}

describe('wire Command', () => {
  it('carries each motion action to the same Robot call', () => {
    const cases: [RobotAction, unknown[]][] = [
      [{ kind: 'move', distanceM: 1.5 }, ['move', 1.5]],
      [{ kind: 'rotate', degrees: -90 }, ['rotate', -90]],
      [{ kind: 'velocity', linearMps: 0.5, angularRadps: -0.25 }, ['setVelocity', 0.5, -0.25]],
      [{ kind: 'wheels', leftMps: 0.125, rightMps: 0.25 }, ['setWheelSpeeds', 0.125, 0.25]],
      [{ kind: 'stop' }, ['stop']],
    ];
    for (const [action, call] of cases) {
      const { robot, calls } = recordingRobot();
      const command = decodedCommand(motionCommand(action, 9));
      expect(command.commandId).toBe(9);
      applyCommand(robot, command);
      expect(calls).toEqual([call]);
    }
  });

  it('performs broadcast, deposit and emergency stop, and refuses an empty command', () => {
    const { robot, calls } = recordingRobot();
    expect(applyCommand(robot, decodedCommand({ commandId: 1, broadcast: { payload: Uint8Array.of(1) } }))).toBe('broadcast');
    expect(applyCommand(robot, decodedCommand({ commandId: 2, depositTag: { payload: Uint8Array.of(2) } }))).toBe('depositTag');
    expect(applyCommand(robot, decodedCommand({ commandId: 3, emergencyStop: { reason: 'x' } }))).toBe('emergencyStop');
    expect(calls.map((c) => c[0])).toEqual(['broadcast', 'depositTag', 'stop']);
    expect(() => applyCommand(robot, decodedCommand({ commandId: 4 }))).toThrow(/SG_PROTO_COMMAND_INVALID: command 4 carries no action/);
    expect(() => applyCommand(robot, decodedCommand({ commandId: 5, releaseEmergencyStop: { reason: 'x' } }))).toThrow(
      /SG_OPERATOR_ONLY: releaseEmergencyStop is the gateway operator's/,
    );
    expect(calls).toHaveLength(3);
  });
});
