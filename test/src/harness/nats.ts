// A real 3-node NATS cluster (JetStream, MQTT) configured for a fleet by the gateway's
// writeNatsConfig, as `swarmgate fleet nats-config` writes it, on free loopback ports.
import { writeNatsConfig, type Fleet } from '@swarmgate/gateway';
import { startLoopbackNatsCluster, type NatsCluster } from '@swarmgate/firmware-sim/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type { NatsCluster, NatsClusterNode } from '@swarmgate/firmware-sim/testing';

export async function startFleetNatsCluster(fleet: Fleet, nodeCount = 3): Promise<NatsCluster & { readonly dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'sg-nats-'));
  try {
    const cluster = await startLoopbackNatsCluster(
      nodeCount,
      async (nodes) => (await writeNatsConfig(fleet, dir, { clusterName: `swarmgate-${fleet.name}`, nodes })).nodeFiles,
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
