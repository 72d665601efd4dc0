/**
 * A live trial: the simulator world of a Trial, stepped by a TickPacer, joined to the outside.
 *
 * - Paced to wall-clock time whenever a physical robot is in it (or `realtime` asks for it);
 *   otherwise as fast as the CPU allows. Overruns of the paced schedule are counted.
 * - Every logic tick, after the world's control phase: emergency stops override latched
 *   motion, physical twins' motion goes out as MotorCommands (PhysicalTwins), and each robot's
 *   State is published for remote controllers (MqttControllerPort).
 * - Commands from remote controllers are applied through the robot's own Robot API the moment
 *   they arrive (between steps), i.e. into its latched command slot, with the same checks as
 *   an in-process controller; each is answered with an Ack or an Error.
 *
 * Emergency stops and their release follow docs/safety.md#emergency-stop.
 *
 * Robots whose ids are in `remoteControlled` have no in-process controller; every other robot,
 * virtual or physical, runs the trial's algorithm host-side.
 *
 * Faults stay where they start: no input from a robot, a controller or a link ends the trial.
 * A controller that throws has its robot stopped for that tick (the others run); a State that
 * cannot be published is skipped for that robot; a Command that cannot be applied is refused
 * with an Error to its sender; a tick that throws is followed by the next one. Each fault is
 * counted (`status().faults`, GET /api/trial) and logged at most once per interval per robot
 * (RateLimitedLogger).
 */
import {
  MAX_INBOX_BYTES_PER_TICK,
  MAX_INBOX_MESSAGES_PER_TICK,
  MAX_NEARBY_ROBOTS_PER_STATE,
  MAX_NEARBY_TAGS_PER_STATE,
  PROTOCOL_VERSION,
  ProtocolError,
  swarmgate,
  type Command,
  type ErrorMessage,
  systemClock,
  type Clock,
} from '@swarmgate/protocols';
import { SwarmgateError as SdkError, applyCommand, robotStateToWire, type Controller, type Pose, type StateDrops } from '@swarmgate/sdk';
import { SwarmgateError } from '../errors.js';
import type { BrokerCounters } from '../hil/EmbeddedBroker.js';
import type { HilGateway } from '../hil/HilGateway.js';
import { boundedText, stderrLogger, type Logger } from '../hil/Logger.js';
import { RateLimitedLogger } from '../hil/RateLimitedLogger.js';
import { spawnPoses, type SpawnStrategy } from '../sim/Spawn.js';
import { Trial, type TrialConfig } from '../sim/Trial.js';
import type { World } from '../sim/World.js';
import { LiveRecording, type LiveRecordingOptions } from './LiveRecording.js';
import type { MqttControllerPort } from './MqttControllerPort.js';
import { PhysicalTwins, type TrackerSource, type TwinHost, type TwinOptions } from './PhysicalTwins.js';
import { TickPacer } from './TickPacer.js';

const ErrorCode = swarmgate.v1.ErrorCode;

export interface LiveTrialOptions {
  readonly trial: TrialConfig;
  /** Physical robots: their registry, links and safety filter. Without it the trial is virtual only. */
  readonly hil?: HilGateway | null;
  /** Pose source and arena-to-map transform of physical twins (default: odometry, scale 25). */
  readonly twins?: TwinOptions;
  /** Tracker poses (the HIL MqttBridge), for twins placed by a tracker. */
  readonly tracker?: TrackerSource | null;
  /** Remote controllers' States and Commands. */
  readonly port?: MqttControllerPort | null;
  /** The robot links (MQTT, serial), for their faults: robots' Error reports and refused uplinks. */
  readonly uplinks?: readonly UplinkFaultSource[];
  /** The embedded broker, for the clients it refused (an external broker counts its own). */
  readonly broker?: { readonly counters: Readonly<BrokerCounters> } | null;
  /** Pace to wall-clock time even when every robot is virtual (a live service). */
  readonly realtime?: boolean;
  /** Spawn poses reserved for physical robots joining later (default 16). */
  readonly twinSlots?: number;
  readonly clock?: Clock;
  readonly logger?: Logger;
  /** `serve --record`: the recording the trial writes as it runs (the caller closes it after stop). */
  readonly record?: LiveRecordingOptions;
  /** What the trial runs, built already (buildLiveSimulation); default: built here from `trial`. */
  readonly simulation?: LiveSimulation;
}

