/**
 * The gateway's MQTT transport: one mqtt.js client to the embedded broker or an external one
 * (`--mqtt URL`). It feeds the registry from robot uplinks, sends everything for a robot
 * (MotorCommands, stop Commands) on that robot's `downlink` topic, each body at its BODY_QOS,
 * and keeps the gateway's own retained state (a Birth, with a Death as the will). It never
 * reads `cmd`: controllers' Commands are the MqttControllerPort's.
 *
 * Link handling is protocols' ReconnectingMqttClient (docs/STYLE.md#protocol-and-io-edges):
 * explicit `link` events, capped exponential backoff with jitter on an injected clock,
 * subscriptions re-made on every connect, nothing queued while offline (`send` returns false).
 * Each connect carries a will for the session it starts: the gateway's retained Death.
 *
 * Bad input from a robot (undecodable payload, wrong version, a topic naming one robot and a
 * payload another) is counted, logged at warn and answered with an Error on that robot's
 * error topic; it never throws.
 */
import { EventEmitter } from 'node:events';
import {
  boundClientId,
  GATEWAY_ID,
  GATEWAY_STATE_QOS,
  TOPIC_ROOT,
  PROTOCOL_VERSION,
  ProtocolError,
  BODY_QOS,
  TOPIC_KIND_OF_BODY,
  TOPIC_QOS,
  decodeEnvelope,
  encodeEnvelope,
  gatewayStateTopic,
  makeEnvelope,
  parseRobotTopic,
  robotTopic,
  robotTopicFilter,
  swarmgate,
  ReconnectingMqttClient,
  type MqttLinkStateEvent,
  type MqttMessage,
  type EnvelopeBodyInit,
  type MqttTlsOptions,
  type RobotTopic,
  type TopicKind,
  type TrackerPose,
  systemClock,
  type Clock,
  type BackoffOptions,
  type LinkState,
} from '@swarmgate/protocols';
import { stderrLogger, type Logger } from './Logger.js';
import { ID_REFUSED_CODE, REQUEST_BIRTH_BODY, admitBirth, deliverUplink, type UplinkEvents, type UplinkSink } from './deliverUplink.js';
import type { RobotRegistry } from './RobotRegistry.js';
import type { LinkStateEvent, RobotLinkPlugin } from './RobotLink.js';

/** `ca` / `pinnedCert`: how to trust an mqtts:// broker. */
export interface MqttBridgeOptions extends MqttTlsOptions {
  readonly url: string;
  /** The <fleet> topic level. */
  readonly fleet: string;
  readonly registry: RobotRegistry;
  readonly username?: string;
  readonly password?: string;
  readonly clientId?: string;
  /** Robots to reach with broadcasts (emergency stop) even before their Birth: the fleet file's. */
  readonly knownRobotIds?: readonly string[];
  /** Reported in the gateway's retained Birth. */
  readonly gatewayVersion?: string;
  readonly keepaliveS?: number;
  readonly backoff?: BackoffOptions;
  readonly clock?: Clock;
  readonly logger?: Logger;
}

export interface MqttBridgeCounters {
  received: number;
  sent: number;
  /** Payloads that did not decode (incl. wrong protocol major version). */
  decodeErrors: number;
  /** Envelopes whose robot id or body kind disagree with their topic. */
  mismatches: number;
  /** Sends refused because the link was down (motion is never queued). */
  droppedOffline: number;
  reconnects: number;
  /** Uplinks whose handling threw: contained to that message, logged at error. */
  failures: number;
}

export interface MqttBridgeEvents extends UplinkEvents {
  link: [event: LinkStateEvent];
  /** An overhead tracker's ground-truth pose of a robot (arena frame). */
  pose: [robotId: string, pose: TrackerPose];
}

/** Kinds the gateway listens to; the rest flow gateway -> robot or controller. */
const UPLINK_KINDS: readonly TopicKind[] = ['birth', 'death', 'telemetry', 'pose', 'ack', 'error'];
/** Parsed uplink topics kept; beyond it (strays spraying topics) each is parsed every time. */
const MAX_PARSED_TOPICS = 4096;

export class MqttBridge extends EventEmitter<MqttBridgeEvents> implements RobotLinkPlugin {
  readonly name = 'mqtt';
  readonly counters: MqttBridgeCounters = { received: 0, sent: 0, decodeErrors: 0, mismatches: 0, droppedOffline: 0, reconnects: 0, failures: 0 };
  /** Robots whose Birth came over this link: what `carries` answers. */
  private readonly born = new Set<string>();
  /** Born robots plus the fleet file's: what a broadcast (emergency stop) reaches. */
  private readonly reachable = new Set<string>();
  /** The fleet file's robots: reached whether or not the registry holds them. */
  private readonly knownRobotIds: ReadonlySet<string>;
  // A robot the registry let go (a stray spraying ids in bench mode) is no longer reached:
  // else every id ever admitted stayed here, and each emergency stop published to all of them.
  private readonly onForgotten = (robotId: string): void => {
    this.born.delete(robotId);
    if (!this.knownRobotIds.has(robotId)) this.reachable.delete(robotId);
  };
  private readonly clock: Clock;
  private readonly logger: Logger;
  private readonly uplink: UplinkSink;
  private readonly client: ReconnectingMqttClient;
  private seq = 0;
  /** The gateway's own session counter (Sparkplug bdSeq), +1 per connect. */
  private session = 0;
  private linkState: LinkState = 'closed';
  /**
   * Uplink topic -> its parse. A robot sends on the same few topics all day, and parsing one
   * was a third of onMessage's CPU time with 100 robots sending Telemetry at 10 Hz.
   */
  private readonly parsedTopics = new Map<string, RobotTopic | null>();

