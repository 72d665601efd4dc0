/**
 * Everything `swarmgate serve` runs, wired in order and stopped in reverse: the MQTT broker
 * (embedded aedes, or an external one such as Mosquitto), the HIL core with its links (MQTT, serial), the
 * controller port, the live trial and the optional HTTP API. Tests start the same service.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { parseBrokerUrls, type MqttTlsOptions } from '@swarmgate/protocols';
import { EmbeddedBroker, type BrokerTls } from '../hil/EmbeddedBroker.js';
import type { Fleet } from '../hil/FleetFile.js';
import { HilGateway } from '../hil/HilGateway.js';
import { buildLinks, LINK_KINDS } from '../hil/linkKinds.js';
import { stderrLogger, type Logger } from '../hil/Logger.js';
import { MqttBridge } from '../hil/MqttBridge.js';
import { DEFAULT_BIND, allowedHosts, authority, checkBind, httpToken, isLoopback, servedAddresses } from '../hil/NetworkAccess.js';
import { RateLimitedLogger } from '../hil/RateLimitedLogger.js';
import { RobotRegistry } from '../hil/RobotRegistry.js';
import { SwarmgateError } from '../errors.js';
import { listenError } from '../listenError.js';
import type { LiveTrial } from './LiveTrial.js';
import { TrialSlot, type LiveTrialConfig, type TrialFactory } from './TrialSlot.js';
import { MqttControllerPort } from './MqttControllerPort.js';
import { twinSafety, type TwinOptions } from './PhysicalTwins.js';
import type { LiveRecordingOptions } from './LiveRecording.js';
import { createTrialHttpServer } from './trialHttpApi.js';
import { webUi } from '../web/webUi.js';
import { mapsApi } from '../web/mapsApi.js';
import { recordingsApi } from '../web/recordingsApi.js';
import { experimentsApi } from './experimentsApi.js';

/** Folders the HTTP API serves files from (each may be missing: its list is then empty). */
export interface ApiFolders {
  /** Maps uploaded through POST /api/maps, usable as `uploaded:<name>` in a trial configuration. */
  readonly maps: string;
  /** Recordings (MCAP files) listed and downloaded. */
  readonly recordings: string;
  /** Experiment folders (each with results.jsonl) whose reports are shown. */
  readonly experiments: string;
}

export interface LiveServiceOptions {
  /** The trial; its grid also bounds physical robots (virtual walls in the safety filter). */
  readonly trial: LiveTrialConfig;
  /**
   * Builds a trial from a request's configuration (POST /api/trial); `serve` passes its own flag
   * parsers here, so a body is checked as the command line is. Without it the route answers 501.
   */
  readonly trialFactory?: TrialFactory;
  /** Where the API's maps, recordings and experiments live (default: folders under the working directory). */
  readonly folders?: ApiFolders;
  /** An external broker; without it an embedded broker listens on `mqttPort`. */
  readonly mqttUrl?: string;
  /** How to trust the external broker when `mqttUrl` is mqtts:// (its CA's PEM). */
  readonly mqttCa?: string | Buffer;
  /** Port of the embedded broker (0: any free port). */
  readonly mqttPort?: number;
  /** The embedded broker speaks MQTT over TLS only, with this certificate and key. */
  readonly brokerTls?: BrokerTls;
  /**
   * The IP address HTTP and the embedded broker listen on (default 127.0.0.1). Beyond loopback
   * (0.0.0.0 and :: included) it needs a fleet, or `insecure`; the HTTP API then needs a token.
   */
  readonly bind?: string;
  /** Allow a bind beyond loopback without a fleet: anyone on that network may connect and command. */
  readonly insecure?: boolean;
  /** DNS names of the gateway, also accepted in the HTTP Host header. */
  readonly publicHosts?: readonly string[];
  /** null: bench mode (anyone may connect; every robot may join). */
  readonly fleet: Fleet | null;
  /** Topic fleet level; the fleet file's name when there is one. */
  readonly fleetName: string;
  /** The gateway's own MQTT login (the fleet file's gateway user). */
  readonly username?: string;
  readonly password?: string;
  /** A physical robot silent for 1.5 x this goes offline. */
  readonly keepaliveMs: number;
  readonly twins: TwinOptions;
  /** Serial ports with one robot each (the HIL SerialBridge). */
  readonly serialPorts?: readonly string[];
  /** HTTP API port (0: any free port); null: no HTTP. */
  readonly httpPort?: number | null;
  /** Clients of the live streams at once, events and WebSocket together (webUi's default 64: `serve --max-live-clients`). */
  readonly maxLiveClients?: number;
  readonly realtime?: boolean;
  /** Spawn poses reserved for physical robots: at most this many join (LiveTrial's default 16). */
  readonly twinSlots?: number;
  readonly logger?: Logger;
  /** `serve --record`: the trial records itself (the caller closes the recorder after stop). */
  readonly record?: LiveRecordingOptions;
}