/** What a live trial runs: its Trial, and the spawn poses kept for physical robots joining later. */
export interface LiveSimulation {
  readonly trial: Trial;
  readonly twinPoses: readonly Pose[];
}

/**
 * Builds what a LiveTrial with these options runs, touching nothing outside it: TrialSlot builds
 * a replacement's before it stops the current trial, so a configuration that cannot be built
 * (more robots than the map places, over the SLAM budget) leaves the current trial running.
 */
export function buildLiveSimulation(options: Pick<LiveTrialOptions, 'trial' | 'hil' | 'twinSlots'>): LiveSimulation {
  return withTwinPoses(options, new Trial(options.trial));
}

/** buildLiveSimulation in steps, `between()` awaited after each long one (Trial.build), so the event loop turns meanwhile. */
export async function buildLiveSimulationInSteps(
  options: Pick<LiveTrialOptions, 'trial' | 'hil' | 'twinSlots'>,
  between: () => Promise<void>,
): Promise<LiveSimulation> {
  const trial = await Trial.build(options.trial, between);
  await between();
  return withTwinPoses(options, trial);
}

function withTwinPoses(options: Pick<LiveTrialOptions, 'hil' | 'twinSlots'>, trial: Trial): LiveSimulation {
  return { trial, twinPoses: twinSpawnPoses(trial, options.hil ? (options.twinSlots ?? 16) : 0) };
}

/** A robot link as the trial sees its faults (MqttBridge and SerialBridge fit). */
export interface UplinkFaultSource {
  on(event: 'robotError', listener: (robotId: string, error: ErrorMessage) => void): unknown;
  off(event: 'robotError', listener: (robotId: string, error: ErrorMessage) => void): unknown;
  /** The link's counters of refused uplinks and failed handling, when it keeps them in one place. */
  readonly counters?: { readonly decodeErrors: number; readonly mismatches: number; readonly failures: number };
}

/** Faults contained so far, by where they started; each left the trial running. */
export interface TrialFaults {
  /** A controller's start() or tick() threw: its robot was stopped for that tick, the others ran. */
  readonly controller: number;
  /** A logic tick threw outside the controllers: the next tick ran on schedule. */
  readonly tick: number;
  /** A robot's State could not be built or encoded: not published that tick. */
  readonly stateEncode: number;
  /** Inbox messages, tags and robots left out of States by their budgets (docs/limits.md). */
  readonly stateDrops: number;
  /** Remote controllers' Commands refused with an Error (over a budget, a bad value, not allowed). */
  readonly commandRefused: number;
  /** Payloads on a cmd topic that did not decode or named another robot (answered with an Error). */
  readonly badCommand: number;
  /** Robot uplinks a link refused (undecodable, a topic naming one robot and a payload another) or failed to handle. */
  readonly uplink: number;
  /** Error messages robots reported. */
  readonly robotError: number;
  /** A physical robot's Birth, pose or motion that could not be handled (that robot only). */
  readonly twin: number;
  /**
   * Physical robots' reported poses dropped (non-finite, or off the map: PhysicalTwins'
   * badPoses); a robot whose poses are all dropped for TWIN_POSE_HOLD_S is held (docs/safety.md).
   */
  readonly pose: number;
  /** HTTP requests refused (401, 403, 413, 415, 421, a body failing its schema: 400) or failed (5xx). */
  readonly http: number;
  /** MQTT clients the embedded broker refused: failed logins, client-id refusals, denied publishes and subscriptions. */
  readonly broker: number;
  readonly total: number;
}

type FaultKind = Exclude<keyof TrialFaults, 'total' | 'badCommand' | 'uplink' | 'broker' | 'pose'>;

/**
 * Where the operator has put the trial: `running` (ticks on schedule), `paused` (no ticks; a
 * step runs one) or `stopped` (ended for good: a new trial replaces it).
 */
