/**
 * Fleets on a clustered broker (issue 12): the hil-mqtt gateway phase (HilGateway.drive ->
 * CommandSafety -> MqttBridge -> MonaSim firmware, 10 Hz per robot) with ROBOTS robots under
 * one fleet file, on a single Mosquitto (`writeMosquittoConfig`) and on a 3-node NATS cluster
 * (`writeNatsConfig`) in the same run: command-to-firmware latency of each. On the cluster, the
 * robots of each process start at its own node, the gateway at n1; after pacing, n3 is killed
 * and the failover time measured: from the kill to every robot of n3 born again through
 * another node (their own reconnect backoff, plus NATS's JetStream leader elections).
 *   npm run bench -- hil-nats   (60 s per phase; SWARMGATE_BENCH_QUICK=1: 10 s;
 *                                SWARMGATE_BENCH_ROBOTS=N: N robots instead of 200)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseFleetFile, writeMosquittoConfig, writeNatsConfig, type RobotRegistry } from '@swarmgate/gateway';
import { startLoopbackNatsCluster, startMosquitto, until } from '@swarmgate/firmware-sim/testing';
import type { BenchReport } from './BenchReport.js';
import { ROW_HEADER, gatewayPhase, row, type FleetSetup } from './hilMqtt.js';
import { benchPassword, monaId } from './hilMqttFirmware.js';
import { benchDurationS, fmtMs } from './hilProbe.js';

const FLEET = 'bench';
const GATEWAY_LOGIN = { username: 'gw', password: 'gw-pw' };
/** One robot process per node: each process's robots start at its node. */
const NODES = 3;

function robotCount(): number {
  const raw = process.env['SWARMGATE_BENCH_ROBOTS'];
  const robots = raw === undefined ? 200 : Number(raw);
  if (!Number.isInteger(robots) || robots < NODES) throw new Error(`SWARMGATE_BENCH_ROBOTS must be an integer >= ${NODES}, got '${raw}'`);
  return robots;
}

function fleetYaml(robots: number): string {
  const lines = Array.from({ length: robots }, (_, i) => `  - { id: ${monaId(i)}, password: ${benchPassword(monaId(i))} }`);
  return `fleet: ${FLEET}\ngateway: { username: ${GATEWAY_LOGIN.username}, password: ${GATEWAY_LOGIN.password} }\nrobots:\n${lines.join('\n')}\n`;
}

/** The list of URLs from index `first` on, wrapping: a client's first node, then its failover order. */
const rotated = (urls: readonly string[], first: number): string => [...urls.slice(first), ...urls.slice(0, first)].join(',');

export async function benchHilNats(): Promise<BenchReport> {
  const durationS = benchDurationS();
  const robots = robotCount();
  const fleet = parseFleetFile(fleetYaml(robots));
  const dir = mkdtempSync(join(tmpdir(), 'sg-bench-nats-'));
  try {
    // Mosquitto, the same fleet file: its ACL and client-id plugin.
    await writeMosquittoConfig(fleet, join(dir, 'mosquitto'));
    const mosquitto = await startMosquitto({ includeDir: join(dir, 'mosquitto') });
    let single;
    try {
      const setup: FleetSetup = { robots, urlFor: () => mosquitto.url, gatewayLogin: GATEWAY_LOGIN };
      single = await gatewayPhase(setup, durationS, NODES, { name: `single Mosquitto, ${robots} robots in ${NODES} processes` }, FLEET);
    } finally {
      await mosquitto.stop();
    }

    const cluster = await startLoopbackNatsCluster(
      NODES,
      async (nodes) => (await writeNatsConfig(fleet, join(dir, 'nats'), { clusterName: 'swarmgate-bench', nodes })).nodeFiles,
    );
    const urls = cluster.nodes.map((node) => node.url);
    const perProcess = Math.ceil(robots / NODES);
    let failover = { firstMs: NaN, allMs: NaN, robots: 0 };
    let clustered;
    try {
      const setup: FleetSetup = { robots, urlFor: (p) => rotated(urls, p % NODES), gatewayLogin: GATEWAY_LOGIN };
      clustered = await gatewayPhase(
        setup,
        durationS,
        NODES,
        {
          name: `NATS cluster (3 nodes), ${robots} robots in ${NODES} processes, one per node`,
          gatewayUrl: rotated(urls, 0),
          after: async (registry: RobotRegistry) => {
            const onN3 = Array.from({ length: robots }, (_, i) => monaId(i)).slice(2 * perProcess);
            const bornAgain = (id: string) => (registry.get(id)?.births ?? 0) >= 2 && registry.get(id)?.online === true;
            const killedAt = performance.now();
            await cluster.node('n3').kill();
            let firstMs = NaN;
            await until(
              () => {
                if (Number.isNaN(firstMs) && onN3.some(bornAgain)) firstMs = performance.now() - killedAt;
                return onN3.every(bornAgain);
              },
              `the ${onN3.length} robots of n3 born again through another node`,
              300_000,
            );
            failover = { firstMs, allMs: performance.now() - killedAt, robots: onN3.length };
          },
        },
        FLEET,
      );
    } finally {
      await cluster.stop();
    }

    const s = single.log.summary();
    const c = clustered.log.summary();
    const markdown = `${robots} mona-sim robots at 10 Hz, ${durationS} s per phase, one fleet file (every client logs in; the
same ACL) on a single Mosquitto and on a 3-node NATS cluster (nats-server ${'2.9'}, JetStream + MQTT, \`writeNatsConfig\`),
loopback, in the same run. The robots in ${NODES} forked processes; on the cluster process k's robots connect to node k
first, the gateway to n1. Latency: just before HilGateway.drive to the decoded MotorCommand in the firmware, QoS 0.
Columns as in hil-mqtt.

${ROW_HEADER}
${row(single)}
${row(clustered)}

- command-to-firmware p99: cluster ${fmtMs(c.p99Ms)} ms against single Mosquitto ${fmtMs(s.p99Ms)} ms (${(c.p99Ms / s.p99Ms).toFixed(2)}x); p50 ${fmtMs(c.p50Ms)} against ${fmtMs(s.p50Ms)} ms.
- failover of a node loss (n3 killed with SIGKILL, ${failover.robots} robots on it): first robot born again through another node after ${(failover.firstMs / 1000).toFixed(1)} s, all of them after ${(failover.allMs / 1000).toFixed(1)} s.`;
    return {
      name: 'hil-nats',
      title: `Fleets on a clustered broker: ${robots} mona-sim robots on NATS (3 nodes) vs Mosquitto (bench/src/hilNats.ts)`,
      markdown,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
