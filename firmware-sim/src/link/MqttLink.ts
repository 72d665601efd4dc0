import {
  boundClientId,
  BODY_KINDS,
  BODY_QOS,
  bodyOf,
  decodeEnvelope,
  encodeEnvelope,
  gatewayStateTopic,
  GATEWAY_STATE_SUBSCRIBE_QOS,
  mqttFailureHint,
  ReconnectingMqttClient,
  robotTopic,
  TOPIC_KIND_OF_BODY,
  TOPIC_QOS,
  type BackoffOptions,
  type BodyKind,
  type Clock,
  type EnvelopeInit,
  type MqttMessage,
  type MqttTlsOptions,
  type TimerHandle,
} from '@swarmgate/protocols';
import type { Firmware } from '../firmware/Firmware.js';
import type { FaultInjector } from './FaultInjector.js';
import type { LinkLog, RobotLink } from './RobotLink.js';

/** `ca`: how to trust an mqtts:// broker. */
export interface MqttLinkOptions extends MqttTlsOptions {
  readonly url: string;
  readonly fleet: string;
  readonly username?: string;
  readonly password?: string;
  /** MQTT keepalive: the broker publishes the will within 1.5 periods of silence. */
  readonly keepaliveS: number;
  readonly clock: Clock;
  readonly backoff: BackoffOptions;
  readonly faults: FaultInjector;
  readonly log: LinkLog;
  /** How long online without any gateway state before saying so (default GATEWAY_SILENCE_WARN_MS). */
  readonly gatewaySilenceWarnMs?: number;
}

/**
 * Online this long without a gateway state (the retained one a gateway leaves, or a live one),
 * the robot says so: no gateway runs on this fleet on this broker, or --fleet is not its fleet.
 * Mosquitto grants a subscription its ACL denies and delivers nothing, so a wrong fleet there is
 * no failure to explain, only a silence.
 */
export const GATEWAY_SILENCE_WARN_MS = 10_000;

/**
 * The robot on MQTT, through protocols' ReconnectingMqttClient: each connect starts a new
 * session, and its will is that session's Death (Sparkplug's bdSeq: +1 per CONNECT, so a stale
 * will is recognisable). Nothing is queued while offline: telemetry and replies are dropped,
 * and the motors stop.
 *
 * A robot retries for as long as it runs, so a cause that never goes away (a TLS port, a wrong
 * --fleet) would repeat one line per attempt: each failure reason is logged once, with what to
 * change, and the reconnect lines count its repeats; a session that hears no gateway state says
 * so once (GATEWAY_SILENCE_WARN_MS).
 */
export class MqttLink implements RobotLink {
  private readonly client: ReconnectingMqttClient;
  private sessionValue = 0;
  private readonly topics: { readonly downlink: string; readonly death: string; readonly gatewayState: string };
  /** Topic of each outgoing body kind, built once. */
  private readonly topicOfBody = new Map<BodyKind, string>();
  /** Per broker URL (a cluster's nodes fail each their own way): the failure reason logged last, and the attempts in a row that failed with it. */
  private readonly failureStreaks = new Map<string, { reason: string; count: number }>();
  /** The URL of the attempt that failed last, while the next attempt is about that failure. */
  private lastFailedUrl: string | null = null;
  /** Runs from online until a gateway state arrives; said once per process (a wrong --fleet stays wrong). */
  private gatewaySilence: TimerHandle | null = null;
  private gatewaySilenceSaid = false;

