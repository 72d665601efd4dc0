/**
 * The gateway's embedded MQTT broker (aedes on a TCP port, or a TLS one with `tls`: then only
 * TLS clients get through, and `url` is mqtts://). With a fleet, every client must
 * authenticate with its fleet credentials and TopicAcl decides what it may publish, subscribe
 * to and receive. Without a fleet: bench mode, anyone may connect, said as a warning.
 *
 * The gateway itself connects to this broker as an ordinary MQTT client (MqttBridge), so the
 * embedded and an external Mosquitto take exactly the same code path.
 */
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { MAX_MQTT_PACKET_BYTES, type MqttTlsOptions } from '@swarmgate/protocols';
import type { Duplex } from 'node:stream';
import { DEFAULT_BIND, authority, localAddress } from './NetworkAccess.js';
import { SwarmgateError } from '../errors.js';
import { listenError } from '../listenError.js';
import type { Credentials, Fleet } from './FleetFile.js';
import { stderrLogger, type Logger } from './Logger.js';
import { LOGIN_COOLDOWN_MS, LoginThrottle, addressKey, type LoginRefusal } from './LoginThrottle.js';
import { guardMqttPackets, type MqttPacketProblem } from './MqttPacketGuard.js';
import { verifyPasswordHash, verifyPlainPassword, type PasswordHash } from './PasswordHash.js';
import { TopicAuthorizer } from './TopicAcl.js';
import { MAX_UNRELEASED_QOS2_PER_CLIENT, UnreleasedQos2, trackIncomingStore, type IncomingStore } from './UnreleasedQos2.js';

export interface EmbeddedBrokerOptions {
  /** null: bench mode (no authentication, no ACL). */
  readonly fleet: Fleet | null;
  /** 0 lets the OS choose (tests). */
  readonly port?: number;
  /** Default 127.0.0.1; a wildcard (0.0.0.0, ::) listens on every interface. */
  readonly host?: string;
  /** PEM certificate (chain) and private key: listen for MQTT over TLS only. */
  readonly tls?: BrokerTls;
  readonly logger?: Logger;
}

export interface BrokerTls {
  readonly cert: string | Buffer;
  readonly key: string | Buffer;
}

export interface BrokerCounters {
  /** Logins refused: bad credentials, or throttled (below). */
  authFailures: number;
  /** Logins refused without a password check (LoginThrottle: an address failing too often, or too many pending); in authFailures too. */
  throttledLogins: number;
  /** Connects refused because their client id belongs to another user (see authenticate). */
  clientIdRefusals: number;
  deniedPublishes: number;
  /** Publishes denied for the unreleased QoS 2 budget (UnreleasedQos2); in deniedPublishes too. */
  unreleasedQos2Refusals: number;
  deniedSubscriptions: number;
  deniedDeliveries: number;
  /** Connections ended for a packet over MAX_MQTT_PACKET_BYTES or a malformed length (MqttPacketGuard). */
  oversizePackets: number;
}

/**
 * Retained messages the broker keeps, and the largest: aedes keeps every retained message in
 * memory for good, so in bench mode (no ACL) a client publishing retained messages on new
 * topics grew it without end (2000 of 300 kB: 570 MB). swarmgate retains only the gateway's
 * state (a Birth or Death of ~100 B on one topic per fleet); a retained publish past either
 * budget is denied like any other. Clearing a topic (an empty retained message) frees its place.
 */
export const MAX_RETAINED_TOPICS = 256;
export const MAX_RETAINED_PAYLOAD_BYTES = 4096;

/** CONNACK return code 4 (MQTT 3.1.1): bad user name or password. */
const BAD_USERNAME_OR_PASSWORD = 4;
/** CONNACK return code 2 (MQTT 3.1.1): identifier rejected. */
const IDENTIFIER_REJECTED = 2;
/** CONNACK return code 3 (MQTT 3.1.1): server unavailable, for a throttled login (try later). */
const SERVER_UNAVAILABLE = 3;

const THROTTLE_REASONS: Readonly<Record<LoginRefusal, string>> = {
  cooldown: `too many failed logins from this address lately: refused for LOGIN_COOLDOWN_MS (${LOGIN_COOLDOWN_MS} ms)`,
  busy: 'too many logins from this address pending',
  saturated: 'too many logins pending',
};

