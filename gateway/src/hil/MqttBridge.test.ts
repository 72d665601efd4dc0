import fc from 'fast-check';
import {
  GATEWAY_ID,
  decodeEnvelope,
  encodeEnvelope,
  gatewayStateTopic,
  makeEnvelope,
  robotTopic,
  swarmgate,
  type EnvelopeBodyInit,
  ManualClock,
} from '@swarmgate/protocols';
import mqtt, { type MqttClient } from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { EmbeddedBroker } from './EmbeddedBroker.js';
import { MemoryLogger } from './Logger.js';
import { MqttBridge } from './MqttBridge.js';
import { MAX_PHYSICAL_ROBOTS, RobotRegistry } from './RobotRegistry.js';
import type { LinkStateEvent } from './RobotLink.js';

const FLEET = 'lab';
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function bytes(robotId: string, body: EnvelopeBodyInit, seq = 1): Buffer {
  return Buffer.from(encodeEnvelope(makeEnvelope(robotId, body, seq, 1000)));
}

const birth = (session: number): EnvelopeBodyInit => ({
  birth: { model: 'mona-sim', firmwareVersion: '1.0', protocolVersion: { major: 1, minor: 0 }, session },
});

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function broker(port = 0): Promise<EmbeddedBroker> {
  const b = await EmbeddedBroker.start({ fleet: null, port, logger: new MemoryLogger() });
  cleanups.push(() => b.close());
  return b;
}

async function robot(url: string, robotId: string, session: number): Promise<MqttClient> {
  const client = await mqtt.connectAsync(url, {
    clientId: `${robotId}-${session}`,
    reconnectPeriod: 0,
    will: { topic: robotTopic(FLEET, robotId, 'death'), payload: bytes(robotId, { death: { session } }), qos: 1, retain: false },
  });
  cleanups.push(() => client.endAsync(true));
  return client;
}

async function startBridge(url: string, extra: Partial<ConstructorParameters<typeof MqttBridge>[0]> = {}) {
  const registry = new RobotRegistry({ keepaliveMs: 60_000 });
  const logger = new MemoryLogger();
  const bridge = new MqttBridge({ url, fleet: FLEET, registry, logger, ...extra });
  const links: LinkStateEvent[] = [];
  bridge.on('link', (event) => links.push(event));
  cleanups.push(async () => {
    await bridge.stop();
    registry.close();
  });
  await bridge.start();
  return { bridge, registry, logger, links };
}

