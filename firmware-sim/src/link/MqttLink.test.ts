import {
  decodeEnvelope,
  encodeEnvelope,
  gatewayStateTopic,
  makeEnvelope,
  MONA_SPEC,
  robotTopic,
  robotTopicFilter,
  swarmgate,
  type EnvelopeBodyInit,
} from '@swarmgate/protocols';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MonaSim, type MonaSimOptions } from '../MonaSim.js';
import { Inbox } from '../testing/Inbox.js';
import { until } from '../testing/until.js';
import { startMosquitto, type MosquittoBroker } from '../testing/mosquitto.js';

const ErrorCode = swarmgate.v1.ErrorCode;
const Flag = swarmgate.v1.TelemetryFlag;

describe('mona-sim over MQTT (real mosquitto)', () => {
  let broker: MosquittoBroker;
  let gateway: MqttClient;
  let inbox: Inbox;
  let sims: MonaSim[] = [];

  beforeAll(async () => {
    broker = await startMosquitto();
  });
  afterAll(async () => {
    await broker.stop();
  });

  const fromRobots = (['birth', 'death', 'telemetry', 'ack', 'error'] as const).map((kind) => robotTopicFilter('lab', undefined, kind));

  async function connectGateway(): Promise<void> {
    inbox = new Inbox();
    gateway = await mqtt.connectAsync(broker.url, { reconnectPeriod: 200 });
    gateway.on('message', (_topic, payload) => inbox.push(decodeEnvelope(payload)));
    await gateway.subscribeAsync(fromRobots, { qos: 1 });
  }

  const gatewayBirth = () => Buffer.from(encodeEnvelope(makeEnvelope('$gateway', { birth: { model: 'swarmgate-gateway' } }, 1, Date.now())));

  function sim(robotId: string, seed = 1, extra: Partial<MonaSimOptions> = {}): MonaSim {
    const s = new MonaSim({ robotId, seed, link: { kind: 'mqtt', url: broker.url, fleet: 'lab', keepaliveS: 2 }, ...extra });
    sims.push(s);
    s.start();
    return s;
  }

  function publish(robotId: string, kind: 'downlink' | 'cmd', body: EnvelopeBodyInit | Uint8Array): Promise<unknown> {
    const bytes = body instanceof Uint8Array ? body : encodeEnvelope(makeEnvelope(robotId, body, 1, Date.now()));
    return gateway.publishAsync(robotTopic('lab', robotId, kind), Buffer.from(bytes), { qos: 1 });
  }

  afterEach(async () => {
    await Promise.all(sims.map((s) => s.stop()));
    sims = [];
    await gateway?.endAsync();
  });

  it('births with session 1, streams telemetry, acks a MotorCommand and stops by its deadline', async () => {
    await connectGateway();
    const robot = sim('mona-03');
    const birth = await inbox.waitFor((e) => e.body === 'birth', 'Birth');
    expect(birth.robotId).toBe('mona-03');
    expect(birth.birth!.session).toBe(1);
    await inbox.waitFor((e) => e.body === 'telemetry', 'Telemetry');

    await publish('mona-03', 'downlink', { motorCommand: { leftMps: 0.1, rightMps: 0.1, deadlineMs: 1000, commandId: 11 } });
    await inbox.waitFor((e) => e.body === 'ack' && e.ack!.commandId === 11, 'Ack 11');
    expect(robot.firmware.model.motorsRunning).toBe(true);
    const watchdog = await inbox.waitFor((e) => e.body === 'error' && e.error!.code === ErrorCode.ERROR_CODE_WATCHDOG, 'watchdog Error');
    expect(watchdog.error!.commandId).toBe(11);
    expect(robot.firmware.model.motorsRunning).toBe(false);
    await inbox.waitFor((e) => e.body === 'telemetry' && (e.telemetry!.flags & Flag.TELEMETRY_FLAG_WATCHDOG_STOP) !== 0, 'watchdog flag');
    // 1 s at 0.1 m/s, less slip (up to 3 %): the deadline held however the timers ran.
    const travelled = robot.firmware.model.pose.xM - 1;
    expect(travelled).toBeGreaterThan(0.1 * 0.96);
    expect(travelled).toBeLessThanOrEqual(0.1 + 1e-6);
  });

  it('answers garbage on the downlink with an Error and keeps running', async () => {
    await connectGateway();
    sim('mona-04');
    await inbox.waitFor((e) => e.body === 'birth', 'Birth');
    await publish('mona-04', 'downlink', Uint8Array.from([0xde, 0xad, 0xbe, 0xef, 0x01]));
    const error = await inbox.waitFor((e) => e.body === 'error', 'Error');
    expect(error.error!.code).toBe(ErrorCode.ERROR_CODE_DECODE);
    await publish('mona-04', 'downlink', { command: { commandId: 12, stop: {} } });
    await inbox.waitFor((e) => e.body === 'ack' && e.ack!.commandId === 12, 'Ack after garbage');
  });

  it("does not read the cmd topic (controllers' Commands are for the gateway)", async () => {
    await connectGateway();
    const robot = sim('mona-07');
    await inbox.waitFor((e) => e.body === 'birth', 'Birth');
    await publish('mona-07', 'cmd', { command: { commandId: 21, stop: {} } });
    await publish('mona-07', 'cmd', { command: { commandId: 22, velocity: { linearMps: 0.1, angularRadps: 0 } } });
    // A marker on the downlink after them: once it is acked, the two would have been handled.
    await publish('mona-07', 'downlink', { command: { commandId: 23, stop: {} } });
    await inbox.waitFor((e) => e.body === 'ack' && e.ack!.commandId === 23, 'Ack of the downlink marker');
    expect(inbox.of('ack', 'mona-07').map((e) => e.ack!.commandId)).toEqual([23]);
    expect(inbox.of('error', 'mona-07')).toHaveLength(0);
    expect(robot.firmware.counters.acks).toBe(1);
  });

  it('a reboot ends the session by its will and births the next one', async () => {
    await connectGateway();
    const robot = sim('mona-05');
    await inbox.waitFor((e) => e.body === 'birth' && e.birth!.session === 1, 'Birth 1');
    robot.link.reboot();
    const death = await inbox.waitFor((e) => e.body === 'death', 'Death by will');
    expect(death.death!.session).toBe(1);
    await inbox.waitFor((e) => e.body === 'birth' && e.birth!.session === 2, 'Birth 2');
  });

  it('announces its Birth again when a gateway comes up after it, not for the retained state it finds', async () => {
    await connectGateway();
    const births = () => inbox.of('birth', 'mona-05').length;
    // A gateway already up: its retained Birth greets the robot's subscription and is no news.
    await gateway.publishAsync(gatewayStateTopic('lab'), gatewayBirth(), { qos: 1, retain: true });
    try {
      sim('mona-05');
      await inbox.waitFor((e) => e.body === 'telemetry' && e.robotId === 'mona-05', 'Telemetry');
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(births()).toBe(1);
      // A gateway (re)starting publishes its Birth live: the robot must be born to it again.
      await gateway.publishAsync(gatewayStateTopic('lab'), gatewayBirth(), { qos: 1, retain: true });
      const again = await inbox.waitFor((e) => e.body === 'birth' && e.robotId === 'mona-05' && births() === 2, 'second Birth');
      expect(again.birth!.session).toBe(1);
    } finally {
      await gateway.publishAsync(gatewayStateTopic('lab'), Buffer.alloc(0), { qos: 1, retain: true });
    }
  });

  it('reconnects with a new session after the broker restarts; no motion while offline', async () => {
    await connectGateway();
    const robot = sim('mona-06');
    await inbox.waitFor((e) => e.body === 'birth' && e.birth!.session === 1, 'Birth 1');
    // A gateway's MotorCommand stream: 10 Hz while connected, nothing queued while not (and no
    // reconnect), so the deadline never runs out before the broker goes, however loaded the machine.
    const driver = await mqtt.connectAsync(broker.url, { reconnectPeriod: 0, queueQoSZero: false });
    driver.on('error', () => undefined);
    let commandId = 0;
    const drive = () => {
      if (!driver.connected) return;
      const body = { motorCommand: { leftMps: 0.05, rightMps: 0.05, deadlineMs: MONA_SPEC.maxMotorDeadlineMs, commandId: ++commandId } };
      driver.publish(robotTopic('lab', 'mona-06', 'downlink'), Buffer.from(encodeEnvelope(makeEnvelope('mona-06', body, commandId, Date.now()))), { qos: 0 });
    };
    const stream = setInterval(drive, 100);
    try {
      drive();
      await until(() => robot.firmware.model.motorsRunning, 'the robot to drive');
      await broker.restart();
      await until(() => !robot.firmware.online, 'the robot to see the link drop');
      // The link dropped: motors stopped at once, not by a deadline running out.
      expect(robot.firmware.model.motorsRunning).toBe(false);
      expect(robot.firmware.counters.watchdogStops).toBe(0);
    } finally {
      clearInterval(stream);
      driver.end(true);
    }
    // Both sides reconnect on their own backoff, the robot's Birth may come before this
    // observer has subscribed again: a gateway Birth published live makes it announce again.
    await until(() => gateway.connected && robot.firmware.online, 'the observer and the robot to reconnect', 15_000);
    await gateway.subscribeAsync(fromRobots, { qos: 1 });
    await gateway.publishAsync(gatewayStateTopic('lab'), gatewayBirth(), { qos: 1 });
    await inbox.waitFor((e) => e.body === 'birth' && e.robotId === 'mona-06' && e.birth!.session >= 2, 'Birth after restart');
    expect(robot.firmware.model.motorsRunning).toBe(false);
  });

  it('says once that it hears no gateway state on its fleet, and says nothing where a gateway left one', async () => {
    const lines = new Map<string, string[]>();
    const robot = (id: string, fleet: string, rebootAfterS?: number): MonaSim => {
      lines.set(id, []);
      const s = new MonaSim({
        robotId: id,
        seed: 1,
        link: { kind: 'mqtt', url: broker.url, fleet, keepaliveS: 2, gatewaySilenceWarnMs: 300 },
        log: (line) => lines.get(id)!.push(line),
        rebootAfterS,
      });
      sims.push(s);
      s.start();
      return s;
    };
    // A gateway ran on 'heard' (its retained Birth); none ever ran on 'quiet' (a mistyped --fleet).
    const gatewayState = await mqtt.connectAsync(broker.url);
    await gatewayState.publishAsync(gatewayStateTopic('heard'), gatewayBirth(), { qos: 1, retain: true });
    await gatewayState.endAsync();
    // Rebooted every second: each session is a new online.
    const quiet = robot('mona-50', 'quiet', 1);
    const heard = robot('mona-51', 'heard');
    const silence = (id: string) => lines.get(id)!.filter((line) => line.includes('no gateway state'));
    await until(() => silence('mona-50').length > 0, 'the silence said', 10_000);
    expect(silence('mona-50')).toEqual([
      `mona-50: no gateway state on fleet 'quiet' at ${broker.url} in 0.3 s online: no gateway has run on this fleet on this broker yet, ` +
        `or --fleet is not its fleet (serve prints it at start, "(fleet NAME)")`,
    ]);
    expect(quiet.firmware.online && heard.firmware.online).toBe(true);
    // Once per run: the sessions after a reboot do not say it again.
    await until(() => quiet.reboots >= 2 && quiet.firmware.online, 'two reboots', 10_000);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(silence('mona-50')).toHaveLength(1);
    expect(silence('mona-51')).toEqual([]);
  });

  it('--reboot-after: reboots on schedule, each session ended by its will and reborn', async () => {
    await connectGateway();
    sim('mona-12', 1, { rebootAfterS: 0.4 });
    await inbox.waitFor((e) => e.body === 'birth' && e.robotId === 'mona-12' && e.birth!.session === 3, 'Birth 3');
    const deaths = inbox.of('death', 'mona-12').map((e) => e.death!.session);
    expect(deaths.slice(0, 2)).toEqual([1, 2]);
  });

  it('--drop 1: the robot still executes commands but nothing it sends arrives', async () => {
    await connectGateway();
    const robot = sim('mona-13', 1, { faults: { dropP: 1, delayMs: 0, corruptP: 0 } });
    // Online (subscribed) although its Birth was dropped.
    const deadline = Date.now() + 15_000;
    const until = async (condition: () => boolean) => {
      while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    await until(() => robot.firmware.online);
    await publish('mona-13', 'downlink', { motorCommand: { leftMps: 0.1, rightMps: 0.1, deadlineMs: 5000, commandId: 5 } });
    await until(() => robot.firmware.model.motorsRunning);
    expect(robot.firmware.model.motorsRunning).toBe(true);
    expect(robot.firmware.counters.acks).toBe(1);
    expect(inbox.of('ack', 'mona-13')).toHaveLength(0);
    expect(inbox.of('birth', 'mona-13')).toHaveLength(0);
  });
});

describe('mona-sim over MQTT with no broker to reach', () => {
  it("logs each node's failure once, then counts its repeats on the reconnect lines", async () => {
    // Port 1 of two loopback addresses, where nobody listens: a cluster whose nodes fail each their own way, by turns.
    const urls = ['mqtt://127.0.0.1:1', 'mqtt://127.0.0.2:1'];
    const lines: string[] = [];
    const robot = new MonaSim({
      robotId: 'mona-40',
      seed: 1,
      link: { kind: 'mqtt', url: urls.join(','), fleet: 'lab', keepaliveS: 2 },
      log: (line) => lines.push(line),
    });
    robot.start();
    try {
      const retries = () => lines.filter((line) => line.includes('reconnecting after'));
      await until(() => retries().length >= 4, 'four retries', 15_000);
      expect(lines.filter((line) => line.includes('cannot connect'))).toEqual(
        urls.map((url) => `mona-40: cannot connect to ${url}: connect ECONNREFUSED ${url.slice('mqtt://'.length)}`),
      );
      // Each retry counts the failures of the node that just failed.
      expect(
        retries()
          .slice(0, 4)
          .map((line) => /\(same error (\d+) times\)$/.exec(line)?.[1] ?? '1'),
      ).toEqual(['1', '1', '2', '2']);
    } finally {
      await robot.stop();
    }
  });
});
