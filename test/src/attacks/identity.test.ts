/**
 * Attacks on robot identity, each against the real parts (LiveService, aedes, Mosquitto, socat
 * ptys, mona-sim processes, a real `swarmgate serve` process):
 * - a Birth with a virtual robot's id, over MQTT (bench mode) and over serial;
 * - a serial Birth whose id is not a valid id (not even a topic level);
 * - a Birth with the id of a robot online on another link;
 * - a fleet user connecting with another robot's MQTT client id (aedes and Mosquitto);
 * - a fleet file that names a physical robot like a virtual one;
 * - a robot up before the gateway, and a gateway killed (SIGKILL) and restarted under a robot.
 * None may end the process or take a robot's record: the newcomer gets an Error on its own
 * link, the log a warning, GET /api/robots/conflicts the record, and the trial goes on.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedBroker, MemoryLogger, parseFleetFile, writeMosquittoConfig, type IdConflict, type LiveService } from '@swarmgate/gateway';
import { loadMap } from '@swarmgate/maps';
import {
  FrameDecoder,
  GATEWAY_ID,
  decodeEnvelope,
  encodeEnvelope,
  encodeEnvelopeFrame,
  makeEnvelope,
  robotTopic,
  swarmgate,
  type Envelope,
  type EnvelopeBodyInit,
} from '@swarmgate/protocols';
import mqtt from 'mqtt';
import { SerialPort } from 'serialport';
import { afterEach, describe, expect, it } from 'vitest';
import { startMosquitto } from '../harness/mosquitto.js';
import { startPtyPair } from '../harness/socat.js';
import { FLEET, startLive, startMonaSim, terminate, waitFor } from '../trial/liveHarness.js';

const SWARMGATE_BIN = join(import.meta.dirname, '..', '..', '..', 'gateway', 'bin', 'swarmgate.js');
const GRID = loadMap('building:30x30:seed=7');
const REFUSED = swarmgate.v1.ErrorCode.ERROR_CODE_UNSUPPORTED;

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Registers `stop(thing)` to run after the test (in reverse order) and returns the thing. */
function later<T>(thing: T, stop: (t: T) => Promise<unknown> | unknown): T {
  cleanups.push(() => stop(thing));
  return thing;
}

const monaSim = (id: string, linkArgs: readonly string[], extra: readonly string[] = []) => {
  const child = startMonaSim(id, linkArgs, extra);
  cleanups.push(() => terminate(child));
  return child;
};

let seq = 0;
const frame = (robotId: string, body: EnvelopeBodyInit) => Buffer.from(encodeEnvelopeFrame(makeEnvelope(robotId, body, ++seq, seq)));
const birth = (session: number): EnvelopeBodyInit => ({ birth: { model: 'mona', firmwareVersion: '0.1', protocolVersion: { major: 1, minor: 0 }, session } });

/** A robot's end of a pty: raw frames out, decoded frames in. */
async function robotEnd(path: string): Promise<{ port: SerialPort; received: Envelope[] }> {
  const port = new SerialPort({ path, baudRate: 115200, autoOpen: false });
  await new Promise<void>((resolve, reject) => port.open((error) => (error ? reject(error) : resolve())));
  const decoder = new FrameDecoder();
  const received: Envelope[] = [];
  decoder.on('frame', ({ envelope }) => received.push(envelope));
  port.on('data', (chunk: Buffer) => decoder.push(chunk));
  port.on('error', () => undefined);
  cleanups.push(() => (port.isOpen ? new Promise((resolve) => port.close(resolve)) : undefined));
  return { port, received };
}

/**
 * Telemetry from a raw robot every 100 ms until the returned stop is called, as a robot sends
 * it (mona-sim at 10 Hz): a robot silent for 1.5 keepalives is offline, and its id is free to
 * move to another link. Returns the stop.
 */
function keepTalking(raw: { port: SerialPort }, robotId: string): () => void {
  const timer = setInterval(() => raw.port.write(frame(robotId, { telemetry: { battery: { volts: 4.2, fraction: 1 } } })), 100);
  const stop = () => clearInterval(timer);
  cleanups.push(stop);
  return stop;
}