describe('MqttBridge', () => {
  it('feeds the registry from births, telemetry and wills, ignoring a stale will', async () => {
    const b = await broker();
    const { registry } = await startBridge(b.url);
    const first = await robot(b.url, 'r1', 1);
    await first.publishAsync(robotTopic(FLEET, 'r1', 'birth'), bytes('r1', birth(1)), { qos: 1 });
    await until(() => registry.get('r1')?.session === 1, 'birth 1');
    // The robot reconnects (new session) before the broker notices the old connection died.
    const second = await robot(b.url, 'r1', 2);
    await second.publishAsync(robotTopic(FLEET, 'r1', 'birth'), bytes('r1', birth(2)), { qos: 1 });
    await until(() => registry.get('r1')?.session === 2, 'birth 2');
    first.stream.destroy(); // abrupt: the broker publishes the old session's will
    await until(() => registry.counters.staleDeaths === 1, 'stale will');
    expect(registry.get('r1')!.online).toBe(true);
    await second.publishAsync(robotTopic(FLEET, 'r1', 'telemetry'), bytes('r1', { telemetry: { battery: { volts: 3.8, fraction: 0.5 } } }));
    await until(() => registry.get('r1')?.batteryFraction === 0.5, 'telemetry');
    second.stream.destroy();
    await until(() => registry.get('r1')?.online === false, 'current will');
    expect(registry.get('r1')!.births).toBe(2);
  });

  it('answers bad payloads with an Error on the robot error topic and carries on', async () => {
    const b = await broker();
    const { bridge, registry, logger } = await startBridge(b.url);
    const r1 = await robot(b.url, 'r1', 1);
    const errors: Array<{ code: number; from: string }> = [];
    r1.on('message', (_topic, payload) => {
      const env = decodeEnvelope(payload);
      errors.push({ code: env.error!.code, from: env.robotId });
    });
    await r1.subscribeAsync(robotTopic(FLEET, 'r1', 'error'), { qos: 1 });
    await r1.publishAsync(robotTopic(FLEET, 'r1', 'telemetry'), Buffer.from([0xff, 0xff, 0xff, 0x01]));
    const future = swarmgate.v1.Envelope.encode({ version: { major: 2, minor: 0 }, robotId: 'r1', telemetry: {} }).finish();
    await r1.publishAsync(robotTopic(FLEET, 'r1', 'telemetry'), Buffer.from(future));
    await r1.publishAsync(robotTopic(FLEET, 'r1', 'telemetry'), bytes('r2', { telemetry: {} })); // spoofed robot id
    await r1.publishAsync(robotTopic(FLEET, 'r1', 'birth'), bytes('r1', birth(1)));
    await until(() => errors.length === 3 && registry.get('r1') !== undefined, 'errors and birth');
    const { ERROR_CODE_DECODE, ERROR_CODE_VERSION } = swarmgate.v1.ErrorCode;
    expect(errors).toEqual([
      { code: ERROR_CODE_DECODE, from: GATEWAY_ID },
      { code: ERROR_CODE_VERSION, from: GATEWAY_ID },
      { code: ERROR_CODE_DECODE, from: GATEWAY_ID },
    ]);
    expect(bridge.counters).toMatchObject({ decodeErrors: 2, mismatches: 1 });
    expect(logger.entries.filter((e) => e.level === 'warn')).toHaveLength(3);
    expect(registry.counters.unbornTraffic).toBe(0);
  });

  it('asks a robot it hears without a Birth for one on its downlink, once per interval', async () => {
    const b = await broker();
    const clock = new ManualClock(Date.now());
    const registry = new RobotRegistry({ keepaliveMs: 60_000, clock });
    await startBridge(b.url, { registry, clock });
    const r1 = await robot(b.url, 'r1', 1);
    const requests: number[] = [];
    r1.on('message', (_topic, payload) => {
      const env = decodeEnvelope(payload);
      if (env.command?.requestBirth) requests.push(clock.nowMs());
    });
    await r1.subscribeAsync(robotTopic(FLEET, 'r1', 'downlink'), { qos: 1 });
    const telemetry = bytes('r1', { telemetry: { battery: { volts: 3.8, fraction: 0.5 } } });
    for (let i = 0; i < 5; i++) await r1.publishAsync(robotTopic(FLEET, 'r1', 'telemetry'), telemetry, { qos: 1 });
    await until(() => registry.counters.unbornTraffic === 5 && requests.length === 1, 'one request for five Telemetry');
    clock.advance(1000);
    await r1.publishAsync(robotTopic(FLEET, 'r1', 'ack'), bytes('r1', { ack: { commandId: 3 } }), { qos: 1 });
    await until(() => requests.length === 2, 'a second request a second later');
    // The Birth it asked for is admitted, and the robot's traffic needs no more requests.
    await r1.publishAsync(robotTopic(FLEET, 'r1', 'birth'), bytes('r1', birth(1)), { qos: 1 });
    await until(() => registry.get('r1')?.online === true, 'the birth');
    clock.advance(1000);
    await r1.publishAsync(robotTopic(FLEET, 'r1', 'telemetry'), telemetry, { qos: 1 });
    await until(() => registry.get('r1')?.batteryFraction === 0.5, 'telemetry of the born robot');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(requests).toHaveLength(2);
    expect(registry.counters.birthRequests).toBe(2);
  });

  it('reaches only robots the registry still holds: a stray spraying Births of new ids cannot make an emergency stop publish without end (bench mode)', async () => {
    // Before: every id ever admitted stayed in the bridge's broadcast set after the registry
    // forgot it (MAX_PHYSICAL_ROBOTS). 20,000 sprayed ids made one emergency stop of all publish
    // 40,000 messages: `serve`'s tick loop held 450 ms, and it grew with every id.
    const b = await broker();
    const clock = new ManualClock(Date.now());
    const registry = new RobotRegistry({ keepaliveMs: 1000, clock });
    const { bridge } = await startBridge(b.url, { registry, clock, knownRobotIds: ['fleet-robot'] });
    const stray = await mqtt.connectAsync(b.url, { reconnectPeriod: 0 });
    cleanups.push(() => stray.endAsync(true));
    const spray = async (prefix: string) => {
      for (let i = 0; i < MAX_PHYSICAL_ROBOTS; i++) {
        const id = `${prefix}${i}`;
        await stray.publishAsync(robotTopic(FLEET, id, 'birth'), bytes(id, birth(1)), { qos: 0 });
      }
    };
    await spray('a');
    await until(() => registry.list().length === MAX_PHYSICAL_ROBOTS, 'the first ids admitted');
    clock.advance(2000); // every one of them silent: offline, so a new id may take its place
    await spray('b');
    await until(() => registry.counters.forgotten === MAX_PHYSICAL_ROBOTS, 'the first ids forgotten for the new ones');
    expect(bridge.carries('a0')).toBe(false);
    const sends = bridge.broadcast({ command: { commandId: 0, emergencyStop: { reason: 'test' } } });
    // The robots the registry holds (all online) and the fleet file's robot, nothing more.
    expect(sends).toBe(MAX_PHYSICAL_ROBOTS + 1);
  });

  it('keeps a retained gateway Birth, replaced by the will when the gateway vanishes', async () => {
    const b = await broker();
    const { bridge } = await startBridge(b.url);
    const watcher = await mqtt.connectAsync(b.url, { reconnectPeriod: 0 });
    cleanups.push(() => watcher.endAsync(true));
    const seen: string[] = [];
    watcher.on('message', (_t, payload) => seen.push(decodeEnvelope(payload).body));
    await watcher.subscribeAsync(gatewayStateTopic(FLEET), { qos: 1 });
    await until(() => seen.length === 1, 'retained birth');
    expect(seen).toEqual(['birth']);
    bridge['client'].drop('test'); // no clean goodbye: the broker sends the will
    await until(() => seen.length === 2, 'will');
    expect(seen[1]).toBe('death');
  });

  it('sends only while online and reconnects with capped, jittered backoff', async () => {
    const first = await broker();
    const port = first.port;
    const clock = new ManualClock(0);
    const { bridge, registry, links } = await startBridge(first.url, {
      clock,
      backoff: { initialMs: 100, maxMs: 400, jitter: 0.5, random: () => 0.5 },
    });
    const r1 = await robot(first.url, 'r1', 1);
    const downlink: Array<{ body: string; qos: number; leftMps?: number }> = [];
    r1.on('message', (_t, payload, packet) => {
      const envelope = decodeEnvelope(payload);
      downlink.push({ body: envelope.body, qos: packet.qos, leftMps: envelope.motorCommand?.leftMps });
    });
    await r1.subscribeAsync(robotTopic(FLEET, 'r1', 'downlink'), { qos: 1 });
    await r1.publishAsync(robotTopic(FLEET, 'r1', 'birth'), bytes('r1', birth(1)), { qos: 1 });
    await until(() => bridge.carries('r1'), 'birth');
    expect(bridge.send('r1', { motorCommand: { leftMps: 0.25, rightMps: 0.25, deadlineMs: 300 } })).toBe(true);
    expect(bridge.send('r1', { command: { commandId: 0, emergencyStop: { reason: 'test' } } })).toBe(true);
    await until(() => downlink.length === 2, 'motor command and stop');
    // Both on the downlink: the set-point at QoS 0, the stop at QoS 1.
    expect(downlink).toEqual([
      { body: 'motorCommand', qos: 0, leftMps: expect.closeTo(0.25, 6) },
      { body: 'command', qos: 1, leftMps: undefined },
    ]);

    await first.close();
    await until(() => bridge.state === 'offline', 'offline');
    expect(registry.get('r1')!.online).toBe(false);
    expect(bridge.send('r1', { motorCommand: { leftMps: 0.1 } })).toBe(false);
    expect(bridge.counters.droppedOffline).toBe(1);
    // Each failed attempt doubles the delay (x0.75 jitter factor), capped at 400 ms.
    for (const expectedMs of [75, 150, 300, 300]) {
      await until(() => clock.pendingTimers === 1, 'reconnect timer');
      const attempts = bridge.counters.reconnects;
      clock.advance(expectedMs - 1);
      expect(bridge.counters.reconnects).toBe(attempts);
      clock.advance(1);
      expect(bridge.counters.reconnects).toBe(attempts + 1);
      expect(links.at(-1)).toMatchObject({ state: 'reconnecting', delayMs: expectedMs });
      await until(() => clock.pendingTimers === 1 || bridge.state === 'online', 'attempt failed');
    }
    await broker(port); // the broker returns on the same port
    await until(() => clock.pendingTimers === 1, 'reconnect timer');
    clock.advance(300);
    await until(() => bridge.state === 'online', 'back online');
    // Subscriptions were re-made: a new Birth reaches the registry again.
    const r1b = await robot(`mqtt://127.0.0.1:${port}`, 'r1', 2);
    await r1b.publishAsync(robotTopic(FLEET, 'r1', 'birth'), bytes('r1', birth(2)), { qos: 1 });
    await until(() => registry.get('r1')?.session === 2, 'birth after reconnect');
    expect(links.map((l) => l.state)).toEqual(['connecting', 'online', 'offline', ...Array(5).fill('reconnecting'), 'online']);
  });
});

