import { spawn } from 'node:child_process';
import { SwarmgateError } from '../errors.js';
import { freePort } from './freePort.js';
import { until } from './until.js';
import { terminate } from './processes.js';
import { waitForPort } from './waitForPort.js';

/** One node to start: its config file (as `swarmgate fleet nats-config` writes it) and its MQTT port. */
export interface NatsNodeSpec {
  readonly name: string;
  readonly configPath: string;
  readonly mqttPort: number;
  /** The node's monitoring port, when its config opens one (`http`). */
  readonly monitorPort?: number;
}

export interface NatsClusterNode {
  readonly name: string;
  /** mqtt://127.0.0.1:<mqttPort> */
  readonly url: string;
  /** http://127.0.0.1:<monitorPort> (/healthz, /jsz), or null without a monitoring port. */
  readonly monitorUrl: string | null;
  /** Ends the node at once (SIGKILL: no goodbye to its clients or peers, as a power loss). */
  kill(): Promise<void>;
  /** Everything it wrote to stdout and stderr (for failure messages). */
  log(): string;
}

/** A real nats-server cluster on loopback, JetStream and MQTT on every node. */
export interface NatsCluster {
  readonly nodes: readonly NatsClusterNode[];
  /** Every node's MQTT URL, comma-separated: the broker list clients fail over along. */
  readonly url: string;
  node(name: string): NatsClusterNode;
  /** Stops every node (SIGTERM, then SIGKILL). */
  stop(): Promise<void>;
}

const DEFAULT_BINARY = '/usr/sbin/nats-server';

/**
 * Starts every node and resolves once each accepts MQTT connections and knows the JetStream
 * metadata leader (NATS's MQTT support keeps its sessions in JetStream: before a leader, a
 * CONNECT waits or fails).
 */
export async function startNatsCluster(specs: readonly NatsNodeSpec[], options: { binary?: string; startTimeoutMs?: number } = {}): Promise<NatsCluster> {
  const timeoutMs = options.startTimeoutMs ?? 30_000;
  const nodes = specs.map((spec) => {
    let output = '';
    const child = spawn(options.binary ?? DEFAULT_BINARY, ['-c', spec.configPath], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const spawnError = new Promise<never>((_, reject) => child.once('error', reject));
    const ready = async (): Promise<void> => {
      try {
        await Promise.race([waitForPort(spec.mqttPort, child, timeoutMs, `nats-server ${spec.name}`), spawnError]);
        await until(() => /metadata leader/.test(output), `nats-server ${spec.name} to know its JetStream leader`, timeoutMs);
      } catch (cause) {
        throw new SwarmgateError('SG_HARNESS', `nats-server ${spec.name} did not start: ${output.trim().split('\n').slice(-5).join('\n')}`, { cause });
      }
    };
    return {
      name: spec.name,
      url: `mqtt://127.0.0.1:${spec.mqttPort}`,
      monitorUrl: spec.monitorPort === undefined ? null : `http://127.0.0.1:${spec.monitorPort}`,
      log: () => output,
      ready,
      async kill() {
        child.kill('SIGKILL');
        await terminate(child);
      },
      stop: () => terminate(child),
    };
  });
  const stopAll = () => Promise.all(nodes.map((node) => node.stop())).then(() => undefined);
  try {
    await Promise.all(nodes.map((node) => node.ready()));
  } catch (error) {
    await stopAll();
    throw error;
  }
  return {
    nodes,
    url: nodes.map((node) => node.url).join(','),
    node(name) {
      const found = nodes.find((node) => node.name === name);
      if (!found) throw new Error(`no node ${name} in the cluster (${nodes.map((n) => n.name).join(', ')})`);
      return found;
    },
    stop: stopAll,
  };
}

/** A node of a loopback cluster: its name and free ports, in the shape the gateway's writeNatsConfig takes a node. */
export interface LoopbackNatsNode {
  readonly name: string;
  readonly host: string;
  readonly clientPort: number;
  readonly mqttPort: number;
  readonly clusterPort: number;
  readonly monitorPort: number;
}

/**
 * A cluster of `count` nodes (n1, n2, ...) on free loopback ports, monitoring included, started
 * from the config files `writeConfigs` writes for them (one a node, in order). The configs come
 * from the caller because their writer is the gateway's writeNatsConfig, which this package,
 * below the gateway, cannot import.
 */
export async function startLoopbackNatsCluster(
  count: number,
  writeConfigs: (nodes: readonly LoopbackNatsNode[]) => Promise<readonly string[]>,
  options: { binary?: string; startTimeoutMs?: number } = {},
): Promise<NatsCluster> {
  for (let attempt = 1; ; attempt++) {
    const nodes = await loopbackNodes(count);
    const configPaths = await writeConfigs(nodes);
    try {
      return await startNatsCluster(
        nodes.map((node, k) => ({ name: node.name, configPath: configPaths[k]!, mqttPort: node.mqttPort, monitorPort: node.monitorPort })),
        options,
      );
    } catch (error) {
      // A free port is found before nats-server binds it, and another process (a test running
      // beside this one) may take it in between: start again on other ports. So too when a node
      // never learnt its JetStream leader in time (seen once on a loaded machine, its routes
      // churning on 'Duplicate Route'): a fresh cluster forms where that one did not.
      if (attempt >= START_ATTEMPTS || !isStartRace(error)) throw error;
    }
  }
}

/** Cluster starts tried on fresh ports when one of the picked ports was taken meanwhile. */
const START_ATTEMPTS = 3;

/** A start that failed on a port taken in between or a leader not learnt in time (worth another try), not on a config or binary error. */
function isStartRace(error: unknown): boolean {
  const message = (error as Error).message;
  const cause = ((error as Error).cause as Error | undefined)?.message ?? '';
  return /address already in use/.test(message) || /JetStream leader/.test(cause);
}

/** `count` nodes on distinct free loopback ports. */
async function loopbackNodes(count: number): Promise<LoopbackNatsNode[]> {
  const taken = new Set<number>();
  const port = async (): Promise<number> => {
    for (;;) {
      const candidate = await freePort();
      if (taken.has(candidate)) continue;
      taken.add(candidate);
      return candidate;
    }
  };
  const nodes: LoopbackNatsNode[] = [];
  for (let k = 0; k < count; k++) {
    nodes.push({
      name: `n${k + 1}`,
      host: '127.0.0.1',
      clientPort: await port(),
      mqttPort: await port(),
      clusterPort: await port(),
      monitorPort: await port(),
    });
  }
  return nodes;
}

/**
 * The leader of each JetStream stream (by name), as a node's monitoring endpoint (/jsz) reports
 * it; a stream without a leader (an election under way) is absent. NATS's MQTT support keeps its
 * sessions ($MQTT_sess), QoS 1 messages ($MQTT_msgs) and retained messages ($MQTT_rmsgs) there.
 */
export async function jetStreamLeaders(monitorUrl: string): Promise<Map<string, string>> {
  const response = await fetch(`${monitorUrl}/jsz?streams=true`);
  if (!response.ok) throw new SwarmgateError('SG_HARNESS', `${monitorUrl}/jsz answered ${response.status}`);
  const jsz = (await response.json()) as { account_details?: { stream_detail?: { name: string; cluster?: { leader?: string } }[] }[] };
  const streams = jsz.account_details?.flatMap((account) => account.stream_detail ?? []) ?? [];
  return new Map(streams.flatMap((stream) => (stream.cluster?.leader ? [[stream.name, stream.cluster.leader] as const] : [])));
}