async function ptyPair() {
  const pair = await startPtyPair();
  cleanups.push(() => pair.close());
  return pair;
}

/** Errors the gateway publishes on a robot's error topic. */
async function errorsOn(url: string, robotId: string): Promise<Envelope[]> {
  const client = later(await mqtt.connectAsync(url, { reconnectPeriod: 0 }), (c) => c.endAsync());
  const errors: Envelope[] = [];
  client.on('message', (_topic, payload) => errors.push(decodeEnvelope(payload)));
  await client.subscribeAsync(robotTopic(FLEET, robotId, 'error'), { qos: 1 });
  return errors;
}

async function conflictsOf(service: LiveService): Promise<IdConflict[]> {
  const response = await fetch(`http://127.0.0.1:${service.httpPort}/api/robots/conflicts`);
  expect(response.status).toBe(200);
  return (await response.json()) as IdConflict[];
}

async function robotsOf(httpPort: number): Promise<{ id: string; kind: string; online: boolean; link: string }[]> {
  return (await (await fetch(`http://127.0.0.1:${httpPort}/api/robots`)).json()) as { id: string; kind: string; online: boolean; link: string }[];
}

/** The trial still steps: its tick moves on. */
async function stillTicking(service: LiveService): Promise<void> {
  const tick = service.live.status().tick;
  await waitFor('the trial to tick on', () => service.live.status().tick > tick + 2, 5000);
}

const warnings = (logger: MemoryLogger, message: string) => logger.entries.filter((e) => e.level === 'warn' && e.message === message);