describe('MqttBridge uplink decoding (property)', () => {
  it('never throws on any payload or topic, and accounts for every message', () => {
    const registry = new RobotRegistry({ keepaliveMs: 60_000 });
    const bridge = new MqttBridge({ url: 'mqtt://unused', fleet: FLEET, registry, logger: new MemoryLogger() });
    const kinds = ['birth', 'death', 'telemetry', 'pose', 'ack', 'error', 'cmd', 'bogus'];
    const validBody = fc.constantFrom<EnvelopeBodyInit>(birth(1), { death: { session: 1 } }, { telemetry: {} }, { ack: { commandId: 3 } });
    const payload = fc.oneof(
      fc.uint8Array({ maxLength: 64 }),
      fc.tuple(fc.constantFrom('r1', 'r2', GATEWAY_ID), validBody).map(([id, body]) => new Uint8Array(bytes(id, body))),
    );
    fc.assert(
      fc.property(fc.constantFrom('r1', 'r2', '$x'), fc.constantFrom(...kinds), payload, (robotId, kind, data) => {
        const before = { ...bridge.counters };
        expect(() => bridge['onMessage'](`swarmgate/v1/${FLEET}/${robotId}/${kind}`, Buffer.from(data))).not.toThrow();
        expect(bridge.counters.received).toBe(before.received + 1);
      }),
      { numRuns: 1000 },
    );
    // Only well-formed, matching births registered robots.
    for (const record of registry.list()) expect(['r1', 'r2']).toContain(record.id);
    registry.close();
  });
});
