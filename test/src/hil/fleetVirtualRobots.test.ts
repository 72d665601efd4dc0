/**
 * "A controller commands only the robots assigned to it" for virtual robots, on every broker:
 * the embedded aedes broker, a real Mosquitto configured by `swarmgate fleet
 * mosquitto-config` (the CLI, in a child process), and a 3-node NATS cluster from
 * `writeNatsConfig` (the gateway and every client on the node list). A live trial of 3 remote-controlled virtual
 * robots under a fleet file that assigns r0 to c0 and r1 to c1 and r2 to nobody:
 * c0 drives r0 through the SDK's MqttRobot; c0 commanding r1 or r2, c1 commanding r0 and a
 * robot's credentials commanding r0 never reach the gateway, and those robots do not move;
 * c0 reads r0's State but never r1's.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { LiveService, parseFleetFile, type Fleet, type LiveServiceOptions } from '@swarmgate/gateway';
import { loadMap } from '@swarmgate/maps';
import { encodeEnvelope, makeEnvelope, robotTopic } from '@swarmgate/protocols';
import { MqttRobot, SlamMap } from '@swarmgate/sdk';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMosquitto } from '../harness/mosquitto.js';
import { startFleetNatsCluster } from '../harness/nats.js';
import { grantedQos, publishHandled } from '../harness/mqttProbes.js';
import { sleep, startLive, waitFor } from '../trial/liveHarness.js';

const SWARMGATE_BIN = join(import.meta.dirname, '..', '..', '..', 'gateway', 'bin', 'swarmgate.js');

const FLEET_YAML = `
fleet: lab
gateway: { username: gw, password: gw-pw }
robots:
  - { id: mona-01, password: m1-pw }
virtualRobots: [r0, r1, r2]
controllers:
  - { id: c0, password: c0-pw, robots: [r0] }
  - { id: c1, password: c1-pw, robots: [r1] }
`;
const VIRTUAL = ['r0', 'r1', 'r2'];

interface Backend {
  /** Broker options for LiveService, and how to stop what the backend started. */
  start(fleet: Fleet, dir: string): Promise<{ broker: Pick<LiveServiceOptions, 'mqttUrl' | 'mqttPort'>; stop(): Promise<void> }>;
}

const backends: Record<string, Backend> = {
  aedes: { start: async () => ({ broker: { mqttPort: 0 }, stop: async () => {} }) },
  mosquitto: {
    start: async (_fleet, dir) => {
      const fleetPath = join(dir, 'fleet.yaml');
      writeFileSync(fleetPath, FLEET_YAML);
      const out = join(dir, 'mosquitto');
      await promisify(execFile)(process.execPath, [SWARMGATE_BIN, 'fleet', 'mosquitto-config', '--fleet', fleetPath, '-o', out]);
      const mosquitto = await startMosquitto({ includeDir: out });
      return { broker: { mqttUrl: mosquitto.url }, stop: () => mosquitto.stop() };
    },
  },
  nats: {
    start: async (fleet) => {
      const cluster = await startFleetNatsCluster(fleet);
      return { broker: { mqttUrl: cluster.url }, stop: () => cluster.stop() };
    },
  },
};

function velocityCommand(robotId: string, commandId: number): Buffer {
  return Buffer.from(encodeEnvelope(makeEnvelope(robotId, { command: { commandId, velocity: { linearMps: 1, angularRadps: 0 } } }, commandId, Date.now())));
}

