/**
 * Everything `swarmgate serve` runs, wired in order and stopped in reverse: the MQTT broker
 * (embedded aedes, or an external one such as Mosquitto), the HIL core with its links (MQTT, serial), the
 * controller port, the live trial and the optional HTTP API. Tests start the same service.
 */
import type { FastifyInstance } from 'fastify';
import type { Grid } from '@swarmgate/maps';
import { EmbeddedBroker } from '../hil/EmbeddedBroker.js';
import type { Fleet } from '../hil/FleetFile.js';
import { HilGateway } from '../hil/HilGateway.js';
import { stderrLogger, type Logger } from '../hil/Logger.js';
import { MqttBridge } from '../hil/MqttBridge.js';
import { RobotRegistry } from '../hil/RobotRegistry.js';
import { SerialBridge } from '../hil/SerialBridge.js';
import type { TrialConfig } from '../sim/Trial.js';
import { SwarmgateError } from '../errors.js';
import { LiveTrial } from './LiveTrial.js';
import { MqttControllerPort } from './MqttControllerPort.js';
import { twinSafety, type TwinOptions } from './PhysicalTwins.js';
import { createTrialHttpServer } from './trialHttpApi.js';
import { webUi } from '../web/webUi.js';

export interface LiveServiceOptions {
  /** The trial; its grid also bounds physical robots (virtual walls in the safety filter). */
  readonly trial: TrialConfig & { readonly grid: Grid };
  /** An external broker; without it an embedded broker listens on `mqttPort`. */
  readonly mqttUrl?: string;
  /** Port of the embedded broker (0: any free port). */
  readonly mqttPort?: number;
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
  readonly realtime?: boolean;
  /** Spawn poses reserved for physical robots: at most this many join (LiveTrial's default 16). */
  readonly twinSlots?: number;
  readonly logger?: Logger;
}

export class LiveService {
  private constructor(
    readonly url: string,
    readonly live: LiveTrial,
    readonly hil: HilGateway,
    readonly bridge: MqttBridge,
    readonly port: MqttControllerPort,
    readonly http: FastifyInstance | null,
    private readonly cleanups: (() => Promise<void> | void)[],
    private readonly logger: Logger,
  ) {}

  /** Starts every part; on failure stops what had started and rethrows. */
  static async start(options: LiveServiceOptions): Promise<LiveService> {
    const logger = options.logger ?? stderrLogger;
    const cleanups: (() => Promise<void> | void)[] = [];
    try {
      let url = options.mqttUrl;
      if (url === undefined) {
        const broker = await EmbeddedBroker.start({ fleet: options.fleet, port: options.mqttPort ?? 0, logger });
        cleanups.push(() => broker.close());
        url = broker.url;
      }
      const login = { username: options.username, password: options.password };
      const registry = new RobotRegistry({ keepaliveMs: options.keepaliveMs });
      const safety = twinSafety(options.trial.grid, options.twins);
      const hil = new HilGateway({ registry, fleet: options.fleet, safety });
      const bridge = new MqttBridge({
        url,
        fleet: options.fleetName,
        registry,
        ...login,
        knownRobotIds: options.fleet?.robots.map((r) => r.id),
        logger,
      });
      hil.register(bridge);
      if (options.serialPorts?.length) hil.register(new SerialBridge({ registry, ports: options.serialPorts, logger }));
      cleanups.push(() => hil.stop());
      await hil.start();
      const port = await MqttControllerPort.connect({ url, fleet: options.fleetName, ...login, logger });
      cleanups.push(() => port.close());
      const live = new LiveTrial({ trial: options.trial, hil, twins: options.twins, tracker: bridge, port, realtime: options.realtime, twinSlots: options.twinSlots, logger });
      live.start();
      cleanups.push(() => live.stop());
      let http: FastifyInstance | null = null;
      if (options.httpPort != null) {
        const app = await createTrialHttpServer({ live, hil });
        await app.register(webUi, { live, hil });
        cleanups.push(() => app.close());
        await app.listen({ port: options.httpPort, host: '127.0.0.1' });
        http = app;
      }
      return new LiveService(url, live, hil, bridge, port, http, cleanups, logger);
    } catch (error) {
      await runCleanups(cleanups, logger);
      throw error;
    }
  }

  /** Port of the HTTP API, or null without one. */
  get httpPort(): number | null {
    const address = this.http?.server.address();
    return address && typeof address === 'object' ? address.port : null;
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
