/**
 * Every robot the gateway knows, virtual or physical: identity from its Birth, link,
 * online state, last traffic, battery and session counter.
 *
 * Session rules (after Sparkplug B bdSeq): each Birth carries a session counter, the robot's
 * MQTT will (its Death) carries the same value. A Death whose session does not match the
 * current Birth is stale (the broker delivered an old will after the robot reconnected) and
 * is ignored. A physical robot that sends nothing for 1.5 keepalive periods goes offline.
 *
 * Admission (`admit`) is the one gate every link's Birth passes, virtual robots' included: the
 * id must follow the protocol's one id grammar (idProblem), be in the fleet file when there is
 * one, and not be held by another robot. An id is held by a virtual robot for the whole trial,
 * and by a physical robot while it is online on its channel (the MQTT link, or one serial
 * port): a Birth from elsewhere is refused and recorded as a conflict (`conflicts()`), never a
 * takeover. The same id on the same channel is a reboot or reconnect; on another channel after
 * the holder went offline, the robot moved (accepted, and logged by the caller).
 *
 * Time comes from an injected Clock. Records handed out are copies (docs/STYLE.md#the-controller-api).
 */
import { EventEmitter } from 'node:events';
import { idProblem, type Birth, type ProtocolVersion, type Telemetry, systemClock, type Clock, type TimerHandle } from '@swarmgate/protocols';
import { SwarmgateError } from '../errors.js';
import type { PhysicalLink, VIRTUAL_LINK } from './linkKinds.js';

/** A registered link kind's name (linkKinds.ts), or the built-in `virtual`. */
export type RobotLink = PhysicalLink | typeof VIRTUAL_LINK.name;
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
  /** A physical robot's record was let go to make room at MAX_PHYSICAL_ROBOTS: links drop what they hold of it. */
  forgotten: [robotId: string];
}

export interface RobotRegistryOptions {
  /** Expected traffic period of a physical robot; offline after 1.5x this without any. */
  readonly keepaliveMs?: number;
  /** Fleet mode: the fleet file's physical robot ids, the only ones admitted. Absent: bench mode. */
  readonly fleetRobotIds?: readonly string[];
  readonly clock?: Clock;
}

/** A Birth that admission refused: who asked, over what, when and why. */
export interface IdConflict {
  readonly robotId: string;
  readonly link: RobotLink;
  /** The link instance: `mqtt`, `serial:<port path>` or `virtual`. */
  readonly channel: string;
  readonly reason: string;
  /** First and latest refusal of this id on this channel (ms, the registry's clock). */
  readonly firstMs: number;
  readonly lastMs: number;
  readonly count: number;
}

export type Admission =
  | { readonly admitted: true; readonly record: RobotRecord; /** The channel that held the id before, when it moved. */ readonly movedFrom: string | null }
  | {
      readonly admitted: false;
      readonly conflict: IdConflict;
      /** True the first time this id, channel and reason are refused (log it then). */ readonly first: boolean;
    };

type MutableRecord = { -readonly [K in keyof RobotRecord]: RobotRecord[K] };

interface Entry {
  record: MutableRecord;
  /** The link instance the robot was admitted on (see IdConflict.channel). */
  channel: string;
  timer: TimerHandle | null;
}

/** Counters a status page or test reads. */
export interface RegistryCounters {
  staleDeaths: number;
  /** Traffic from a robot that never sent a Birth (ignored; the robot should re-birth). */
  unbornTraffic: number;
  /** Births refused by admission (bad id, not in the fleet, id held elsewhere). */
  refusedBirths: number;
  /** Uplinks for an id held on another channel (an impostor's or a refused robot's), dropped. */
  foreignTraffic: number;
  /** Rebirth requests due (`birthRequestDue` said yes): a link asked an unborn robot for its Birth. */
  birthRequests: number;
  /** Offline physical robots' records forgotten to make room for a new id at MAX_PHYSICAL_ROBOTS (bench mode). */
  forgotten: number;
  /** Keepalive checks that ran late (the gateway's own stall) and gave the robot another period instead of a verdict. */
  lateChecks: number;
}

/**
 * A keepalive check this late was held up by the gateway's own event loop, not by the robot
 * (timers fire within milliseconds otherwise; a tick of the live trial takes tens).
 */
