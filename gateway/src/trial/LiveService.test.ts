/**
 * `serve` in fleet mode on its embedded broker: a controller with its fleet credentials drives
 * its assigned physical robot (here a plain MQTT client speaking the robot's side of the
 * protocol), and is refused another robot's topics. Stopping the service finishes a recording
 * started at run time.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import { decodeEnvelope, encodeEnvelope, makeEnvelope, robotTopic, type EnvelopeBodyInit, type MotorCommand } from '@swarmgate/protocols';
import { MqttRobot, SlamMap } from '@swarmgate/sdk';
import { EmbeddedBroker } from '../hil/EmbeddedBroker.js';
import { bytesReadable, openRecording } from '../record/trialRecording.js';
import { parseFleetFile } from '../hil/FleetFile.js';
import { MemoryLogger } from '../hil/Logger.js';
import { borderedRoom } from '../sim/testing/testGrids.js';
import { DEFAULT_TWIN_OPTIONS } from './LiveTrial.js';
import { LiveService } from './LiveService.js';

const FLEET = parseFleetFile(`
fleet: lab
gateway: { username: gw, password: gw-pw }
robots:
  - { id: mona-01, password: m1-pw }
  - { id: mona-02, password: m2-pw }
controllers:
  - { id: c1, password: c1-pw, robots: [mona-01] }
`);
const grid = borderedRoom(20);
/** One virtual frontier robot in the test map, running until stopped. */
const TRIAL = {
  grid,
  robots: 1,
  algorithm: 'frontier',
  comm: 'global',
  spawn: { kind: 'together' },
  seed: 2,
  targetExplored: 0.99,
  maxTicks: Number.POSITIVE_INFINITY,
} as const;

describe('LiveService with a fleet file', () => {
  let service: LiveService;
  let robotClient: MqttClient;
  let telemetryTimer: NodeJS.Timeout;
  const motor: MotorCommand[] = [];

  beforeAll(async () => {
    service = await LiveService.start({
      // No virtual robot: one exploring beside the twin could bump it, and a contact stops the twin.
      trial: { ...TRIAL, robots: 0, remoteControlled: new Set(['mona-01']) },
      mqttPort: 0,
      httpPort: 0,
      fleet: FLEET,
      fleetName: 'lab',
      username: 'gw',
      password: 'gw-pw',
      keepaliveMs: 1000,
      twins: DEFAULT_TWIN_OPTIONS,
      realtime: true,
      logger: new MemoryLogger(),
    });
    // The robot's side: Birth, then Telemetry at 10 Hz; MotorCommands recorded.
    robotClient = await mqtt.connectAsync(service.url, { username: 'mona-01', password: 'm1-pw', reconnectPeriod: 0 });
    await robotClient.subscribeAsync(robotTopic('lab', 'mona-01', 'downlink'));
    robotClient.on('message', (_topic, payload) => {
      const m = decodeEnvelope(payload).motorCommand;
      if (m) motor.push(m);
    });
    let seq = 0;
    const publish = (kind: 'birth' | 'telemetry', body: EnvelopeBodyInit) =>
      robotClient.publish(robotTopic('lab', 'mona-01', kind), Buffer.from(encodeEnvelope(makeEnvelope('mona-01', body, ++seq, seq))), { qos: 1 });
    publish('birth', { birth: { model: 'mona', firmwareVersion: 't', protocolVersion: { major: 1, minor: 0 }, session: 1 } });
    telemetryTimer = setInterval(() => publish('telemetry', { telemetry: { odometry: { xM: 0, yM: 0, headingRad: 0 } } }), 100);
  });

  afterAll(async () => {
    clearInterval(telemetryTimer);
    await robotClient?.endAsync();
    await service?.stop();
  });

  it('lets a controller drive its assigned physical robot, and refuses it another robot', async () => {
    const live = service.live;
    await until(() => live.twins!.has('mona-01'));
    const robot = await MqttRobot.connect({
      url: service.url,
      username: 'c1',
      password: 'c1-pw',
      fleet: 'lab',
      robotId: 'mona-01',
      map: SlamMap.forGrid(grid),
      limits: live.world.actionLimits,
    });
    try {
      await until(() => robot.counters.states > 2);
      robot.setVelocity(0, 1);
      await until(() => robot.counters.acks === 1);
      // A turn in place: the twin's latched velocity becomes opposite wheel speeds.
      await until(
        () => motor.some((m) => m.leftMps < 0 && m.rightMps > 0),
        8000,
        () => ({ online: live.twins!.isOnline('mona-01'), estopped: live.status().emergencyStopped, motor: motor.slice(-3) }),
      );
      const turning = motor.find((m) => m.leftMps < 0 && m.rightMps > 0)!;
      expect(turning.deadlineMs).toBe(300);
      expect(turning.rightMps).toBeCloseTo((1 * 0.078) / 2, 3);
      const robots = (await (await fetch(`http://127.0.0.1:${service.httpPort}/api/robots`)).json()) as { id: string; link: string }[];
      expect(robots.map((r) => `${r.id}:${r.link}`)).toEqual(['mona-01:mqtt']);
    } finally {
      await robot.close();
    }
    await expect(
      MqttRobot.connect({
        url: service.url,
        username: 'c1',
        password: 'c1-pw',
        fleet: 'lab',
        robotId: 'mona-02',
        map: SlamMap.forGrid(grid),
        limits: live.world.actionLimits,
      }),
    ).rejects.toThrow(/SG_LINK_CONNECT: robot mona-02: .*refused \(check the fleet ACL: is this controller assigned robot mona-02\?\)/);
    await expect(
      MqttRobot.connect({
        url: service.url,
        username: 'c1',
        password: 'wrong',
        fleet: 'lab',
        robotId: 'mona-01',
        map: SlamMap.forGrid(grid),
        limits: live.world.actionLimits,
      }),
    ).rejects.toThrow(/SG_LINK_CONNECT/);
  });
});

