/**
 * Failover time of a node loss on a 3-node NATS cluster (issue 12). ROBOTS robots connect to each
 * node (their broker list starts there), as in hil-nats; one node is then killed with SIGKILL;
 * measured: from the kill to each of its robots online again (connected and subscribed) through
 * another node. A robot is a
 * ReconnectingMqttClient with mona-sim's will and subscriptions (its downlink, the gateway's
 * retained state), at the QoS of the case; the gateway is one more client (Births and Deaths at
 * QoS 1, the retained state). Every kill runs on a fresh cluster, the cases alternate kill by kill
 * so that they share the machine's load, and each case kills either the node leading the
 * JetStream stream of MQTT sessions ($MQTT_sess, read from /jsz), or one leading neither it nor
 * the message stream ($MQTT_msgs).
 *   npm run bench -- hil-nats-failover   (SWARMGATE_BENCH_KILLS=k kills per case, default 2;
 *                                         SWARMGATE_BENCH_ROBOTS=N robots on the killed node, default 66)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseFleetFile, writeNatsConfig } from '@swarmgate/gateway';
import { jetStreamLeaders, startLoopbackNatsCluster, until, type NatsCluster } from '@swarmgate/firmware-sim/testing';
import { gatewayStateTopic, ReconnectingMqttClient, robotTopic, robotTopicFilter, TOPIC_QOS, type MqttQos } from '@swarmgate/protocols';
import { MONA_BACKOFF } from '@swarmgate/firmware-sim';
import type { BenchReport } from './BenchReport.js';
import { benchPassword, monaId } from './hilMqttFirmware.js';

const FLEET = 'bench';
const NODES = 3;
/** Robots started at a time: 66 CONNECTs at once on a fresh cluster send some to another node before the kill. */
const START_BATCH = 11;
/** How long a kill waits for its robots; one not back by then counts as not back. */
const WAIT_MS = 120_000;

interface FailoverCase {
  readonly name: string;
  /** QoS of a robot's two subscriptions: its downlink and the gateway's retained state. */
  readonly robotQos: MqttQos;
  /** `sessions leader`: the node leading $MQTT_sess; `follower`: one leading neither $MQTT_sess nor $MQTT_msgs. */
  readonly kill: 'sessions leader' | 'follower';
}

interface KillResult {
  readonly robots: number;
  /** Seconds from the kill to each robot back online, sorted; robots not back within WAIT_MS are missing. */
  readonly backS: readonly number[];
  readonly load: number;
}

function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got '${raw}'`);
  return value;
}

/** Polls /jsz until every stream of `streams` has a leader. */
async function leadersOf(monitorUrl: string, streams: readonly string[], timeoutMs: number): Promise<Map<string, string>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const leaders = await jetStreamLeaders(monitorUrl);
    if (streams.every((stream) => leaders.has(stream))) return leaders;
    if (Date.now() > deadline) throw new Error(`no leader for each of ${streams.join(', ')} after ${timeoutMs} ms: ${JSON.stringify([...leaders])}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function startCluster(dir: string, robots: number): Promise<NatsCluster> {
  const ids = Array.from({ length: robots }, (_, i) => monaId(i));
  const fleet = parseFleetFile(
    `fleet: ${FLEET}\ngateway: { username: gw, password: gw-pw }\nrobots:\n${ids.map((id) => `  - { id: ${id}, password: ${benchPassword(id)} }`).join('\n')}\n`,
  );
  return startLoopbackNatsCluster(NODES, async (nodes) => (await writeNatsConfig(fleet, dir, { clusterName: 'swarmgate-failover', nodes })).nodeFiles);
}

