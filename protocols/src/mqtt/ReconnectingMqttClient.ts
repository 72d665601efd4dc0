/**
 * The one MQTT client of the tree: the gateway's bridge and controller port, the SDK's
 * MqttRobot and mona-sim all connect through it, so they share one reconnect policy.
 *
 * - Link state is explicit, as `link` events: connecting -> online -> offline -> reconnecting
 *   -> online ... -> closed (after stop). `online` means connected and subscribed.
 * - Our own reconnect: capped exponential backoff with jitter on an injected clock
 *   (mqtt.js's fixed reconnect period is off, and it would reuse a stale will).
 * - A fresh mqtt.js client per attempt, with a clean session and the will asked anew, so a
 *   will can carry the session the connect starts (Sparkplug's bdSeq).
 * - Subscriptions re-made on every connect, before the link reports online.
 * - Nothing queued while offline: `publish` returns false, and mqtt.js's own offline queue is
 *   off for QoS 0 (a motion command sent late is worse than one never sent).
 * - Several brokers (the nodes of a cluster, `parseBrokerUrls`): each attempt after a failed
 *   one or a drop goes to the next URL in the list, so a client whose node dies tries another
 *   node after one backoff delay.
 * - Every attempt that does not come online says why, as an `attemptFailed` event with its URL
 *   (what to change for it: `mqttFailureHint`).
 */
import { EventEmitter } from 'node:events';
import mqtt, { type ClientSubscribeCallback, type MqttClient } from 'mqtt';
import { Backoff, type BackoffOptions } from '../common/Backoff.js';
import { systemClock, type Clock, type TimerHandle } from '../common/Clock.js';
import { ProtocolsError } from '../errors.js';
import { mqttTlsConnectOptions, type MqttTlsOptions } from '../mqttTls.js';
import { parseBrokerUrls } from './brokerUrls.js';

export type MqttQos = 0 | 1 | 2;

/** An attempt without CONNACK by then fails, and the next one goes to the next URL. */
export const MQTT_CONNECT_TIMEOUT_MS = 10_000;

/**
 * The reason of an attempt the server ended without a word (no CONNACK, no error): mqtt.js
 * reports nothing then, and a TLS-only server (Node's, as the embedded broker's with
 * --tls-cert) answers a plain CONNECT just so.
 */
export const CLOSED_BEFORE_CONNACK = 'the server closed the connection before CONNACK';

/** connecting -> online -> offline -> reconnecting -> online ... -> closed (after stop). */
export type LinkState = 'connecting' | 'online' | 'offline' | 'reconnecting' | 'closed';

export interface MqttLinkStateEvent {
  readonly state: LinkState;
  /** For `reconnecting`: the backoff delay before this attempt, ms. */
  readonly delayMs?: number;
  /** For `offline`: what went wrong, when known. */
  readonly reason?: string;
  /** For `online` and `reconnecting`: the broker URL of this connection or attempt (one node of a cluster). */
  readonly url?: string;
}

/** An attempt that did not come online: a connection or login refused, a subscription refused, a timeout. */
export interface MqttAttemptFailure {
  /** The broker URL of the attempt (one node of a cluster). */
  readonly url: string;
  /** What ended it, on one line: mqtt.js's error, the refused subscription, or CLOSED_BEFORE_CONNACK. */
  readonly reason: string;
  /** The filters the broker refused (SUBACK 0x80), when that ended it; else empty. */
  readonly refusedFilters: readonly string[];
}

/** A message published for the client: its will, or its last word on a clean stop. */
export interface MqttMessage {
  readonly topic: string;
  readonly payload: Uint8Array;
  readonly qos: MqttQos;
  readonly retain: boolean;
}

