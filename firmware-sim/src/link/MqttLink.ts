import {
  boundClientId,
  BODY_KINDS,
  BODY_QOS,
  bodyOf,
  decodeEnvelope,
  encodeEnvelope,
  gatewayStateTopic,
  mqttTlsConnectOptions,
  robotTopic,
  TOPIC_KIND_OF_BODY,
  TOPIC_QOS,
  type BodyKind,
  type EnvelopeInit,
  type MqttTlsOptions,
} from '@swarmgate/protocols';
import mqtt, { type MqttClient } from 'mqtt';
import type { Firmware } from '../firmware/Firmware.js';
import type { Clock } from '../model/Clock.js';
import type { Backoff } from './Backoff.js';
import type { FaultInjector } from './FaultInjector.js';
import { RetryTimer } from './RetryTimer.js';
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
  readonly backoff: Backoff;
  readonly faults: FaultInjector;
  readonly log: LinkLog;
}

/**
 * The robot on MQTT: one client per connection, its will the Death of that connection's
 * session (Sparkplug's bdSeq: +1 per CONNECT, so a stale will is recognisable). mqtt.js's own
 * reconnect is off: it would reuse the old will, and its fixed period has no jitter.
 * Nothing is queued while offline: telemetry and replies are dropped, and the motors stop.
 */
export class MqttLink implements RobotLink {
  private client: MqttClient | undefined;
  private sessionValue = 0;
  private stopping = false;
  private readonly reconnect: RetryTimer;
  private readonly topics: { readonly downlink: string; readonly death: string; readonly gatewayState: string };
  /** Topic of each outgoing body kind, built once. */
  private readonly topicOfBody = new Map<BodyKind, string>();

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
    this.reconnect = new RetryTimer(options.backoff, options.clock);
  }

  get session(): number {
    return this.sessionValue;
  }

  start(): void {
    this.stopping = false;
    this.connect();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.reconnect.cancel();
    this.firmware.goOffline();
    const client = this.client;
    this.client = undefined;
    if (!client) return;
    if (client.connected) {
      // A graceful end publishes the Death itself: a clean DISCONNECT discards the will.
      const death = encodeEnvelope(this.firmware.deathEnvelope(this.sessionValue));
      await client.publishAsync(this.topics.death, Buffer.from(death), { qos: TOPIC_QOS.death }).catch(() => undefined);
    }
    await client.endAsync().catch(() => undefined);
  }

  reboot(): void {
    this.options.log(`rebooting (session ${this.sessionValue} ends by its will)`);
    const client = this.client;
    this.client = undefined;
    this.firmware.reboot();
    // Power loss: the TCP connection dies without DISCONNECT, so the broker publishes the will.
    if (client) {
      client.stream.destroy();
      discard(client);
    }
    this.connect();
  }

  private connect(): void {
    this.sessionValue++;
    const session = this.sessionValue;
    const { url, username, password, keepaliveS } = this.options;
    const client = mqtt.connect(url, {
      ...mqttTlsConnectOptions(url, this.options),
      clientId: boundClientId(username, `mona-sim:${this.options.fleet}:${this.firmware.robotId}`),
      username,
      password,
      keepalive: keepaliveS,
      clean: true,
      reconnectPeriod: 0,
      connectTimeout: 10_000,
      queueQoSZero: false,
      // mqtt.js logs through `debug` about 7 times per message; even switched off that was
      // ~5% of an emulator process's CPU with 100 robots. Its output stays on under DEBUG.
      log: process.env['DEBUG'] ? undefined : () => undefined,
      will: {
        topic: this.topics.death,
        payload: Buffer.from(encodeEnvelope(this.firmware.deathEnvelope(session))),
        qos: TOPIC_QOS.death,
        retain: false,
      },
    });
    this.client = client;
    client.on('connect', () => {
      this.options.backoff.reset();
      this.options.log(`online (session ${session})`);
      // The downlink only: `cmd` carries controllers' Commands for the gateway, not for us.
      // The gateway's retained state tells us when a gateway comes up after our Birth.
      const subscriptions = { [this.topics.downlink]: { qos: TOPIC_QOS.downlink }, [this.topics.gatewayState]: { qos: 1 as const } };
      client.subscribe(subscriptions, (error) => {
        if (error) this.options.log(`subscribe failed: ${error.message}`);
        // Birth after the subscription, so a command sent on seeing the Birth is not lost.
        else if (this.client === client) this.firmware.goOnline(session);
      });
    });
    client.on('message', (topic, payload, packet) => {
      if (topic === this.topics.downlink) this.firmware.receiveBytes(payload);
      // A gateway Birth published live (not the retained copy every subscription starts with)
      // means a gateway came up after our Birth and never saw it: announce again (Sparkplug B
      // edge nodes do the same when the primary host's STATE turns online).
      else if (topic === this.topics.gatewayState && !packet.retain && this.firmware.online && isBirth(payload)) {
        this.firmware.announceBirth(session);
      }
    });
    client.on('error', (error) => this.options.log(`mqtt error: ${error.message}`));
    client.on('close', () => {
      if (this.client !== client) return; // a connection we already replaced
      this.firmware.goOffline();
      discard(client);
      this.client = undefined;
      if (!this.stopping) this.scheduleReconnect();
    });
  }

  private scheduleReconnect(): void {
    const delayMs = this.reconnect.schedule(() => {
      if (!this.stopping) this.connect();
    });
    this.options.log(`offline; reconnecting in ${Math.round(delayMs)} ms`);
  }

  /** The firmware's outbox: publish now or never (no offline queue). */
  send(kind: BodyKind, envelope: EnvelopeInit): void {
    const client = this.client;
    if (!client?.connected) return;
    const topic = this.topicOfBody.get(kind)!;
    const qos = BODY_QOS[kind];
    this.options.faults.send(encodeEnvelope(envelope), (bytes) => {
      if (client.connected) client.publish(topic, Buffer.from(bytes), { qos });
    });
  }
}

function isBirth(payload: Uint8Array): boolean {
  try {
    return bodyOf(decodeEnvelope(payload)).kind === 'birth';
  } catch {
    return false; // not a gateway state we understand: nothing to answer
  }
}

/** Closes a client we no longer use, ignoring whatever its dying socket still reports. */
function discard(client: MqttClient): void {
  client.removeAllListeners();
  client.on('error', () => undefined);
  client.end(true);
}
