/**
 * Kill the gateway (issue 4): `swarmgate serve` on an external Mosquitto drives a mona-sim;
 * after SIGKILL no MotorCommand comes any more, and the firmware's watchdog stops the motors
 * by the deadline the last MotorCommand carried.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import { TelemetryFlag, decodeEnvelope, robotTopic, type Pose } from '@swarmgate/protocols';
import { startMosquitto, type MosquittoBroker } from '../harness/mosquitto.js';
import { FLEET, sleep, startMonaSim, terminate, waitFor } from './liveHarness.js';

const SWARMGATE_BIN = join(import.meta.dirname, '..', '..', '..', 'gateway', 'bin', 'swarmgate.js');

interface Sample {
  readonly atMs: number;
  readonly flags: number;
  readonly odometry: Pose;
}

describe('gateway killed mid-trial', () => {
  let broker: MosquittoBroker;
  let observer: MqttClient;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    broker = await startMosquitto();
    observer = await mqtt.connectAsync(broker.url, { reconnectPeriod: 0 });
  });

  afterAll(async () => {
    await Promise.all(children.map((child) => terminate(child)));
    await observer?.endAsync();
    await broker?.stop();
  });

  it('every mona-sim stops its motors by the MotorCommand deadline', async () => {
    const telemetry: Sample[] = [];
    const motor: { atMs: number; deadlineMs: number; moving: boolean }[] = [];
    await observer.subscribeAsync([robotTopic(FLEET, 'mona-01', 'telemetry'), robotTopic(FLEET, 'mona-01', 'downlink')]);
    observer.on('message', (_topic, payload) => {
      const env = decodeEnvelope(payload);
      const atMs = Date.now();
      const t = env.telemetry;
      if (t?.odometry) telemetry.push({ atMs, flags: t.flags, odometry: { xM: t.odometry.xM, yM: t.odometry.yM, headingRad: t.odometry.headingRad } });
      const m = env.motorCommand;
      if (m) motor.push({ atMs, deadlineMs: m.deadlineMs, moving: m.leftMps !== 0 || m.rightMps !== 0 });
    });

    const serve = spawn(process.execPath, [SWARMGATE_BIN, 'serve', '--map', 'building:30x30:seed=7', '--robots', '1', '--mqtt', broker.url], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(serve);
    let out = '';
    serve.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    serve.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await waitFor('serve to start', () => out.includes('swarmgate serve:'), 30_000).catch((error: Error) => {
      throw new Error(`${error.message}\n${out}`);
    });
    children.push(startMonaSim('mona-01', ['--mqtt', broker.url, '--fleet', FLEET, '--keepalive', '2']));
    await waitFor('motor commands that move the robot', () => motor.filter((m) => m.moving).length >= 10, 20_000);

    serve.kill('SIGKILL');
    await new Promise((resolve) => serve.once('exit', resolve));
    const killedAtMs = Date.now();
    await waitFor(
      'a watchdog stop in the telemetry',
      () => telemetry.some((s) => s.atMs >= killedAtMs && s.flags & TelemetryFlag.TELEMETRY_FLAG_WATCHDOG_STOP),
      5000,
    );
    const lastMotor = motor.at(-1)!;
    expect(lastMotor.atMs).toBeLessThanOrEqual(killedAtMs);
    const stop = telemetry.find((s) => s.atMs >= killedAtMs && s.flags & TelemetryFlag.TELEMETRY_FLAG_WATCHDOG_STOP)!;
    // Deadline, plus the firmware's one model step and delivery through the broker.
    expect(stop.atMs - lastMotor.atMs).toBeLessThanOrEqual(lastMotor.deadlineMs + 250);
    // Stopped means stopped: odometry no longer changes.
    await sleep(600);
    const after = telemetry.filter((s) => s.atMs > stop.atMs);
    expect(after.length).toBeGreaterThan(3);
    for (const s of after) {
      expect(s.odometry.xM).toBeCloseTo(stop.odometry.xM, 6);
      expect(s.odometry.yM).toBeCloseTo(stop.odometry.yM, 6);
    }
  }, 60_000);
});