async function until(condition: () => boolean, timeoutMs = 8000, state: () => unknown = () => null): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out; state: ${JSON.stringify(state())}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('LiveService bind rule', () => {
  const trial = TRIAL;

  it('refuses a bind beyond loopback without a fleet, and with insecure warns loudly', async () => {
    const base = { trial, fleet: null, fleetName: 'lab', keepaliveMs: 1000, twins: DEFAULT_TWIN_OPTIONS, httpPort: null };
    await expect(LiveService.start({ ...base, bind: '0.0.0.0', logger: new MemoryLogger() })).rejects.toMatchObject({ code: 'SG_BIND' });
    // An external broker on loopback and no HTTP: nothing of this test listens beyond loopback.
    const broker = await EmbeddedBroker.start({ fleet: null, port: 0, logger: new MemoryLogger() });
    const logger = new MemoryLogger();
    const open = await LiveService.start({ ...base, bind: '0.0.0.0', insecure: true, mqttUrl: broker.url, logger });
    try {
      expect(logger.entries.some((e) => e.level === 'warn' && /INSECURE: listening on 0\.0\.0\.0 without a fleet file/.test(e.message))).toBe(true);
      expect(open.httpToken).toBeNull();
    } finally {
      await open.stop();
      await broker.close();
    }
  }, 30_000);
});

/** A service without a fleet file, on an embedded broker of its own (any free port), running TRIAL. */
const OPEN_SERVICE = { trial: TRIAL, fleet: null, fleetName: 'lab', keepaliveMs: 1000, twins: DEFAULT_TWIN_OPTIONS, mqttPort: 0 } as const;

describe('LiveService stop', () => {
  it('finishes a recording started at run time: a valid MCAP with the ticks it ran', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'swarmgate-service-recording-'));
    const service = await LiveService.start({
      ...OPEN_SERVICE,
      httpPort: null,
      folders: { maps: folder, recordings: folder, experiments: folder },
      logger: new MemoryLogger(),
    });
    try {
      const { name } = await service.trials.recording!.start('until-stop.mcap');
      expect(name).toBe('until-stop.mcap');
      const from = service.live.world.tick;
      await expect.poll(() => service.live.world.tick, { timeout: 10_000 }).toBeGreaterThan(from + 3);
    } finally {
      await service.stop();
    }
    try {
      const reader = await openRecording(bytesReadable(readFileSync(join(folder, 'until-stop.mcap'))));
      let poses = 0;
      for await (const message of reader.readMessages()) if (reader.channelsById.get(message.channelId)!.topic === '/r0/pose') poses++;
      expect(poses).toBeGreaterThan(3);
      expect(service.live.recording).toBe(false);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 30_000);
});

describe('LiveService start', () => {
  it('starts the paced trial once it is up: no tick runs while the HTTP server and the web UI start', async () => {
    const service = await LiveService.start({ ...OPEN_SERVICE, httpPort: 0, realtime: true, logger: new MemoryLogger() });
    try {
      // Started late, its first ticks would have waited for that start-up (overruns at every start).
      expect(service.live.world.tick).toBe(0);
      expect(service.live.status().state).toBe('running');
      await expect.poll(() => service.live.world.tick, { timeout: 10_000 }).toBeGreaterThan(2);
    } finally {
      await service.stop();
    }
  }, 30_000);
});