export type TrialRunState = 'running' | 'paused' | 'stopped';

/** The fastest and slowest a paced trial may be set to run, simulated per wall-clock seconds. */
export const MIN_TRIAL_SPEED = 0.05;
export const MAX_TRIAL_SPEED = 100;

export interface LiveTrialStatus {
  readonly state: TrialRunState;
  /** Paced speed asked for (simulated per wall-clock seconds); 1 whenever a physical robot is in. */
  readonly speed: number;
  readonly tick: number;
  readonly simSeconds: number;
  readonly virtualRobots: number;
  readonly physicalRobots: number;
  readonly physicalOnline: number;
  readonly exploredFraction: number;
  readonly paced: boolean;
  readonly overruns: number;
  readonly maxLatenessMs: number;
  readonly emergencyStopped: readonly string[];
  readonly faults: TrialFaults;
}

export interface EmergencyStopRelease {
  /** Robots no longer held (the physical ones among them were sent the release). */
  readonly released: string[];
  /** Physical robots offline at the release: still stopped, since their firmware could not hear it. */
  readonly offline: string[];
}

export interface LiveRobotSummary {
  readonly id: string;
  readonly kind: 'virtual' | 'physical';
  readonly online: boolean;
  readonly remoteControlled: boolean;
  /** Ground truth in the map frame. */
  readonly pose: Pose;
  readonly emergencyStopped: boolean;
}

/** The Error messages one robot reported over its link. */
export interface RobotErrorSummary {
  readonly count: number;
  /** The last one: its wire code by name, its text, and when it arrived (wall clock, ms). */
  readonly last: { readonly code: string; readonly message: string; readonly atMs: number };
}

export const DEFAULT_TWIN_OPTIONS: TwinOptions = {
  poseSource: 'odometry',
  // A 2 m table beside a 50 m building (docs/DESIGN.md#who-uses-it).
  transform: { scale: 25, rotationRad: 0, offsetXM: 0, offsetYM: 0 },
};

export class LiveTrial implements TwinHost {
  readonly trial: Trial;
  readonly world: World;
  readonly twins: PhysicalTwins | null;
  readonly pacer: TickPacer;
  private readonly remote: ReadonlySet<string>;
  private readonly stopped = new Set<string>();
  private readonly twinPoses: readonly Pose[];
  /** The trial's virtual robots (its world's robots before any twin joined). */
  private readonly virtualIds: ReadonlySet<string>;
  private twinPoseCursor = 0;
  private ended = false;
  private readonly logger: Logger;
  /** Fault lines: one per interval per robot and kind (a flood costs one line). */
  private readonly faultLog: RateLimitedLogger;
  private readonly faultCounts: Record<FaultKind, number> = {
    controller: 0,
    tick: 0,
    stateEncode: 0,
    stateDrops: 0,
    commandRefused: 0,
    robotError: 0,
    twin: 0,
    http: 0,
  };
  /** When each remote-controlled robot was last told that its State left something out. */
  private readonly dropsToldMs = new Map<string, number>();
  private readonly clock: Clock;
  private recordingNow: LiveRecording | null = null;
  private readonly onCommand = (robotId: string, command: Command, seq: number): void => this.commandContained(robotId, command, seq);
  /**
   * Each robot's Error reports: how many, and the last one, its text bounded (the web UI's robot
   * detail). An Error from a robot the trial does not hold is counted, not kept: any id can send
   * one in bench mode, and a stray spraying ids with 200 kB texts grew this without end.
   */
  private readonly robotErrorLog = new Map<string, RobotErrorSummary>();
  private readonly onRobotError = (robotId: string, error: ErrorMessage): void => {
    this.faultCounts.robotError++;
    if (!this.virtualIds.has(robotId) && !this.twins?.has(robotId)) return;
    const count = (this.robotErrorLog.get(robotId)?.count ?? 0) + 1;
    const last = { code: ErrorCode[error.code] ?? String(error.code), message: boundedText(error.message), atMs: this.clock.nowMs() };
    this.robotErrorLog.set(robotId, { count, last });
  };