/** `ca` / `pinnedCert`: how to trust an mqtts:// broker. */
export interface ReconnectingMqttClientOptions extends MqttTlsOptions {
  /** One broker URL, or the nodes of a cluster separated by commas (`parseBrokerUrls`), tried in turn. */
  readonly url: string;
  /** Bound to the user with protocols' `boundClientId` by the caller. */
  readonly clientId: string;
  readonly username?: string;
  readonly password?: string;
  /** MQTT keepalive: the broker publishes the will within 1.5 periods of silence. Default 10 s. */
  readonly keepaliveS?: number;
  /** One attempt's limit (connect and CONNACK); default MQTT_CONNECT_TIMEOUT_MS. */
  readonly connectTimeoutMs?: number;
  /** Filters subscribed on every connect; a refused one (SUBACK 0x80) fails that attempt. */
  readonly subscriptions: Readonly<Record<string, { readonly qos: MqttQos }>>;
  /** Asked before every connect attempt, so each can carry its own session's will. */
  readonly will?: () => MqttMessage;
  /**
   * `fail`: a first attempt that cannot connect or subscribe rejects `start()` (a wrong URL or
   * password fails at once; with several URLs, once each has failed one attempt); `retry`: it is retried with backoff like any later drop (a robot
   * started before its broker). Either way, drops after the first online are retried.
   */
  readonly firstConnect: 'fail' | 'retry';
  readonly backoff?: BackoffOptions;
  readonly clock?: Clock;
}

export interface ReconnectingMqttClientEvents {
  link: [event: MqttLinkStateEvent];
  /** `retained`: the broker's stored copy, delivered on subscribing, not a live publish. */
  message: [topic: string, payload: Buffer, retained: boolean];
  /** What mqtt.js reported and refused subscriptions; the link handles them, listeners log. */
  linkError: [error: Error];
  /** An attempt that did not come online, before its retry (or a `fail` first connect's rejection); a drop after online is an `offline` link event. */
  attemptFailed: [failure: MqttAttemptFailure];
  /** A `message` listener threw: contained to that message (listeners count and log it). */
  messageError: [topic: string, error: Error];
}