describe('identity attacks: one admission point', () => {
  it("refuses a Birth with a virtual robot's id over MQTT in bench mode: Error to the newcomer, warning, conflict record, trial goes on", async () => {
    const { service, logger } = await startLive({ grid: GRID, robots: 2, service: { mqttPort: 0, httpPort: 0 } });
    later(service, (s) => s.stop());
    const errors = await errorsOn(service.url, 'r0');
    monaSim('r0', ['--mqtt', service.url, '--fleet', FLEET]);
    await waitFor('an Error for the impostor r0', () => errors.length > 0, 20_000);
    expect(errors[0].error).toMatchObject({ code: REFUSED, message: expect.stringMatching(/robot id r0 is a virtual robot of this trial/) });
    const conflicts = await conflictsOf(service);
    expect(conflicts).toEqual([expect.objectContaining({ robotId: 'r0', link: 'mqtt', channel: 'mqtt', reason: expect.stringContaining('virtual robot') })]);
    expect(warnings(logger, 'mqtt: Birth refused')).toHaveLength(1);
    // r0 is still the trial's virtual robot, no twin was made, and its Telemetry moved nothing.
    expect(service.hil.registry.get('r0')).toMatchObject({ link: 'virtual', online: true });
    expect(service.live.status()).toMatchObject({ virtualRobots: 2, physicalRobots: 0 });
    await waitFor("the impostor's telemetry dropped", () => service.hil.registry.counters.foreignTraffic > 0, 5000);
    await stillTicking(service);

    // An id that is a valid MQTT topic level but not a valid robot id: refused on its own error topic.
    const stray = later(await mqtt.connectAsync(service.url, { reconnectPeriod: 0 }), (c) => c.endAsync());
    const strayErrors: { topic: string; envelope: Envelope }[] = [];
    stray.on('message', (topic, payload) => strayErrors.push({ topic, envelope: decodeEnvelope(payload) }));
    await stray.subscribeAsync(`swarmgate/v1/${FLEET}/+/error`, { qos: 1 });
    for (const id of ['mona 01', 'é', 'x'.repeat(65)]) {
      const bytes = Buffer.from(encodeEnvelope(makeEnvelope(id, birth(1), 1, 1)));
      await stray.publishAsync(`swarmgate/v1/${FLEET}/${id}/birth`, bytes, { qos: 1 });
    }
    await waitFor('three Errors for the bad ids', () => strayErrors.filter((e) => !e.topic.includes('/r0/')).length >= 3, 10_000);
    expect(strayErrors.filter((e) => !e.topic.includes('/r0/')).map((e) => [e.topic, e.envelope.error!.message])).toEqual([
      [`swarmgate/v1/${FLEET}/mona 01/error`, 'robot id "mona 01" contains " " (allowed: letters, digits, _ . -)'],
      [`swarmgate/v1/${FLEET}/é/error`, 'robot id "é" contains "é" (allowed: letters, digits, _ . -)'],
      [`swarmgate/v1/${FLEET}/${'x'.repeat(65)}/error`, `robot id "${'x'.repeat(65)}" is longer than 64 characters`],
    ]);
    expect(service.hil.registry.list().map((r) => r.id)).toEqual(['r0', 'r1']);
    await stillTicking(service);
  }, 60_000);

  it("over serial: refuses a virtual robot's id (mona-sim --serial), an invalid id, and an id online over MQTT, each with an Error frame; admits a good one", async () => {
    const [simPty, rawPty] = [await ptyPair(), await ptyPair()];
    const { service, logger } = await startLive({ grid: GRID, robots: 2, serialPorts: [simPty.a, rawPty.a], service: { mqttPort: 0, httpPort: 0 } });
    later(service, (s) => s.stop());

    // mona-sim on a serial line, calling itself r1: the virtual robot's id.
    const sim = monaSim('r1', ['--serial', simPty.b]);
    await waitFor('the serial r1 refused', () => service.hil.registry.conflicts().some((c) => c.robotId === 'r1'), 20_000);

    // Raw frames: a Birth whose id is not a valid id (not even a topic level), then one that
    // is online over MQTT already, then a good one.
    const raw = await robotEnd(rawPty.b);
    raw.port.write(frame('a/b', birth(1)));
    await waitFor('an Error frame for a/b', () => raw.received.some((e) => e.body === 'error'), 10_000);
    expect(raw.received.find((e) => e.body === 'error')!.error).toMatchObject({
      code: REFUSED,
      message: 'robot id "a/b" contains "/" (allowed: letters, digits, _ . -)',
    });

    monaSim('mona-07', ['--mqtt', service.url, '--fleet', FLEET]);
    await waitFor('mona-07 online over MQTT', () => service.hil.registry.get('mona-07')?.online === true, 20_000);
    raw.port.write(frame('mona-07', birth(1)));
    await waitFor('a second Error frame', () => raw.received.filter((e) => e.body === 'error').length >= 2, 10_000);
    expect(raw.received.filter((e) => e.body === 'error')[1].error!.message).toBe('robot id mona-07 is already online on mqtt; two robots cannot share an id');
    expect(service.hil.registry.get('mona-07')).toMatchObject({ link: 'mqtt', online: true });

    raw.port.write(frame('mona-08', birth(1)));
    await waitFor('mona-08 joins as a twin', () => service.live.twins!.has('mona-08'), 10_000);
    expect(service.live.world.robotIds()).toEqual(['r0', 'r1', 'mona-07', 'mona-08']);
    const conflicts = await conflictsOf(service);
    // Ordered by latest refusal: mona-sim repeats its Birth until it hears the host.
    expect(conflicts.map((c) => `${c.robotId} ${c.link} ${c.channel}`).sort()).toEqual([
      `a/b serial serial:${rawPty.a}`,
      `mona-07 serial serial:${rawPty.a}`,
      `r1 serial serial:${simPty.a}`,
    ]);
    // Warned once per id, channel and reason, however often a robot repeats its Birth.
    expect(warnings(logger, 'serial: Birth refused').map((w) => w.fields!['robotId'])).toEqual(['r1', 'a/b', 'mona-07']);
    expect(sim.exitCode).toBeNull();
    await stillTicking(service);
  }, 90_000);

  it('refuses an MQTT Birth for a robot online on a serial port; its traffic is dropped, the serial robot keeps its record', async () => {
    const pty = await ptyPair();
    const { service, logger } = await startLive({ grid: GRID, robots: 1, serialPorts: [pty.a], service: { mqttPort: 0, httpPort: 0 } });
    later(service, (s) => s.stop());
    const raw = await robotEnd(pty.b);
    raw.port.write(frame('mona-05', birth(3)));
    // Alive while the impostor comes: a silent serial robot would time out (1.5 s here) and the
    // impostor's Birth would then be a legitimate move to MQTT, driven there from then on.
    const stopTalking = keepTalking(raw, 'mona-05');
    await waitFor('mona-05 online on serial', () => service.hil.registry.get('mona-05')?.online === true, 10_000);
    const errors = await errorsOn(service.url, 'mona-05');
    const mqttDownlink: Envelope[] = [];
    const downlinkSpy = later(await mqtt.connectAsync(service.url, { reconnectPeriod: 0 }), (c) => c.endAsync());
    downlinkSpy.on('message', (_topic, payload) => mqttDownlink.push(decodeEnvelope(payload)));
    await downlinkSpy.subscribeAsync(robotTopic(FLEET, 'mona-05', 'downlink'), { qos: 1 });
    monaSim('mona-05', ['--mqtt', service.url, '--fleet', FLEET, '--keepalive', '1']);
    const refusal = `robot id mona-05 is already online on serial:${pty.a}; two robots cannot share an id`;
    await waitFor('the refusal Error for the MQTT mona-05', () => errors.some((e) => e.error?.code === REFUSED), 20_000);
    await waitFor("the impostor's telemetry dropped", () => service.hil.registry.counters.foreignTraffic > 0, 5000);
    expect(service.hil.registry.get('mona-05')).toMatchObject({ link: 'serial', session: 3, online: true });
    expect(service.hil.linkOf('mona-05')?.name).toBe('serial');
    await stillTicking(service);
    // The twin is driven on the serial line, and nothing for mona-05 went out on MQTT.
    await waitFor('a MotorCommand on the serial line', () => raw.received.some((e) => e.body === 'motorCommand'), 5000);
    expect(mqttDownlink.map((e) => e.body)).toEqual([]);
    // Nothing but the gateway's refusal on its error topic: an Error of the impostor's own (a
    // watchdog stop) would mean it received commands meant for the serial robot.
    expect(errors.map((e) => [e.robotId, e.error!.code, e.error!.message])).toEqual(errors.map(() => [GATEWAY_ID, REFUSED, refusal]));

    // Once the serial robot is gone (its port vanishes), the id may come back on MQTT: a move, logged.
    stopTalking();
    await pty.close();
    await waitFor('mona-05 offline', () => service.hil.registry.get('mona-05')?.online === false, 10_000);
    monaSim('mona-05', ['--mqtt', service.url, '--fleet', FLEET, '--seed', '2']);
    await waitFor('mona-05 back over MQTT', () => service.hil.registry.get('mona-05')?.link === 'mqtt', 20_000);
    expect(service.hil.linkOf('mona-05')?.name).toBe('mqtt');
    expect(logger.entries.some((e) => e.message === 'mqtt: robot moved links' && e.fields!['from'] === `serial:${pty.a}`)).toBe(true);
    await waitFor('the twin online again', () => service.live.twins!.isOnline('mona-05'), 10_000);
  }, 60_000);

  it('in fleet mode refuses a serial robot that is not in the fleet file, and admits one that is', async () => {
    const pty = await ptyPair();
    const fleet = parseFleetFile('fleet: lab\ngateway: { username: gw, password: gw-pw }\nrobots: [{ id: mona-01, password: m1-pw, link: serial }]\n');
    const { service, logger } = await startLive({
      grid: GRID,
      robots: 1,
      serialPorts: [pty.a],
      service: { mqttPort: 0, httpPort: 0, fleet, username: 'gw', password: 'gw-pw' },
    });
    later(service, (s) => s.stop());
    const raw = await robotEnd(pty.b);
    raw.port.write(frame('mona-09', birth(1)));
    await waitFor('an Error frame for mona-09', () => raw.received.some((e) => e.body === 'error'), 10_000);
    expect(raw.received.find((e) => e.body === 'error')!.error!.message).toBe('robot id mona-09 is not in the fleet file; add it under robots');
    expect(service.hil.registry.get('mona-09')).toBeUndefined();
    expect(warnings(logger, 'serial: Birth refused')).toHaveLength(1);
    raw.port.write(frame('mona-01', birth(1)));
    await waitFor('mona-01 joins as a twin', () => service.live.twins!.isOnline('mona-01'), 10_000);
  }, 60_000);

  const CLIENT_ID_FLEET = `
fleet: lab
gateway: { username: gw, password: gw-pw }
robots:
  - { id: mona-01, password: m1-pw }
  - { id: mona-02, password: m2-pw }
controllers:
  - { id: c1, password: c1-pw, robots: [mona-01] }
`;
  /** A fleet broker of each kind; `refused` is how a refused connect reads on it. */
  const clientIdBrokers = {
    aedes: async () => {
      const logger = new MemoryLogger();
      const broker = later(await EmbeddedBroker.start({ fleet: parseFleetFile(CLIENT_ID_FLEET), port: 0, logger }), (b) => b.close());
      return { url: broker.url, refused: /Identifier rejected/i, refusals: () => broker.counters.clientIdRefusals, embedded: true };
    },
    mosquitto: async () => {
      const dir = mkdtempSync(join(tmpdir(), 'sg-identity-mosquitto-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      const files = await writeMosquittoConfig(parseFleetFile(CLIENT_ID_FLEET), join(dir, 'conf'));
      expect(files.pluginProblem).toBeNull();
      const broker = later(await startMosquitto({ includeDir: join(dir, 'conf') }), (b) => b.stop());
      return { url: broker.url, refused: /Not authorized/i, refusals: () => broker.log().match(/belongs to another user/g)?.length ?? 0, embedded: false };
    },
  };

  it.each(Object.keys(clientIdBrokers) as (keyof typeof clientIdBrokers)[])(
    "refuses an MQTT connect with another robot's client id (%s): the robot stays connected",
    async (kind) => {
      const broker = await clientIdBrokers[kind]();
      const connect = (username: string, password: string, clientId: string) =>
        mqtt.connectAsync(broker.url, { username, password, clientId, reconnectPeriod: 0 }).then((client) => later(client, (c) => c.endAsync(true)));
      // mona-sim's own client id is bound to its user.
      const robot = monaSim('mona-01', ['--mqtt', broker.url, '--fleet', FLEET, '--username', 'mona-01', '--password', 'm1-pw']);
      await waitFor('mona-sim online', () => robot.output().includes('online'), 20_000);
      for (const [user, password] of [
        ['c1', 'c1-pw'],
        ['mona-02', 'm2-pw'],
        ['gw', 'gw-pw'],
      ]) {
        await expect(connect(user, password, `mona-01:mona-sim:${FLEET}:mona-01`)).rejects.toThrow(broker.refused);
        await expect(connect(user, password, 'mona-01')).rejects.toThrow(broker.refused);
      }
      // Mosquitto's log is read from its stderr pipe: the last refusal's line may still be in flight.
      await waitFor('six refusals counted', () => broker.refusals() >= 6, 5000);
      expect(broker.refusals()).toBe(6);
      // The robot is still connected: mona-sim never went offline.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(robot.output().match(/online via \S+ \(session/g)).toHaveLength(1);
      expect(robot.output()).not.toMatch(/offline|reconnect/);
      // Its own user may take over its own client id (a reconnect after a reboot), and others
      // connect as usual under ids of their own.
      await expect(connect('c1', 'c1-pw', 'c1:controller')).resolves.toBeDefined();
      await expect(connect('mona-01', 'm1-pw', 'mona-01:spare')).resolves.toBeDefined();

      if (!broker.embedded) return;
      // The embedded broker also protects a client id of a robot's own choosing while it is connected.
      const legacy = await connect('mona-02', 'm2-pw', 'legacy-robot-7');
      let legacyClosed = false;
      legacy.on('close', () => (legacyClosed = true));
      await expect(connect('c1', 'c1-pw', 'legacy-robot-7')).rejects.toThrow(broker.refused);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(legacyClosed).toBe(false);
      const again = await connect('mona-02', 'm2-pw', 'legacy-robot-7');
      expect(again.connected).toBe(true);
      await waitFor('the old connection replaced', () => legacyClosed, 5000);
    },
    60_000,
  );

  it('serve refuses a fleet file naming a physical robot like one of its virtual robots, before anything starts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sg-identity-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const fleetPath = join(dir, 'fleet.yaml');
    writeFileSync(fleetPath, 'fleet: lab\ngateway: { username: gw, password: g }\nrobots: [{ id: r1, password: q }]\n');
    // Had the check come after the start, serve would run until spawnSync's timeout.
    const r = spawnSync(
      process.execPath,
      [SWARMGATE_BIN, 'serve', '--map', 'building:20x20:seed=1', '--robots', '2', '--fleet', fleetPath, '--mqtt-port', '0'],
      {
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(r.stderr).toContain('--fleet: physical robot r1 in the fleet file has the id of virtual robots (r0 .. r1)');
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
  }, 60_000);
});

describe('identity: robots up before the gateway join its trial (external Mosquitto)', () => {
  it('a mona-sim started first joins a LiveService started after it as a twin', async () => {
    const broker = later(await startMosquitto(), (b) => b.stop());
    const observer = later(await mqtt.connectAsync(broker.url, { reconnectPeriod: 0 }), (c) => c.endAsync());
    let births = 0;
    observer.on('message', () => births++);
    await observer.subscribeAsync(robotTopic(FLEET, 'mona-01', 'birth'), { qos: 1 });
    monaSim('mona-01', ['--mqtt', broker.url, '--fleet', FLEET]);
    await waitFor('mona-01 born before any gateway', () => births > 0, 20_000);
    const { service } = await startLive({ url: broker.url, grid: GRID, robots: 1 });
    later(service, (s) => s.stop());
    await waitFor('mona-01 joins as a twin', () => service.live.twins!.isOnline('mona-01'), 10_000);
    expect(service.live.status()).toMatchObject({ virtualRobots: 1, physicalRobots: 1, physicalOnline: 1 });
  }, 60_000);

  it('a robot under a gateway killed with SIGKILL rejoins the restarted gateway (real serve processes)', async () => {
    const broker = later(await startMosquitto(), (b) => b.stop());
    const serve = async (): Promise<{ child: ChildProcess; httpPort: number }> => {
      const child = spawn(process.execPath, [SWARMGATE_BIN, 'serve', '--map', 'building:30x30:seed=7', '--robots', '1', '--mqtt', broker.url, '--port', '0'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      cleanups.push(() => terminate(child));
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
      await waitFor('serve to start', () => /web UI http:\/\/127\.0\.0\.1:\d+\//.test(out), 30_000).catch((error: Error) => {
        throw new Error(`${error.message}\n${out}`);
      });
      return { child, httpPort: Number(/web UI http:\/\/127\.0\.0\.1:(\d+)\//.exec(out)![1]) };
    };
    const physicalOnline = async (httpPort: number) =>
      (await robotsOf(httpPort)).some((r) => r.id === 'mona-01' && r.kind === 'physical' && r.online && r.link === 'mqtt');

    const first = await serve();
    const robot = monaSim('mona-01', ['--mqtt', broker.url, '--fleet', FLEET]);
    let joined = false;
    await waitFor(
      "mona-01 in the first gateway's trial",
      () => {
        void physicalOnline(first.httpPort).then(
          (ok) => (joined ||= ok),
          () => undefined,
        );
        return joined;
      },
      20_000,
    );

    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    const second = await serve();
    let rejoined = false;
    await waitFor(
      "mona-01 in the restarted gateway's trial",
      () => {
        void physicalOnline(second.httpPort).then(
          (ok) => (rejoined ||= ok),
          () => undefined,
        );
        return rejoined;
      },
      20_000,
    );
    // The robot never lost its broker connection: it re-announced itself, it did not reconnect.
    expect(robot.output().match(/online via \S+ \(session/g)).toHaveLength(1);
  }, 90_000);
});
