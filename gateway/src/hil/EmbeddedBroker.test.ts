import { connect as connectTcp, type Socket } from 'node:net';
import { MAX_MQTT_PACKET_BYTES } from '@swarmgate/protocols';
import mqtt from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { EmbeddedBroker, MAX_RETAINED_PAYLOAD_BYTES, MAX_RETAINED_TOPICS } from './EmbeddedBroker.js';
import { parseFleetFile } from './FleetFile.js';
import { MemoryLogger } from './Logger.js';
import { MAX_FAILED_LOGINS_PER_ADDRESS } from './LoginThrottle.js';
import { hashPasswordScrypt } from './PasswordHash.js';
import { MAX_UNRELEASED_QOS2_BYTES, MAX_UNRELEASED_QOS2_PER_CLIENT } from './UnreleasedQos2.js';
import { remainingLength } from './testing/mqttWire.js';

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

function mqttString(text: string): Buffer {
  const bytes = Buffer.from(text);
  return Buffer.concat([Buffer.from([bytes.length >> 8, bytes.length & 0xff]), bytes]);
}

function packet(typeByte: number, body: Buffer): Buffer {
  return Buffer.concat([Buffer.from([typeByte, ...remainingLength(body.length)]), body]);
}

/** CONNECT (MQTT 3.1.1) by hand: mqtt.js cannot be made to withhold a PUBREL, or to connect from a chosen local address. */
function connectPacket(clientId: string, login: { username?: string; password?: string; clean?: boolean } = {}): Buffer {
  const flags = (login.clean === false ? 0 : 0x02) | (login.username === undefined ? 0 : 0x80) | (login.password === undefined ? 0 : 0x40);
  const fields = [login.username, login.password].filter((f) => f !== undefined).map(mqttString);
  return packet(0x10, Buffer.concat([mqttString('MQTT'), Buffer.from([4, flags, 0, 60]), mqttString(clientId), ...fields]));
}

function publishQos2(topic: string, messageId: number, payload: Buffer): Buffer {
  return packet(0x34, Buffer.concat([mqttString(topic), Buffer.from([messageId >> 8, messageId & 0xff]), payload]));
}

/** A raw MQTT connection: the packet types it received (CONNACK return codes among them), and whether it closed. */
interface RawClient {
  readonly socket: Socket;
  readonly received: { type: number; code?: number }[];
  readonly closed: Promise<void>;
  isClosed(): boolean;
  /** Resolves once `count` packets of `type` arrived (or the connection closed). */
  until(type: number, count: number): Promise<void>;
}

async function rawClient(url: string, localAddress?: string): Promise<RawClient> {
  const { hostname, port } = new URL(url);
  const socket = connectTcp({ port: Number(port), host: hostname, localAddress });
  socket.on('error', () => undefined);
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const received: { type: number; code?: number }[] = [];
  let isClosed = false;
  const closed = new Promise<void>((resolve) => socket.once('close', () => ((isClosed = true), resolve())));
  const waiters: (() => void)[] = [];
  let pending = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => {
    // The broker's packets here are all 4 bytes (CONNACK, PUBREC, PUBCOMP).
    pending = Buffer.concat([pending, chunk]);
    while (pending.length >= 4) {
      received.push({ type: pending[0]! >> 4, code: pending[0]! >> 4 === 2 ? pending[3] : undefined });
      pending = pending.subarray(4);
    }
    for (const waiter of waiters.splice(0)) waiter();
  });
  const until = async (type: number, count: number) => {
    while (!isClosed && received.filter((p) => p.type === type).length < count) {
      await Promise.race([closed, new Promise<void>((resolve) => waiters.push(resolve))]);
    }
  };
  return { socket, received, closed, isClosed: () => isClosed, until };
}

const CONNACK = 2;
const PUBREC = 5;