/** One kill on a fresh cluster: robots on the case's node, SIGKILL, each robot's time back. */
async function killOnce(failoverCase: FailoverCase, robots: number): Promise<KillResult> {
  const dir = mkdtempSync(join(tmpdir(), 'sg-bench-failover-'));
  const clients: ReconnectingMqttClient[] = [];
  let cluster: NatsCluster | null = null;
  try {
    cluster = await startCluster(dir, robots * NODES);
    const urls = cluster.nodes.map((node) => node.url);
    const rotated = (first: number): string => [...urls.slice(first), ...urls.slice(0, first)].join(',');
    const gateway = new ReconnectingMqttClient({
      url: rotated(0),
      clientId: 'gw:bench',
      username: 'gw',
      password: 'gw-pw',
      firstConnect: 'fail',
      subscriptions: Object.fromEntries((['birth', 'death'] as const).map((kind) => [robotTopicFilter(FLEET, undefined, kind), { qos: TOPIC_QOS[kind] }])),
    });
    clients.push(gateway);
    await gateway.start();
    gateway.publish(gatewayStateTopic(FLEET), new Uint8Array([1]), 1, true);
    // The gateway's connect and retained publish create the MQTT streams; wait for their leaders.
    const leaders = await leadersOf(cluster.nodes[0]!.monitorUrl!, ['$MQTT_sess', '$MQTT_msgs'], 30_000);
    const sessLeader = leaders.get('$MQTT_sess')!;
    const victimName =
      failoverCase.kill === 'sessions leader'
        ? sessLeader
        : cluster.nodes.find((node) => node.name !== sessLeader && node.name !== leaders.get('$MQTT_msgs'))!.name;
    const victim = cluster.nodes.findIndex((node) => node.name === victimName);

    const onUrl = new Map<number, string>();
    let killedAt = Number.NaN;
    const back = new Map<number, number>();
    let onVictim = new Set<number>();
    // Robot i starts at node i % NODES: every node serves robots (and has its MQTT session manager) before the kill.
    const robotClients = Array.from({ length: robots * NODES }, (_, i) => {
      const id = monaId(i);
      const qos = { qos: failoverCase.robotQos };
      const client = new ReconnectingMqttClient({
        url: rotated(i % NODES),
        clientId: `${id}:mona-sim:${FLEET}:${id}`,
        username: id,
        password: benchPassword(id),
        firstConnect: 'retry',
        backoff: MONA_BACKOFF,
        subscriptions: { [robotTopic(FLEET, id, 'downlink')]: qos, [gatewayStateTopic(FLEET)]: qos },
        will: () => ({ topic: robotTopic(FLEET, id, 'death'), payload: new Uint8Array([0]), qos: TOPIC_QOS.death, retain: false }),
      });
      client.on('link', (event) => {
        if (event.state !== 'online') return;
        onUrl.set(i, event.url!);
        if (onVictim.has(i) && !back.has(i)) back.set(i, (performance.now() - killedAt) / 1000);
      });
      clients.push(client);
      return client;
    });
    for (let b = 0; b < robotClients.length; b += START_BATCH) await Promise.all(robotClients.slice(b, b + START_BATCH).map((client) => client.start()));
    onVictim = new Set(robotClients.flatMap((client, i) => (client.online && onUrl.get(i) === urls[victim] ? [i] : [])));
    const load = loadavg()[0]!;
    killedAt = performance.now();
    await cluster.node(victimName).kill();
    await until(() => back.size === onVictim.size, 'the robots of the killed node back', WAIT_MS).catch(() => undefined);
    return { robots: onVictim.size, backS: [...back.values()].sort((a, b) => a - b), load };
  } finally {
    await Promise.all(clients.map((client) => client.stop()));
    await cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const seconds = (s: number | undefined): string => (s === undefined ? `> ${WAIT_MS / 1000}` : s.toFixed(1));

export async function benchHilNatsFailover(): Promise<BenchReport> {
  const kills = positiveInt('SWARMGATE_BENCH_KILLS', 2);
  const robots = positiveInt('SWARMGATE_BENCH_ROBOTS', 66);
  const cases: FailoverCase[] = [];
  for (const kill of ['sessions leader', 'follower'] as const) {
    for (const robotQos of [1, 0] as const) cases.push({ name: `robot subscriptions at QoS ${robotQos}`, robotQos, kill });
  }
  const rows: string[] = [];
  for (let round = 1; round <= kills; round++) {
    for (const failoverCase of cases) {
      const result = await killOnce(failoverCase, robots);
      const { backS } = result;
      const notBack = result.robots - backS.length;
      rows.push(
        `| ${failoverCase.name} | ${failoverCase.kill} | ${round} | ${result.robots} | ${seconds(backS[0])} | ${seconds(backS[Math.floor(result.robots / 2)])} | ${seconds(backS[result.robots - 1])} | ${notBack} | ${result.load.toFixed(1)} |`,
      );
      process.stderr.write(`${rows.at(-1)}\n`);
    }
  }
  const markdown = `${robots} robots connected to each node of a 3-node NATS cluster (nats-server 2.9, \`writeNatsConfig\`, loopback), one
node killed with SIGKILL; seconds from the kill to one of its robots online again (connected and subscribed) through another
node: the first robot, the median one and the last. Each robot is a ReconnectingMqttClient (mona-sim's backoff: 250 ms doubling
to 10 s, half random; connect timeout 10 s; clean session) with mona-sim's will and two subscriptions (its downlink, the gateway's
retained state) at the QoS of the row. A fresh cluster per kill; rows in the order run (the cases alternate).
Killed node: the leader of the sessions stream $MQTT_sess, or a follower of both it and $MQTT_msgs.

| robot subscriptions | killed node | kill | robots | first s | median s | last s | not back in ${WAIT_MS / 1000} s | load (1 min) |
|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}`;
  return {
    name: 'hil-nats-failover',
    title: `Fleets on a clustered broker: failover time of a node loss, ${robots} robots per node (bench/src/hilNatsFailover.ts)`,
    markdown,
  };
}
