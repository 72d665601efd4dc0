/**
 * The fleet's ACL holds on every broker: the embedded aedes broker, a real Mosquitto
 * configured by `writeMosquittoConfig`, and a 3-node NATS cluster configured by
 * `writeNatsConfig` (each probe client on the next node, so rules hold across the cluster). A robot's credentials cannot command another robot
 * (the publish never reaches the victim) nor read another robot's commands; a controller
 * commands only its robots; legitimate traffic flows.
 */
import { EmbeddedBroker, MemoryLogger, hashPasswordMosquitto, parseFleetFile, writeMosquittoConfig, type Fleet } from '@swarmgate/gateway';
import { decodeEnvelope, encodeEnvelope, makeEnvelope, robotTopic, robotTopicFilter } from '@swarmgate/protocols';
import mqtt, { type MqttClient } from 'mqtt';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMosquitto, type MosquittoBroker } from '../harness/mosquitto.js';
import { until } from '@swarmgate/firmware-sim/testing';
import { grantedQos, publishHandled } from '../harness/mqttProbes.js';
import { startFleetNatsCluster } from '../harness/nats.js';

async function fleetYaml(r2Hashed: boolean): Promise<string> {
  // r2's password as a mosquitto_passwd-style hash: aedes and Mosquitto must verify it.
  const r2 = r2Hashed ? `passwordHash: "${await hashPasswordMosquitto('r2-pw')}"` : 'password: r2-pw';
  return `
fleet: lab
gateway: { username: gw, password: gw-pw }
robots:
  - { id: r1, password: r1-pw }
  - { id: r2, ${r2} }
controllers:
  - { id: c1, password: c1-pw, robots: [r1] }
`;
}

const cmd = (robot: string) => robotTopic('lab', robot, 'cmd');
const downlink = (robot: string) => robotTopic('lab', robot, 'downlink');

function commandBytes(robotId: string, commandId: number): Buffer {
  return Buffer.from(encodeEnvelope(makeEnvelope(robotId, { command: { commandId, stop: {} } }, commandId, Date.now())));
}

function commandIdOf(payload: Buffer): number {
  return decodeEnvelope(payload).command?.commandId ?? -1;
}

interface Received {
  topic: string;
  commandId: number;
}

async function connectAs(url: string, username: string, password: string): Promise<MqttClient> {
  return mqtt.connectAsync(url, { username, password, reconnectPeriod: 0, clientId: `${username}-${Math.random().toString(16).slice(2)}` });
}

function record(client: MqttClient): Received[] {
  const received: Received[] = [];
  client.on('message', (topic, payload) => received.push({ topic, commandId: commandIdOf(payload) }));
  return received;
}

interface BrokerUnderTest {
  /** Where probe clients connect: one URL, or a cluster's nodes (client k uses node k mod n). */
  urls: readonly string[];
  stop(): Promise<void>;
}

/** nats-server verifies bcrypt only, so `fleet nats-config` needs plain passwords (SG_NATS_NEEDS_PASSWORD). */
const PLAIN_PASSWORDS_ONLY = new Set(['nats']);

