/**
 * One topic per direction, end to end on a real Mosquitto: a remote controller's Commands go
 * on `cmd` to the gateway only, the gateway turns them into MotorCommands on the robot's
 * `downlink`, and the firmware (a mona-sim process) reads only its downlink. So the firmware
 * never answers a controller's Command with ERROR_CODE_UNSUPPORTED and the gateway logs no
 * warning for it; the emergency stop still reaches every robot, on the downlink, within 200 ms.
 */
import type { ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveService, MemoryLogger } from '@swarmgate/gateway';
import { loadMap } from '@swarmgate/maps';
import { decodeEnvelope, robotTopic, swarmgate, type Envelope } from '@swarmgate/protocols';
import { startMosquitto, type MosquittoBroker } from '../harness/mosquitto.js';
import { FLEET, sleep, startLive, startMonaSim, startRemoteFrontier, terminate, waitFor, type RemoteController } from './liveHarness.js';

const ErrorCode = swarmgate.v1.ErrorCode;
const Flag = swarmgate.v1.TelemetryFlag;
const ROBOT = 'mona-01';

interface Seen {
  readonly topic: string;
  readonly envelope: Envelope;
  readonly atMs: number;
}

describe('cmd is controller -> gateway, downlink is gateway -> robot', () => {
  let broker: MosquittoBroker;
  let service: LiveService;
  let logger: MemoryLogger;
  let mona: ChildProcess & { output(): string };
  let observer: MqttClient;
  let remote: RemoteController | undefined;
  const seen: Seen[] = [];
  const topicOf = (kind: 'cmd' | 'downlink' | 'error' | 'telemetry') => robotTopic(FLEET, ROBOT, kind);

  beforeAll(async () => {
    broker = await startMosquitto();
    ({ service, logger } = await startLive({ url: broker.url, grid: loadMap('building:30x30:seed=7'), robots: 1, remote: [ROBOT] }));
    observer = await mqtt.connectAsync(broker.url, { reconnectPeriod: 0 });
    observer.on('message', (topic, payload) => seen.push({ topic, envelope: decodeEnvelope(payload), atMs: performance.now() }));
    await observer.subscribeAsync([topicOf('cmd'), topicOf('downlink'), topicOf('error'), topicOf('telemetry')], { qos: 1 });
  });

  afterAll(async () => {
    if (remote) {
      remote.run.stop();
      await remote.robot.close();
    }
    if (mona) await terminate(mona);
    await observer?.endAsync();
    await service?.stop();
    await broker?.stop();
  });

  it("a controller's Commands reach the gateway only; the emergency stop reaches every robot on the downlink", async () => {
    mona = startMonaSim(ROBOT, ['--mqtt', broker.url, '--fleet', FLEET, '--keepalive', '2']);
    const live = service.live;
    await waitFor(`${ROBOT} to join as a twin`, () => live.twins!.has(ROBOT), 15_000);
    remote = await startRemoteFrontier(service, ROBOT, 1);
    await sleep(3000);

    const on = (kind: 'cmd' | 'downlink' | 'error' | 'telemetry') => seen.filter((s) => s.topic === topicOf(kind));
    const controllerCommands = on('cmd').filter((s) => s.envelope.command);
    expect(controllerCommands.length, 'controller Commands on cmd').toBeGreaterThan(5);
    expect(remote.robot.counters.acks, 'gateway Acks to the controller').toBeGreaterThan(5);
    expect(remote.robot.counters.errors, 'gateway Errors to the controller').toBe(0);
    // The gateway drove the firmware with MotorCommands on the downlink, and only those.
    const downlink = on('downlink');
    expect(downlink.filter((s) => s.envelope.motorCommand && s.envelope.motorCommand.leftMps + s.envelope.motorCommand.rightMps !== 0).length).toBeGreaterThan(
      5,
    );
    expect(
      downlink.every((s) => s.envelope.motorCommand),
      'only MotorCommands on the downlink before the stop',
    ).toBe(true);
    // Before the split, the firmware answered each of those Commands with UNSUPPORTED and the
    // gateway's MQTT bridge logged a warning for each.
    const firmwareErrors = on('error')
      .filter((s) => s.envelope.robotId === ROBOT)
      .map((s) => s.envelope.error!);
    expect(firmwareErrors.filter((e) => e.code === ErrorCode.ERROR_CODE_UNSUPPORTED)).toEqual([]);
    const bridgeWarnings = logger.entries.filter((e) => e.level === 'warn' && e.message.startsWith('mqtt:'));
    // A watchdog stop on an overloaded machine is the firmware doing its job, not this bug.
    expect(bridgeWarnings.filter((e) => e.fields?.code !== ErrorCode.ERROR_CODE_WATCHDOG)).toEqual([]);

    seen.length = 0;
    const t0 = performance.now();
    expect(live.emergencyStop(undefined, 'cmd/downlink split test').sort()).toEqual([ROBOT, 'r0']);
    await waitFor('the emergency stop at the firmware', () =>
      on('telemetry').some((s) => (s.envelope.telemetry!.flags & Flag.TELEMETRY_FLAG_EMERGENCY_STOP) !== 0),
    );
    const stopCommand = on('downlink').find((s) => s.envelope.command?.emergencyStop);
    const stoppedTelemetry = on('telemetry').find((s) => (s.envelope.telemetry!.flags & Flag.TELEMETRY_FLAG_EMERGENCY_STOP) !== 0)!;
    expect(stopCommand?.envelope.command?.emergencyStop?.reason).toBe('cmd/downlink split test');
    expect(
      on('cmd').filter((s) => s.envelope.command?.emergencyStop),
      'no gateway stop on cmd',
    ).toEqual([]);
    const onDownlinkMs = stopCommand!.atMs - t0;
    const firmwareStoppedMs = stoppedTelemetry.atMs - t0;
    console.log(`emergency stop: on the downlink after ${onDownlinkMs.toFixed(1)} ms, firmware reported it after ${firmwareStoppedMs.toFixed(1)} ms`);
    expect(onDownlinkMs).toBeLessThan(200);
    // The firmware's own report of the latched stop is back within the same 200 ms.
    expect(firmwareStoppedMs).toBeLessThan(200);
    expect(live.status().emergencyStopped).toEqual(expect.arrayContaining(['r0', ROBOT]));
  }, 40_000);
});