const LATE_CHECK_SLACK_MS = 250;
/** A robot sending without a Birth is asked for one at most this often. */
export const BIRTH_REQUEST_INTERVAL_MS = 1000;
/** Ids whose latest rebirth request is remembered; beyond it the oldest is forgotten (a stray spraying ids). */
const MAX_BIRTH_REQUESTS = 1024;
/** Conflicts kept for the UI; beyond it the oldest is forgotten (a stray spraying ids). */
const MAX_CONFLICTS = 64;
const MAX_CONFLICT_ID_LENGTH = 100;
/**
 * Physical robots the registry holds records of, online or not. A fleet file bounds them; in
 * bench mode anyone may send Births, and a stray spraying ids would otherwise grow the registry
 * (and each record's Birth) without end. A Birth of a new id past it takes the place of the
 * robot offline longest that the trial does not hold (keepWhile), or is refused as a conflict
 * when every one is online or held.
 */
export const MAX_PHYSICAL_ROBOTS = 1024;
/** A Birth's model, firmware version and each sensor name are kept to this many characters. */
export const MAX_BIRTH_TEXT_LENGTH = 64;
/** Sensor names kept from a Birth's capabilities. */
export const MAX_BIRTH_SENSORS = 32;

export class RobotRegistry extends EventEmitter<RegistryEvents> {
  readonly counters: RegistryCounters = {
    staleDeaths: 0,
    unbornTraffic: 0,
    refusedBirths: 0,
    foreignTraffic: 0,
    birthRequests: 0,
    forgotten: 0,
    lateChecks: 0,
  };
  private readonly entries = new Map<string, Entry>();
  /** Entries of physical robots (forgotten only to make room, see MAX_PHYSICAL_ROBOTS; virtual ones by forgetVirtual). */
  private physicalRobots = 0;
  /** Offline robots whose records must stay (keepWhile). */
  private held: (robotId: string) => boolean = () => false;
  /** conflictKey(robotId, channel) -> the latest refusal; ordered oldest first. */
  private readonly conflictLog = new Map<string, IdConflict>();
  /** robotId -> when it was last asked for its Birth; ordered oldest first. */
  private readonly birthRequestMs = new Map<string, number>();
  private readonly fleetRobotIds: ReadonlySet<string> | null;
  private readonly clock: Clock;
  private readonly timeoutMs: number;

  constructor(options: RobotRegistryOptions = {}) {
    super();
    this.clock = options.clock ?? systemClock;
    this.timeoutMs = 1.5 * (options.keepaliveMs ?? 1000);
    this.fleetRobotIds = options.fleetRobotIds ? new Set(options.fleetRobotIds) : null;
  }

  /** Refused Births, oldest first (copies). */
  conflicts(): IdConflict[] {
    return [...this.conflictLog.values()];
  }

  /** The channel robot `robotId` was admitted on, or undefined for an unknown id. */
  channelOf(robotId: string): string | undefined {
    return this.entries.get(robotId)?.channel;
  }

  /**
   * The one admission point for a Birth from any link. `channel` names the link instance
   * (default: the link kind; a serial port gives `serial:<path>`). Admitted: the Birth is
   * applied as `birth` does. Refused: nothing changes but the conflict record and counter.
   */
  admit(robotId: string, link: RobotLink, birth: Birth, channel: string = link): Admission {
    if (
      link !== 'virtual' &&
      !this.entries.has(robotId) &&
      this.physicalRobots >= MAX_PHYSICAL_ROBOTS &&
      this.identityProblem(robotId, link, channel) === null
    ) {
      this.forgetLongestOffline();
    }
    const reason = this.admissionProblem(robotId, link, channel);
    if (reason !== null) return this.refuse(robotId, link, channel, reason);
    const previous = this.entries.get(robotId);
    const movedFrom = previous && previous.channel !== channel ? previous.channel : null;
    this.conflictLog.delete(conflictKey(robotId, channel));
    this.birthRequestMs.delete(robotId);
    return { admitted: true, record: this.apply(robotId, link, channel, birth), movedFrom };
  }

  /** Why a Birth of `robotId` on `channel` would be refused now, or null: admit's check, asked ahead (a new trial's virtual ids). */
  admissionProblem(robotId: string, link: RobotLink, channel: string = link): string | null {
    const problem = this.identityProblem(robotId, link, channel);
    if (problem !== null) return problem;
    if (link !== 'virtual' && !this.entries.has(robotId) && this.physicalRobots >= MAX_PHYSICAL_ROBOTS) {
      return `robot id ${robotId} refused: the gateway already holds MAX_PHYSICAL_ROBOTS (${MAX_PHYSICAL_ROBOTS}) physical robots, each online or in the trial (a fleet file names the ones it takes)`;
    }
    return null;
  }