  constructor(private readonly options: LiveTrialOptions) {
    this.logger = options.logger ?? stderrLogger;
    this.clock = options.clock ?? systemClock;
    this.faultLog = new RateLimitedLogger(this.logger, { clock: this.clock });
    this.remote = options.trial.remoteControlled ?? new Set();
    const simulation = options.simulation ?? buildLiveSimulation(options);
    this.trial = simulation.trial;
    this.world = this.trial.world;
    this.twinPoses = simulation.twinPoses;
    this.virtualIds = new Set(this.world.robotIds());
    const hil = options.hil ?? null;
    if (hil) {
      for (const id of this.world.robotIds()) hil.registry.birth(id, 'virtual', virtualBirth());
    }
    // The fault log: a robot streaming bad poses costs one warning per interval.
    this.twins = hil ? new PhysicalTwins(this, hil, options.twins ?? DEFAULT_TWIN_OPTIONS, this.faultLog, options.tracker ?? null) : null;
    this.world.addObserver({ afterTick: () => this.afterTick() });
    this.world.onControllerError = (robotId, error) => {
      // Held still until its controller works again: a half-run tick may have latched anything.
      this.world.robot(robotId).stop();
      this.fault('controller', 'trial: a controller threw; its robot is stopped for this tick', { robotId, error: errorText(error) });
    };
    // After the trial's own observer, so a tick's emergency stops are among its recorded commands.
    if (options.record) this.startRecording(options.record);
    options.port?.on('command', this.onCommand);
    for (const link of options.uplinks ?? []) link.on('robotError', this.onRobotError);
    this.pacer = new TickPacer(
      {
        periodMs: this.world.config.physicsStepS * this.world.config.stepsPerTick * 1000,
        clock: this.clock,
        paced: () => this.paced,
        onError: (error) => this.fault('tick', 'trial: a logic tick failed; the trial goes on', { tick: this.world.tick, error: errorText(error) }, 'error'),
      },
      () => this.world.step(),
    );
  }

  /** Wall-clock pacing: asked for, or any physical robot in the trial. */
  get paced(): boolean {
    return (this.options.realtime ?? false) || (this.twins?.count ?? 0) > 0;
  }

  get state(): TrialRunState {
    if (this.ended) return 'stopped';
    return this.pacer.isRunning ? 'running' : 'paused';
  }

  /** Starts or resumes ticking; throws SG_TRIAL_STATE once the trial was stopped. */
  start(): void {
    this.checkNotEnded('start');
    this.pacer.start();
  }

  /**
   * No more ticks until start or step. Physical robots halt by themselves: no MotorCommand
   * goes out without a tick, and each one they hold runs out at its deadline (docs/safety.md).
   */
  pause(): void {
    this.checkNotEnded('pause');
    this.pacer.stop();
  }

  /** Runs exactly one tick of a paused trial (SG_TRIAL_STATE while it runs or after stop). */
  step(): void {
    this.checkNotEnded('step');
    if (this.pacer.isRunning) throw new SwarmgateError('SG_TRIAL_STATE', 'the trial is running: pause it before stepping');
    this.pacer.runTick();
  }

  /**
   * Paced speed, simulated seconds per wall-clock second. Reality cannot be sped up or slowed
   * down: with a physical robot in the trial only 1 is accepted.
   */
  setSpeed(speed: number): void {
    this.checkNotEnded('set the speed of');
    if (!(speed >= MIN_TRIAL_SPEED && speed <= MAX_TRIAL_SPEED)) {
      throw new SwarmgateError('SG_TRIAL_STATE', `speed must be in [${MIN_TRIAL_SPEED}, ${MAX_TRIAL_SPEED}], got ${speed}`);
    }
    if (speed !== 1 && (this.twins?.count ?? 0) > 0) {
      throw new SwarmgateError('SG_TRIAL_STATE', `physical robots are in this trial: it runs at wall-clock speed (1) only, not ${speed}`);
    }
    this.pacer.speed = speed;
  }

  /** Ends the trial for good (the HTTP API's stop): no tick after this one. */
  end(): void {
    this.ended = true;
    this.pacer.stop();
  }

