import { Random, systemClock, type Clock, type TimerHandle } from '@swarmgate/protocols';
import type { Firmware } from './firmware/Firmware.js';
import { createMona } from './firmware/createMona.js';
import { FaultInjector, NO_FAULTS, type FaultOptions } from './link/FaultInjector.js';
import { MqttLink } from './link/MqttLink.js';
import type { LinkLog, RobotLink } from './link/RobotLink.js';
import { SerialLink } from './link/SerialLink.js';
import type { Arena } from './model/Arena.js';
import type { Pose } from './model/MonaModel.js';
import { monaBackoff } from './link/monaBackoff.js';

export type MonaLinkOptions =
  | {
      readonly kind: 'mqtt';
      readonly url: string;
      readonly fleet: string;
      readonly username?: string;
      readonly password?: string;
      readonly keepaliveS: number;
      /** PEM CA for an mqtts:// broker. */
      readonly ca?: string | Buffer;
      /** How long online without any gateway state before saying so (default GATEWAY_SILENCE_WARN_MS). */
      readonly gatewaySilenceWarnMs?: number;
    }
  | { readonly kind: 'serial'; readonly path: string; readonly baudRate: number };

export interface MonaSimOptions {
  readonly robotId: string;
  readonly link: MonaLinkOptions;
  readonly seed: number;
  readonly telemetryHz?: number;
  readonly faults?: FaultOptions;
  /** Simulated reboot after this many seconds of uptime (so every that many seconds). */
  readonly rebootAfterS?: number;
  readonly arena?: Arena;
  readonly startPose?: Pose;
  readonly clock?: Clock;
  readonly log?: LinkLog;
}

/** One emulated MONA: model + firmware + link (+ a reboot schedule). */
export class MonaSim {
  readonly firmware: Firmware;
  readonly link: RobotLink;
  /** Faults injected into what this robot sent (the --drop and --corrupt flags). */
  readonly faults: FaultInjector;
  private rebootCount = 0;
  private rebootTimer: TimerHandle | undefined;
  private readonly clock: Clock;

  constructor(private readonly options: MonaSimOptions) {
    const clock = options.clock ?? systemClock;
    this.clock = clock;
    const log: LinkLog = (message) => (options.log ?? (() => undefined))(`${options.robotId}: ${message}`);
    let outbox: MqttLink | SerialLink | undefined;
    this.firmware = createMona(
      { robotId: options.robotId, clock, seed: options.seed, arena: options.arena, startPose: options.startPose, telemetryHz: options.telemetryHz },
      (kind, envelope) => outbox?.send(kind, envelope),
    );
    const backoff = monaBackoff(Random.fromSeed(options.seed).fork('backoff'));
    const faults = new FaultInjector(options.faults ?? NO_FAULTS, Random.fromSeed(options.seed).fork('faults'), clock);
    this.faults = faults;
    const common = { clock, backoff, faults, log };
    outbox =
      options.link.kind === 'mqtt'
        ? new MqttLink(this.firmware, { ...options.link, ...common })
        : new SerialLink(this.firmware, { ...options.link, ...common });
    this.link = outbox;
  }

  /** Reboots done by the --reboot-after schedule. */
  get reboots(): number {
    return this.rebootCount;
  }

  start(): void {
    this.link.start();
    this.scheduleReboot();
  }

  async stop(): Promise<void> {
    if (this.rebootTimer !== undefined) this.clock.clearTimeout(this.rebootTimer);
    this.rebootTimer = undefined;
    await this.link.stop();
  }

  private scheduleReboot(): void {
    const afterS = this.options.rebootAfterS;
    if (afterS === undefined) return;
    this.rebootTimer = this.clock.setTimeout(() => {
      this.link.reboot();
      this.rebootCount++;
      this.scheduleReboot();
    }, afterS * 1000);
  }
}
