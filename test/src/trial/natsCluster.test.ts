/**
 * Fleets on a clustered broker (issue 12): a live trial over a 3-node NATS cluster configured
 * by `writeNatsConfig` from the fleet file. Four mona-sim robots spread over the nodes (each
 * given the node list starting at its own node), the gateway on another node than the one
 * killed. Node n1 is killed mid-trial: its robots are back online through a surviving node
 * along their reconnect backoff once JetStream has a leader again for each MQTT stream, re-birth,
 * and the trial goes on. A robot
 * killed outright is marked offline by its will (a Death the surviving node publishes), not by
 * the keepalive timeout.
 */
import type { ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONA_BACKOFF } from '@swarmgate/firmware-sim';
import { jetStreamLeaders } from '@swarmgate/firmware-sim/testing';
import { parseFleetFile, type LiveService, type OfflineReason } from '@swarmgate/gateway';
import { loadMap } from '@swarmgate/maps';
import { MQTT_CONNECT_TIMEOUT_MS } from '@swarmgate/protocols';
import { startFleetNatsCluster, type NatsCluster } from '../harness/nats.js';
import { FLEET, startLive, startMonaSim, terminate, waitFor } from './liveHarness.js';

const ROBOTS = ['mona-01', 'mona-02', 'mona-03', 'mona-04'] as const;
const FLEET_YAML = `
fleet: ${FLEET}
gateway: { username: gw, password: gw-pw }
robots:
${ROBOTS.map((id) => `  - { id: ${id}, password: ${id}-pw }`).join('\n')}
virtualRobots: [r0]
`;

/** The cluster's URLs starting at node `first`: where a client connects first, then fails over along. */
function urlsFrom(cluster: NatsCluster, first: number): string {
  const urls = cluster.nodes.map((node) => node.url);
  return [...urls.slice(first), ...urls.slice(0, first)].join(',');
}

/** The streams NATS's MQTT support keeps sessions, QoS 1 messages and retained messages in. */
const MQTT_STREAMS = ['$MQTT_sess', '$MQTT_msgs', '$MQTT_rmsgs'];

/** Polls a surviving node's /jsz until every MQTT stream has a leader other than `lost`: ms since `since`. */
async function jetStreamRecovered(monitorUrl: string, lost: string, since: number, timeoutMs: number): Promise<number> {
  let leaders = new Map<string, string>();
  while (Date.now() - since < timeoutMs) {
    leaders = await jetStreamLeaders(monitorUrl).catch(() => leaders);
    if (MQTT_STREAMS.every((stream) => leaders.has(stream) && leaders.get(stream) !== lost)) return Date.now() - since;
    await sleep(100);
  }
  throw new Error(`the MQTT streams had no leader but ${lost} after ${timeoutMs} ms: ${JSON.stringify([...leaders])}`);
}

/**
 * The robots' own part of a failover, from the moment JetStream can serve again: the attempt a
 * robot is in may still fail (at most its connect timeout), then a backoff delay (at most the
 * cap), maybe the dead node's refusal and one more delay, then an attempt that succeeds (at most
 * the connect timeout).
 */
const ROBOT_FAILOVER_BOUND_MS = 2 * MQTT_CONNECT_TIMEOUT_MS + 2 * MONA_BACKOFF.maxMs;

