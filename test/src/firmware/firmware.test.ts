/**
 * The C firmware (firmware/, ATmega328P): its host unit tests, its size on the chip, and the
 * real firmware.elf running on simavr with its UART on a pty, registered by the gateway's
 * SerialBridge like a MONA on a USB adapter: Birth with MONA_SPEC's numbers, MotorCommand with
 * Ack, encoder ticks while driving, the deadline watchdog, and the emergency-stop latch.
 */
import { MemoryLogger, RobotRegistry, SerialBridge } from '@swarmgate/gateway';
import { MONA_SPEC, PROTOCOL_VERSION, swarmgate, type Ack, type ErrorMessage, type Telemetry } from '@swarmgate/protocols';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '@swarmgate/firmware-sim/testing';
import { firmwareDir, makeFirmware as make } from '../harness/firmware.js';

const Flag = swarmgate.v1.TelemetryFlag;
const ErrorCode = swarmgate.v1.ErrorCode;
const ROBOT_ID = 'mona-01'; // the firmware's default ROBOT_ID

describe('MONA firmware (C)', () => {
  it('passes its host unit tests on the fake HAL', async () => {
    expect(await make('test')).toMatch(/mona firmware tests: \d+ checks, 0 failures/);
  }, 180_000);

  it('fits the ATmega328P: 32 KB flash, 2 KB RAM with room for the stack', async () => {
    const report = /flash (\d+) of 32768 bytes .*RAM (\d+) of 2048 bytes/.exec(await make('all'));
    expect(report).not.toBeNull();
    expect(Number(report![1])).toBeLessThan(32768);
    // nanopb's decoder recurses per sub-message: keep at least 512 B for the stack.
    expect(Number(report![2])).toBeLessThan(2048 - 512);
  }, 180_000);
});

