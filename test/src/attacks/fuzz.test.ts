/**
 * A seeded fuzz of 10,000 payloads per topic kind into a running live trial, on both brokers
 * (the embedded aedes and a real Mosquitto), after which the trial still ticks.
 *
 * The trial has two virtual robots (r1 driven by a remote controller, so fuzzed Commands reach
 * the robot API) and a genuine mona-sim over MQTT. Bench mode: an anonymous client sends to
 * every kind a robot or controller may publish (birth, death, telemetry, pose, ack, error,
 * cmd) and to the gateway's state topic, for the virtual robots, the genuine robot and two
 * strangers. Fleet mode: a fleet robot fuzzes its own writable topics and a controller the cmd
 * topic of its robot, with the credentials the fleet file gives them.
 *
 * Afterwards: nothing threw out of a handler or the tick loop, the trial ticked during and
 * after the fuzz, every bad payload was counted (MqttBridge decodeErrors and mismatches, the
 * controller port's badCommands), no robot joined that did not send a Birth of its own on its
 * own topic (in fleet mode: none outside the fleet), the virtual robots stayed virtual, and
 * the genuine mona-sim is online and obeys an emergency stop.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join } from 'node:path';
import { parseFleetFile, writeMosquittoConfig, type Fleet, type LiveService, type LiveServiceOptions } from '@swarmgate/gateway';
import { loadMap } from '@swarmgate/maps';
import { Random } from '@swarmgate/protocols';
import {
  GATEWAY_ID,
  TOPIC_KIND_OF_BODY,
  TelemetryFlag,
  decodeEnvelope,
  gatewayStateTopic,
  robotTopic,
  type BodyKind,
  type Envelope,
  type TopicKind,
} from '@swarmgate/protocols';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMosquitto } from '../harness/mosquitto.js';
import { FLEET, sleep, startLive, startMonaSim, terminate, waitFor } from '../trial/liveHarness.js';
import { FuzzPayloads } from './fuzzPayloads.js';

const PER_TOPIC = 10_000;
/** Payloads in flight at once: QoS 0, then the batch's last at QoS 1 to wait for the broker. */
const BATCH = 200;
const SEED = 20_251_126;
const GENUINE = 'mona-01';
const VIRTUAL = ['r0', 'r1'];
const REMOTE = 'r1';
const STRANGERS = ['fz-1', 'fz-2'];

const FLEET_YAML = `
fleet: ${FLEET}
gateway: { username: gw, password: gw-pw }
robots:
  - { id: ${GENUINE}, password: m1-pw }
  - { id: fz-1, password: fz-pw }
virtualRobots: [${VIRTUAL.join(', ')}]
controllers:
  - { id: c1, password: c1-pw, robots: [${REMOTE}] }
`;

type Mode = 'bench' | 'fleet';

/** Where a fuzz payload goes: a robot topic, or the gateway's state topic. */
interface Target {
  readonly kind: TopicKind | 'gateway-state';
  /** The body the topic carries from its usual sender. */
  readonly body: BodyKind;
  /** Who may publish there in fleet mode. */
  readonly sender: 'robot' | 'controller';
}

const TARGETS: readonly Target[] = [
  { kind: 'birth', body: 'birth', sender: 'robot' },
  { kind: 'death', body: 'death', sender: 'robot' },
  { kind: 'telemetry', body: 'telemetry', sender: 'robot' },
  { kind: 'pose', body: 'trackerPose', sender: 'robot' },
  { kind: 'ack', body: 'ack', sender: 'robot' },
  { kind: 'error', body: 'error', sender: 'robot' },
  { kind: 'cmd', body: 'command', sender: 'controller' },
  { kind: 'gateway-state', body: 'birth', sender: 'robot' },
];

interface Backend {
  start(fleet: Fleet | null): Promise<{ broker: Pick<LiveServiceOptions, 'mqttUrl' | 'mqttPort'>; stop(): Promise<void> }>;
}