export class ReconnectingMqttClient extends EventEmitter<ReconnectingMqttClientEvents> {
  private readonly backoff: Backoff;
  private readonly clock: Clock;
  private readonly urls: readonly string[];
  /** Index in `urls` of the current or next attempt; moves on after every failed attempt or drop. */
  private urlIndex = 0;
  /** Attempts that failed before the first online: a `fail` first connect gives up after one per URL. */
  private firstFailures = 0;
  private client: MqttClient | null = null;
  private reconnectTimer: TimerHandle | null = null;
  private linkState: LinkState = 'closed';
  private stopped = true;
  private everOnline = false;
  /** mqtt.js's last error of the current attempt: the cause a failed first connect reports. */
  private attemptError: string | null = null;
  /** The current attempt got its CONNACK: a close before it is the server's refusal, not a drop. */
  private attemptConnacked = false;
  /** Filters the current attempt's SUBACK refused. */
  private attemptRefused: readonly string[] = [];
  private pendingStart: { resolve: () => void; reject: (error: Error) => void } | null = null;
  /**
   * Held from start() to the end: a started link keeps its process alive as its socket would,
   * also while it waits to reconnect (the clock's timers may be unref'd, as systemClock's are,
   * and a robot or a remote controller has nothing else to run meanwhile).
   */
  private keepAlive: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly options: ReconnectingMqttClientOptions) {
    super();
    this.backoff = new Backoff(options.backoff);
    this.clock = options.clock ?? systemClock;
    this.urls = parseBrokerUrls(options.url);
    // Checked here, so a CA file on a plain URL is refused at construction, not per attempt.
    for (const url of this.urls) mqttTlsConnectOptions(url, options);
  }

  get state(): LinkState {
    return this.linkState;
  }

  /** Connected and subscribed: what `publish` needs. */
  get online(): boolean {
    return this.linkState === 'online' && this.client?.connected === true;
  }

  /**
   * Connects; resolves once first online. Rejects with SG_MQTT_CONNECT when stopped before,
   * or (firstConnect `fail`) when the first attempt fails.
   */
  start(): Promise<void> {
    if (!this.stopped) throw new Error(`ReconnectingMqttClient for ${this.options.url} is already started`);
    this.stopped = false;
    this.everOnline = false;
    this.firstFailures = 0;
    this.keepAlive = setInterval(() => undefined, 2 ** 30);
    const ready = new Promise<void>((resolve, reject) => {
      this.pendingStart = { resolve, reject };
    });
    this.setState({ state: 'connecting' });
    this.connect();
    return ready;
  }

  /** Publishes now or never: false (nothing queued) while the link is not online. */
  publish(topic: string, payload: Uint8Array, qos: MqttQos, retain = false): boolean {
    const client = this.client;
    if (!client || !this.online) return false;
    client.publish(topic, Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength), { qos, retain });
    return true;
  }

  /**
   * Drops the connection without a DISCONNECT, so the broker publishes the will (as on power
   * loss); reconnects after the backoff like any other drop, with a fresh will. (At once would
   * race the broker: a CONNECT with the same client id can take over the old connection before
   * the broker sees it end, and a takeover publishes no will.)
   */
  drop(reason: string): void {
    const client = this.client;
    if (!client) return;
    client.stream.destroy();
    this.lost(client, reason, true);
  }

  /**
   * Stops reconnecting and closes; idempotent. `lastWord` (e.g. the Death a clean DISCONNECT
   * would otherwise suppress) is published first when online and awaited until the broker
   * acknowledges it or the connection drops (then the broker sends the will instead).
   */
  async stop(lastWord?: MqttMessage): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.clearReconnectTimer();
    this.rejectStart(`stopped before connecting to ${this.options.url}`);
    const client = this.client;
    this.client = null;
    if (client?.connected) {
      if (lastWord) {
        await new Promise<void>((resolve) => {
          client.once('close', resolve);
          client.publish(lastWord.topic, Buffer.from(lastWord.payload), { qos: lastWord.qos, retain: lastWord.retain }, () => resolve());
        });
      }
      // A clean DISCONNECT (which suppresses the will) once mqtt.js's in-flight store is
      // empty. The store only holds this connection's publishes (a client per attempt), so it
      // drains unless the connection drops first: then stop there, the broker sends the will.
      if (client.connected) {
        await new Promise<void>((resolve) => {
          client.once('close', resolve);
          client.end(false, {}, () => resolve());
        });
      }
      discard(client);
    } else if (client) {
      discard(client);
    }
    this.ended();
  }

  private connect(): void {
    const { clientId, username, password, keepaliveS, connectTimeoutMs } = this.options;
    const url = this.urls[this.urlIndex]!;
    const will = this.options.will?.();
    const client = mqtt.connect(url, {
      ...mqttTlsConnectOptions(url, this.options),
      clientId,
      username,
      password,
      keepalive: keepaliveS ?? 10,
      connectTimeout: connectTimeoutMs ?? MQTT_CONNECT_TIMEOUT_MS,
      clean: true,
      reconnectPeriod: 0,
      resubscribe: false,
      queueQoSZero: false,
      will: will && { topic: will.topic, payload: Buffer.from(will.payload), qos: will.qos, retain: will.retain },
      // mqtt.js logs through `debug` about 7 times per message; even switched off that was
      // ~5% of a process's CPU at 100 robots x 10 Hz. Its output stays on under DEBUG.
      log: process.env['DEBUG'] ? undefined : () => undefined,
    });
    this.client = client;
    this.attemptError = null;
    this.attemptConnacked = false;
    this.attemptRefused = [];
    client.on('connect', () => this.onConnect(client));
    client.on('close', () => this.lost(client, this.attemptConnacked ? 'connection closed' : CLOSED_BEFORE_CONNACK));
    client.on('error', (error) => {
      if (this.client !== client) return;
      // One line: OpenSSL's messages (a TLS handshake with a plain server) end in a newline.
      this.attemptError = error.message.replace(/\s+/g, ' ').trim();
      this.emit('linkError', error);
    });
    client.on('message', (topic, payload, packet) => {
      if (this.client !== client) return;
      // mqtt.js calls this from its packet handler, where an exception would end the process.
      try {
        this.emit('message', topic, payload, packet.retain);
      } catch (error) {
        this.emit('messageError', topic, error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  private onConnect(client: MqttClient): void {
    if (this.client !== client) return;
    this.attemptConnacked = true;
    const filters = this.options.subscriptions;
    client.subscribe({ ...filters }, (error, granted, suback) => {
      if (this.client !== client) return;
      const refused = refusedBySuback(granted ?? [], suback);
      this.attemptRefused = refused?.filters ?? [];
      const failure = refused
        ? new Error(`subscription to ${refused.filters.join(', ')} refused (SUBACK 0x${refused.code.toString(16)})`)
        : error && new Error(`subscription to ${Object.keys(filters).join(', ')} failed: ${error.message}`);
      if (failure) {
        this.emit('linkError', failure);
        this.lost(client, failure.message);
        return;
      }
      this.backoff.reset();
      this.everOnline = true;
      this.setState({ state: 'online', url: this.urls[this.urlIndex] });
      this.pendingStart?.resolve();
      this.pendingStart = null;
    });
  }

  /**
   * The attempt or connection of `client` ended: reconnect after the backoff (or fail a first
   * `fail` attempt). `dropped`: by `drop`, no failure of the attempt.
   */
  private lost(client: MqttClient, reason: string, dropped = false): void {
    if (this.client !== client || this.stopped) return;
    this.client = null;
    discard(client);
    if (this.attemptError !== null && (reason === 'connection closed' || reason === CLOSED_BEFORE_CONNACK)) reason = this.attemptError;
    const failedUrl = this.urls[this.urlIndex]!;
    this.urlIndex = (this.urlIndex + 1) % this.urls.length;
    if (!dropped && this.linkState !== 'online') this.emit('attemptFailed', { url: failedUrl, reason, refusedFilters: this.attemptRefused });
    if (!this.everOnline && this.options.firstConnect === 'fail' && ++this.firstFailures >= this.urls.length) {
      this.stopped = true;
      this.rejectStart(`cannot connect to ${failedUrl}${this.urls.length > 1 ? ` (nor to the other URLs of ${this.options.url})` : ''}: ${reason}`);
      this.ended();
      return;
    }
    if (this.linkState === 'online') this.setState({ state: 'offline', reason });
    if (this.reconnectTimer) return;
    const delayMs = this.backoff.nextDelayMs();
    this.reconnectTimer = this.clock.setTimeout(() => {
      this.reconnectTimer = null;
      if (this.stopped) return;
      this.setState({ state: 'reconnecting', delayMs, url: this.urls[this.urlIndex] });
      this.connect();
    }, delayMs);
  }

  private ended(): void {
    if (this.keepAlive) clearInterval(this.keepAlive);
    this.keepAlive = null;
    this.setState({ state: 'closed' });
  }

  private rejectStart(message: string): void {
    this.pendingStart?.reject(new ProtocolsError('SG_MQTT_CONNECT', message));
    this.pendingStart = null;
  }

  private clearReconnectTimer(): void {
    if (this.reconnectTimer) this.clock.clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }

  private setState(event: MqttLinkStateEvent): void {
    this.linkState = event.state;
    this.emit('link', event);
  }
}

/**
 * The filters a SUBACK refused (its code for them has 0x80 set, MQTT's failure bit) and the
 * first such code, or null when it refused none. mqtt.js errs on such a SUBACK ('Subscribe
 * error: Unspecified error', 0x80's name in MQTT 5 whatever the protocol version) without
 * naming the filters, but hands over the requests and the packet, in the same order.
 */
function refusedBySuback(
  requested: NonNullable<Parameters<ClientSubscribeCallback>[1]>,
  suback: Parameters<ClientSubscribeCallback>[2],
): { filters: string[]; code: number } | null {
  const codes = requested.map((request, i) => {
    const code = suback?.granted[i];
    return typeof code === 'number' ? code : request.qos;
  });
  const refused = requested.filter((_, i) => (codes[i]! & 0x80) !== 0);
  if (refused.length === 0) return null;
  return { filters: refused.map((r) => r.topic), code: codes.find((code) => (code & 0x80) !== 0)! };
}

/** Closes a client we no longer use, ignoring whatever its dying socket still reports. */
function discard(client: MqttClient): void {
  client.removeAllListeners();
  client.on('error', () => undefined);
  client.end(true);
}