export const DEFAULT_API_FOLDERS: ApiFolders = { maps: 'swarmgate-data/maps', recordings: 'swarmgate-data/recordings', experiments: 'experiments' };

export class LiveService {
  private constructor(
    readonly url: string,
    readonly trials: TrialSlot,
    readonly hil: HilGateway,
    readonly bridge: MqttBridge,
    readonly port: MqttControllerPort,
    readonly http: FastifyInstance | null,
    /** The bearer token the HTTP API requires, or null (no HTTP, or loopback without a fleet). */
    readonly httpToken: string | null,
    /** Where robots and controllers reach the broker (every served address for a wildcard bind). */
    readonly mqttUrls: readonly string[],
    private readonly bind: string,
    private readonly cleanups: (() => Promise<void> | void)[],
    private readonly logger: Logger,
  ) {}

  /** Starts every part; on failure stops what had started and rethrows. */
  static async start(options: LiveServiceOptions): Promise<LiveService> {
    const logger = options.logger ?? stderrLogger;
    const bind = options.bind ?? DEFAULT_BIND;
    checkBind(bind, options.fleet !== null, options.insecure === true);
    if (!isLoopback(bind) && options.fleet === null) {
      logger.warn(`serve: INSECURE: listening on ${bind} without a fleet file: anyone on that network may connect robots, command them and read the trial`);
    }
    // What robots and controllers can make the links log at will: one line per interval per robot.
    const peerLogger = new RateLimitedLogger(logger);
    const cleanups: (() => Promise<void> | void)[] = [];
    try {
      let url = options.mqttUrl;
      let mqttUrls: string[];
      let tls: MqttTlsOptions = {};
      let broker: EmbeddedBroker | null = null;
      if (url === undefined) {
        // Failed logins and denied publishes are repeatable at will by a client: rate-limited too.
        const embedded = await EmbeddedBroker.start({
          fleet: options.fleet,
          port: options.mqttPort ?? 0,
          host: bind,
          tls: options.brokerTls,
          logger: peerLogger,
        });
        broker = embedded;
        cleanups.push(() => embedded.close());
        url = embedded.url;
        tls = embedded.clientTls;
        const scheme = options.brokerTls ? 'mqtts' : 'mqtt';
        mqttUrls = servedAddresses(bind).map((address) => `${scheme}://${authority(address, embedded.port)}`);
      } else {
        tls = { ca: options.mqttCa };
        mqttUrls = parseBrokerUrls(url); // a cluster's nodes, each its own address
      }
      const login = { username: options.username, password: options.password, ...tls };
      const registry = new RobotRegistry({ keepaliveMs: options.keepaliveMs, fleetRobotIds: options.fleet?.robots.map((r) => r.id) });
      const safety = twinSafety(options.trial.grid, options.twins);
      const hil = new HilGateway({ registry, fleet: options.fleet, safety });
      const links = buildLinks(
        {
          registry,
          logger: peerLogger,
          mqtt: { url, fleet: options.fleetName, ...login, knownRobotIds: options.fleet?.robots.map((r) => r.id) },
          serialPorts: options.serialPorts ?? [],
        },
        LINK_KINDS,
      );
      for (const link of links) hil.register(link);
      // The MQTT link is also the tracker and carries the gateway's own state: always built.
      const bridge = links.find((link) => link instanceof MqttBridge);
      if (bridge === undefined) throw new SwarmgateError('SG_HIL_REGISTER', 'the link registry (LINK_KINDS) has no mqtt kind');
      cleanups.push(() => hil.stop());
      const port = await MqttControllerPort.connect({ url, fleet: options.fleetName, ...login, logger: peerLogger });
      cleanups.push(() => port.close());
      // The trial first, the links after: the virtual robots' ids are taken before any physical
      // Birth can claim one, and robots that were up before us (they answer the gateway Birth
      // that hil.start publishes) find the trial already listening.
      const folders = options.folders ?? DEFAULT_API_FOLDERS;
      const trials = new TrialSlot({
        first: options.trial,
        recordings: { folder: folders.recordings },
        factory: options.trialFactory ?? null,
        registry,
        logger,
        joints: {
          hil,
          twins: options.twins,
          tracker: bridge,
          port,
          uplinks: links,
          broker,
          realtime: options.realtime,
          twinSlots: options.twinSlots,
          logger,
        },
        // serve --record records the trial it started with; a later one records through the API (RecordingSwitch).
        firstOnly: { record: options.record },
      });
      const live = trials.live;
      // A robot the current trial has a twin of keeps its record while offline (it may come back).
      registry.keepWhile((robotId) => trials.live.twins?.has(robotId) ?? false);
      // The slot's trial, not this first one: a trial created later through the API is the one stopped.
      cleanups.push(() => trials.live.stop());
      // Run before the trial stops (cleanups run in reverse): a recording started at run time is finished.
      cleanups.push(async () => void (await trials.recording?.stop()));
      await hil.start();
      let http: FastifyInstance | null = null;
      let token: string | null = null;
      if (options.httpPort != null) {
        token = httpToken(bind, options.fleet?.httpToken, options.fleet !== null);
        // The hosts are known once the port is (it may be 0): filled in after listen, and until
        // then every request is refused (421), never let through.
        const hosts = new Set<string>();
        const app = await createTrialHttpServer({ trials, hil, access: { token, hosts } });
        await app.register(mapsApi, { folder: folders.maps });
        await app.register(recordingsApi, { folder: folders.recordings });
        await app.register(experimentsApi, { folder: folders.experiments });
        await app.register(webUi, { live: () => trials.live, hil, maxLiveClients: options.maxLiveClients });
        cleanups.push(() => app.close());
        try {
          await app.listen({ port: options.httpPort, host: bind });
        } catch (cause) {
          throw listenError('SG_HTTP_LISTEN', 'HTTP', bind, options.httpPort, cause);
        }
        for (const host of allowedHosts(bind, (app.server.address() as AddressInfo).port, options.publicHosts ?? [])) hosts.add(host);
        http = app;
      }
      // The trial ticks once the service is up: the worker threads' start-up (and a controller
      // thread's algorithms), and the HTTP server's (its routes, schemas and the web UI) ran on
      // this event loop between the first paced ticks, which started 70-160 ms late (1 to 3
      // overruns at each start of the demo trial).
      await live.world.threadsReady();
      live.start();
      return new LiveService(url, trials, hil, bridge, port, http, token, mqttUrls, bind, cleanups, logger);
    } catch (error) {
      await runCleanups(cleanups, logger);
      throw error;
    }
  }