describe('MONA firmware on simavr, through the SerialBridge', () => {
  let dir: string;
  let sim: ChildProcess;
  let bridge: SerialBridge;
  const registry = new RobotRegistry({ keepaliveMs: 60_000 });
  const telemetry: Telemetry[] = [];
  const acks: Ack[] = [];
  const errors: ErrorMessage[] = [];

  beforeAll(async () => {
    await make('sim');
    dir = mkdtempSync(join(tmpdir(), 'mona-simavr-'));
    const link = join(dir, 'ttyMONA');
    sim = spawn(join(firmwareDir, 'build/mona_simavr'), [join(firmwareDir, 'build/firmware.elf'), '--link', link], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    sim.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    sim.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await until(() => output.includes('pty: ') || sim.exitCode !== null, 'the simavr pty');
    expect(sim.exitCode, output).toBeNull();
    registry.on('telemetry', (robotId, t) => robotId === ROBOT_ID && telemetry.push(t));
    bridge = new SerialBridge({ registry, ports: [link], logger: new MemoryLogger() });
    bridge.on('ack', (robotId, ack) => robotId === ROBOT_ID && acks.push(ack));
    bridge.on('robotError', (robotId, error) => robotId === ROBOT_ID && errors.push(error));
    await bridge.start();
  }, 180_000);

  afterAll(async () => {
    await bridge?.stop();
    registry.close();
    if (sim && sim.exitCode === null) {
      const exited = new Promise((resolve) => sim.once('exit', resolve));
      sim.kill('SIGTERM');
      await exited;
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('registers on its Birth with the MONA_SPEC numbers', async () => {
    await until(() => registry.get(ROBOT_ID)?.online === true, 'the Birth of the simulated MONA');
    const record = registry.get(ROBOT_ID)!;
    expect(record).toMatchObject({ link: 'serial', model: 'mona', firmwareVersion: '0.1.0', protocolVersion: { major: PROTOCOL_VERSION.major, minor: PROTOCOL_VERSION.minor } });
    const caps = record.capabilities!;
    // float32 on the wire: equal to MONA_SPEC at float precision.
    expect(caps.maxWheelSpeedMps).toBeCloseTo(MONA_SPEC.maxWheelSpeedMps, 6);
    expect(caps.wheelBaseM).toBeCloseTo(MONA_SPEC.wheelBaseM, 6);
    expect(caps.wheelRadiusM).toBeCloseTo(MONA_SPEC.wheelRadiusM, 6);
    expect(caps.bodyDiameterM).toBeCloseTo(MONA_SPEC.bodyDiameterM, 6);
    expect(caps.encoderTicksPerRev).toBe(MONA_SPEC.encoderTicksPerRev);
    expect(caps.sensors).toEqual([`ir${MONA_SPEC.irSensors.length}`, 'encoders']);
    await until(() => telemetry.length >= 2, 'telemetry');
    expect(telemetry.at(-1)!.irRangesM).toHaveLength(MONA_SPEC.irSensors.length);
    expect(telemetry.at(-1)!.irRangesM[0]).toBeCloseTo(MONA_SPEC.irRangeMaxM, 6); // nothing in front
  }, 30_000);

  it('drives on a MotorCommand and stops itself when its deadline passes', async () => {
    expect(bridge.send(ROBOT_ID, { motorCommand: { leftMps: 0.065, rightMps: 0.065, deadlineMs: 400, commandId: 11 } })).toBe(true);
    await until(() => acks.some((a) => a.commandId === 11), 'the Ack');
    await until(() => (telemetry.at(-1)?.encoderLeftTicks ?? 0) > 20, 'encoder ticks while driving');
    await until(() => errors.some((e) => e.code === ErrorCode.ERROR_CODE_WATCHDOG && e.commandId === 11), 'the watchdog Error');
    const stoppedAt = telemetry.length;
    await until(() => telemetry.length >= stoppedAt + 3, 'telemetry after the stop');
    const after = telemetry.slice(stoppedAt);
    expect(new Set(after.map((t) => t.encoderLeftTicks)).size).toBe(1); // the wheels stand still
    expect(after.every((t) => (t.flags & Flag.TELEMETRY_FLAG_WATCHDOG_STOP) !== 0)).toBe(true);
  }, 30_000);

  it('an emergency stop halts a running robot and latches until an explicit release, which starts no motion', async () => {
    const ticksOf = () => telemetry.at(-1)!.encoderLeftTicks;
    bridge.send(ROBOT_ID, { motorCommand: { leftMps: 0.1, rightMps: 0.1, deadlineMs: 10_000, commandId: 12 } });
    await until(() => acks.some((a) => a.commandId === 12), 'the Ack');
    const startTicks = ticksOf();
    await until(() => ticksOf() > startTicks + 20, 'driving');

    bridge.send(ROBOT_ID, { command: { commandId: 13, emergencyStop: { reason: 'test' } } });
    await until(() => acks.some((a) => a.commandId === 13), 'the emergency stop Ack');
    await until(() => (telemetry.at(-1)!.flags & Flag.TELEMETRY_FLAG_EMERGENCY_STOP) !== 0, 'the EMERGENCY_STOP flag');
    const stoppedAt = telemetry.length - 1;
    await until(() => telemetry.length >= stoppedAt + 4, 'telemetry after the stop');
    expect(new Set(telemetry.slice(stoppedAt).map((t) => t.encoderLeftTicks)).size).toBe(1);

    bridge.send(ROBOT_ID, { motorCommand: { leftMps: 0.1, rightMps: 0.1, deadlineMs: 400, commandId: 14 } });
    await until(() => errors.some((e) => e.commandId === 14), 'the refusal');
    expect(errors.find((e) => e.commandId === 14)!.code).toBe(ErrorCode.ERROR_CODE_EMERGENCY_STOP);

    bridge.send(ROBOT_ID, { command: { commandId: 15, releaseEmergencyStop: { reason: 'test over' } } });
    await until(() => acks.some((a) => a.commandId === 15), 'the release Ack');
    const releasedAt = telemetry.length;
    await until(() => telemetry.length >= releasedAt + 2, 'telemetry after the release');
    const ticks = ticksOf();
    expect(telemetry.at(-1)!.flags & Flag.TELEMETRY_FLAG_EMERGENCY_STOP).toBe(0);
    expect(telemetry[releasedAt].encoderLeftTicks).toBe(ticks); // no motion after the release

    bridge.send(ROBOT_ID, { motorCommand: { leftMps: 0.1, rightMps: 0.1, deadlineMs: 400, commandId: 16 } });
    await until(() => acks.some((a) => a.commandId === 16), 'the Ack after the release');
    await until(() => ticksOf() > ticks, 'motion after the release');
  }, 30_000);
});