  constructor(
    private readonly firmware: Firmware,
    private readonly options: MqttLinkOptions,
  ) {
    const id = firmware.robotId;
    this.topics = {
      downlink: robotTopic(options.fleet, id, 'downlink'),
      death: robotTopic(options.fleet, id, 'death'),
      gatewayState: gatewayStateTopic(options.fleet),
    };
    for (const kind of BODY_KINDS) this.topicOfBody.set(kind, robotTopic(options.fleet, id, TOPIC_KIND_OF_BODY[kind]));
    this.client = new ReconnectingMqttClient({
      ...options,
      clientId: boundClientId(options.username, `mona-sim:${options.fleet}:${id}`),
      // The downlink only: `cmd` carries controllers' Commands for the gateway, not for us.
      // The gateway's retained state tells us when a gateway comes up after our Birth.
      // Both at QoS 0 on our clean sessions (protocols' TOPIC_QOS says why).
      subscriptions: {
        [this.topics.downlink]: { qos: TOPIC_QOS.downlink },
        [this.topics.gatewayState]: { qos: GATEWAY_STATE_SUBSCRIBE_QOS },
      },
      will: () => this.death(++this.sessionValue),
      // A robot waits for its broker, however long: it may be powered before the gateway.
      firstConnect: 'retry',
    });
    this.client.on('link', (event) => {
      if (event.state === 'online') {
        this.failureStreaks.clear();
        this.lastFailedUrl = null;
        this.options.log(`online via ${event.url} (session ${this.sessionValue})`);
        this.watchGatewaySilence(event.url ?? this.options.url);
        // Birth after the subscription, so a command sent on seeing the Birth is not lost.
        this.firmware.goOnline(this.sessionValue);
      } else if (event.state === 'offline') {
        this.firmware.goOffline();
        this.clearGatewaySilence();
        this.options.log(`offline (${event.reason ?? 'connection lost'})`);
      } else if (event.state === 'reconnecting') {
        const repeats = this.lastFailedUrl === null ? 1 : (this.failureStreaks.get(this.lastFailedUrl)?.count ?? 1);
        this.options.log(`reconnecting after ${Math.round(event.delayMs ?? 0)} ms${repeats > 1 ? ` (same error ${repeats} times)` : ''}`);
      }
    });
    // What mqtt.js reports (linkError) ends the attempt or the connection, and comes again as
    // its failure or its offline reason: logged there, once.
    const hintContext = { tool: 'mona-sim', loggedIn: options.username !== undefined } as const;
    this.client.on('attemptFailed', (failure) => {
      this.lastFailedUrl = failure.url;
      const streak = this.failureStreaks.get(failure.url);
      if (streak?.reason === failure.reason) {
        streak.count++;
        return;
      }
      this.failureStreaks.set(failure.url, { reason: failure.reason, count: 1 });
      const hint = mqttFailureHint(failure, hintContext);
      this.options.log(`cannot connect to ${failure.url}: ${failure.reason}${hint === null ? '' : `; ${hint}`}`);
    });
    this.client.on('messageError', (topic, error) => this.options.log(`handling a message on ${topic} failed: ${error.message}`));
    this.client.on('message', (topic, payload, retained) => {
      if (topic === this.topics.gatewayState) this.clearGatewaySilence();
      if (topic === this.topics.downlink) this.firmware.receiveBytes(payload);
      // A gateway Birth published live (not the retained copy every subscription starts with)
      // means a gateway came up after our Birth and never saw it: announce again (Sparkplug B
      // edge nodes do the same when the primary host's STATE turns online).
      else if (topic === this.topics.gatewayState && !retained && this.firmware.online && isBirth(payload)) {
        this.firmware.announceBirth(this.sessionValue);
      }
    });
  }

  get session(): number {
    return this.sessionValue;
  }

  start(): void {
    // Resolves when first online; a stop before that rejects, which is no fault here.
    this.client.start().catch(() => undefined);
  }

  async stop(): Promise<void> {
    this.clearGatewaySilence();
    this.firmware.goOffline();
    // A graceful end publishes the Death itself: a clean DISCONNECT discards the will.
    await this.client.stop(this.death(this.sessionValue));
  }

  reboot(): void {
    this.options.log(`rebooting (session ${this.sessionValue} ends by its will)`);
    this.lastFailedUrl = null; // the next attempt follows the reboot, not a failure
    this.firmware.reboot();
    // Power loss: the TCP connection dies without DISCONNECT, so the broker publishes the will.
    this.client.drop('reboot');
  }

  /** The firmware's outbox: publish now or never (no offline queue). */
  send(kind: BodyKind, envelope: EnvelopeInit): void {
    if (!this.client.online) return;
    const topic = this.topicOfBody.get(kind)!;
    const qos = BODY_QOS[kind];
    this.options.faults.send(encodeEnvelope(envelope), (bytes) => this.client.publish(topic, bytes, qos));
  }

  private watchGatewaySilence(url: string): void {
    this.clearGatewaySilence();
    if (this.gatewaySilenceSaid) return;
    const waitMs = this.options.gatewaySilenceWarnMs ?? GATEWAY_SILENCE_WARN_MS;
    this.gatewaySilence = this.options.clock.setTimeout(() => {
      this.gatewaySilence = null;
      this.gatewaySilenceSaid = true;
      this.options.log(
        `no gateway state on fleet '${this.options.fleet}' at ${url} in ${waitMs / 1000} s online: no gateway has run on this fleet ` +
          `on this broker yet, or --fleet is not its fleet (serve prints it at start, "(fleet NAME)")`,
      );
    }, waitMs);
  }

  private clearGatewaySilence(): void {
    if (this.gatewaySilence !== null) this.options.clock.clearTimeout(this.gatewaySilence);
    this.gatewaySilence = null;
  }

  private death(session: number): MqttMessage {
    return { topic: this.topics.death, payload: encodeEnvelope(this.firmware.deathEnvelope(session)), qos: TOPIC_QOS.death, retain: false };
  }
}

function isBirth(payload: Uint8Array): boolean {
  try {
    return bodyOf(decodeEnvelope(payload)).kind === 'birth';
  } catch {
    return false; // not a gateway state we understand: nothing to answer
  }
}
