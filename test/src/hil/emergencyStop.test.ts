/**
 * The HIL core over real links: a Mosquitto broker with the fleet's credentials and ACL, three
 * MQTT robots and one serial robot on a socat pty. Emergency stop reaches every robot within
 * 200 ms; drive() goes through the safety filter.
 */
import { CommandSafety, HilGateway, MemoryLogger, MqttBridge, SerialBridge, parseFleetFile, writeMosquittoConfig } from '@swarmgate/gateway';
import { FrameDecoder, decodeEnvelope, encodeEnvelope, encodeEnvelopeFrame, makeEnvelope, robotTopic, type Envelope } from '@swarmgate/protocols';
import mqtt from 'mqtt';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { SerialPort } from 'serialport';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMosquitto } from '../harness/mosquitto.js';
import { startPtyPair } from '../harness/socat.js';
import { until } from '@swarmgate/firmware-sim/testing';

const FLEET_YAML = `
fleet: lab
gateway: { username: gw, password: gw-pw }
robots:
  - { id: r1, password: p1 }
  - { id: r2, password: p2, capabilities: { maxWheelSpeedMps: 0.05 } }
  - { id: r3, password: p3 }
  - { id: s1, password: ps, link: serial }
`;

interface Arrival {
  envelope: Envelope;
  atMs: number;
}

const cleanups: Array<() => Promise<unknown> | unknown> = [];
const arrivals = new Map<string, Arrival[]>();
let hil: HilGateway;

const birth = { model: 'mona', firmwareVersion: '0.1', protocolVersion: { major: 1, minor: 0 }, session: 1 };

function arrived(robotId: string, envelope: Envelope): void {
  arrivals.get(robotId)!.push({ envelope, atMs: performance.now() });
}

beforeAll(async () => {
  const fleet = parseFleetFile(FLEET_YAML);
  const dir = mkdtempSync(join(tmpdir(), 'estop-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  await writeMosquittoConfig(fleet, dir);
  const broker = await startMosquitto({ includeDir: dir });
  cleanups.push(() => broker.stop());
  const pair = await startPtyPair();
  cleanups.push(() => pair.close());

  hil = new HilGateway({ fleet, safety: new CommandSafety({ arena: { minXM: 0, minYM: 0, maxXM: 2, maxYM: 2 }, deadlineMs: 250 }) });
  const logger = new MemoryLogger();
  const mqttBridge = new MqttBridge({
    url: broker.url,
    fleet: fleet.name,
    registry: hil.registry,
    username: 'gw',
    password: 'gw-pw',
    knownRobotIds: fleet.robots.filter((r) => r.link === 'mqtt').map((r) => r.id),
    logger,
  });
  const serialBridge = new SerialBridge({ registry: hil.registry, ports: [pair.a], logger });
  hil.register(mqttBridge).register(serialBridge);
  await hil.start();
  cleanups.push(() => hil.stop());

  for (const [id, password] of [
    ['r1', 'p1'],
    ['r2', 'p2'],
    ['r3', 'p3'],
  ] as const) {
    arrivals.set(id, []);
    const client = await mqtt.connectAsync(broker.url, { username: id, password, reconnectPeriod: 0 });
    cleanups.push(() => client.endAsync(true));
    client.on('message', (_topic, payload) => arrived(id, decodeEnvelope(payload)));
    // The robot's side as the firmware has it: its downlink only (the gateway sends stops there).
    await client.subscribeAsync(robotTopic('lab', id, 'downlink'), { qos: 1 });
    await client.publishAsync(robotTopic('lab', id, 'birth'), Buffer.from(encodeEnvelope(makeEnvelope(id, { birth }, 1, 0))), { qos: 1 });
  }
  arrivals.set('s1', []);
  const serial = new SerialPort({ path: pair.b, baudRate: 115200, autoOpen: false });
  await new Promise<void>((resolve, reject) => serial.open((error) => (error ? reject(error) : resolve())));
  cleanups.push(() => new Promise((resolve) => serial.close(resolve)));
  const decoder = new FrameDecoder();
  decoder.on('frame', ({ envelope }) => arrived('s1', envelope));
  serial.on('data', (chunk: Buffer) => decoder.push(chunk));
  await until(() => serialBridge.stateOf(pair.a) === 'online', 'serial port open');
  serial.write(Buffer.from(encodeEnvelopeFrame(makeEnvelope('s1', { birth }, 1, 0))));
  await until(() => ['r1', 'r2', 'r3', 's1'].every((id) => hil.registry.get(id)?.online), 'all births');
});

afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('HilGateway over Mosquitto and a pty', () => {
  it('emergency stop for all reaches every robot on every link within 200 ms', async () => {
    for (const list of arrivals.values()) list.length = 0;
    const t0 = performance.now();
    const sends = hil.emergencyStopAll('operator pressed stop');
    expect(sends).toBe(8); // 4 robots x (zero MotorCommand + EmergencyStop Command)
    await until(() => [...arrivals.values()].every((list) => list.length >= 2), 'stop at every robot');
    const latenciesMs: number[] = [];
    for (const [robotId, list] of arrivals) {
      const motor = list.find((a) => a.envelope.motorCommand);
      const command = list.find((a) => a.envelope.command?.emergencyStop);
      expect(motor?.envelope.motorCommand, robotId).toMatchObject({ leftMps: 0, rightMps: 0, deadlineMs: 250 });
      expect(command?.envelope.command?.emergencyStop?.reason, robotId).toBe('operator pressed stop');
      latenciesMs.push(motor!.atMs - t0, command!.atMs - t0);
    }
    const worstMs = Math.max(...latenciesMs);
    console.log(`emergency stop: worst arrival ${worstMs.toFixed(1)} ms over ${latenciesMs.length} messages`);
    expect(worstMs).toBeLessThan(200);
  });

  it('emergency stop for one robot reaches only that robot', async () => {
    for (const list of arrivals.values()) list.length = 0;
    expect(hil.emergencyStop('r2', 'r2 only')).toBe(2);
    await until(() => arrivals.get('r2')!.length >= 2, 'stop at r2');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(['r1', 'r3', 's1'].map((id) => arrivals.get(id)!.length)).toEqual([0, 0, 0]);
  });

  it('drive() clamps to the fleet limit and stops motion through the fence', async () => {
    for (const list of arrivals.values()) list.length = 0;
    const inside = { xM: 1, yM: 1, headingRad: 0 };
    const clamped = hil.drive('r2', 0.2, 0.1, inside, 41);
    expect(clamped).toMatchObject({ sent: true, decision: { verdict: 'clamped' } });
    const fence = hil.drive('s1', 0.1, 0.1, { xM: 1.97, yM: 1, headingRad: 0 }, 42);
    expect(fence).toMatchObject({ sent: true, decision: { verdict: 'fence', leftMps: 0, rightMps: 0 } });
    await until(() => arrivals.get('r2')!.length >= 1 && arrivals.get('s1')!.length >= 1, 'motor commands');
    const r2 = arrivals.get('r2')![0].envelope.motorCommand!;
    expect(r2.commandId).toBe(41);
    expect(r2.leftMps).toBeCloseTo(0.05, 6); // the fleet file's 0.05 m/s beats MONA_SPEC's
    expect(r2.rightMps).toBeCloseTo(0.025, 6);
    expect(arrivals.get('s1')![0].envelope.motorCommand).toMatchObject({ leftMps: 0, rightMps: 0, deadlineMs: 250, commandId: 42 });
    expect(hil.safety.counters).toMatchObject({ clamps: 1, fenceRefusals: 1 });
  });
});