  /** The trial running now (the first one, or the latest created through POST /api/trial). */
  get live(): LiveTrial {
    return this.trials.live;
  }

  /** Port of the HTTP API, or null without one. */
  get httpPort(): number | null {
    const address = this.http?.server.address();
    return address && typeof address === 'object' ? address.port : null;
  }

  /**
   * The web UI's URLs, one per served address, each with `#token=` when a token is required
   * (the page keeps it for the tab; a fragment never reaches the server or a log). Empty
   * without HTTP.
   */
  get httpUrls(): string[] {
    const port = this.httpPort;
    if (port === null) return [];
    const fragment = this.httpToken === null ? '' : `#token=${this.httpToken}`;
    return servedAddresses(this.bind).map((address) => `http://${authority(address, port)}/${fragment}`);
  }

  /** Stops the trial, then HTTP, the controller port, the links and the broker. Idempotent. */
  async stop(): Promise<void> {
    await runCleanups(this.cleanups, this.logger);
  }
}

async function runCleanups(cleanups: (() => Promise<void> | void)[], logger: Logger): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) {
    try {
      await cleanup();
    } catch (error) {
      // Shutdown goes on: one part failing to close must not leave the others running.
      logger.error('serve: a part failed to stop', { error: error instanceof SwarmgateError ? error.message : String(error) });
    }
  }
}
