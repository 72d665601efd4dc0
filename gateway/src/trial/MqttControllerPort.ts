/**
 * The live trial's MQTT side for remote controllers: it publishes every robot's State each
 * logic tick and receives Commands on `swarmgate/v1/<fleet>/+/cmd`, answering each with an
 * Ack or an Error sent as the gateway (Envelope robot id `$gateway`), so a controller can tell
 * the gateway's answers from the robot firmware's own traffic on the same topics.
 *
 * A separate client from the HIL MqttBridge (which carries robot uplinks and MotorCommands):
 * the two jobs share no state, and this one is needed even with no physical robot at all.
 * State is QoS 0 and never queued while the link is down (the next tick supersedes it).
 */
import { EventEmitter } from 'node:events';
import {
  boundClientId,
  GATEWAY_ID,
  TOPIC_QOS,
  decodeEnvelope,
  encodeEnvelope,
  makeEnvelope,
  parseRobotTopic,
  ReconnectingMqttClient,
  systemClock,
  type Clock,
  robotTopic,
  robotTopicFilter,
  swarmgate,
  type Command,
  type EnvelopeBodyInit,
  type MqttTlsOptions,
  type TopicKind,
} from '@swarmgate/protocols';
import type { StateInit } from '@swarmgate/sdk';
import { SwarmgateError } from '../errors.js';
import { stderrLogger, type Logger } from '../hil/Logger.js';

/** `ca` / `pinnedCert`: how to trust an mqtts:// broker. */
export interface MqttControllerPortOptions extends MqttTlsOptions {
  readonly url: string;
  readonly fleet: string;
  readonly username?: string;
  readonly password?: string;
  readonly logger?: Logger;
  /** Envelope timestamps and the reconnect backoff's timers; injected by tests. */
  readonly clock?: Clock;
}

export interface ControllerPortCounters {
  commands: number;
  statesPublished: number;
  /** Payloads on a cmd topic that did not decode or named another robot. */
  badCommands: number;
  droppedOffline: number;
}

export interface ControllerPortEvents {
  /** A decoded Command for `robotId`; `seq` is its Envelope seq (for Error.ref_seq). */
  command: [robotId: string, command: Command, seq: number];
}

export class MqttControllerPort extends EventEmitter<ControllerPortEvents> {
  readonly counters: ControllerPortCounters = { commands: 0, statesPublished: 0, badCommands: 0, droppedOffline: 0 };
  private seq = 0;
  private readonly logger: Logger;

  private constructor(
    private readonly client: ReconnectingMqttClient,
    private readonly fleet: string,
    logger: Logger,
    private readonly clock: Clock,
  ) {
    super();
    this.logger = logger;
    client.on('message', (topic, payload) => this.receive(topic, payload));
    client.on('messageError', (topic, error) => {
      this.counters.badCommands++;
      logger.error('trial: handling a cmd payload failed', { topic, error: error.message });
    });
    client.on('linkError', (error) => logger.warn('trial: controller port link error', { error: error.message }));
  }

  /** Connects and subscribes; throws SG_TRIAL_MQTT naming the URL when either fails. */
  static async connect(options: MqttControllerPortOptions): Promise<MqttControllerPort> {
    const logger = options.logger ?? stderrLogger;
    const clock = options.clock ?? systemClock;
    const client = new ReconnectingMqttClient({
      ...options,
      clientId: boundClientId(options.username, `swarmgate-trial-${process.pid}-${Math.floor(Math.random() * 1e9).toString(36)}`),
      // A refused filter fails the attempt: the gateway user needs the whole fleet tree.
      subscriptions: { [robotTopicFilter(options.fleet, undefined, 'cmd')]: { qos: TOPIC_QOS.cmd } },
      firstConnect: 'fail',
      clock,
    });
    const port = new MqttControllerPort(client, options.fleet, logger, clock);
    try {
      await client.start();
      return port;
    } catch (cause) {
      throw new SwarmgateError('SG_TRIAL_MQTT', `trial controller port: cannot use ${options.url}: ${(cause as Error).message}`, { cause });
    }
  }

  async close(): Promise<void> {
    await this.client.stop();
  }

  get connected(): boolean {
    return this.client.online;
  }

  publishState(robotId: string, state: StateInit): void {
    if (this.publish(robotId, 'state', { state })) this.counters.statesPublished++;
  }

  ack(robotId: string, commandId: number): void {
    if (commandId !== 0) this.publish(robotId, 'ack', { ack: { commandId } });
  }

  refuse(robotId: string, code: swarmgate.v1.ErrorCode, message: string, commandId: number, refSeq: number): void {
    this.publish(robotId, 'error', { error: { code, message: message.slice(0, 200), commandId, refSeq } });
  }

  private publish(robotId: string, kind: TopicKind, body: EnvelopeBodyInit): boolean {
    if (!this.client.online) {
      this.counters.droppedOffline++;
      return false;
    }
    this.seq = (this.seq + 1) >>> 0;
    const bytes = encodeEnvelope(makeEnvelope(GATEWAY_ID, body, this.seq, this.clock.nowMs()));
    return this.client.publish(robotTopic(this.fleet, robotId, kind), bytes, TOPIC_QOS[kind]);
  }

  private receive(topic: string, payload: Buffer): void {
    const parsed = parseRobotTopic(topic);
    if (parsed?.kind !== 'cmd') return; // not our tree: we never subscribed to it
    const robotId = parsed.robotId;
    let envelope;
    try {
      envelope = decodeEnvelope(payload);
    } catch (error) {
      this.badCommand(robotId, (error as Error).message, 0);
      return;
    }
    if (envelope.robotId !== robotId || envelope.body !== 'command') {
      this.badCommand(robotId, `topic ${topic} carries a ${envelope.body} for robot ${JSON.stringify(envelope.robotId)}`, envelope.seq);
      return;
    }
    this.counters.commands++;
    this.emit('command', robotId, envelope.command!, envelope.seq);
  }

  /** Bad input from a controller: warn, count, and answer on the robot's error topic. */
  private badCommand(robotId: string, message: string, refSeq: number): void {
    this.counters.badCommands++;
    this.logger.warn('trial: bad command payload refused', { robotId, message });
    this.refuse(robotId, swarmgate.v1.ErrorCode.ERROR_CODE_DECODE, message, 0, refSeq);
  }
}