  /**
   * Robots a trial holds (its twins): their records stay while they are offline, when a new id
   * needs room at MAX_PHYSICAL_ROBOTS. The live service tells it its current trial's.
   */
  keepWhile(held: (robotId: string) => boolean): void {
    this.held = held;
  }

  /** Forgets the physical robot offline longest that no trial holds, if there is one. */
  private forgetLongestOffline(): void {
    let oldest: Entry | null = null;
    for (const entry of this.entries.values()) {
      const r = entry.record;
      if (r.link === 'virtual' || r.online || this.held(r.id)) continue;
      if (oldest === null || r.lastSeenMs < oldest.record.lastSeenMs) oldest = entry;
    }
    if (oldest === null) return;
    this.disarm(oldest);
    this.entries.delete(oldest.record.id);
    this.physicalRobots--;
    this.counters.forgotten++;
    this.emit('forgotten', oldest.record.id);
  }

  /** admissionProblem without the capacity: the id's grammar, the fleet, and who holds it. */
  private identityProblem(robotId: string, link: RobotLink, channel: string): string | null {
    const problem = idProblem(robotId);
    if (problem !== null) return `robot id ${JSON.stringify(robotId.slice(0, 80))} ${problem}`;
    const held = this.entries.get(robotId);
    if (held && held.channel !== channel) {
      if (held.record.link === 'virtual') return `robot id ${robotId} is a virtual robot of this trial; give the physical robot another id`;
      if (held.record.online) return `robot id ${robotId} is already online on ${held.channel}; two robots cannot share an id`;
    }
    if (link !== 'virtual' && this.fleetRobotIds && !this.fleetRobotIds.has(robotId)) {
      return `robot id ${robotId} is not in the fleet file; add it under robots`;
    }
    return null;
  }

  private refuse(fullId: string, link: RobotLink, channel: string, reason: string): Admission {
    this.counters.refusedBirths++;
    // A refused id can be a whole MQTT topic level (64 kB): the record keeps enough to recognise it.
    const robotId = fullId.slice(0, MAX_CONFLICT_ID_LENGTH);
    const key = conflictKey(robotId, channel);
    const previous = this.conflictLog.get(key);
    const nowMs = this.clock.nowMs();
    const conflict: IdConflict = {
      robotId,
      link,
      channel,
      reason,
      firstMs: previous?.firstMs ?? nowMs,
      lastMs: nowMs,
      count: (previous?.count ?? 0) + 1,
    };
    // Re-inserted so the map stays ordered by latest refusal; the oldest goes first when full.
    this.conflictLog.delete(key);
    this.conflictLog.set(key, conflict);
    if (this.conflictLog.size > MAX_CONFLICTS) this.conflictLog.delete(this.conflictLog.keys().next().value!);
    return { admitted: false, conflict: { ...conflict }, first: previous?.reason !== reason };
  }

  /**
   * Whether a link that heard traffic from `robotId` without the registry holding it should
   * ask that robot for its Birth now (Sparkplug B's Rebirth): its Birth was lost (dropped on the
   * way, or sent before the gateway listened), and a robot otherwise re-announces itself only
   * when its link or the gateway restarts. At most once per BIRTH_REQUEST_INTERVAL_MS per id,
   * and only for an id admission could accept (valid, and in the fleet file in fleet mode), so
   * a stray's traffic cannot make the gateway talk to ids of its choosing. True is counted.
   */
  birthRequestDue(robotId: string): boolean {
    if (this.entries.has(robotId) || idProblem(robotId) !== null) return false;
    if (this.fleetRobotIds && !this.fleetRobotIds.has(robotId)) return false;
    const nowMs = this.clock.nowMs();
    const lastMs = this.birthRequestMs.get(robotId);
    if (lastMs !== undefined && nowMs - lastMs < BIRTH_REQUEST_INTERVAL_MS) return false;
    // Re-inserted so the map stays ordered by latest request; the oldest goes first when full.
    this.birthRequestMs.delete(robotId);
    this.birthRequestMs.set(robotId, nowMs);
    if (this.birthRequestMs.size > MAX_BIRTH_REQUESTS) this.birthRequestMs.delete(this.birthRequestMs.keys().next().value!);
    this.counters.birthRequests++;
    return true;
  }