/** Sends QoS 2 publishes with ids from..to and no PUBREL; resolves once their PUBRECs came (or the connection closed). */
async function withholdPubrel(client: RawClient, from: number, to: number, payload: Buffer): Promise<void> {
  const before = client.received.filter((p) => p.type === PUBREC).length;
  for (let id = from; id <= to && !client.isClosed(); id++) {
    if (!client.socket.write(publishQos2('abuse/qos2', id, payload)))
      await Promise.race([client.closed, new Promise((resolve) => client.socket.once('drain', resolve))]);
  }
  await client.until(PUBREC, before + to - from + 1);
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

  it('closes a client holding MAX_UNRELEASED_QOS2_PER_CLIENT QoS 2 publishes without PUBREL, holds MAX_UNRELEASED_QOS2_BYTES in all; a well-behaved QoS 2 client goes on', async () => {
    const logger = new MemoryLogger();
    const broker = await start(null, logger);
    const reader = await mqtt.connectAsync(broker.url, { reconnectPeriod: 0 });
    const got: number[] = [];
    reader.on('message', (_topic, payload) => got.push(payload.readUInt32BE(0)));
    await reader.subscribeAsync('good/qos2', { qos: 2 });
    const writer = await mqtt.connectAsync(broker.url, { reconnectPeriod: 0 });
    let sent = 0;
    /** Eight QoS 2 publishes at once, each through its PUBREL / PUBCOMP. */
    const goodBatch = () =>
      Promise.all(
        Array.from({ length: 8 }, () => {
          const payload = Buffer.alloc(1024);
          payload.writeUInt32BE(sent++, 0);
          return writer.publishAsync('good/qos2', payload, { qos: 2 });
        }),
      );

    // One client: the place of each unreleased publish is held until its limit, then it is closed.
    const abuser = await rawClient(broker.url);
    abuser.socket.write(connectPacket('abuser'));
    await abuser.until(CONNACK, 1);
    await withholdPubrel(abuser, 1, MAX_UNRELEASED_QOS2_PER_CLIENT, Buffer.alloc(1024));
    expect(abuser.isClosed()).toBe(false);
    expect(broker.unreleasedQos2.messages).toBe(MAX_UNRELEASED_QOS2_PER_CLIENT);
    // A retransmission (the same packet id) takes no second place.
    await withholdPubrel(abuser, MAX_UNRELEASED_QOS2_PER_CLIENT, MAX_UNRELEASED_QOS2_PER_CLIENT, Buffer.alloc(1024));
    expect(abuser.isClosed()).toBe(false);
    await goodBatch();
    abuser.socket.write(publishQos2('abuse/qos2', MAX_UNRELEASED_QOS2_PER_CLIENT + 1, Buffer.alloc(1024)));
    await Promise.race([abuser.closed, new Promise((resolve) => setTimeout(resolve, 5000))]);
    expect(abuser.isClosed()).toBe(true);
    expect(broker.counters.unreleasedQos2Refusals).toBe(1);
    expect(broker.counters.deniedPublishes).toBe(1);
    expect(logger.entries).toContainEqual(
      expect.objectContaining({
        message: 'broker: publish denied',
        fields: expect.objectContaining({
          clientId: 'abuser',
          reason: expect.stringContaining(`MAX_UNRELEASED_QOS2_PER_CLIENT (${MAX_UNRELEASED_QOS2_PER_CLIENT})`),
        }),
      }),
    );
    await expect.poll(() => broker.unreleasedQos2).toEqual({ messages: 0, bytes: 0 });

    // Several clients of large publishes: together they hold MAX_UNRELEASED_QOS2_BYTES at most.
    const large = Buffer.alloc(MAX_MQTT_PACKET_BYTES - 1024);
    const perClient = MAX_UNRELEASED_QOS2_PER_CLIENT - 1;
    const abusers = Math.ceil(MAX_UNRELEASED_QOS2_BYTES / (perClient * large.length)) + 1;
    const clients: RawClient[] = [];
    for (let k = 0; k < abusers; k++) {
      const client = await rawClient(broker.url);
      client.socket.write(connectPacket(`abuser-${k}`));
      await client.until(CONNACK, 1);
      await withholdPubrel(client, 1, perClient, large);
      clients.push(client);
      expect(broker.unreleasedQos2.bytes).toBeLessThanOrEqual(MAX_UNRELEASED_QOS2_BYTES);
      await goodBatch();
    }
    const closedOnes = clients.filter((c) => c.isClosed()).length;
    expect(closedOnes).toBeGreaterThanOrEqual(1);
    expect(closedOnes).toBeLessThan(abusers);
    expect(clients[0]!.isClosed()).toBe(false);
    expect(broker.counters.unreleasedQos2Refusals).toBe(1 + closedOnes);
    expect(logger.entries).toContainEqual(
      expect.objectContaining({
        fields: expect.objectContaining({ reason: expect.stringContaining(`MAX_UNRELEASED_QOS2_BYTES (${MAX_UNRELEASED_QOS2_BYTES})`) }),
      }),
    );
    // The well-behaved client's messages all arrived, in order.
    await goodBatch();
    await expect.poll(() => got.length).toBe(sent);
    expect(got).toEqual(Array.from({ length: sent }, (_, i) => i));
    for (const client of clients) client.socket.destroy();
    await expect.poll(() => broker.unreleasedQos2).toEqual({ messages: 0, bytes: 0 });

    // A persistent session's unreleased messages go with its connection too (aedes kept them for good).
    const persistent = await rawClient(broker.url);
    persistent.socket.write(connectPacket('persistent', { clean: false }));
    await persistent.until(CONNACK, 1);
    await withholdPubrel(persistent, 1, 5, large);
    expect(broker.unreleasedQos2.messages).toBe(5);
    persistent.socket.destroy();
    await expect.poll(() => broker.unreleasedQos2).toEqual({ messages: 0, bytes: 0 });
    await Promise.all([reader.endAsync(), writer.endAsync()]);
  });

  it('throttles failed logins by address: a flood of wrong passwords runs few scrypt checks and keeps no other address waiting', async () => {
    const logger = new MemoryLogger();
    const hash = await hashPasswordScrypt('r1-secret');
    const broker = await start(
      parseFleetFile(`fleet: lab\ngateway: { username: gw, password: gw-pw }\nrobots: [{ id: r1, passwordHash: "${hash}" }]\n`),
      logger,
    );
    // The broker listens on 127.0.0.1; the flood comes from 127.0.0.2 (all of 127.0.0.0/8 is loopback on Linux).
    const floodSize = 400;
    const flood = await Promise.all(Array.from({ length: floodSize }, () => rawClient(broker.url, '127.0.0.2')));
    flood.forEach((client, i) => client.socket.write(connectPacket(`r1:guess-${i}`, { username: 'r1', password: `guess-${i}` })));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const startedMs = performance.now();
    const robot = await mqtt.connectAsync(broker.url, {
      username: 'r1',
      password: 'r1-secret',
      clientId: 'r1:firmware',
      reconnectPeriod: 0,
      connectTimeout: 10_000,
    });
    const loginMs = performance.now() - startedMs;
    await robot.endAsync();
    expect(loginMs).toBeLessThan(2000);
    await Promise.all(flood.map((client) => client.closed));
    // Every guess answered: MAX_FAILED_LOGINS_PER_ADDRESS checked (bad password), the rest refused unchecked (server unavailable).
    const codes = flood.map((client) => client.received.find((p) => p.type === CONNACK)?.code);
    expect(codes.filter((code) => code === 4)).toHaveLength(MAX_FAILED_LOGINS_PER_ADDRESS);
    expect(codes.filter((code) => code === 3)).toHaveLength(floodSize - MAX_FAILED_LOGINS_PER_ADDRESS);
    expect(broker.passwordHashChecks).toBe(MAX_FAILED_LOGINS_PER_ADDRESS + 1);
    expect(broker.counters).toMatchObject({ authFailures: floodSize, throttledLogins: floodSize - MAX_FAILED_LOGINS_PER_ADDRESS });
    // During its cooldown the address is refused even the right password, unchecked.
    const late = await rawClient(broker.url, '127.0.0.2');
    late.socket.write(connectPacket('r1:firmware-2', { username: 'r1', password: 'r1-secret' }));
    await late.closed;
    expect(late.received).toEqual([{ type: CONNACK, code: 3 }]);
    const plain = await rawClient(broker.url, '127.0.0.2');
    plain.socket.write(connectPacket('gw:bridge', { username: 'gw', password: 'gw-pw' }));
    await plain.closed;
    expect(plain.received).toEqual([{ type: CONNACK, code: 3 }]);
    expect(broker.passwordHashChecks).toBe(MAX_FAILED_LOGINS_PER_ADDRESS + 1);
    const warnings = logger.entries.filter((e) => e.level === 'warn').map((e) => e.message);
    expect(warnings).toContain('broker: failed logins: address refused for a while');
    expect(warnings).toContain('broker: login refused without a password check');
    expect(logger.entries).toContainEqual(
      expect.objectContaining({ fields: expect.objectContaining({ address: '127.0.0.2', failures: MAX_FAILED_LOGINS_PER_ADDRESS }) }),
    );
  });
});