  constructor(private readonly options: MqttBridgeOptions) {
    super();
    this.clock = options.clock ?? systemClock;
    this.logger = options.logger ?? stderrLogger;
    this.uplink = {
      link: 'mqtt',
      registry: options.registry,
      events: this,
      logger: this.logger,
      requestBirth: (robotId) => this.send(robotId, REQUEST_BIRTH_BODY),
    };
    this.knownRobotIds = new Set(options.knownRobotIds ?? []);
    for (const id of this.knownRobotIds) this.reachable.add(id);
    options.registry.on('forgotten', this.onForgotten);
    const { url, username, clientId, keepaliveS } = options;
    this.client = new ReconnectingMqttClient({
      ...options,
      clientId: clientId ?? boundClientId(username, `swarmgate-gateway-${process.pid}-${Math.floor(Math.random() * 1e9).toString(36)}`),
      keepaliveS: keepaliveS ?? 10,
      subscriptions: Object.fromEntries(UPLINK_KINDS.map((kind) => [robotTopicFilter(options.fleet, undefined, kind), { qos: TOPIC_QOS[kind] }])),
      will: () => this.gatewayWill(),
      // The gateway waits for its broker: `serve --mqtt` may start before an external one.
      firstConnect: 'retry',
      clock: this.clock,
    });
    this.client.on('link', (event) => this.onLink(event));
    this.client.on('linkError', (error) => this.logger.warn('mqtt: link error', { url, error: error.message }));
    this.client.on('message', (topic, payload) => this.onMessage(topic, payload));
    this.client.on('messageError', (topic, error) => {
      this.counters.failures++;
      this.logger.error('mqtt: handling an uplink failed', { topic, error: error.message });
    });
  }

  get state(): LinkState {
    return this.linkState;
  }

  /** Resolves once the first connection is up; later drops are handled by reconnecting. */
  async start(): Promise<void> {
    await this.client.start();
  }

  async stop(): Promise<void> {
    this.options.registry.off('forgotten', this.onForgotten);
    // A clean disconnect suppresses the will, so say "offline" ourselves first.
    await this.client.stop(this.gatewayState(this.gatewayDeathBytes()));
  }

  carries(robotId: string): boolean {
    // Born here and still held here: a robot that moved to a serial port is driven there.
    return this.born.has(robotId) && this.options.registry.channelOf(robotId) === this.name;
  }

  send(robotId: string, body: EnvelopeBodyInit): boolean {
    if (!this.client.online) {
      this.counters.droppedOffline++;
      return false;
    }
    const bodyKind = Object.keys(body)[0] as keyof typeof BODY_QOS;
    const bytes = encodeEnvelope(makeEnvelope(robotId, body, this.nextSeq(), this.clock.nowMs()));
    this.client.publish(robotTopic(this.options.fleet, robotId, 'downlink'), bytes, BODY_QOS[bodyKind]);
    this.counters.sent++;
    return true;
  }

  broadcast(body: EnvelopeBodyInit): number {
    let sends = 0;
    for (const robotId of this.reachable) sends += Number(this.send(robotId, body));
    return sends;
  }

  private nextSeq(): number {
    this.seq = (this.seq + 1) >>> 0;
    return this.seq;
  }

  private onLink(event: MqttLinkStateEvent): void {
    if (event.state === 'online') {
      this.client.publish(gatewayStateTopic(this.options.fleet), this.gatewayBirthBytes(), GATEWAY_STATE_QOS, true);
    } else if (event.state === 'offline') {
      for (const robotId of this.born) this.options.registry.linkLost(robotId, this.name);
    } else if (event.state === 'reconnecting') {
      this.counters.reconnects++;
    }
    this.linkState = event.state;
    const linkEvent: LinkStateEvent = { link: this.name, ...event };
    this.emit('link', linkEvent);
  }

  private gatewayBirthBytes(): Uint8Array {
    return encodeEnvelope(
      makeEnvelope(
        GATEWAY_ID,
        {
          birth: {
            model: 'swarmgate-gateway',
            firmwareVersion: this.options.gatewayVersion ?? '0.1.0',
            protocolVersion: { major: PROTOCOL_VERSION.major, minor: PROTOCOL_VERSION.minor },
            session: this.session,
          },
        },
        this.nextSeq(),
        this.clock.nowMs(),
      ),
    );
  }

