import { Aedes } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import { spawn } from 'node:child_process';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../common/Clock.js';
import { SwarmgateError } from '../common/SwarmgateError.js';
import { ReconnectingMqttClient, type MqttAttemptFailure, type MqttLinkStateEvent, type ReconnectingMqttClientOptions } from './ReconnectingMqttClient.js';

/** A real aedes broker on loopback that can be stopped and started again on the same port. */
class RestartableBroker {
  private aedes: Aedes | null = null;
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;
  /** Filters the broker refuses (SUBACK 0x80). */
  denySubscribe: (filter: string) => boolean = () => false;

  get url(): string {
    return `mqtt://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const aedes = await Aedes.createBroker();
    aedes.authorizeSubscribe = (_client, subscription, done) => done(null, this.denySubscribe(subscription.topic) ? null : subscription);
    const server = createServer((socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      aedes.handle(socket);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.aedes = aedes;
    this.server = server;
  }

  /** Ends every connection abruptly (no DISCONNECT from the broker side) and stops listening. */
  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    const { aedes, server } = this;
    this.aedes = null;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
    if (aedes) await new Promise<void>((resolve) => aedes.close(() => resolve()));
  }
}

async function until(condition: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const TOPIC = 'swarmgate/v1/test/r1/downlink';
const OUT_TOPIC = 'swarmgate/v1/test/r1/telemetry';

describe('ReconnectingMqttClient (real aedes, fake time)', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function broker(): Promise<RestartableBroker> {
    const b = new RestartableBroker();
    await b.start();
    cleanups.push(() => b.stop());
    return b;
  }

  async function observer(url: string): Promise<MqttClient> {
    const client = await mqtt.connectAsync(url, { reconnectPeriod: 0 });
    cleanups.push(() => client.endAsync(true));
    return client;
  }

  function client(options: Partial<ReconnectingMqttClientOptions> & { url: string }) {
    const events: MqttLinkStateEvent[] = [];
    const received: string[] = [];
    const c = new ReconnectingMqttClient({ clientId: `t-${Math.random()}`, subscriptions: { [TOPIC]: { qos: 1 } }, firstConnect: 'fail', ...options });
    c.on('link', (event) => events.push(event));
    c.on('message', (_topic, payload) => received.push(payload.toString()));
    c.on('linkError', () => undefined);
    cleanups.push(() => c.stop());
    return { c, events, received };
  }

  it('backs off exponentially with jitter up to the cap, re-subscribes after a broker restart, and reports each state', async () => {
    const b = await broker();
    const clock = new ManualClock(0);
    const randoms = [0.25, 0.5, 0.75, 0, 0.999, 0.25];
    let draw = 0;
    const { c, events, received } = client({
      url: b.url,
      clock,
      backoff: { initialMs: 100, maxMs: 400, factor: 2, jitter: 0.5, random: () => randoms[draw++ % randoms.length]! },
    });
    await c.start();
    expect(c.state).toBe('online');
    const sender = await observer(b.url);
    await sender.publishAsync(TOPIC, 'before', { qos: 1 });
    await until(() => received.includes('before'), 'the first message');

    await b.stop();
    await until(() => c.state === 'offline' && clock.pendingTimers === 1, 'offline with one reconnect timer');
    // Ceilings 100, 200, 400, 400, 400; each delay is ceiling * (1 - 0.5 * random).
    const ceilings = [100, 200, 400, 400, 400];
    for (let k = 0; k < ceilings.length; k++) {
      const expectedMs = ceilings[k]! * (1 - 0.5 * randoms[k]!);
      expect(expectedMs).toBeLessThanOrEqual(400);
      clock.advance(expectedMs - 0.001);
      expect(events.filter((e) => e.state === 'reconnecting')).toHaveLength(k);
      clock.advance(0.001);
      expect(events.at(-1)).toEqual({ state: 'reconnecting', delayMs: expectedMs, url: b.url });
      await until(() => clock.pendingTimers === 1, 'the attempt to fail');
    }

    await b.start(); // the same port
    clock.advance(400);
    await until(() => c.state === 'online', 'back online');
    const again = await observer(b.url);
    await again.publishAsync(TOPIC, 'after', { qos: 1 });
    await until(() => received.includes('after'), 'a message after the restart (re-subscribed)');
    expect(events.map((e) => e.state)).toEqual(['connecting', 'online', 'offline', ...Array(6).fill('reconnecting'), 'online']);

    // Online again, the backoff starts over from the initial delay.
    await b.stop();
    await until(() => c.state === 'offline' && clock.pendingTimers === 1, 'offline again');
    clock.advance(100);
    expect(events.at(-1)!.state).toBe('reconnecting');
    expect(events.at(-1)!.delayMs).toBeLessThanOrEqual(100);
  });

  it('queues nothing while offline: publish returns false and the message never arrives', async () => {
    const b = await broker();
    const clock = new ManualClock(0);
    const { c } = client({ url: b.url, clock, backoff: { initialMs: 50, maxMs: 50, jitter: 0 } });
    await c.start();
    expect(c.publish(OUT_TOPIC, Buffer.from('online-0'), 0)).toBe(true);

    await b.stop();
    await until(() => c.state === 'offline', 'offline');
    expect(c.online).toBe(false);
    expect(c.publish(OUT_TOPIC, Buffer.from('offline-0'), 0)).toBe(false);
    expect(c.publish(OUT_TOPIC, Buffer.from('offline-1'), 1)).toBe(false);

    await b.start();
    const watcher = await observer(b.url);
    const seen: string[] = [];
    watcher.on('message', (_topic, payload) => seen.push(payload.toString()));
    await watcher.subscribeAsync(OUT_TOPIC, { qos: 1 });
    clock.advance(50);
    await until(() => c.state === 'online', 'back online');
    expect(c.publish(OUT_TOPIC, Buffer.from('online-1'), 1)).toBe(true);
    await until(() => seen.includes('online-1'), 'the publish after reconnecting');
    expect(seen).toEqual(['online-1']);
  });

  it('contains a message listener that throws: messageError names the topic, the link stays up', async () => {
    const b = await broker();
    const { c, received } = client({ url: b.url, clock: new ManualClock(0) });
    const failures: string[] = [];
    c.on('message', (_topic, payload) => {
      if (payload.toString() === 'bad') throw new Error('consumer bug');
    });
    c.on('messageError', (topic, error) => failures.push(`${topic}: ${error.message}`));
    await c.start();
    const sender = await observer(b.url);
    await sender.publishAsync(TOPIC, 'bad', { qos: 1 });
    await sender.publishAsync(TOPIC, 'good', { qos: 1 });
    await until(() => received.includes('good'), 'the message after the failing one');
    expect(failures).toEqual([`${TOPIC}: consumer bug`]);
    expect(c.state).toBe('online');
  });

  it("keeps its process alive while it waits to reconnect (systemClock timers are unref'd), and lets it end after stop", async () => {
    const b = await broker();
    const url = b.url;
    await b.stop();
    const module = fileURLToPath(new URL('./ReconnectingMqttClient.ts', import.meta.url));
    // Retries for 1.5 s on the real clock, then stops: the process must live that long and then end.
    const script = `
      const { ReconnectingMqttClient } = await import(${JSON.stringify(module)});
      const c = new ReconnectingMqttClient({ url: ${JSON.stringify(url)}, clientId: 'keepalive', subscriptions: {}, firstConnect: 'retry', backoff: { initialMs: 50, maxMs: 50 } });
      c.on('linkError', () => undefined);
      void c.start().catch(() => undefined);
      const started = Date.now();
      c.on('link', (event) => {
        if (event.state === 'reconnecting' && Date.now() - started > 1500) { console.log('still alive'); void c.stop(); }
      });
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(out).toContain('still alive');
    expect(code).toBe(0);
  }, 20_000);

  it('firstConnect fail: an unreachable broker rejects start with SG_MQTT_CONNECT naming the URL, and closes', async () => {
    const b = await broker();
    const url = b.url;
    await b.stop();
    const { c, events } = client({ url, clock: new ManualClock(0) });
    const error = await c.start().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SwarmgateError);
    expect((error as SwarmgateError).code).toBe('SG_MQTT_CONNECT');
    expect((error as Error).message).toContain(url);
    expect(events.map((e) => e.state)).toEqual(['connecting', 'closed']);
  });

  it('firstConnect fail: a refused subscription (SUBACK 0x80) rejects start naming the filter', async () => {
    const b = await broker();
    b.denySubscribe = () => true;
    const { c } = client({ url: b.url, clock: new ManualClock(0) });
    await expect(c.start()).rejects.toThrow(/SG_MQTT_CONNECT.*swarmgate\/v1\/test\/r1\/downlink refused/);
    expect(c.state).toBe('closed');
  });

  it('attemptFailed: the URL and reason of each attempt that does not come online, naming only the filters refused; a drop after online is no attempt failure', async () => {
    const b = await broker();
    const other = 'swarmgate/v1/test/$gateway/state';
    b.denySubscribe = (filter) => filter === TOPIC;
    const clock = new ManualClock(0);
    const { c, events } = client({
      url: b.url,
      clock,
      firstConnect: 'retry',
      subscriptions: { [other]: { qos: 0 }, [TOPIC]: { qos: 1 } },
      backoff: { initialMs: 100, maxMs: 100, jitter: 0 },
    });
    const failures: MqttAttemptFailure[] = [];
    c.on('attemptFailed', (failure) => failures.push(failure));
    const online = c.start();
    await until(() => failures.length === 1, 'the first attempt to fail');
    // mqtt.js words SUBACK 0x80 as MQTT 5's 'Unspecified error' and names no filter.
    const refused = { url: b.url, reason: `subscription to ${TOPIC} refused (SUBACK 0x80)`, refusedFilters: [TOPIC] };
    expect(failures).toEqual([refused]);
    clock.advance(100);
    await until(() => failures.length === 2, 'the retry to fail the same way');
    expect(failures[1]).toEqual(refused);
    b.denySubscribe = () => false;
    clock.advance(100);
    await online;

    await b.stop();
    await until(() => c.state === 'offline', 'offline');
    expect(failures).toHaveLength(2);
    clock.advance(100);
    await until(() => failures.length === 3, 'an attempt at the stopped broker to fail');
    expect(failures[2]).toEqual({ url: b.url, reason: expect.stringMatching(/ECONNREFUSED/), refusedFilters: [] });
    expect(events.map((e) => e.state)).toEqual(['connecting', 'reconnecting', 'reconnecting', 'online', 'offline', 'reconnecting']);
  });

  it('firstConnect retry: waits for a broker that comes up later', async () => {
    const b = await broker();
    await b.stop();
    const clock = new ManualClock(0);
    const { c } = client({ url: b.url, clock, firstConnect: 'retry', backoff: { initialMs: 100, maxMs: 100, jitter: 0 } });
    let online = false;
    void c.start().then(() => (online = true));
    await until(() => clock.pendingTimers === 1, 'a retry timer');
    await b.start();
    clock.advance(100);
    await until(() => online, 'online');
  });

  it('asks the will anew for each attempt; drop makes the broker publish it; stop sends the last word', async () => {
    const b = await broker();
    const watcher = await observer(b.url);
    const deaths: string[] = [];
    watcher.on('message', (_topic, payload) => deaths.push(payload.toString()));
    await watcher.subscribeAsync('swarmgate/v1/test/r1/death', { qos: 1 });
    let session = 0;
    const clock = new ManualClock(0);
    const { c, events } = client({
      url: b.url,
      clock,
      backoff: { initialMs: 100, maxMs: 100, jitter: 0 },
      will: () => ({ topic: 'swarmgate/v1/test/r1/death', payload: Buffer.from(`will ${++session}`), qos: 1, retain: false }),
    });
    await c.start();
    c.drop('reboot');
    await until(() => deaths.includes('will 1'), 'the first will');
    expect(c.state).toBe('offline');
    clock.advance(100);
    await until(() => c.state === 'online' && deaths.includes('will 1'), 'the first will, then online again');
    expect(session).toBe(2);
    await c.stop({ topic: 'swarmgate/v1/test/r1/death', payload: Buffer.from('last word 2'), qos: 1, retain: false });
    await until(() => deaths.includes('last word 2'), 'the last word');
    expect(events.map((e) => e.state)).toEqual(['connecting', 'online', 'offline', 'reconnecting', 'online', 'closed']);
    expect(events[2]).toEqual({ state: 'offline', reason: 'reboot' });
    // A clean stop suppresses the will.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(deaths).toEqual(['will 1', 'last word 2']);
    expect(c.publish(OUT_TOPIC, Buffer.from('x'), 0)).toBe(false);
  });

  it('fails over between the brokers of a list: a drop moves to the next URL after one backoff delay, and back when that node dies', async () => {
    const [a, b] = [await broker(), await broker()];
    const clock = new ManualClock(0);
    const { c, events, received } = client({ url: `${a.url}, ${b.url}`, clock, firstConnect: 'retry', backoff: { initialMs: 100, maxMs: 100, jitter: 0 } });
    await c.start();
    expect(events.at(-1)).toEqual({ state: 'online', url: a.url });

    await a.stop();
    await until(() => c.state === 'offline' && clock.pendingTimers === 1, 'offline after node a died');
    clock.advance(100);
    await until(() => c.state === 'online', 'online through node b');
    expect(events.at(-2)).toEqual({ state: 'reconnecting', delayMs: 100, url: b.url });
    expect(events.at(-1)).toEqual({ state: 'online', url: b.url });
    const sender = await observer(b.url);
    await sender.publishAsync(TOPIC, 'via b', { qos: 1 });
    await until(() => received.includes('via b'), 'a message through node b (subscribed there)');

    // Node a is back and b dies: the list wraps around.
    await a.start();
    await b.stop();
    await until(() => c.state === 'offline' && clock.pendingTimers === 1, 'offline after node b died');
    clock.advance(100);
    await until(() => c.state === 'online', 'online through node a again');
    expect(events.at(-1)).toEqual({ state: 'online', url: a.url });
  });

  it('firstConnect fail with several URLs: tries each once, connects to the first that answers, or names them all', async () => {
    const [down, up] = [await broker(), await broker()];
    const downUrl = down.url;
    await down.stop();
    const clock = new ManualClock(0);
    const { c, events } = client({ url: `${downUrl},${up.url}`, clock, backoff: { initialMs: 100, maxMs: 100, jitter: 0 } });
    const started = c.start();
    await until(() => clock.pendingTimers === 1, 'the first URL to fail');
    clock.advance(100);
    await started;
    expect(events.at(-1)).toEqual({ state: 'online', url: up.url });

    const upUrl = up.url;
    await up.stop();
    const secondClock = new ManualClock(0);
    const second = client({ url: `${downUrl},${upUrl}`, clock: secondClock, backoff: { initialMs: 100, maxMs: 100, jitter: 0 } });
    const failed = second.c.start().catch((e: unknown) => e);
    await until(() => secondClock.pendingTimers === 1, 'the first URL to fail');
    secondClock.advance(100);
    const error = (await failed) as SwarmgateError;
    expect(error.code).toBe('SG_MQTT_CONNECT');
    expect(error.message).toContain(`cannot connect to ${upUrl} (nor to the other URLs of ${downUrl},${upUrl})`);
    expect(second.events.map((e) => e.state)).toEqual(['connecting', 'reconnecting', 'closed']);
  });

  it('refuses a bad broker list at construction, naming the entry', () => {
    expect(() => client({ url: 'mqtt://127.0.0.1:1,' })).toThrow(/SG_MQTT_URL.*entry 2 .* is empty/);
    expect(() => client({ url: 'mqtts://a:8883,mqtt://b:1883', ca: Buffer.from('x') })).toThrow(/SG_MQTT_TLS.*mqtt:\/\/b:1883/);
  });
});