describe.each(Object.keys(backends))('virtual robots under a fleet file on %s', (backend) => {
  let dir: string;
  let service: LiveService;
  let stopBroker: () => Promise<void> = async () => {};
  const clients: MqttClient[] = [];
  /** `robotId:commandId` of every Command that reached the gateway. */
  const reached: string[] = [];

  const connect = async (username: string, password: string): Promise<MqttClient> => {
    const client = await mqtt.connectAsync(service.mqttUrls[0]!, {
      username,
      password,
      reconnectPeriod: 0,
      clientId: `${username}-${Math.random().toString(16).slice(2)}`,
    });
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fleet-virtual-'));
    const fleet = parseFleetFile(FLEET_YAML);
    const started = await backends[backend].start(fleet, dir);
    stopBroker = started.stop;
    ({ service } = await startLive({
      grid: loadMap('building:30x30:seed=7'),
      robots: VIRTUAL.length,
      spawn: { kind: 'apart' },
      remote: VIRTUAL,
      service: { ...started.broker, fleet, fleetName: fleet.name, username: 'gw', password: 'gw-pw' },
    }));
    service.port.on('command', (robotId, command) => reached.push(`${robotId}:${command.commandId}`));
  }, 60_000);

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.endAsync(true)));
    await service?.stop();
    await stopBroker();
    rmSync(dir, { recursive: true, force: true });
  });

  it('c0 drives r0 and only r0; nobody else commands r0, and r1 / r2 stay put', async () => {
    const world = service.live.world;
    const start = new Map(VIRTUAL.map((id) => [id, world.truePose(id)]));
    const movedM = (id: string) => Math.hypot(world.truePose(id).xM - start.get(id)!.xM, world.truePose(id).yM - start.get(id)!.yM);

    // c0 through the SDK link, as a remote controller runs.
    const robot = await MqttRobot.connect({
      url: service.url,
      username: 'c0',
      password: 'c0-pw',
      fleet: 'lab',
      robotId: 'r0',
      map: SlamMap.forGrid(world.grid),
      limits: world.actionLimits,
    });
    try {
      await waitFor('r0 State at c0', () => robot.state().tick > 0);
      robot.setVelocity(0.5, 0);
      await waitFor('r0 to drive under c0', () => world.robot('r0').state().status === 'driving' && movedM('r0') > 0.1);
    } finally {
      await robot.close();
    }

    // c0 may read r0's State, never r1's: aedes refuses the subscription, Mosquitto filters it.
    const reader = await connect('c0', 'c0-pw');
    const statesSeen: string[] = [];
    reader.on('message', (topic) => statesSeen.push(topic));
    expect(await grantedQos(reader, robotTopic('lab', 'r0', 'state'))).toBe(1);
    const r1State = await grantedQos(reader, robotTopic('lab', 'r1', 'state'));
    // NATS refuses it as aedes does; Mosquitto grants it and filters every delivery.
    if (backend !== 'mosquitto') expect(r1State).toBe(128);

    // Each attack on a fresh connection: aedes closes a client whose publish it refuses.
    const attacks: [user: string, password: string, robotId: string, commandId: number][] = [
      ['c0', 'c0-pw', 'r1', 101], // another controller's virtual robot
      ['c0', 'c0-pw', 'r2', 102], // a virtual robot assigned to nobody
      ['c1', 'c1-pw', 'r0', 103],
      ['mona-01', 'm1-pw', 'r0', 104], // a robot's credentials command no robot
    ];
    for (const [user, password, robotId, commandId] of attacks) {
      await publishHandled(await connect(user, password), robotTopic('lab', robotId, 'cmd'), velocityCommand(robotId, commandId));
    }
    // A forwarded attack would have reached the gateway and moved its robot by now (ticks of
    // 100 ms, and the broker handled every attack before this).
    await sleep(400);
    expect(movedM('r1'), 'r1 did not move before its own controller commanded it').toBeLessThan(1e-3);
    // Per-broker ordering: the attacks were handled before this legit Command was sent.
    const c1 = await connect('c1', 'c1-pw');
    await c1.publishAsync(robotTopic('lab', 'r1', 'cmd'), velocityCommand('r1', 201), { qos: 1 });
    await waitFor('c1 Command for r1 at the gateway', () => reached.includes('r1:201'));
    await waitFor('r1 to drive under c1', () => movedM('r1') > 0.1);
    await sleep(300); // anything late would show now

    expect(reached.filter((entry) => Number(entry.split(':')[1]) >= 100)).toEqual(['r1:201']);
    expect(
      reached.every((entry) => entry.startsWith('r0:') || entry === 'r1:201'),
      reached.join(' '),
    ).toBe(true);
    expect(service.port.counters.badCommands).toBe(0);
    expect(movedM('r2'), 'r2: assigned to nobody, commanded by nobody').toBeLessThan(1e-3);
    expect(world.robot('r2').state().status).toBe('idle');
    expect(statesSeen.length, 'c0 receives r0 States').toBeGreaterThan(0);
    expect(
      statesSeen.every((topic) => topic === robotTopic('lab', 'r0', 'state')),
      statesSeen.find((t) => !t.endsWith('r0/state')),
    ).toBe(true);
  }, 60_000);
});
