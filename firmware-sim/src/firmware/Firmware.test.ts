import { decodeEnvelope, encodeEnvelope, makeEnvelope, MONA_SPEC, swarmgate, type BodyKind, type EnvelopeInit, type Clock, ManualClock } from '@swarmgate/protocols';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMona } from './createMona.js';
import { FIRMWARE_VERSION, LED } from './Firmware.js';

const ErrorCode = swarmgate.v1.ErrorCode;
const Flag = swarmgate.v1.TelemetryFlag;

function setup() {
  const clock = new ManualClock(1000);
  const sent: { kind: BodyKind; envelope: EnvelopeInit }[] = [];
  const firmware = createMona({ robotId: 'mona-03', clock, seed: 1, model: { encoderNoiseStd: 0, maxSlip: 0 } }, (kind, envelope) =>
    sent.push({ kind, envelope }),
  );
  // Round-trip through the wire so the tests see what a peer would decode.
  const received = (kind: BodyKind) => sent.filter((s) => s.kind === kind).map((s) => decodeEnvelope(encodeEnvelope(s.envelope)));
  const deliver = (body: Parameters<typeof makeEnvelope>[1], robotId = 'mona-03') =>
    firmware.receiveBytes(encodeEnvelope(makeEnvelope(robotId, body, 7, 0)));
  return { clock, firmware, sent, received, deliver };
}