  private checkNotEnded(what: string): void {
    if (this.ended) throw new SwarmgateError('SG_TRIAL_STATE', `the trial was stopped: cannot ${what} it (create a new trial)`);
  }

  /** Whether the trial writes a recording now (`serve --record`, or startRecording). */
  get recording(): boolean {
    return this.recordingNow !== null;
  }

  /**
   * Records the trial from the next tick into `options.recorder`, which the caller closes after
   * stopRecording or stop. SG_TRIAL_STATE when it records already or was stopped.
   */
  startRecording(options: LiveRecordingOptions): void {
    this.checkNotEnded('record');
    if (this.recordingNow) throw new SwarmgateError('SG_TRIAL_STATE', 'the trial is being recorded already: stop that recording first');
    this.recordingNow = new LiveRecording(options, this.trial, this.options.hil?.registry ?? null, this.clock, (error) =>
      this.faultLog.error('trial: writing the recording failed', { error: errorText(error) }),
    );
  }

  /** No more ticks recorded (the caller closes the recorder); nothing when nothing was being recorded. */
  stopRecording(): void {
    this.recordingNow?.detach();
    this.recordingNow = null;
  }

  /** Stops stepping and listening; links and the port belong to the caller. */
  stop(): void {
    this.ended = true;
    this.pacer.stop();
    this.options.port?.off('command', this.onCommand);
    for (const link of this.options.uplinks ?? []) link.off('robotError', this.onRobotError);
    this.twins?.close();
    this.stopRecording();
    // The lidar's worker threads (a later step, if any, casts on this thread alone).
    void this.world.close();
  }

  /**
   * Emergency stop of one robot, or of all (robotId undefined), per docs/safety.md#emergency-stop;
   * physical robots get `HilGateway.emergencyStop`. Returns the robots stopped; throws
   * SG_WORLD_UNKNOWN_ROBOT for an unknown id.
   */
  emergencyStop(robotId: string | undefined, reason: string): string[] {
    const ids = robotId === undefined ? this.world.robotIds() : [robotId];
    if (robotId !== undefined) this.world.slotOf(robotId);
    for (const id of ids) {
      this.stopped.add(id);
      this.world.robot(id).stop();
    }
    const hil = this.options.hil;
    if (hil) {
      if (robotId === undefined) hil.emergencyStopAll(reason);
      else if (this.twins?.has(robotId)) hil.emergencyStop(robotId, reason);
    }
    this.recordingNow?.emergencyStop(robotId, false, reason);
    this.logger.warn('trial: emergency stop', { robots: ids, reason });
    return ids;
  }

  /**
   * Releases the emergency stop of one robot, or of all (robotId undefined), per
   * docs/safety.md#emergency-stop: the operator's act, logged with its reason; offline physical
   * robots come back in `offline`. Throws SG_WORLD_UNKNOWN_ROBOT for an unknown id.
   */
  releaseEmergencyStop(robotId: string | undefined, reason: string): EmergencyStopRelease {
    if (robotId !== undefined) this.world.slotOf(robotId);
    const released: string[] = [];
    const offline: string[] = [];
    const unreachable = (id: string) => this.twins !== null && this.twins.has(id) && !this.twins.isOnline(id);
    for (const id of robotId === undefined ? [...this.stopped] : [robotId]) {
      if (unreachable(id)) offline.push(id);
      else if (this.stopped.delete(id)) released.push(id);
    }
    const hil = this.options.hil;
    if (hil) {
      // Sent even for a robot the trial did not stop: the operator asked for it explicitly, and
      // a firmware latched before a gateway restart is cleared this way too.
      if (robotId === undefined) hil.releaseEmergencyStopAll(reason);
      else if (this.twins?.has(robotId) && !unreachable(robotId)) hil.releaseEmergencyStop(robotId, reason);
    }
    this.recordingNow?.emergencyStop(robotId, true, reason);
    this.logger.warn('trial: emergency stop released', { robots: released, offline, requested: robotId ?? 'all', reason });
    return { released, offline };
  }