  get(robotId: string): RobotRecord | undefined {
    const entry = this.entries.get(robotId);
    return entry ? { ...entry.record } : undefined;
  }

  list(): RobotRecord[] {
    return [...this.entries.values()].map((entry) => ({ ...entry.record }));
  }

  /**
   * A Birth from a robot (or the simulator announcing a virtual robot) that must be admitted:
   * throws SG_ROBOT_ID with admission's reason when it is not. Links call `admit` instead, and
   * answer a refusal on their own link.
   */
  birth(robotId: string, link: RobotLink, birth: Birth): RobotRecord {
    const admission = this.admit(robotId, link, birth);
    if (!admission.admitted) throw new SwarmgateError('SG_ROBOT_ID', admission.conflict.reason);
    return admission.record;
  }

  private apply(robotId: string, link: RobotLink, channel: string, birth: Birth): RobotRecord {
    const caps = birth.capabilities;
    const previous = this.entries.get(robotId);
    const wasOnline = previous?.record.online ?? false;
    const record: MutableRecord = {
      id: robotId,
      link,
      online: true,
      model: birth.model.slice(0, MAX_BIRTH_TEXT_LENGTH),
      firmwareVersion: birth.firmwareVersion.slice(0, MAX_BIRTH_TEXT_LENGTH),
      // Frozen copies: records handed out share them, and nobody can edit the registry's.
      protocolVersion: birth.protocolVersion ? Object.freeze({ ...birth.protocolVersion }) : null,
      capabilities: caps
        ? Object.freeze({ ...caps, sensors: Object.freeze(caps.sensors.slice(0, MAX_BIRTH_SENSORS).map((name) => name.slice(0, MAX_BIRTH_TEXT_LENGTH))) })
        : null,
      session: birth.session,
      births: (previous?.record.births ?? 0) + 1,
      lastSeenMs: this.clock.nowMs(),
      batteryFraction: previous?.record.batteryFraction ?? null,
    };
    if (!previous && link !== 'virtual') this.physicalRobots++;
    const entry: Entry = previous ?? { record, channel, timer: null };
    entry.record = record;
    entry.channel = channel;
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

  /**
   * The link under the robot went away (serial port unplugged, broker lost). With `channel`,
   * only if the robot is still held there (it may have moved to another link since).
   */
  linkLost(robotId: string, channel?: string): void {
    const entry = this.entries.get(robotId);
    if (entry && (channel === undefined || entry.channel === channel)) this.goOffline(entry, 'link-lost');
  }

  /**
   * Forgets the virtual robots of a trial that ended (a new trial names its own): their ids
   * stop refusing physical robots. Physical robots' records stay.
   */
  forgetVirtual(): void {
    for (const [id, entry] of this.entries) if (entry.record.link === 'virtual') this.entries.delete(id);
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
   *
   * A check that runs more than LATE_CHECK_SLACK_MS after it fell due means the gateway itself
   * stalled (a large map built, a long collection): the robot's traffic of that time still
   * waits unread in the socket buffers, so silence cannot be judged. Such a check gives the
   * robot one more period from now; only once for each time it was last heard, so that a
   * gateway late on every timer still finds a dead robot (one period later than on time).
   */
  private armTimeout(entry: Entry): void {
    this.disarm(entry);
    if (entry.record.link === 'virtual') return;
    let forgivenSilenceFromMs = Number.NaN;
    const arm = (delayMs: number): void => {
      const dueMs = this.clock.nowMs() + delayMs;
      entry.timer = this.clock.setTimeout(() => check(dueMs), delayMs);
    };
    const check = (dueMs: number): void => {
      entry.timer = null;
      const nowMs = this.clock.nowMs();
      const idleMs = nowMs - entry.record.lastSeenMs;
      if (idleMs < this.timeoutMs) arm(this.timeoutMs - idleMs);
      else if (nowMs - dueMs > LATE_CHECK_SLACK_MS && entry.record.lastSeenMs !== forgivenSilenceFromMs) {
        forgivenSilenceFromMs = entry.record.lastSeenMs;
        this.counters.lateChecks++;
        arm(this.timeoutMs);
      } else this.goOffline(entry, 'timeout');
    };
    arm(this.timeoutMs);
  }
}

function conflictKey(robotId: string, channel: string): string {
  // Refused ids may hold any character, so no separator is safe: JSON keeps the pair apart.
  return JSON.stringify([robotId, channel]);
}