export class EmbeddedBroker {
  readonly counters: BrokerCounters = {
    authFailures: 0,
    throttledLogins: 0,
    clientIdRefusals: 0,
    deniedPublishes: 0,
    unreleasedQos2Refusals: 0,
    deniedSubscriptions: 0,
    deniedDeliveries: 0,
    oversizePackets: 0,
  };
  private readonly usernames = new WeakMap<Client, string>();
  /** Connected clients by client id: a connect may take over an id only from its own user. */
  private readonly byClientId = new Map<string, Client>();
  /** Topics holding a retained message (as aedes stores them: set by a retained publish, cleared by an empty one). */
  private readonly retainedTopics = new Set<string>();
  private readonly credentials: ReadonlyMap<string, Credentials>;
  private readonly authorizer: TopicAuthorizer;
  private readonly logger: Logger;
  /** Remote addresses by connection (aedes sees the packet guard's stream, not the socket). */
  private readonly remoteAddresses = new WeakMap<object, string | undefined>();
  private readonly logins: LoginThrottle;
  private hashChecks = 0;
  private readonly qos2 = new UnreleasedQos2();
  private closing: Promise<void> | null = null;

  private constructor(
    private readonly aedes: Aedes,
    private readonly server: Server,
    private readonly options: EmbeddedBrokerOptions,
  ) {
    const fleet = options.fleet;
    this.logger = options.logger ?? stderrLogger;
    this.authorizer = new TopicAuthorizer(fleet);
    this.credentials = new Map(
      fleet ? [fleet.gateway, ...fleet.robots.map((r) => r.credentials), ...fleet.controllers.map((c) => c.credentials)].map((c) => [c.username, c]) : [],
    );
    this.logins = new LoginThrottle({
      onCooldown: (address, failures) =>
        this.logger.warn('broker: failed logins: address refused for a while', { address, failures, cooldownMs: LOGIN_COOLDOWN_MS }),
    });
    const incoming = (aedes as unknown as { persistence: IncomingStore }).persistence;
    trackIncomingStore(incoming, this.qos2);
    aedes.on('client', (client) => this.byClientId.set(client.id, client));
    aedes.on('clientDisconnect', (client) => {
      // A takeover by the same user disconnects the old client after the new one registered.
      if (this.byClientId.get(client.id) !== client) return;
      this.byClientId.delete(client.id);
      // aedes drops a clean session's unreleased QoS 2 messages itself; a persistent session's
      // would stay for good (and a fresh connection may add more): dropped too. All a later
      // PUBREL for one still gets is its PUBCOMP; a retransmitted PUBLISH would be delivered again.
      if (!client.clean) void incoming.cleanIncoming?.(client).catch(() => undefined);
    });
    aedes.authenticate = (client, username, password, done) => {
      this.authenticate(client, username, password).then(
        (ok) => {
          if (ok === true) return done(null, true);
          const [message, returnCode] =
            ok === 'client-id'
              ? ['client id belongs to another user', IDENTIFIER_REJECTED]
              : ok === 'throttled'
                ? ['too many logins from this address, try later', SERVER_UNAVAILABLE]
                : ['bad username or password', BAD_USERNAME_OR_PASSWORD];
          done(Object.assign(new Error(message), { returnCode }) as AuthenticateError, false);
        },
        (cause: unknown) => {
          this.logger.error('broker: authentication failed unexpectedly', { error: String(cause) });
          done(Object.assign(new Error('authentication error'), { returnCode: BAD_USERNAME_OR_PASSWORD }), false);
        },
      );
    };
    aedes.authorizePublish = (client, packet, done) => {
      // A null client is a will left over from a vanished session: nobody to authorize it for.
      const username = client ? this.usernames.get(client) : undefined;
      let reason: string | null;
      if (!client) reason = 'a will of a vanished session';
      else if (!this.authorizer.mayPublish(username, packet.topic)) reason = 'not allowed by the fleet ACL';
      else if (packet.qos === 2 && (reason = this.reserveQos2(client, packet)) !== null) this.counters.unreleasedQos2Refusals++;
      // (A QoS 2 place reserved for a publish denied here goes with its connection, closed.)
      else reason = this.retainedProblem(packet);
      if (reason === null) return done(null);
      this.counters.deniedPublishes++;
      this.logger.warn('broker: publish denied', { username, clientId: client?.id.slice(0, 100), topic: packet.topic, reason });
      // aedes closes the connection of a client whose publish is refused.
      done(new Error(`publish to ${packet.topic} denied`));
    };
    aedes.authorizeSubscribe = (client, subscription, done) => {
      const username = this.usernames.get(client);
      if (this.authorizer.maySubscribe(username, subscription.topic)) return done(null, subscription);
      this.counters.deniedSubscriptions++;
      this.logger.warn('broker: subscription denied', { username, filter: subscription.topic });
      done(null, null); // SUBACK 0x80 for this filter; the connection stays up
    };
    aedes.authorizeForward = (client, packet) => {
      if (this.authorizer.mayReceive(this.usernames.get(client), packet.topic)) return packet;
      this.counters.deniedDeliveries++;
      return null;
    };
  }