  status(): LiveTrialStatus {
    const physical = this.twins?.count ?? 0;
    return {
      state: this.state,
      speed: this.pacer.speed,
      tick: this.world.tick,
      simSeconds: this.trial.simSeconds,
      virtualRobots: this.world.robotIds().length - physical,
      physicalRobots: physical,
      physicalOnline: this.twins?.onlineCount ?? 0,
      exploredFraction: this.trial.metrics.exploredFraction,
      paced: this.paced,
      overruns: this.pacer.overruns,
      maxLatenessMs: this.pacer.maxLatenessMs,
      emergencyStopped: [...this.stopped],
      faults: this.faults(),
    };
  }

  /** Faults contained so far (the links' and the controller port's counters included). */
  faults(): TrialFaults {
    let uplink = 0;
    for (const link of this.options.uplinks ?? [])
      uplink += (link.counters?.decodeErrors ?? 0) + (link.counters?.mismatches ?? 0) + (link.counters?.failures ?? 0);
    const badCommand = this.options.port?.counters.badCommands ?? 0;
    const refused = this.options.broker?.counters;
    const broker = refused
      ? refused.authFailures + refused.clientIdRefusals + refused.deniedPublishes + refused.deniedSubscriptions + refused.oversizePackets
      : 0;
    const pose = this.twins?.counters.badPoses ?? 0;
    const counts = { ...this.faultCounts, badCommand, uplink, broker, pose };
    return { ...counts, total: Object.values(counts).reduce((a, b) => a + b, 0) };
  }

  robots(): LiveRobotSummary[] {
    return this.world.robotIds().map((id) => {
      const physical = this.twins?.has(id) ?? false;
      return {
        id,
        kind: physical ? 'physical' : 'virtual',
        online: physical ? this.twins!.isOnline(id) : true,
        remoteControlled: this.remote.has(id),
        pose: this.world.truePose(id),
        emergencyStopped: this.stopped.has(id),
      };
    });
  }

  /** The Error messages `robotId` reported, or null when it reported none. */
  robotErrors(robotId: string): RobotErrorSummary | null {
    return this.robotErrorLog.get(robotId) ?? null;
  }

  // ---- TwinHost ------------------------------------------------------------------------

  nextTwinPose(): Pose {
    const pose = this.twinPoses[this.twinPoseCursor];
    if (!pose) throw new SwarmgateError('SG_SPAWN', `all ${this.twinPoses.length} spawn poses reserved for physical robots are taken`);
    this.twinPoseCursor++;
    return pose;
  }

  controllerFor(robotId: string): Controller | undefined {
    if (this.remote.has(robotId)) return undefined;
    // The world's size, not robots + twins.count: twins adopted while PhysicalTwins is built come before `twins` is set.
    return this.trial.createController(robotId, this.world.robotIds().length);
  }

  isStopped(robotId: string): boolean {
    return this.stopped.has(robotId);
  }

  twinFault(robotId: string, during: string, error: unknown): void {
    this.fault('twin', `trial: a physical robot's ${during} could not be handled`, { robotId, error: errorText(error) });
  }

  // ---- per tick ------------------------------------------------------------------------

  private afterTick(): void {
    // After control: a stop latched now wins over whatever a controller latched this tick.
    for (const id of this.stopped) this.world.robot(id).stop();
    this.twins?.drive();
    const port = this.options.port;
    if (!port) return;
    for (const id of this.world.robotIds()) this.publishState(port, id);
  }

  /** One robot's State out (bounded by construction: SimRobot cuts each list to its budget). */
  private publishState(port: MqttControllerPort, robotId: string): void {
    try {
      const state = this.world.robot(robotId).state();
      const dropped = state.dropped;
      port.publishState(robotId, robotStateToWire(state));
      if (dropped) this.stateDropped(port, robotId, state.tick, dropped);
    } catch (error) {
      this.fault('stateEncode', 'trial: a robot State could not be published; skipped this tick', { robotId, error: errorText(error) }, 'error');
    }
  }

