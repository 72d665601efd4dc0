import { connect as connectTcp } from 'node:net';
import { MAX_MQTT_PACKET_BYTES } from '@swarmgate/protocols';
import mqtt from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { EmbeddedBroker, MAX_RETAINED_PAYLOAD_BYTES, MAX_RETAINED_TOPICS } from './EmbeddedBroker.js';
import { parseFleetFile } from './FleetFile.js';
import { MemoryLogger } from './Logger.js';
import { hashPasswordScrypt } from './PasswordHash.js';

const brokers: EmbeddedBroker[] = [];
afterEach(async () => {
  await Promise.all(brokers.splice(0).map((b) => b.close()));
});

async function start(fleet: Parameters<typeof EmbeddedBroker.start>[0]['fleet'], logger = new MemoryLogger(), port = 0) {
  const broker = await EmbeddedBroker.start({ fleet, port, logger });
  brokers.push(broker);
  return broker;
}

/** Whether the broker at `url` closes a raw connection that sent only `header`, within 5 s. */
async function closesAfter(url: string, header: number[]): Promise<boolean> {
  const { hostname, port } = new URL(url);
  const socket = connectTcp(Number(port), hostname);
  const closed = new Promise<boolean>((resolve) => socket.once('close', () => resolve(true)));
  socket.on('error', () => undefined);
  socket.write(Buffer.from(header));
  const result = await Promise.race([closed, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5000))]);
  socket.destroy();
  return result;
}