  private gatewayDeathBytes(): Uint8Array {
    return encodeEnvelope(makeEnvelope(GATEWAY_ID, { death: { session: this.session } }, 0, this.clock.nowMs()));
  }

  /** The will for the next connect: a retained Death carrying the session that connect starts. */
  private gatewayWill(): MqttMessage {
    this.session = (this.session + 1) >>> 0;
    return this.gatewayState(this.gatewayDeathBytes());
  }

  private gatewayState(payload: Uint8Array): MqttMessage {
    return { topic: gatewayStateTopic(this.options.fleet), payload, qos: GATEWAY_STATE_QOS, retain: true };
  }

  private onMessage(topic: string, payload: Buffer): void {
    this.counters.received++;
    const parsed = this.parseUplinkTopic(topic) ?? this.badIdBirthTopic(topic);
    if (!parsed) return; // not our tree: we never subscribed to it
    const { robotId, kind } = parsed;
    let envelope;
    try {
      envelope = decodeEnvelope(payload);
    } catch (error) {
      this.counters.decodeErrors++;
      const protocolError = error as ProtocolError;
      const code = protocolError.code === 'SG_PROTO_VERSION' ? swarmgate.v1.ErrorCode.ERROR_CODE_VERSION : swarmgate.v1.ErrorCode.ERROR_CODE_DECODE;
      this.refuse(topic, robotId, kind, code, protocolError.message, 0);
      return;
    }
    if (envelope.robotId === GATEWAY_ID) return; // our own Error answers, echoed by the broker
    if (envelope.robotId !== robotId || TOPIC_KIND_OF_BODY[envelope.body] !== kind) {
      this.counters.mismatches++;
      const problem = `topic ${topic} carries a ${envelope.body} from robot ${JSON.stringify(envelope.robotId)}`;
      this.refuse(topic, robotId, kind, swarmgate.v1.ErrorCode.ERROR_CODE_DECODE, problem, envelope.seq);
      return;
    }
    if (deliverUplink(this.uplink, robotId, envelope)) return;
    if (envelope.body === 'birth') {
      // Born here before admission, whose 'birth' event may send to the robot at once (a
      // latched emergency stop); a refused Birth changes nothing, so that is undone.
      const bornBefore = this.born.has(robotId);
      this.born.add(robotId);
      const conflict = admitBirth(this.uplink, robotId, envelope.birth!);
      if (conflict) {
        if (!bornBefore) this.born.delete(robotId);
        this.sendError(topic, ID_REFUSED_CODE, conflict.reason, envelope.seq);
        return;
      }
      this.reachable.add(robotId);
    } else if (envelope.body === 'trackerPose') {
      // Ground truth from the tracker, not traffic from the robot: it proves nothing alive.
      this.emit('pose', robotId, envelope.trackerPose!);
    }
  }

  private parseUplinkTopic(topic: string): RobotTopic | null {
    let parsed = this.parsedTopics.get(topic);
    if (parsed === undefined) {
      parsed = parseRobotTopic(topic);
      if (this.parsedTopics.size < MAX_PARSED_TOPICS) this.parsedTopics.set(topic, parsed);
    }
    return parsed;
  }

  /**
   * A Birth on `swarmgate/v1/<fleet>/<id>/birth` whose id level is not a valid id: parsed
   * anyway, so that admission refuses it with an Error instead of it vanishing unanswered.
   */
  private badIdBirthTopic(topic: string): RobotTopic | null {
    const levels = topic.split('/');
    if (levels.length !== 5 || levels[4] !== 'birth' || levels[3] === GATEWAY_ID) return null;
    if (`${levels[0]}/${levels[1]}` !== TOPIC_ROOT || levels[2] !== this.options.fleet) return null;
    return { scope: 'robot', fleet: this.options.fleet, robotId: levels[3], kind: 'birth' };
  }

  /** Bad device input: warn, and tell the robot on its error topic (never an exception). */
  private refuse(topic: string, robotId: string, kind: TopicKind, code: swarmgate.v1.ErrorCode, message: string, refSeq: number): void {
    this.logger.warn('mqtt: bad payload refused', { robotId, kind, message });
    this.sendError(topic, code, message, refSeq);
  }

  /**
   * An Error on the error topic beside `uplinkTopic` (same fleet and robot levels): built from
   * the topic the robot used, so it works for an id that admission refused as invalid.
   */
  private sendError(uplinkTopic: string, code: swarmgate.v1.ErrorCode, message: string, refSeq: number): void {
    const bytes = encodeEnvelope(makeEnvelope(GATEWAY_ID, { error: { code, message: message.slice(0, 200), refSeq } }, this.nextSeq(), this.clock.nowMs()));
    this.client.publish(`${uplinkTopic.slice(0, uplinkTopic.lastIndexOf('/'))}/error`, bytes, TOPIC_QOS.error);
  }
}