  /** Counts what a State left out; a remote controller is told with an Error, at most once a second. */
  private stateDropped(port: MqttControllerPort, robotId: string, tick: number, dropped: StateDrops): void {
    this.faultCounts.stateDrops += dropped.inbox + dropped.nearbyTags + dropped.nearbyRobots;
    // Under the 200 characters an Error carries, whatever was cut: the budgets by name.
    const parts: string[] = [];
    if (dropped.inbox > 0) {
      parts.push(
        `${dropped.inbox} inbox messages (MAX_INBOX_MESSAGES_PER_TICK ${MAX_INBOX_MESSAGES_PER_TICK}, MAX_INBOX_BYTES_PER_TICK ${MAX_INBOX_BYTES_PER_TICK})`,
      );
    }
    if (dropped.nearbyTags > 0) parts.push(`${dropped.nearbyTags} tags (MAX_NEARBY_TAGS_PER_STATE ${MAX_NEARBY_TAGS_PER_STATE})`);
    if (dropped.nearbyRobots > 0) parts.push(`${dropped.nearbyRobots} robots (MAX_NEARBY_ROBOTS_PER_STATE ${MAX_NEARBY_ROBOTS_PER_STATE})`);
    const message = `State of tick ${tick} left out: ${parts.join(', ')}`;
    this.faultLog.warn('trial: a State left out what exceeded its budgets', { robotId, message });
    if (!this.remote.has(robotId)) return; // an in-process controller reads state.dropped
    const nowMs = this.clock.nowMs();
    if (nowMs - (this.dropsToldMs.get(robotId) ?? -Infinity) < 1000) return;
    this.dropsToldMs.set(robotId, nowMs);
    port.refuse(robotId, ErrorCode.ERROR_CODE_OUT_OF_RANGE, message, 0, 0);
  }

  /**
   * An HTTP request refused or failed (the HTTP server's hook calls this for every such
   * response): counted, and logged once per interval per status and client address. A 503 is
   * a refusal (the live streams' client budget is full), not the gateway failing: a warning.
   */
  httpFault(statusCode: number, fields: { readonly client: string; readonly method: string; readonly url: string }): void {
    const failed = statusCode >= 500 && statusCode !== 503;
    this.fault('http', `http: request answered ${statusCode}`, { ...fields, url: fields.url.slice(0, 200) }, failed ? 'error' : 'warn');
  }

  private fault(kind: FaultKind, message: string, fields: Record<string, unknown>, level: 'warn' | 'error' = 'warn'): void {
    this.faultCounts[kind]++;
    this.faultLog[level](message, fields);
  }

  /** A Command from a remote controller, with any failure of ours answered and contained. */
  private commandContained(robotId: string, command: Command, seq: number): void {
    this.recordingNow?.command(robotId, command);
    try {
      this.command(robotId, command, seq);
    } catch (error) {
      this.refuse(robotId, ErrorCode.ERROR_CODE_INTERNAL, `the gateway failed on this command: ${errorText(error)}`, command.commandId, seq);
      this.faultLog.error('trial: handling a command failed', { robotId, error: errorText(error) });
    }
  }

  /** A refused Command: counted, logged (rate-limited) and answered with an Error to its sender. */
  private refuse(robotId: string, code: swarmgate.v1.ErrorCode, message: string, commandId: number, seq: number): void {
    this.faultCounts.commandRefused++;
    this.faultLog.warn('trial: command refused', { robotId, message });
    this.options.port?.refuse(robotId, code, message, commandId, seq);
  }

