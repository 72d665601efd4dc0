/**
 * Every robot the gateway knows, virtual or physical: identity from its Birth, link,
 * online state, last traffic, battery and session counter.
 *
 * Session rules (after Sparkplug B bdSeq): each Birth carries a session counter, the robot's
 * MQTT will (its Death) carries the same value. A Death whose session does not match the
 * current Birth is stale (the broker delivered an old will after the robot reconnected) and
 * is ignored. A physical robot that sends nothing for 1.5 keepalive periods goes offline.
 *
 * Time comes from an injected Clock. Records handed out are copies (STYLE: give users copies).
 */
import { EventEmitter } from 'node:events';
import type { Birth, ProtocolVersion, Telemetry } from '@swarmgate/protocols';
import { systemClock, type Clock, type TimerHandle } from './Clock.js';

export type RobotLink = 'mqtt' | 'serial' | 'virtual';
export type OfflineReason = 'death' | 'timeout' | 'link-lost';

export interface RobotCapabilities {
  readonly maxWheelSpeedMps: number;
  readonly wheelBaseM: number;
  readonly wheelRadiusM: number;
  readonly encoderTicksPerRev: number;
  readonly bodyDiameterM: number;
  readonly sensors: readonly string[];
}

export interface RobotRecord {
  readonly id: string;
  readonly link: RobotLink;
  readonly online: boolean;
  readonly model: string;
  readonly firmwareVersion: string;
  readonly protocolVersion: ProtocolVersion | null;
  readonly capabilities: RobotCapabilities | null;
  /** The session of the latest Birth (Sparkplug bdSeq). */
  readonly session: number;
  /** How many Births this gateway has seen from the robot (reboots and reconnects). */
  readonly births: number;
  readonly lastSeenMs: number;
  /** 0..1 from the latest Telemetry, null before any. */
  readonly batteryFraction: number | null;
}

export interface RegistryEvents {
  birth: [record: RobotRecord];
  online: [record: RobotRecord];
  offline: [record: RobotRecord, reason: OfflineReason];
  telemetry: [robotId: string, telemetry: Telemetry];
}

export interface RobotRegistryOptions {
  /** Expected traffic period of a physical robot; offline after 1.5x this without any. */
  readonly keepaliveMs?: number;
  readonly clock?: Clock;
}

type MutableRecord = { -readonly [K in keyof RobotRecord]: RobotRecord[K] };

interface Entry {
  record: MutableRecord;
  timer: TimerHandle | null;
}

/** Counters a status page or test reads. */
export interface RegistryCounters {
  staleDeaths: number;
  /** Traffic from a robot that never sent a Birth (ignored; the robot should re-birth). */
  unbornTraffic: number;
}

export class RobotRegistry extends EventEmitter<RegistryEvents> {
  readonly counters: RegistryCounters = { staleDeaths: 0, unbornTraffic: 0 };
  private readonly entries = new Map<string, Entry>();
  private readonly clock: Clock;
  private readonly timeoutMs: number;

  constructor(options: RobotRegistryOptions = {}) {
    super();
    this.clock = options.clock ?? systemClock;
    this.timeoutMs = 1.5 * (options.keepaliveMs ?? 1000);
  }

  get(robotId: string): RobotRecord | undefined {
    const entry = this.entries.get(robotId);
    return entry ? { ...entry.record } : undefined;
  }

  list(): RobotRecord[] {
    return [...this.entries.values()].map((entry) => ({ ...entry.record }));
  }

  /** A Birth from a robot (or the simulator announcing a virtual robot). */
  birth(robotId: string, link: RobotLink, birth: Birth): RobotRecord {
    const caps = birth.capabilities;
    const previous = this.entries.get(robotId);
    const wasOnline = previous?.record.online ?? false;
    const record: MutableRecord = {
      id: robotId,
      link,
      online: true,
      model: birth.model,
      firmwareVersion: birth.firmwareVersion,
      // Frozen copies: records handed out share them, and nobody can edit the registry's.
      protocolVersion: birth.protocolVersion ? Object.freeze({ ...birth.protocolVersion }) : null,
      capabilities: caps ? Object.freeze({ ...caps, sensors: Object.freeze([...caps.sensors]) }) : null,
      session: birth.session,
      births: (previous?.record.births ?? 0) + 1,
      lastSeenMs: this.clock.nowMs(),
      batteryFraction: previous?.record.batteryFraction ?? null,
    };
    const entry: Entry = previous ?? { record, timer: null };
    entry.record = record;
    this.entries.set(robotId, entry);
    this.armTimeout(entry);
    this.emit('birth', { ...record });
    if (!wasOnline) this.emit('online', { ...record });
    return { ...record };
  }

  /** A Death (or MQTT will). Returns false when it was stale or from an unknown robot. */
  death(robotId: string, session: number): boolean {
    const entry = this.entries.get(robotId);
    if (!entry) return false;
    if (session !== entry.record.session) {
      this.counters.staleDeaths++;
      return false;
    }
    this.goOffline(entry, 'death');
    return true;
  }

  telemetry(robotId: string, telemetry: Telemetry): boolean {
    if (!this.touch(robotId)) return false;
    const entry = this.entries.get(robotId)!;
    if (telemetry.battery) entry.record.batteryFraction = telemetry.battery.fraction;
    this.emit('telemetry', robotId, telemetry);
    return true;
  }

  /**
   * Any traffic from a born robot (pose, ack, error, telemetry) proves it alive. A robot that
   * had timed out comes back online under its current session. Returns false if unknown.
   */
  touch(robotId: string): boolean {
    const entry = this.entries.get(robotId);
    if (!entry) {
      this.counters.unbornTraffic++;
      return false;
    }
    entry.record.lastSeenMs = this.clock.nowMs();
    if (!entry.record.online && entry.record.link !== 'virtual') {
      entry.record.online = true;
      this.armTimeout(entry);
      this.emit('online', { ...entry.record });
    }
    return true;
  }

  /** The link under the robot went away (serial port unplugged, broker lost). */
  linkLost(robotId: string): void {
    const entry = this.entries.get(robotId);
    if (entry) this.goOffline(entry, 'link-lost');
  }

  /** Stops every keepalive timer; the registry keeps its records. */
  close(): void {
    for (const entry of this.entries.values()) this.disarm(entry);
  }

  private goOffline(entry: Entry, reason: OfflineReason): void {
    this.disarm(entry);
    if (!entry.record.online) return;
    entry.record.online = false;
    this.emit('offline', { ...entry.record }, reason);
  }

  private disarm(entry: Entry): void {
    if (entry.timer) this.clock.clearTimeout(entry.timer);
    entry.timer = null;
  }

  /**
   * One timer per robot, re-armed lazily: when it fires it checks the last traffic time
   * rather than being reset on every message (telemetry at 10 Hz x 100 robots).
   */
  private armTimeout(entry: Entry): void {
    this.disarm(entry);
    if (entry.record.link === 'virtual') return;
    const check = (): void => {
      entry.timer = null;
      const idleMs = this.clock.nowMs() - entry.record.lastSeenMs;
      if (idleMs >= this.timeoutMs) this.goOffline(entry, 'timeout');
      else entry.timer = this.clock.setTimeout(check, this.timeoutMs - idleMs);
    };
    entry.timer = this.clock.setTimeout(check, this.timeoutMs);
  }
}