describe('a live trial on a 3-node NATS cluster', () => {
  let cluster: NatsCluster;
  let service: LiveService;
  const monas = new Map<string, ChildProcess & { output(): string }>();
  const offline: { id: string; reason: OfflineReason }[] = [];

  beforeAll(async () => {
    const fleet = parseFleetFile(FLEET_YAML);
    cluster = await startFleetNatsCluster(fleet);
    ({ service } = await startLive({
      grid: loadMap('building:30x30:seed=7'),
      robots: 1,
      // The gateway's own silence timeout is 1.5 keepalives, and the will must beat it. At 1 s
      // keepalives the timeout won in one CI run ('timeout', not 'death'): the will came more
      // than 1.5 s after the kill, just after a node loss, when nats-server's MQTT layer (its
      // sessions live in JetStream, whose API calls wait up to 4 s) is slow. 7.5 s covers that.
      keepaliveMs: 5000,
      // The gateway on n2: never on the node this test kills.
      service: { mqttUrl: urlsFrom(cluster, 1), fleet, fleetName: fleet.name, username: 'gw', password: 'gw-pw' },
    }));
    service.hil.registry.on('offline', (record, reason) => offline.push({ id: record.id, reason }));
  }, 60_000);

  afterAll(async () => {
    await Promise.all([...monas.values()].map((mona) => terminate(mona)));
    await service?.stop();
    await cluster?.stop();
  });

  it('robots on a killed node come back through another along their backoff; the trial goes on; a killed robot is marked offline by its will', async () => {
    const live = service.live;
    // mona-01 and mona-04 on n1 (the node killed), mona-02 on n2, mona-03 on n3.
    const firstNode = [0, 1, 2, 0];
    ROBOTS.forEach((id, k) => {
      monas.set(id, startMonaSim(id, ['--mqtt', urlsFrom(cluster, firstNode[k]!), '--fleet', FLEET, '--username', id, '--password', `${id}-pw`]));
    });
    const detail = () =>
      [
        ...[...monas.entries()].map(([id, mona]) => `${id}: ${mona.output().trim().split('\n').slice(-12).join(' | ')}`),
        ...cluster.nodes.map(
          (node) =>
            `${node.name}: ${node
              .log()
              .split('\n')
              .filter((line) => /leader|JetStream|\[ERR\] .*mid/.test(line))
              .slice(-40)
              .join('\n  ')}`,
        ),
      ].join('\n');
    await waitFor('all robots to join the trial', () => ROBOTS.every((id) => live.twins!.isOnline(id)), 30_000).catch((error: Error) => {
      throw new Error(`${error.message}\n${detail()}`);
    });
    for (const [id, mona] of monas) {
      // Its log line is written before its Birth, but comes here through its stdout pipe while the
      // Birth comes through the broker, which can be first (a CI run): wait for the line.
      await waitFor(`${id}'s online line`, () => mona.output().includes('online via'), 10_000);
      expect(mona.output(), id).toContain(`online via ${cluster.nodes[firstNode[ROBOTS.indexOf(id as (typeof ROBOTS)[number])]!]!.url}`);
    }

    const tickAtKill = live.world.tick;
    const killedAt = Date.now();
    await cluster.node('n1').kill();
    const jetStreamMs = jetStreamRecovered(cluster.node('n2').monitorUrl!, 'n1', killedAt, 120_000);
    jetStreamMs.catch(() => undefined); // awaited below, after the robots; a rejection meanwhile is no crash
    const onN1 = ['mona-01', 'mona-04'];
    await waitFor(
      'the robots of n1 to re-birth through a surviving node',
      () => onN1.every((id) => (service.hil.registry.get(id)?.births ?? 0) >= 2),
      120_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n${detail()}`);
    });
    const failoverMs = Date.now() - killedAt;
    for (const id of onN1) {
      const sinceDrop = () => {
        const log = monas.get(id)!.output();
        return log.slice(log.indexOf('offline ('));
      };
      // Its stdout reaches us through a pipe, possibly after the Birth reached the gateway.
      await waitFor(`${id} to log its reconnect`, () => /online via/.test(sinceDrop()), 10_000);
      const afterDrop = sinceDrop();
      // Attempts follow the list from n2 on, after backoff delays; the robot is back through a surviving node.
      const lastOnline = [...afterDrop.matchAll(/online via (\S+)/g)].at(-1)?.[1];
      expect([cluster.node('n2').url, cluster.node('n3').url], `${id}: ${afterDrop}`).toContain(lastOnline);
      expect(afterDrop.indexOf('reconnecting after'), id).toBeGreaterThan(0);
    }
    // The robots on the surviving nodes never dropped.
    for (const id of ['mona-02', 'mona-03']) expect(service.hil.registry.get(id)?.births, id).toBe(1);
    await waitFor('the twins of n1 to be online and driven again', () => onN1.every((id) => live.twins!.isOnline(id)), 10_000);
    const tickAfter = live.world.tick;
    await waitFor('the trial to go on', () => live.world.tick > tickAfter + 10, 10_000);
    expect(tickAfter).toBeGreaterThan(tickAtKill);
    // NATS's MQTT support keeps every session (clean ones too) in JetStream: a CONNECT on a
    // surviving node waits on the sessions stream, and until each MQTT stream has a leader again
    // (an election when the killed node led it) it fails after the server's JetStream API
    // timeout. That part is nats-server's (docs/scale-out.md, BENCHMARKS.md hil-nats-failover);
    // from then on the robots must be back along their own backoff. (Their subscriptions are QoS
    // 0: QoS 1 ones, each a replicated consumer created on connect, took tens of seconds more.)
    const recoveredMs = await jetStreamMs;
    const failover = `failover ${failoverMs} ms, JetStream leaders back after ${recoveredMs} ms`;
    expect(failoverMs - recoveredMs, `${failover}\n${detail()}`).toBeLessThanOrEqual(ROBOT_FAILOVER_BOUND_MS);

    // A robot killed outright: n3 publishes its will, the gateway marks it offline by that Death.
    offline.length = 0;
    monas.get('mona-03')!.kill('SIGKILL');
    await waitFor('mona-03 to be marked offline', () => offline.some((o) => o.id === 'mona-03'), 10_000);
    expect(offline.find((o) => o.id === 'mona-03')!.reason).toBe('death');
    expect(service.hil.registry.get('mona-03')?.online).toBe(false);
  }, 200_000);
});