describe('Firmware', () => {
  it('announces Birth with MONA_SPEC capabilities and the session, then 10 Hz telemetry', () => {
    const { clock, firmware, received } = setup();
    firmware.goOnline(4);
    const [birth] = received('birth');
    expect(birth!.birth!.session).toBe(4);
    expect(birth!.birth!.firmwareVersion).toBe(FIRMWARE_VERSION);
    expect(birth!.birth!.protocolVersion!.major).toBe(1);
    expect(birth!.birth!.capabilities!.wheelBaseM).toBeCloseTo(MONA_SPEC.wheelBaseM, 6);
    expect(birth!.birth!.capabilities!.sensors).toContain('ir5');
    clock.advance(1000);
    const telemetry = received('telemetry');
    expect(telemetry).toHaveLength(10);
    const last = telemetry[9]!.telemetry!;
    expect(last.irRangesM).toHaveLength(5);
    expect(last.battery!.fraction).toBeLessThan(1);
    expect(last.flags & Flag.TELEMETRY_FLAG_MOTORS_ENABLED).toBeTruthy();
    expect(last.ledRgb).toBe(LED.idle);
    expect(telemetry[9]!.timestampMs).toBe(1000);
  });

  it('executes a MotorCommand, acks it, and the watchdog stops the motors at its deadline', () => {
    const { clock, firmware, received, deliver } = setup();
    firmware.goOnline(1);
    deliver({ motorCommand: { leftMps: 0.1, rightMps: 0.1, deadlineMs: 300, commandId: 42 } });
    expect(received('ack').map((e) => e.ack!.commandId)).toEqual([42]);
    expect(firmware.model.motorsRunning).toBe(true);
    clock.advance(250);
    expect(received('telemetry').at(-1)!.telemetry!.ledRgb).toBe(LED.driving);
    expect(received('error')).toHaveLength(0);
    clock.advance(60); // the watchdog timer fires at deadline + one model step
    expect(firmware.model.motorsRunning).toBe(false);
    const [watchdog] = received('error');
    expect(watchdog!.error!.code).toBe(ErrorCode.ERROR_CODE_WATCHDOG);
    expect(watchdog!.error!.commandId).toBe(42);
    expect(received('telemetry').at(-1)!.telemetry!.flags & Flag.TELEMETRY_FLAG_WATCHDOG_STOP).toBeTruthy();
    // Drove for exactly the 300 ms deadline at 0.1 m/s.
    expect(firmware.model.pose.xM).toBeCloseTo(1 + 0.03, 6);
    expect(firmware.counters.watchdogStops).toBe(1);
  });

  it('clamps a deadline over MONA_SPEC.maxMotorDeadlineMs to it, as the gateway and the C firmware do', () => {
    const { clock, firmware, received, deliver } = setup();
    firmware.goOnline(1);
    deliver({ motorCommand: { leftMps: 0.1, rightMps: 0.1, deadlineMs: 0xffffffff, commandId: 43 } });
    expect(received('ack').map((e) => e.ack!.commandId)).toEqual([43]);
    clock.advance(MONA_SPEC.maxMotorDeadlineMs - 10);
    expect(firmware.model.motorsRunning).toBe(true);
    clock.advance(60); // the watchdog timer fires at the capped deadline + one model step
    expect(firmware.model.motorsRunning).toBe(false);
    expect(received('error').map((e) => e.error!.code)).toEqual([ErrorCode.ERROR_CODE_WATCHDOG]);
  });

  it('newer commands keep the motors running past the first deadline', () => {
    const { clock, firmware, deliver } = setup();
    firmware.goOnline(1);
    for (let i = 0; i < 10; i++) {
      deliver({ motorCommand: { leftMps: 0.05, rightMps: 0.05, deadlineMs: 200 } });
      clock.advance(100);
    }
    expect(firmware.model.motorsRunning).toBe(true);
    expect(firmware.counters.watchdogStops).toBe(0);
    expect(firmware.counters.acks).toBe(0); // commandId 0: no ack wanted
  });

  it('emergency stop halts, latches, and refuses motion until reboot', () => {
    const { firmware, received, deliver } = setup();
    firmware.goOnline(1);
    deliver({ motorCommand: { leftMps: 0.1, rightMps: 0.1, deadlineMs: 1000, commandId: 1 } });
    deliver({ command: { commandId: 2, emergencyStop: { reason: 'test' } } });
    expect(firmware.model.motorsRunning).toBe(false);
    const afterStop = received('telemetry').at(-1)!.telemetry!;
    expect(afterStop.flags & Flag.TELEMETRY_FLAG_EMERGENCY_STOP).toBeTruthy();
    expect(afterStop.ledRgb).toBe(LED.emergencyStop);
    deliver({ motorCommand: { leftMps: 0.1, rightMps: 0.1, deadlineMs: 1000, commandId: 3 } });
    expect(received('error').at(-1)!.error!.code).toBe(ErrorCode.ERROR_CODE_EMERGENCY_STOP);
    expect(received('ack').map((e) => e.ack!.commandId)).toEqual([1, 2]);
    firmware.reboot();
    deliver({ motorCommand: { leftMps: 0.1, rightMps: 0.1, deadlineMs: 1000, commandId: 4 } });
    expect(firmware.model.motorsRunning).toBe(true);
  });

  it('an emergency stop stays latched through stop and motion Commands; only a release clears it, and it starts no motion', () => {
    const { clock, firmware, received, deliver } = setup();
    firmware.goOnline(1);
    deliver({ motorCommand: { leftMps: 0.1, rightMps: 0.1, deadlineMs: 1000, commandId: 1 } });
    deliver({ command: { commandId: 2, emergencyStop: { reason: 'test' } } });
    // Ordinary Commands: a stop is executed, motion is refused; neither touches the latch.
    deliver({ command: { commandId: 3, stop: {} } });
    deliver({ command: { commandId: 4, velocity: { linearMps: 0.1, angularRadps: 0 } } });
    deliver({ motorCommand: { leftMps: 0.1, rightMps: 0.1, deadlineMs: 1000, commandId: 5 } });
    expect(firmware.model.emergencyStopActive).toBe(true);
    expect(received('error').at(-1)!.error).toMatchObject({ code: ErrorCode.ERROR_CODE_EMERGENCY_STOP, commandId: 5 });
    clock.advance(5000); // no timeout clears it either
    expect(firmware.model.emergencyStopActive).toBe(true);
    expect(received('telemetry').at(-1)!.telemetry!.flags & Flag.TELEMETRY_FLAG_EMERGENCY_STOP).toBeTruthy();

    const poseBefore = { ...firmware.model.pose };
    deliver({ command: { commandId: 6, releaseEmergencyStop: { reason: 'arena clear' } } });
    expect(received('ack').map((e) => e.ack!.commandId)).toEqual([1, 2, 3, 6]);
    expect(firmware.model.emergencyStopActive).toBe(false);
    const afterRelease = received('telemetry').at(-1)!.telemetry!;
    expect(afterRelease.flags & Flag.TELEMETRY_FLAG_EMERGENCY_STOP).toBe(0);
    expect(afterRelease.flags & Flag.TELEMETRY_FLAG_MOTORS_ENABLED).toBeTruthy();
    expect(afterRelease.ledRgb).toBe(LED.idle);
    // The old motion does not resume: still until the next MotorCommand.
    clock.advance(500);
    expect(firmware.model.motorsRunning).toBe(false);
    expect(firmware.model.pose).toEqual(poseBefore);
    deliver({ motorCommand: { leftMps: 0.1, rightMps: 0.1, deadlineMs: 1000, commandId: 7 } });
    expect(firmware.model.motorsRunning).toBe(true);
    expect(received('ack').at(-1)!.ack!.commandId).toBe(7);
  });

  it('re-sends the Birth of its current session on a requestBirth Command, and changes nothing else', () => {
    const { firmware, received, deliver } = setup();
    firmware.goOnline(3);
    deliver({ motorCommand: { leftMps: 0.1, rightMps: 0.1, deadlineMs: 1000, commandId: 1 } });
    const birthsBefore = received('birth').length;
    deliver({ command: { commandId: 0, requestBirth: {} } });
    deliver({ command: { commandId: 8, requestBirth: {} } });
    const births = received('birth').slice(birthsBefore);
    expect(births.map((e) => e.birth!.session)).toEqual([3, 3]);
    expect(received('ack').map((e) => e.ack!.commandId)).toEqual([1, 8]);
    expect(received('error')).toEqual([]);
    expect(firmware.model.motorsRunning).toBe(true);
  });

  it('answers bad input with coded Errors and keeps going', () => {
    const { firmware, received, deliver } = setup();
    firmware.goOnline(1);
    firmware.receiveBytes(Uint8Array.from([0xff, 0xff, 0xff]));
    firmware.receiveBytes(encodeEnvelope({ ...makeEnvelope('mona-03', { ack: { commandId: 1 } }, 1, 0), version: { major: 9, minor: 0 } }));
    deliver({ command: { commandId: 5, move: { distanceM: 1 } } });
    deliver({ motorCommand: { leftMps: 0.1, rightMps: 0.1, deadlineMs: 0, commandId: 6 } });
    deliver({ motorCommand: { leftMps: 0.1, rightMps: 0.1, deadlineMs: 100, commandId: 7 } }, 'mona-04');
    deliver({ telemetry: {} });
    expect(received('error').map((e) => e.error!.code)).toEqual([
      ErrorCode.ERROR_CODE_DECODE,
      ErrorCode.ERROR_CODE_VERSION,
      ErrorCode.ERROR_CODE_UNSUPPORTED,
      ErrorCode.ERROR_CODE_OUT_OF_RANGE,
      ErrorCode.ERROR_CODE_UNSUPPORTED,
      ErrorCode.ERROR_CODE_UNSUPPORTED,
    ]);
    expect(received('error')[2]!.error!.refSeq).toBe(7);
    expect(firmware.model.motorsRunning).toBe(false);
  });

  it('never throws on arbitrary bytes', () => {
    const { firmware } = setup();
    firmware.goOnline(1);
    fc.assert(fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => firmware.receiveBytes(bytes)));
    expect(firmware.counters.received).toBeGreaterThan(0);
  });

  it('keeps Telemetry on its 100 ms grid when timers fire late, and skips the ticks a stall missed', () => {
    const fake = new ManualClock(0);
    let stallMs = 0;
    // Every timer fires 3 ms late, as on a busy event loop; `stallMs` delays the next one more.
    const lateClock: Clock = {
      nowMs: () => fake.nowMs(),
      setTimeout: (callback, delayMs) => {
        const lateMs = 3 + stallMs;
        stallMs = 0;
        return fake.setTimeout(callback, delayMs + lateMs);
      },
      clearTimeout: (handle) => fake.clearTimeout(handle),
    };
    const sentAtMs: number[] = [];
    const firmware = createMona({ robotId: 'mona-03', clock: lateClock, seed: 1 }, (kind) => {
      if (kind === 'telemetry') sentAtMs.push(fake.nowMs());
    });
    firmware.goOnline(1);
    fake.advance(1000);
    // Re-arming at "now + period" would drift to 103, 206, 309, ...: nine in the first second at most.
    expect(sentAtMs).toEqual([103, 203, 303, 403, 503, 603, 703, 803, 903]);
    stallMs = 350;
    fake.advance(650);
    // 1100-1400 fell into the stall: one Telemetry when it ends, then the grid again, no bunch.
    expect(sentAtMs.slice(9)).toEqual([1003, 1453, 1503, 1603]);
  });

  it('going offline stops the motors and the telemetry', () => {
    const { clock, firmware, received, deliver } = setup();
    firmware.goOnline(1);
    deliver({ motorCommand: { leftMps: 0.1, rightMps: 0.1, deadlineMs: 5000 } });
    firmware.goOffline();
    const count = received('telemetry').length;
    clock.advance(1000);
    expect(received('telemetry').length).toBe(count);
    expect(firmware.model.motorsRunning).toBe(false);
    expect(clock.pendingTimers).toBe(0);
  });

  it('Death carries the session it ends', () => {
    const { firmware } = setup();
    expect(decodeEnvelope(encodeEnvelope(firmware.deathEnvelope(9))).death!.session).toBe(9);
  });
});

