// A real 3-node NATS cluster (JetStream, MQTT) configured for a fleet by the gateway's
// writeNatsConfig, as `swarmgate fleet nats-config` writes it, on free loopback ports.
import { writeNatsConfig, type Fleet, type NatsNode } from '@swarmgate/gateway';
import { freePort, startNatsCluster, type NatsCluster } from '@swarmgate/firmware-sim/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type { NatsCluster, NatsClusterNode } from '@swarmgate/firmware-sim/testing';

export async function startFleetNatsCluster(fleet: Fleet, nodeCount = 3): Promise<NatsCluster & { readonly dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'sg-nats-'));
  const nodes: NatsNode[] = [];
  for (let k = 0; k < nodeCount; k++) {
    nodes.push({
      name: `n${k + 1}`,
      host: '127.0.0.1',
      clientPort: await freePort(),
      mqttPort: await freePort(),
      clusterPort: await freePort(),
      monitorPort: await freePort(),
    });
  }
  try {
    const files = await writeNatsConfig(fleet, dir, { clusterName: `swarmgate-${fleet.name}`, nodes });
    const cluster = await startNatsCluster(
      nodes.map((node, k) => ({ name: node.name, configPath: files.nodeFiles[k]!, mqttPort: node.mqttPort, monitorPort: node.monitorPort })),
    );
    return {
      ...cluster,
      dir,
      async stop() {
        await cluster.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