  static async start(options: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
    // aedes' own cap on unreleased QoS 2 per connection, a backstop: authorizePublish refuses
    // (and counts) first, as its reservations include every packet aedes holds (UnreleasedQos2).
    const aedes = await Aedes.createBroker({ maxInflightInbound: MAX_UNRELEASED_QOS2_PER_CLIENT });
    // Every connection reaches aedes through the packet size guard (set once the broker exists).
    let handle: (socket: Duplex) => void = (socket) => socket.destroy();
    const onConnection = (socket: Duplex) => handle(socket);
    let server: Server;
    try {
      server = options.tls ? createTlsServer({ cert: options.tls.cert, key: options.tls.key }, onConnection) : createServer(onConnection);
    } catch (cause) {
      aedes.close();
      throw new SwarmgateError('SG_TLS_FILES', `the broker's TLS certificate and key do not make a TLS server: ${(cause as Error).message}`, { cause });
    }
    const broker = new EmbeddedBroker(aedes, server, options);
    handle = (socket) => {
      const guarded = guardMqttPackets(socket, MAX_MQTT_PACKET_BYTES, (problem) => broker.refusePacket(problem));
      broker.remoteAddresses.set(guarded, (socket as Socket).remoteAddress);
      aedes.handle(guarded);
    };
    await new Promise<void>((resolve, reject) => {
      const onError = (cause: Error) => {
        aedes.close();
        reject(listenError('SG_BROKER_LISTEN', 'MQTT', options.host ?? DEFAULT_BIND, options.port ?? 0, cause));
      };
      server.once('error', onError);
      server.listen(options.port ?? 0, options.host ?? DEFAULT_BIND, () => {
        server.off('error', onError);
        resolve();
      });
    });
    if (options.fleet === null) {
      broker.logger.warn('broker: bench mode: no fleet file, any client may connect and publish anything');
    }
    return broker;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** The URL this machine's clients reach the broker at (loopback for a wildcard listen). */
  get url(): string {
    const { port } = this.server.address() as AddressInfo;
    return `${this.options.tls ? 'mqtts' : 'mqtt'}://${authority(localAddress(this.options.host ?? DEFAULT_BIND), port)}`;
  }

  /** What the gateway's own clients need to trust this broker: its certificate, pinned. */
  get clientTls(): MqttTlsOptions {
    return this.options.tls ? { pinnedCert: this.options.tls.cert } : {};
  }

  /** Unreleased incoming QoS 2 messages held (UnreleasedQos2): how many, and their bytes. */
  get unreleasedQos2(): { readonly messages: number; readonly bytes: number } {
    return { messages: this.qos2.messages, bytes: this.qos2.bytes };
  }

  /** Password hashes checked so far (scrypt or PBKDF2 runs; a throttled login runs none). */
  get passwordHashChecks(): number {
    return this.hashChecks;
  }

  /** Null when a QoS 2 publish fits the unreleased budget, its place reserved until its PUBREL; else why not. */
  private reserveQos2(client: Client, packet: { readonly topic: string; readonly payload: string | Buffer; readonly messageId?: number }): string | null {
    const bytes = Buffer.byteLength(packet.topic) + Buffer.byteLength(packet.payload);
    return this.qos2.reserve(client.id, packet.messageId ?? 0, bytes);
  }

  /** Null when a publish may be stored as retained (or is not retained), recording its topic; else why not. */
  private retainedProblem(packet: { readonly topic: string; readonly payload: string | Buffer; readonly retain: boolean }): string | null {
    if (!packet.retain) return null;
    const bytes = Buffer.byteLength(packet.payload);
    if (bytes === 0) {
      this.retainedTopics.delete(packet.topic);
      return null;
    }
    if (bytes > MAX_RETAINED_PAYLOAD_BYTES) return `a retained message of ${bytes} bytes, over MAX_RETAINED_PAYLOAD_BYTES (${MAX_RETAINED_PAYLOAD_BYTES})`;
    if (!this.retainedTopics.has(packet.topic) && this.retainedTopics.size >= MAX_RETAINED_TOPICS) {
      return `a retained message on a new topic: the broker holds MAX_RETAINED_TOPICS (${MAX_RETAINED_TOPICS}) already`;
    }
    this.retainedTopics.add(packet.topic);
    return null;
  }

  private refusePacket(problem: MqttPacketProblem): void {
    this.counters.oversizePackets++;
    this.logger.warn('broker: connection closed: packet over MAX_MQTT_PACKET_BYTES or malformed', {
      problem: problem.message,
      declaredBytes: problem.declaredBytes,
      limit: MAX_MQTT_PACKET_BYTES,
    });
  }

  /** Closes every client connection and the port; idempotent. */
  async close(): Promise<void> {
    if (this.closing) return this.closing;
    this.closing = (async () => {
      await new Promise<void>((resolve) => this.aedes.close(() => resolve()));
      await new Promise<void>((resolve) => this.server.close(() => resolve()));
    })();
    return this.closing;
  }

  /**
   * True, false (bad credentials), 'throttled' (refused without a check: LoginThrottle, by the
   * client's remote address) or 'client-id': with a fleet, a client id is bound to its
   * user. An id that names a user (`<username>` or `<username>:...`, what swarmgate's own
   * clients use) is that user's alone, and an id that is connected may be taken over only by
   * the same user (a reconnect): otherwise any fleet user could knock any robot off the
   * broker by connecting with its client id.
   */
  private async authenticate(client: Client, username: string | undefined, password: Buffer | undefined): Promise<boolean | 'client-id' | 'throttled'> {
    if (this.authorizer.bench) return true;
    const address = this.remoteAddresses.get(client.conn);
    const key = addressKey(address);
    const secret = username === undefined ? undefined : this.credentials.get(username)?.secret;
    const hash = secret?.kind === 'hash' ? secret.hash : undefined;
    const candidate = password ?? Buffer.alloc(0);
    // A plain password (or none: an unknown user) costs nothing to check: only the cooldown
    // applies. A hash waits its turn, and its failures count toward the address's cooldown.
    const ok: boolean | null | LoginRefusal = this.logins.coolingDown(key)
      ? 'cooldown'
      : secret?.kind === 'plain'
        ? verifyPlainPassword(secret.password, candidate)
        : hash
          ? await this.logins.attempt(key, () => (client.closed ? null : this.checkHash(hash, candidate)))
          : false;
    if (typeof ok === 'string') {
      this.counters.authFailures++;
      this.counters.throttledLogins++;
      this.logger.warn('broker: login refused without a password check', {
        username,
        clientId: client.id.slice(0, 100),
        address,
        reason: THROTTLE_REASONS[ok],
      });
      return 'throttled';
    }
    if (ok === null) return false; // the client left while its login waited; aedes answers nobody
    if (ok) {
      const owner = client.id.split(':', 1)[0];
      const holder = this.byClientId.get(client.id);
      const holderUser = holder ? this.usernames.get(holder) : undefined;
      if ((owner !== username && this.credentials.has(owner)) || (holder && holder !== client && holderUser !== username)) {
        this.counters.clientIdRefusals++;
        this.logger.warn('broker: connect refused: the client id belongs to another user', { username, clientId: client.id.slice(0, 100) });
        return 'client-id';
      }
      this.usernames.set(client, username!);
      return true;
    }
    this.counters.authFailures++;
    this.logger.warn('broker: authentication failed', { username, clientId: client.id, address });
    return false;
  }

  private checkHash(hash: PasswordHash, candidate: Buffer): Promise<boolean> {
    this.hashChecks++;
    return verifyPasswordHash(hash, candidate);
  }
}
