/**
 * Shared setup of the attack suites (test/src/attacks): a live service to attack, on the
 * embedded aedes broker or on a real Mosquitto, in bench mode or under a fleet file, with its
 * URLs, a logger that kept every line, MQTT clients for the attacker, and one cleanup.
 *
 *   describe.each(BROKERS)('... on %s', (broker) => {
 *     const target = await startAttackTarget({ broker, remote: ['r0'], http: true });
 *     const attacker = await target.connect();
 *     ...
 *     await target.cleanup();
 *   });
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseFleetFile, writeMosquittoConfig, type Fleet, type LiveService, type LiveServiceOptions, type MemoryLogger } from '@swarmgate/gateway';
import { loadMap } from '@swarmgate/maps';
import { decodeEnvelope, robotTopic, type Envelope, type TopicKind } from '@swarmgate/protocols';
import mqtt, { type MqttClient } from 'mqtt';
import { startMosquitto } from '../harness/mosquitto.js';
import { FLEET, startLive } from '../trial/liveHarness.js';

export type BrokerKind = 'aedes' | 'mosquitto';

/** Every broker the attack suites run on. */
export const BROKERS: readonly BrokerKind[] = ['aedes', 'mosquitto'];

export interface AttackTargetOptions {
  readonly broker: BrokerKind;
  /** A fleet file and the gateway's login in it; absent: bench mode (anyone may connect). */
  readonly fleet?: { readonly yaml: string; readonly username: string; readonly password: string };
  /** Virtual robots r0, r1, ... (default 2). */
  readonly robots?: number;
  /** Virtual robots driven by remote controllers. */
  readonly remote?: readonly string[];
  /** Start the HTTP API too (on a free port). */
  readonly http?: boolean;
  /** Further LiveService options, over these. */
  readonly service?: Partial<Omit<LiveServiceOptions, 'trial'>>;
}

export interface AttackTarget {
  readonly service: LiveService;
  readonly logger: MemoryLogger;
  readonly fleet: Fleet | null;
  /** The <fleet> topic level. */
  readonly fleetName: string;
  readonly mqttUrl: string;
  /** http://127.0.0.1:<port>, or null without the HTTP API. */
  readonly httpUrl: string | null;
  /** A client of the target's broker: anonymous in bench mode, else with the given login. */
  connect(login?: { username: string; password: string }): Promise<MqttClient>;
  /** A robot's topic in the target's fleet. */
  topic(robotId: string, kind: TopicKind): string;
  /** Stops the service, the clients made by `connect` and the broker; safe to call twice. */
  cleanup(): Promise<void>;
}

/** Robots spawn together in it: each sees the others, their broadcasts and their tags. */
const MAP = 'building:30x30:seed=7';

export async function startAttackTarget(options: AttackTargetOptions): Promise<AttackTarget> {
  const fleet = options.fleet ? parseFleetFile(options.fleet.yaml) : null;
  const fleetName = fleet?.name ?? FLEET;
  const stops: (() => Promise<void> | void)[] = [];
  const clients: MqttClient[] = [];
  const cleanup = async () => {
    for (const client of clients.splice(0)) await client.endAsync(true).catch(() => undefined);
    for (const stop of stops.splice(0).reverse()) await stop();
  };
  try {
    let mqttUrl: string | undefined;
    if (options.broker === 'mosquitto') {
      let includeDir: string | undefined;
      if (fleet) {
        const dir = mkdtempSync(join(tmpdir(), 'sg-attack-mosq-'));
        stops.push(() => rmSync(dir, { recursive: true, force: true }));
        await writeMosquittoConfig(fleet, dir);
        includeDir = dir;
      }
      const mosquitto = await startMosquitto({ includeDir });
      stops.push(() => mosquitto.stop());
      mqttUrl = mosquitto.url;
    }
    const { service, logger } = await startLive({
      url: mqttUrl,
      grid: loadMap(MAP),
      robots: options.robots ?? 2,
      remote: options.remote,
      // The lightest host-side algorithm: the attack suites share a machine.
      algorithm: 'random',
      service: {
        fleet,
        fleetName,
        ...(options.fleet ? { username: options.fleet.username, password: options.fleet.password } : {}),
        httpPort: options.http ? 0 : null,
        ...options.service,
      },
    });
    stops.push(() => service.stop());
    const httpUrl = service.httpPort === null ? null : `http://127.0.0.1:${service.httpPort}`;
    return {
      service,
      logger,
      fleet,
      fleetName,
      mqttUrl: service.url,
      httpUrl,
      topic: (robotId, kind) => robotTopic(fleetName, robotId, kind),
      connect: async (login) => {
        const client = await mqtt.connectAsync(service.url, {
          ...login,
          reconnectPeriod: 0,
          clientId: `attacker-${Math.random().toString(16).slice(2)}`,
        });
        clients.push(client);
        return client;
      },
      cleanup,
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/** Every decodable Envelope on `topic` from now on (undecodable payloads are skipped). */
export async function collect(client: MqttClient, topic: string): Promise<Envelope[]> {
  const seen: Envelope[] = [];
  client.on('message', (t, payload) => {
    if (t !== topic) return;
    try {
      seen.push(decodeEnvelope(payload));
    } catch {
      // Not ours to judge here: a suite that cares subscribes itself.
    }
  });
  await client.subscribeAsync(topic, { qos: 1 });
  return seen;
}

export interface Reply {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/**
 * One request with exactly these headers (fetch would not let a test set Host). For the event
 * stream, resolves with the first chunk and closes the connection.
 */
export function send(port: number, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers: { host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        if (String(res.headers['content-type']).startsWith('text/event-stream')) {
          resolve({ status: res.statusCode!, headers: res.headers, body: text });
          req.destroy();
        }
      });
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}