const backends: Record<string, Backend> = {
  aedes: { start: async () => ({ broker: { mqttPort: 0 }, stop: async () => {} }) },
  mosquitto: {
    start: async (fleet) => {
      const dir = mkdtempSync(join(tmpdir(), 'fuzz-mosq-'));
      if (fleet) await writeMosquittoConfig(fleet, dir);
      const mosquitto = await startMosquitto(fleet ? { includeDir: dir } : {});
      return {
        broker: { mqttUrl: mosquitto.url },
        stop: async () => {
          await mosquitto.stop();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
};

/** What the gateway makes of a payload on a robot topic: mirrors MqttBridge and MqttControllerPort. */
type Verdict = 'undecodable' | 'mismatch' | 'ignored' | 'accepted';

function verdictOf(kind: TopicKind, topicId: string, bytes: Uint8Array): { verdict: Verdict; envelope: Envelope | null } {
  let envelope: Envelope;
  try {
    envelope = decodeEnvelope(bytes);
  } catch {
    return { verdict: 'undecodable', envelope: null };
  }
  if (kind === 'cmd') return { verdict: envelope.robotId === topicId && envelope.body === 'command' ? 'accepted' : 'mismatch', envelope };
  if (envelope.robotId === GATEWAY_ID) return { verdict: 'ignored', envelope };
  if (envelope.robotId !== topicId || TOPIC_KIND_OF_BODY[envelope.body] !== kind) return { verdict: 'mismatch', envelope };
  return { verdict: 'accepted', envelope };
}

/** The labels of the 3 largest payloads (by their stated size), for a failure message. */
function largest(labels: readonly string[]): string {
  const size = (label: string): number => Number(/(\d+) bytes/.exec(label)?.[1] ?? 0);
  return [...labels]
    .sort((a, b) => size(b) - size(a))
    .slice(0, 3)
    .join('; ');
}

/** Errors thrown out of a handler or the tick loop while fuzzing (they would end `serve`). */
const escaped: string[] = [];
let fuzzing = 'setting up';
const onEscape = (error: unknown): void => {
  escaped.push(`while fuzzing ${fuzzing}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
};

describe.each(Object.keys(backends))('seeded fuzz on %s', (backend) => {
  describe.each<Mode>(['bench', 'fleet'])('%s mode', (mode) => {
    let service: LiveService;
    let stopBroker: () => Promise<void> = async () => {};
    let sim: ReturnType<typeof startMonaSim> | undefined;
    const clients: MqttClient[] = [];

    const connect = async (username?: string, password?: string): Promise<MqttClient> => {
      const client = await mqtt.connectAsync(service.url, {
        username,
        password,
        reconnectPeriod: 0,
        clientId: `fuzz-${username ?? 'anon'}-${Math.random().toString(16).slice(2)}`,
      });
      clients.push(client);
      return client;
    };

    beforeAll(async () => {
      escaped.length = 0;
      process.on('uncaughtException', onEscape);
      process.on('unhandledRejection', onEscape);
      const fleet = mode === 'fleet' ? parseFleetFile(FLEET_YAML) : null;
      const started = await backends[backend].start(fleet);
      stopBroker = started.stop;
      const login = fleet ? { username: 'gw', password: 'gw-pw' } : {};
      ({ service } = await startLive({
        grid: loadMap('building:30x30:seed=7'),
        robots: VIRTUAL.length,
        remote: [REMOTE],
        keepaliveMs: 2000,
        service: { ...started.broker, fleet, fleetName: FLEET, ...login },
      }));
      const credentials = fleet ? ['--username', GENUINE, '--password', 'm1-pw'] : [];
      sim = startMonaSim(GENUINE, ['--mqtt', service.url, '--fleet', FLEET, '--keepalive', '2', ...credentials]);
      await waitFor(`${GENUINE} to join`, () => service.live.twins!.isOnline(GENUINE), 20_000).catch((error: Error) => {
        throw new Error(`${error.message}\n${sim!.output()}`);
      });
    }, 60_000);

    afterAll(async () => {
      await Promise.all(clients.map((client) => client.endAsync(true)));
      if (sim) await terminate(sim);
      await service?.stop();
      await stopBroker();
      process.off('uncaughtException', onEscape);
      process.off('unhandledRejection', onEscape);
    });

    it(`${PER_TOPIC} payloads per topic kind; the trial still ticks and the genuine robot still obeys`, async () => {
      const live = service.live;
      const { bridge, port } = service;
      // Who publishes where: anyone anywhere in bench mode; in fleet mode each sender only its own topics.
      const anonymous = mode === 'bench' ? await connect() : null;
      const robotClient = anonymous ?? (await connect('fz-1', 'fz-pw'));
      const controllerClient = anonymous ?? (await connect('c1', 'c1-pw'));
      const topicIds = (target: Target): readonly string[] =>
        mode === 'bench' ? [...VIRTUAL, GENUINE, ...STRANGERS] : target.sender === 'controller' ? [REMOTE] : ['fz-1'];
      const targets = TARGETS.filter((t) => mode === 'bench' || (t.kind !== 'pose' && t.kind !== 'gateway-state'));

      /** Robots that sent a well-formed Birth of their own on their own birth topic. */
      const bornByFuzz = new Set<string>();
      const expected = { undecodable: 0, mismatch: 0, badCommands: 0, commands: 0 };
      const base = { ...bridge.counters, ...port.counters };
      const cmdJudged = (): number => port.counters.commands - base.commands + port.counters.badCommands - base.badCommands;
      const timings: string[] = [];
      const tickAtStart = live.world.tick;
      const startedAtMs = Date.now();
      // A handler that loops for long freezes serve as surely as a throw ends it.
      const stall = monitorEventLoopDelay({ resolution: 20 });
      stall.enable();

      for (const target of targets) {
        const rng = Random.fromSeed(SEED).fork(`fuzz:${mode}:${target.kind}`);
        const payloads = new FuzzPayloads(rng, { strangerIds: [...VIRTUAL, GENUINE, ...STRANGERS, GATEWAY_ID] });
        const client = target.sender === 'controller' ? controllerClient : robotClient;
        const ids = topicIds(target);
        const topicStartMs = Date.now();
        const tickBefore = live.world.tick;
        for (let first = 0; first < PER_TOPIC; first += BATCH) {
          fuzzing = `${target.kind}, payloads ${first}..${first + BATCH - 1} (seed ${SEED})`;
          const sends: Promise<unknown>[] = [];
          const labels: string[] = [];
          for (let n = first; n < first + BATCH; n++) {
            const topicId = ids[n % ids.length]!;
            const { bytes, label } = payloads.next(topicId, target.body);
            labels.push(`#${n} to ${topicId}: ${label}`);
            const topic = target.kind === 'gateway-state' ? gatewayStateTopic(FLEET) : robotTopic(FLEET, topicId, target.kind);
            if (target.kind !== 'gateway-state') {
              const { verdict, envelope } = verdictOf(target.kind, topicId, bytes);
              if (target.kind === 'cmd') {
                if (verdict === 'accepted') expected.commands++;
                else expected.badCommands++;
              } else if (verdict === 'undecodable' || verdict === 'mismatch') {
                expected[verdict]++;
              } else if (verdict === 'accepted' && envelope!.body === 'birth') {
                bornByFuzz.add(topicId);
              }
            }
            // The batch's last at QoS 1: its PUBACK says the broker has handled the batch.
            const last = n === first + BATCH - 1;
            sends.push(client.publishAsync(topic, Buffer.from(bytes), { qos: last ? 1 : 0 }));
          }
          await Promise.all(sends);
          // The operator releases the remote robot after each batch: fuzzed EmergencyStop
          // Commands latch it, and a latched robot refuses every other Command unapplied.
          if (target.kind === 'cmd') live.releaseEmergencyStop(REMOTE, 'fuzz: keep applying Commands');
          // Then wait for the gateway to have counted what it should: a pace the broker can
          // hold, and proof that each payload reached the gateway and was judged.
          await waitFor(
            `the gateway to count the bad payloads of ${fuzzing} (escaped errors: ${escaped.length}; last: ${escaped.at(-1) ?? 'none'}; the batch's largest cases: ${largest(labels)})`,
            () =>
              bridge.counters.decodeErrors - base.decodeErrors >= expected.undecodable &&
              bridge.counters.mismatches - base.mismatches >= expected.mismatch &&
              cmdJudged() >= expected.commands + expected.badCommands,
            15_000,
          );
        }
        const topicMs = Date.now() - topicStartMs;
        timings.push(`${target.kind} ${topicMs} ms`);
        expect(escaped, `errors escaped a handler or the tick loop (each would end swarmgate serve)`).toEqual([]);
        // The tick loop went on while this topic was fuzzed (it runs at 10 Hz).
        if (topicMs > 500) expect(live.world.tick, `ticks while fuzzing ${target.kind}`).toBeGreaterThan(tickBefore);
      }
      fuzzing = 'nothing (after the fuzz)';
      const fuzzMs = Date.now() - startedAtMs;
      console.info(`fuzz on ${backend}, ${mode} mode: ${targets.length} x ${PER_TOPIC} payloads in ${fuzzMs} ms (${timings.join(', ')})`);

      // Every undecodable payload was counted once; every mismatched one at least (the gateway may
      // also refuse well-formed ones, e.g. a Birth that takes a virtual robot's id); every cmd
      // payload was judged exactly once, as a Command or as a bad one.
      expect(bridge.counters.decodeErrors - base.decodeErrors).toBe(expected.undecodable);
      expect(bridge.counters.mismatches - base.mismatches).toBeGreaterThanOrEqual(expected.mismatch);
      expect(port.counters.badCommands - base.badCommands).toBeGreaterThanOrEqual(expected.badCommands);
      expect(cmdJudged()).toBe(expected.commands + expected.badCommands);
      expect(expected.undecodable).toBeGreaterThan(PER_TOPIC);

      // The trial ticked through the fuzz (at least half its 10 Hz schedule) and ticks after it.
      expect(live.world.tick - tickAtStart).toBeGreaterThan((fuzzMs / 100) * 0.5);
      const tickAfter = live.world.tick;
      await sleep(1000);
      expect(live.world.tick).toBeGreaterThanOrEqual(tickAfter + 5);
      expect(bridge.state).toBe('online');
      expect(port.connected).toBe(true);

      // Nobody joined without a Birth of its own on its own topic; fleet mode admits only the fleet.
      const allowed = mode === 'bench' ? new Set([GENUINE, ...bornByFuzz]) : new Set([GENUINE, 'fz-1']);
      const physical = live
        .robots()
        .filter((r) => r.kind === 'physical')
        .map((r) => r.id);
      for (const id of physical) expect(allowed, `physical robot ${JSON.stringify(id)} joined`).toContain(id);
      for (const id of VIRTUAL) expect(live.robots().find((r) => r.id === id)?.kind, `${id} stays virtual`).toBe('virtual');
      if (mode === 'fleet') {
        for (const record of service.hil.registry.list()) expect([...VIRTUAL, GENUINE, 'fz-1']).toContain(record.id);
      }

      // The genuine robot is online and obeys the operator: released, then stopped again.
      const flagsOf = new Map<string, number>();
      service.hil.registry.on('telemetry', (id, telemetry) => flagsOf.set(id, telemetry.flags));
      const estopped = () => ((flagsOf.get(GENUINE) ?? 0) & TelemetryFlag.TELEMETRY_FLAG_EMERGENCY_STOP) !== 0;
      live.releaseEmergencyStop(undefined, 'after the fuzz');
      await waitFor(`${GENUINE} online and released after the fuzz`, () => live.twins!.isOnline(GENUINE) && flagsOf.has(GENUINE) && !estopped(), 10_000);
      flagsOf.clear();
      live.emergencyStop(GENUINE, 'after the fuzz');
      await waitFor(`${GENUINE}'s firmware to report its emergency stop`, () => estopped(), 5000);
      expect(sim!.exitCode, sim!.output()).toBeNull();
      stall.disable();
      expect(stall.max / 1e6, 'longest event-loop stall, ms (the gateway froze)').toBeLessThan(2000);
    }, 240_000);
  });
});