describe('EmbeddedBroker', () => {
  it('closes a connection whose packet declares more than MAX_MQTT_PACKET_BYTES, before buffering it, even before CONNECT', async () => {
    const logger = new MemoryLogger();
    const hash = await hashPasswordScrypt('s3cret');
    const broker = await start(
      parseFleetFile(`fleet: lab\ngateway: { username: gw, passwordHash: "${hash}" }\nrobots: [{ id: r1, password: r1-pw }]\n`),
      logger,
    );
    // An unauthenticated CONNECT declaring MQTT's largest packet (256 MB): aedes alone would wait for, and hold, all of it.
    expect(await closesAfter(broker.url, [0x10, 0xff, 0xff, 0xff, 0x7f])).toBe(true);
    expect(broker.counters.oversizePackets).toBe(1);
    expect(logger.entries).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        message: expect.stringContaining('MAX_MQTT_PACKET_BYTES'),
        fields: expect.objectContaining({ declaredBytes: 268_435_455 }),
      }),
    );
    // A robot that did log in is held to it too.
    const r1 = await mqtt.connectAsync(broker.url, { username: 'r1', password: 'r1-pw', reconnectPeriod: 0 });
    const closed = new Promise<void>((resolve) => r1.once('close', () => resolve()));
    r1.publish('swarmgate/v1/lab/r1/telemetry', Buffer.alloc(MAX_MQTT_PACKET_BYTES));
    await closed;
    r1.end(true);
    expect(broker.counters.oversizePackets).toBe(2);
    // A publish at the envelope limit, in small writes, still passes.
    const r1again = await mqtt.connectAsync(broker.url, { username: 'r1', password: 'r1-pw', reconnectPeriod: 0 });
    const gw = await mqtt.connectAsync(broker.url, { username: 'gw', password: 's3cret', reconnectPeriod: 0 });
    await gw.subscribeAsync('swarmgate/v1/lab/r1/telemetry');
    const received = new Promise<number>((resolve) => gw.once('message', (_topic, payload) => resolve(payload.length)));
    await r1again.publishAsync('swarmgate/v1/lab/r1/telemetry', Buffer.alloc(256 * 1024), { qos: 1 });
    expect(await received).toBe(256 * 1024);
    await Promise.all([r1again.endAsync(), gw.endAsync()]);
  });

  it('keeps at most MAX_RETAINED_TOPICS retained messages of at most MAX_RETAINED_PAYLOAD_BYTES: retained abuse cannot grow it (bench mode)', async () => {
    const logger = new MemoryLogger();
    const broker = await start(null, logger);
    const client = await mqtt.connectAsync(broker.url, { reconnectPeriod: 0 });
    // The gateway's own retained state: a small message on one topic, kept, replaced and cleared.
    await client.publishAsync('swarmgate/v1/lab/gateway/state', Buffer.alloc(100), { qos: 1, retain: true });
    // Sent together (one connection keeps their order): one at a time, each waiting for its
    // PUBACK (about 45 ms each on loopback), they took 11 s of the test's 20 s.
    const junk = Array.from({ length: MAX_RETAINED_TOPICS - 1 }, (_, k) => client.publishAsync(`junk/${k + 1}`, Buffer.alloc(10), { qos: 1, retain: true }));
    await Promise.all(junk);
    await client.publishAsync('swarmgate/v1/lab/gateway/state', Buffer.alloc(200), { qos: 1, retain: true });
    // One more topic: refused, and its client closed, as any denied publish.
    let closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.publish('junk/one-too-many', Buffer.alloc(10), { qos: 1, retain: true });
    await closed;
    client.end(true);
    expect(broker.counters.deniedPublishes).toBe(1);
    expect(logger.entries).toContainEqual(
      expect.objectContaining({
        message: 'broker: publish denied',
        fields: expect.objectContaining({ reason: expect.stringContaining(`MAX_RETAINED_TOPICS (${MAX_RETAINED_TOPICS})`) }),
      }),
    );
    // A cleared topic frees its place; a large retained message is refused whatever the count.
    const again = await mqtt.connectAsync(broker.url, { reconnectPeriod: 0 });
    await again.publishAsync('junk/1', Buffer.alloc(0), { qos: 1, retain: true });
    await again.publishAsync('junk/new', Buffer.alloc(10), { qos: 1, retain: true });
    closed = new Promise<void>((resolve) => again.once('close', () => resolve()));
    again.publish('junk/new', Buffer.alloc(MAX_RETAINED_PAYLOAD_BYTES + 1), { qos: 1, retain: true });
    await closed;
    again.end(true);
    expect(broker.counters.deniedPublishes).toBe(2);
    // What is retained is what a subscriber gets: the gateway's latest state, not the refused ones.
    const reader = await mqtt.connectAsync(broker.url, { reconnectPeriod: 0 });
    const retained = new Map<string, number>();
    reader.on('message', (topic, payload) => retained.set(topic, payload.length));
    await reader.subscribeAsync(['swarmgate/#', 'junk/new', 'junk/one-too-many'], { qos: 1 });
    // Retained messages follow the SUBACK; a live message published after it comes after them.
    const sentinel = new Promise<void>((resolve) => reader.on('message', (topic) => topic === 'swarmgate/sentinel' && resolve()));
    const writer = await mqtt.connectAsync(broker.url, { reconnectPeriod: 0 });
    await writer.publishAsync('swarmgate/sentinel', 'x', { qos: 1 });
    await sentinel;
    retained.delete('swarmgate/sentinel');
    expect(Object.fromEntries(retained)).toEqual({ 'swarmgate/v1/lab/gateway/state': 200, 'junk/new': 10 });
    await writer.endAsync();
    await reader.endAsync();
  });

  it('warns about bench mode and lets anyone in', async () => {
    const logger = new MemoryLogger();
    const broker = await start(null, logger);
    expect(logger.entries).toEqual([expect.objectContaining({ level: 'warn', message: expect.stringContaining('bench mode') })]);
    const client = await mqtt.connectAsync(broker.url, { reconnectPeriod: 0 });
    await client.publishAsync('swarmgate/v1/x/y/cmd', 'z', { qos: 1 });
    await client.endAsync();
  });

  it('authenticates scrypt-hashed users, counts failures and denied publishes', async () => {
    const hash = await hashPasswordScrypt('s3cret');
    const fleet = parseFleetFile(`
fleet: lab
gateway: { username: gw, passwordHash: "${hash}" }
robots: [{ id: r1, password: r1-pw }]
`);
    const broker = await start(fleet);
    await expect(mqtt.connectAsync(broker.url, { username: 'gw', password: 'wrong', reconnectPeriod: 0 })).rejects.toThrow(/[Bb]ad username or password/);
    await expect(mqtt.connectAsync(broker.url, { reconnectPeriod: 0 })).rejects.toThrow();
    const gw = await mqtt.connectAsync(broker.url, { username: 'gw', password: 's3cret', reconnectPeriod: 0 });
    await gw.endAsync();
    expect(broker.counters.authFailures).toBe(2);
    const r1 = await mqtt.connectAsync(broker.url, { username: 'r1', password: 'r1-pw', reconnectPeriod: 0 });
    const closed = new Promise<void>((resolve) => r1.once('close', () => resolve()));
    r1.publish('swarmgate/v1/lab/r1/downlink', 'x', { qos: 1 });
    await closed; // aedes drops a client whose publish is refused
    r1.end(true);
    expect(broker.counters.deniedPublishes).toBe(1);
  });

  it('names the port it cannot listen on', async () => {
    const first = await start(null);
    await expect(EmbeddedBroker.start({ fleet: null, port: first.port, logger: new MemoryLogger() })).rejects.toMatchObject({
      code: 'SG_BROKER_LISTEN',
      message: expect.stringContaining(`:${first.port}`),
    });
  });

  it('refuses TLS material that makes no TLS server, with a coded error', async () => {
    await expect(
      EmbeddedBroker.start({ fleet: null, port: 0, tls: { cert: 'not a certificate', key: 'not a key' }, logger: new MemoryLogger() }),
    ).rejects.toMatchObject({
      code: 'SG_TLS_FILES',
      message: expect.stringContaining('TLS certificate and key'),
    });
  });

  it('listens on the given loopback address and names it in its URL', async () => {
    const broker = await EmbeddedBroker.start({ fleet: null, port: 0, host: '127.0.0.2', logger: new MemoryLogger() });
    try {
      expect(broker.url).toBe(`mqtt://127.0.0.2:${broker.port}`);
      const client = await mqtt.connectAsync(broker.url, { reconnectPeriod: 0 });
      await client.endAsync();
    } finally {
      await broker.close();
    }
  });
});