const backends: Record<string, (fleet: Fleet) => Promise<BrokerUnderTest>> = {
  aedes: async (fleet) => {
    const broker = await EmbeddedBroker.start({ fleet, port: 0, logger: new MemoryLogger() });
    return { urls: [broker.url], stop: () => broker.close() };
  },
  mosquitto: async (fleet) => {
    const dir = mkdtempSync(join(tmpdir(), 'fleet-mosq-'));
    await writeMosquittoConfig(fleet, dir);
    let broker: MosquittoBroker;
    try {
      broker = await startMosquitto({ includeDir: dir });
    } catch (error) {
      rmSync(dir, { recursive: true, force: true });
      throw error;
    }
    return {
      urls: [broker.url],
      stop: async () => {
        await broker.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
  nats: async (fleet) => {
    const cluster = await startFleetNatsCluster(fleet);
    return { urls: cluster.nodes.map((node) => node.url), stop: () => cluster.stop() };
  },
};

describe.each(Object.keys(backends))('fleet ACL on %s', (backend) => {
  let broker: BrokerUnderTest;
  const clients: MqttClient[] = [];
  let nextNode = 0;
  const url = () => broker.urls[nextNode++ % broker.urls.length]!;
  const connect = async (username: string, password: string) => {
    const client = await connectAs(url(), username, password);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    broker = await backends[backend](parseFleetFile(await fleetYaml(!PLAIN_PASSWORDS_ONLY.has(backend))));
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.endAsync(true)));
    await broker?.stop();
  });

  it('refuses unknown users and wrong passwords', async () => {
    await expect(connectAs(url(), 'r1', 'wrong')).rejects.toThrow();
    await expect(connectAs(url(), 'mallory', 'r1-pw')).rejects.toThrow();
    await expect(connectAs(url(), 'r2', 'r2-pw').then((c) => c.endAsync())).resolves.toBeUndefined();
  });

  it("a robot's credentials cannot command or spy on another robot; legit traffic flows", async () => {
    const victim = await connect('r2', 'r2-pw');
    const victimGot = record(victim);
    await victim.subscribeAsync(downlink('r2'), { qos: 1 });
    const gateway = await connect('gw', 'gw-pw');
    const gatewayGot = record(gateway);
    await gateway.subscribeAsync(robotTopicFilter('lab', undefined, 'cmd'), { qos: 1 });

    const spy = await connect('r1', 'r1-pw');
    const spyGot = record(spy);
    // A robot reads its own downlink only: not cmd (controller -> gateway), not another robot's
    // topics. aedes refuses those (SUBACK 0x80); Mosquitto 2.0 grants the subscription but
    // checks read access on every delivery.
    expect(await grantedQos(spy, downlink('r1'))).toBe(1);
    const refused = [await grantedQos(spy, cmd('r1')), await grantedQos(spy, cmd('r2')), await grantedQos(spy, downlink('r2'))];
    // NATS refuses them as aedes does.
    if (backend !== 'mosquitto') expect(refused).toEqual([128, 128, 128]);

    const attacker = await connect('r1', 'r1-pw');
    await publishHandled(attacker, downlink('r2'), commandBytes('r2', 666));
    const attacker2 = await connect('r1', 'r1-pw');
    await publishHandled(attacker2, cmd('r2'), commandBytes('r2', 667));
    const controller = await connect('c1', 'c1-pw');
    await publishHandled(controller, cmd('r2'), commandBytes('r2', 668)); // c1 is assigned r1 only
    const bypass = await connect('c1', 'c1-pw');
    await publishHandled(bypass, downlink('r1'), commandBytes('r1', 669)); // not around the gateway

    // Legit: the gateway sends to r2 and r1 on their downlinks, c1 commands r1 through the
    // gateway. Per-broker ordering: the attacks were handled before these markers were sent,
    // so had they been forwarded they would be here.
    await gateway.publishAsync(downlink('r2'), commandBytes('r2', 1), { qos: 1 });
    await gateway.publishAsync(downlink('r1'), commandBytes('r1', 2), { qos: 1 });
    const legitController = await connect('c1', 'c1-pw');
    await legitController.publishAsync(cmd('r1'), commandBytes('r1', 3), { qos: 1 });

    await until(() => victimGot.length >= 1 && spyGot.length >= 1 && gatewayGot.length >= 1, 'legit commands');
    await new Promise((resolve) => setTimeout(resolve, 100)); // anything late would show now
    expect(victimGot).toEqual([{ topic: downlink('r2'), commandId: 1 }]);
    // r1 subscribed to its own cmd topic on Mosquitto, yet c1's Command reached only the gateway.
    expect(spyGot).toEqual([{ topic: downlink('r1'), commandId: 2 }]);
    expect(gatewayGot).toEqual([{ topic: cmd('r1'), commandId: 3 }]);
  });

  it("lets a robot publish its telemetry to the gateway but not forge another robot's", async () => {
    const gateway = await connect('gw', 'gw-pw');
    const seen: string[] = [];
    gateway.on('message', (topic) => seen.push(topic));
    await gateway.subscribeAsync(robotTopicFilter('lab', undefined, 'telemetry'), { qos: 0 });
    const forger = await connect('r1', 'r1-pw');
    await publishHandled(forger, robotTopic('lab', 'r2', 'telemetry'), commandBytes('r2', 9));
    const honest = await connect('r2', 'r2-pw');
    await honest.publishAsync(robotTopic('lab', 'r2', 'telemetry'), commandBytes('r2', 10), { qos: 1 });
    await until(() => seen.length >= 1, 'telemetry');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen).toEqual([robotTopic('lab', 'r2', 'telemetry')]);
  });
});
