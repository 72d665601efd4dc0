/**
 * A NATS cluster (nats-server with JetStream and its MQTT support) for a fleet that outgrows one
 * broker: per node a config file, and one users file with the fleet's credentials and the same
 * TopicAcl rules as the embedded broker and Mosquitto, mapped from MQTT topic filters to NATS
 * subjects. Written by `swarmgate fleet nats-config`; docs/scale-out.md.
 */
import bcrypt from 'bcryptjs';
import { chmod, chown, mkdir, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { SwarmgateError } from '../errors.js';
import type { Credentials, Fleet } from './FleetFile.js';
import { systemAccount } from './systemAccount.js';
import { fleetAcl, type AclRule } from './TopicAcl.js';

/** One nats-server of the cluster: where MQTT clients, NATS clients and the other nodes reach it. */
export interface NatsNode {
  /** `server_name`: NATS's MQTT support needs one per node (JetStream's cluster peers). */
  readonly name: string;
  readonly host: string;
  readonly clientPort: number;
  readonly mqttPort: number;
  readonly clusterPort: number;
  /**
   * nats-server's monitoring endpoint (`http`: /healthz, /jsz with the JetStream leaders), or
   * none when absent: what a test or a benchmark reads to see which node leads which stream.
   */
  readonly monitorPort?: number;
}

export interface NatsClusterLayout {
  readonly clusterName: string;
  readonly nodes: readonly NatsNode[];
}

export interface NatsBasePorts {
  readonly clientPort: number;
  readonly mqttPort: number;
  readonly clusterPort: number;
}

/** NATS's defaults: clients 4222, MQTT 1883, routes 6222. */
export const NATS_DEFAULT_PORTS: NatsBasePorts = { clientPort: 4222, mqttPort: 1883, clusterPort: 6222 };

/**
 * Node k (named n{k+1}) on hosts[k], at each base port + k: distinct ports when several nodes
 * share a machine (a test, a demo), and predictable ones when each has its own.
 */
export function natsClusterLayout(clusterName: string, hosts: readonly string[], ports: NatsBasePorts = NATS_DEFAULT_PORTS): NatsClusterLayout {
  if (hosts.length === 0) throw new SwarmgateError('SG_NATS_LAYOUT', 'a NATS cluster needs at least one node host');
  const nodes = hosts.map((host, k) => {
    const node = { name: `n${k + 1}`, host, clientPort: ports.clientPort + k, mqttPort: ports.mqttPort + k, clusterPort: ports.clusterPort + k };
    for (const [what, port] of [
      ['client', node.clientPort],
      ['MQTT', node.mqttPort],
      ['cluster', node.clusterPort],
    ] as const) {
      if (!Number.isInteger(port) || port < 1 || port > 65535) {
        throw new SwarmgateError('SG_NATS_LAYOUT', `node ${node.name}'s ${what} port would be ${port}; ports must be 1..65535`);
      }
    }
    return node;
  });
  const used = new Set<string>();
  for (const node of nodes) {
    for (const port of [node.clientPort, node.mqttPort, node.clusterPort]) {
      const key = `${node.host}:${port}`;
      if (used.has(key)) throw new SwarmgateError('SG_NATS_LAYOUT', `two listeners of the cluster would share ${key}; space the base ports further apart`);
      used.add(key);
    }
  }
  return { clusterName, nodes };
}

/**
 * One MQTT topic level as NATS's MQTT support names it in a subject (`/` separates levels in
 * MQTT as `.` does in NATS); the wildcards `+` and `#` become `*` and `>`. nats-server 2.9
 * refuses a `.` or a space in an MQTT topic ("not supported for MQTT topics"), so a fleet
 * whose ids hold one (the id grammar allows `.`) cannot run on it: refused here, by name.
 */
function natsToken(level: string, filter: string): string {
  if (level === '+') return '*';
  if (level === '#') return '>';
  if (/[. ]/.test(level)) {
    throw new SwarmgateError(
      'SG_NATS_TOPIC',
      `topic ${filter}: level '${level}' holds a '.' or a space, which NATS's MQTT support refuses; rename that robot or fleet`,
    );
  }
  return level;
}

/**
 * The NATS subjects an MQTT topic filter covers: one, or for `a/#` both `a` and `a.>` (in MQTT
 * `a/#` also matches its parent `a`, as TopicAcl's `topicMatches` does, and NATS's MQTT
 * support subscribes to both).
 */
export function natsSubjectsOfFilter(filter: string): string[] {
  const tokens = filter.split('/').map((level) => natsToken(level, filter));
  const subject = tokens.join('.');
  if (tokens.at(-1) !== '>' || tokens.length === 1) return [subject];
  return [tokens.slice(0, -1).join('.'), subject];
}

/**
 * QoS 1 deliveries to an MQTT client go through a JetStream consumer whose delivery subject
 * (`$MQTT.sub.<id>`) the server subscribes with the client's own permissions. The users are
 * MQTT-only (`allowed_connection_types`), and NATS's MQTT support refuses topics under `$MQTT`,
 * so no fleet user can subscribe to another client's delivery subject.
 */
const MQTT_DELIVERY_SUBJECTS = '$MQTT.sub.>';

function subjectsOf(rules: readonly AclRule[], access: 'read' | 'write'): string[] {
  const allowed = rules.filter((rule) => rule.access === access || rule.access === 'readwrite');
  return [...new Set(allowed.flatMap((rule) => natsSubjectsOfFilter(rule.filter)))];
}

/** Cost of the bcrypt hashes in users.conf: NATS verifies one per connect (about 50 ms of CPU at 10). */
export const NATS_BCRYPT_COST = 10;

async function natsPasswordHash(credentials: Credentials): Promise<string> {
  const { secret, username } = credentials;
  if (secret.kind === 'plain') return bcrypt.hash(secret.password, NATS_BCRYPT_COST);
  throw new SwarmgateError(
    'SG_NATS_NEEDS_PASSWORD',
    `user '${username}' has a ${secret.hash.kind} hash; nats-server verifies bcrypt only, so give a plain password in the fleet file for nats-config`,
  );
}

/** A NATS config string literal (NATS reads JSON strings; unquoted, a `$` would be a variable). */
const quote = (text: string): string => JSON.stringify(text);
const list = (items: readonly string[]): string => `[${items.map(quote).join(', ')}]`;

/** The `authorization` block: every fleet user, bcrypt-hashed, MQTT-only, with its TopicAcl rules as NATS permissions. */
export async function natsUsersConf(fleet: Fleet): Promise<string> {
  const credentialsOf = new Map(
    [fleet.gateway, ...fleet.robots.map((r) => r.credentials), ...fleet.controllers.map((c) => c.credentials)].map((c) => [c.username, c]),
  );
  const users = await Promise.all(
    fleetAcl(fleet).map(async (user) => {
      const password = await natsPasswordHash(credentialsOf.get(user.username)!);
      const publish = subjectsOf(user.rules, 'write');
      const subscribe = [...subjectsOf(user.rules, 'read'), MQTT_DELIVERY_SUBJECTS];
      return [
        `    {`,
        `      user: ${quote(user.username)}`,
        `      password: ${quote(password)}`,
        `      allowed_connection_types: ["MQTT"]`,
        `      permissions: {`,
        `        publish: { allow: ${list(publish)} }`,
        `        subscribe: { allow: ${list(subscribe)} }`,
        `      }`,
        `    }`,
      ].join('\n');
    }),
  );
  return [
    `# swarmgate fleet "${fleet.name}": users and permissions, generated by \`swarmgate fleet nats-config\` from the fleet file.`,
    '# The same rules as the embedded broker and `fleet mosquitto-config`; anything unlisted is denied.',
    'authorization {',
    '  users = [',
    users.join('\n'),
    '  ]',
    '}',
    '',
  ].join('\n');
}

/** One node's nats-server config: JetStream (which NATS's MQTT support stores sessions and retained messages in), the routes to the other nodes, MQTT, the users. */
export function natsNodeConf(
  fleet: Fleet,
  layout: NatsClusterLayout,
  node: NatsNode,
  files: { readonly storeDir: string; readonly usersFile: string },
): string {
  const routes = layout.nodes.filter((other) => other !== node).map((other) => `nats-route://${other.host}:${other.clusterPort}`);
  return [
    `# swarmgate fleet "${fleet.name}": node ${node.name} of NATS cluster "${layout.clusterName}", generated by \`swarmgate fleet nats-config\`.`,
    `# Run: nats-server -c <this file>`,
    `server_name: ${quote(node.name)}`,
    `listen: ${quote(`${node.host}:${node.clientPort}`)}`,
    `jetstream {`,
    `  store_dir: ${quote(join(files.storeDir, node.name))}`,
    `}`,
    `cluster {`,
    `  name: ${quote(layout.clusterName)}`,
    `  listen: ${quote(`${node.host}:${node.clusterPort}`)}`,
    `  routes: ${list(routes)}`,
    `}`,
    `mqtt {`,
    `  listen: ${quote(`${node.host}:${node.mqttPort}`)}`,
    // Sessions and retained messages (the gateway's state) survive the loss of a node.
    `  stream_replicas: ${Math.min(3, layout.nodes.length)}`,
    `}`,
    // nats-server resolves an include against this file's directory, where users.conf is written.
    ...(node.monitorPort === undefined ? [] : [`http: ${quote(`${node.host}:${node.monitorPort}`)}`]),
    `include ${quote(basename(files.usersFile))}`,
    '',
  ].join('\n');
}

export interface NatsFiles {
  /** users.conf: hashes, so mode 0600. */
  readonly usersFile: string;
  /** One config per node, in layout order. */
  readonly nodeFiles: readonly string[];
  /** Where each node keeps its JetStream data (a subdirectory per node). */
  readonly storeDir: string;
  /** The system user given users.conf and the store (Debian's `nats`), or null (not root, or no such user). */
  readonly owner: string | null;
}

/** The account Debian's nats-server service runs as (`User=nats`). */
export const NATS_USER = 'nats';

/**
 * Writes users.conf and <node>.conf for every node into dir (created), and creates the store;
 * returns absolute paths. Run as root, users.conf (0600) and the store are given to `owner`
 * when that account exists, since Debian's service runs nats-server as that user; otherwise the
 * caller should say how to hand them over.
 */
export async function writeNatsConfig(
  fleet: Fleet,
  dir: string,
  layout: NatsClusterLayout,
  storeDir: string = join(dir, 'jetstream'),
  owner: string = NATS_USER,
): Promise<NatsFiles> {
  const root = resolve(dir);
  await mkdir(root, { recursive: true });
  const usersFile = join(root, 'users.conf');
  const files = { usersFile, storeDir: resolve(storeDir) };
  const write = async (path: string, text: string, mode: number) => {
    await writeFile(path, text, { mode });
    await chmod(path, mode); // writeFile's mode applies only when it creates the file
  };
  await write(usersFile, await natsUsersConf(fleet), 0o600);
  const nodeFiles: string[] = [];
  for (const node of layout.nodes) {
    const path = join(root, `${node.name}.conf`);
    await write(path, natsNodeConf(fleet, layout, node, files), 0o644);
    nodeFiles.push(path);
  }
  await mkdir(files.storeDir, { recursive: true });
  const account = process.getuid?.() === 0 ? await systemAccount(owner) : null;
  if (account) {
    await chown(usersFile, account.uid, account.gid);
    await chown(files.storeDir, account.uid, account.gid);
  }
  return { ...files, nodeFiles, owner: account ? owner : null };
}