describe('createMona', () => {
  it('builds the robot from MONA_SPEC: golden straight line and spin in place', () => {
    const { clock, firmware, deliver } = setup();
    firmware.goOnline(1);
    const model = firmware.model;
    expect(model.dims).toBe(MONA_SPEC);
    // Straight: 0.1 m/s for 0.5 s (noise and slip off in setup()); speeds are float32 on the
    // wire, hence 1e-6 tolerances.
    deliver({ motorCommand: { leftMps: 0.1, rightMps: 0.1, deadlineMs: 500 } });
    clock.advance(600);
    expect(model.pose.xM).toBeCloseTo(1.05, 6);
    // Encoders: 0.05 m / (2 pi 10.4 mm) x 1176 ticks = 899.88 -> 899.
    expect(Array.from(model.encoderTicks)).toEqual([899, 899]);
    // Spin: +-0.1 m/s on a 78 mm base = 2.5641 rad/s for 0.5 s = 1.28205 rad.
    deliver({ motorCommand: { leftMps: -0.1, rightMps: 0.1, deadlineMs: 500 } });
    clock.advance(600);
    expect(model.pose.headingRad).toBeCloseTo(0.2 / 0.078 / 2, 6);
    expect(model.pose.xM).toBeCloseTo(1.05, 6);
    // Clamped to the spec's wheel speed limit.
    deliver({ motorCommand: { leftMps: 5, rightMps: 5, deadlineMs: 100 } });
    expect(model.wheelSpeedMps[0]).toBe(MONA_SPEC.maxWheelSpeedMps);
  });

  it('odometry tracks the true pose when there is no noise or slip', () => {
    const { clock, firmware, deliver, received } = setup();
    firmware.goOnline(1);
    for (let i = 0; i < 10; i++) {
      deliver({ motorCommand: { leftMps: 0.05, rightMps: 0.1, deadlineMs: 200 } });
      clock.advance(100);
    }
    clock.advance(300);
    const odometry = received('telemetry').at(-1)!.telemetry!.odometry!;
    // Odometry frame = boot pose: (1, 1, 0) in the arena.
    expect(odometry.xM).toBeCloseTo(firmware.model.pose.xM - 1, 3);
    expect(odometry.yM).toBeCloseTo(firmware.model.pose.yM - 1, 3);
    expect(odometry.headingRad).toBeCloseTo(firmware.model.pose.headingRad, 2);
  });
});