  private command(robotId: string, command: Command, seq: number): void {
    const port = this.options.port!;
    const commandId = command.commandId;
    if (!this.world.robotIds().includes(robotId)) {
      this.refuse(robotId, ErrorCode.ERROR_CODE_UNSUPPORTED, `no robot ${robotId} in this trial`, commandId, seq);
      return;
    }
    if (command.emergencyStop != null) {
      // Latched like the HTTP emergency stop; a repeat finds the robot already stopped and
      // is acked without sending the HIL stop again.
      if (!this.stopped.has(robotId)) this.emergencyStop(robotId, command.emergencyStop.reason || 'emergency stop command');
      port.ack(robotId, commandId);
      return;
    }
    if (command.releaseEmergencyStop != null) {
      // Only the operator releases (docs/safety.md#emergency-stop, rule 4).
      this.refuse(
        robotId,
        ErrorCode.ERROR_CODE_UNSUPPORTED,
        `an emergency stop is released by the operator (POST /api/estop/release or the web UI), not by a controller`,
        commandId,
        seq,
      );
      return;
    }
    if (!this.remote.has(robotId)) {
      this.refuse(
        robotId,
        ErrorCode.ERROR_CODE_BUSY,
        `robot ${robotId} runs its controller host-side; start serve with --remote ${robotId} to drive it from another process`,
        commandId,
        seq,
      );
      return;
    }
    if (this.stopped.has(robotId)) {
      this.refuse(robotId, ErrorCode.ERROR_CODE_EMERGENCY_STOP, `robot ${robotId} is emergency-stopped`, commandId, seq);
      return;
    }
    try {
      applyCommand(this.world.robot(robotId), command);
    } catch (error) {
      const code = wireCodeOf(error);
      this.refuse(robotId, code, errorText(error), commandId, seq);
      if (code === ErrorCode.ERROR_CODE_INTERNAL) this.faultLog.error('trial: applying a command failed', { robotId, error: errorText(error) });
      return;
    }
    port.ack(robotId, commandId);
  }
}

/** The wire code for a refused command: the controller's mistakes, or our own fault. */
function wireCodeOf(error: unknown): swarmgate.v1.ErrorCode {
  if (error instanceof SdkError) {
    if (error.code === 'SG_ROBOT_BUSY') return ErrorCode.ERROR_CODE_BUSY;
    return error.code === 'SG_OPERATOR_ONLY' ? ErrorCode.ERROR_CODE_UNSUPPORTED : ErrorCode.ERROR_CODE_OUT_OF_RANGE;
  }
  if (error instanceof ProtocolError) return ErrorCode.ERROR_CODE_DECODE;
  return ErrorCode.ERROR_CODE_INTERNAL;
}

/** An exception's message (anything thrown may not be an Error). */
function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Up to `slots` spawn poses for physical robots joining later, beside the trial's robots'; fewer
 * (halving) where the map has no room for all of them: the trial's robots were asked for, the
 * reserve was not. The same named stream, strategy, robot size and regions as the trial's own
 * spawn, for more robots: the first `robots` poses are the trial's, the rest are free for twins.
 * Given positions are the virtual robots' alone: twins then take free cells around the map's
 * centre that no given position is in.
 */
function twinSpawnPoses(trial: Trial, slots: number): Pose[] {
  for (let wanted = slots; wanted > 0; wanted = Math.floor(wanted / 2)) {
    try {
      return reserveTwinPoses(trial, wanted);
    } catch (error) {
      if (!(error instanceof SwarmgateError && error.code === 'SG_SPAWN')) throw error;
    }
  }
  return [];
}

function reserveTwinPoses(trial: Trial, slots: number): Pose[] {
  const { grid, robots, spawn } = trial.config;
  const spawnMore = (strategy: SpawnStrategy): Pose[] =>
    spawnPoses(grid, robots + slots, strategy, trial.world.rng.fork('spawn'), trial.world.config.robot.radiusM, trial.regions);
  if (spawn.kind !== 'positions') return spawnMore(spawn).slice(robots);
  const cellOf = (pose: Pose): number =>
    Math.floor((pose.yM - grid.originM.y) / grid.cellSizeM) * grid.width + Math.floor((pose.xM - grid.originM.x) / grid.cellSizeM);
  const taken = new Set(spawn.poses.map(cellOf));
  return spawnMore({ kind: 'together' })
    .filter((pose) => !taken.has(cellOf(pose)))
    .slice(0, slots);
}

/** The registry entry of a simulated robot. */
function virtualBirth() {
  return {
    model: 'swarmgate-sim',
    firmwareVersion: '',
    protocolVersion: { major: PROTOCOL_VERSION.major, minor: PROTOCOL_VERSION.minor },
    capabilities: null,
    session: 0,
  };
}
