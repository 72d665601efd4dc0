/**
 * The Robot of a controller running in another process than the gateway: it reads the robot's
 * State from MQTT and sends Commands to the gateway on the robot's `cmd` topic (never to the
 * firmware: the gateway safety-filters them into MotorCommands on the robot's `downlink`).
 *
 * It keeps the in-process robot's contract:
 * - Arguments are checked and speeds clamped by the same validateAction, against the limits
 *   the trial gives, and move()/rotate() while busy throw SG_ROBOT_BUSY.
 * - Motion is latched: every motion call in one tick replaces the previous one and only the
 *   last is sent (at the end of the current job, i.e. after the controller's tick returns),
 *   so the gateway sees what the in-process robot's act phase would have applied.
 * - The SLAM map is the robot's own, built here from each State's scan and pose estimate.
 *
 * Commands go out at QoS 1 with increasing command ids; the gateway answers each with an Ack
 * or an Error (Envelope robot id `$gateway`, on the robot's ack / error topic). Motion is never queued while the link is down (it would arrive stale): such
 * calls are counted in `counters.droppedOffline` and the gateway's state decides.
 */
import { EventEmitter } from 'node:events';
import {
  boundClientId,
  GATEWAY_ID,
  TOPIC_QOS,
  decodeEnvelope,
  encodeEnvelope,
  makeEnvelope,
  parseRobotTopic,
  ReconnectingMqttClient,
  systemClock,
  type Clock,
  robotTopic,
  type Ack,
  type ErrorMessage,
  type MqttTlsOptions,
} from '@swarmgate/protocols';
import type { Pose, Robot, RobotState, RobotStatus } from '../Robot.js';
import { copyRobotState } from '../copyRobotState.js';
import type { SlamMapView } from '../SlamMapView.js';
import { SlamMap, type SlamMapOptions } from '../slam/SlamMap.js';
import { createClampWarnings, validateAction, type ActionLimits, type ClampWarnings, type RobotAction } from '../actions/validateAction.js';
import { payloadBytes } from '../actions/payloadBytes.js';
import { SwarmgateError } from '../errors.js';
import { motionCommand, type CommandInit } from './wireCommand.js';
import { robotStateFromWire } from './wireState.js';

export interface MqttRobotOptions {
  /** The <fleet> topic level of the trial. */
  readonly fleet: string;
  readonly robotId: string;
  /** Geometry of the trial's SLAM maps (e.g. SlamMap.forGrid(grid) options), or a map to fill. */
  readonly map: SlamMapOptions | SlamMap;
  /** The speed limits the gateway clamps to (a trial's World.actionLimits). */
  readonly limits: ActionLimits;
  /** Each State also marks this disc around the pose open, as the in-process SLAM does; m. */
  readonly bodyRadiusM?: number;
}

/** `ca`: the CA file's PEM for an mqtts:// broker whose certificate Node's bundled CAs do not sign. */
export interface MqttRobotConnectOptions extends MqttRobotOptions, MqttTlsOptions {
  /** The gateway's broker; a cluster's nodes separated by commas, tried in turn (protocols' `parseBrokerUrls`). */
  readonly url: string;
  readonly username?: string;
  readonly password?: string;
  /** Resolve or fail within this time; default 10 s. */
  readonly connectTimeoutMs?: number;
  /** Envelope timestamps and the reconnect backoff's timers; injected by tests. */
  readonly clock?: Clock;
}

export interface MqttRobotCounters {
  states: number;
  commandsSent: number;
  acks: number;
  /** Error replies from the gateway (each also emitted as 'gatewayError'). */
  errors: number;
  droppedOffline: number;
  /** Payloads on our topics that did not decode (logged nowhere: counted for tests and status). */
  decodeErrors: number;
}

export interface MqttRobotEvents {
  state: [state: RobotState];
  ack: [ack: Ack];
  gatewayError: [error: ErrorMessage];
}

const STATUS_OF_ACTION: Readonly<Record<RobotAction['kind'], RobotStatus>> = {
  move: 'moving',
  rotate: 'rotating',
  velocity: 'driving',
  wheels: 'driving',
  stop: 'idle',
};

const ORIGIN: Pose = Object.freeze({ xM: 0, yM: 0, headingRad: 0 });
/** What state() returns before the first State arrives. */
const NO_STATE: RobotState = Object.freeze({
  tick: 0,
  pose: ORIGIN,
  status: 'idle',
  collision: Object.freeze({ started: false, touching: false }),
  scan: null,
  nearbyRobots: [],
  inbox: [],
  nearbyTags: [],
  batteryFraction: null,
});

export class MqttRobot extends EventEmitter<MqttRobotEvents> implements Robot {
  readonly id: string;
  readonly counters: MqttRobotCounters = { states: 0, commandsSent: 0, acks: 0, errors: 0, droppedOffline: 0, decodeErrors: 0 };
  /** Speed arguments clamped to the limits so far (as World.clampWarnings in-process). */
  readonly clampWarnings: ClampWarnings = createClampWarnings();
  private readonly slam: SlamMap;
  private readonly limits: ActionLimits;
  private readonly bodyRadiusM: number;
  private readonly fleet: string;
  private latest: RobotState = NO_STATE;
  /** The motion call of this job, sent when the job ends. */
  private latched: RobotAction | null = null;
  /** A sent move/rotate the gateway has not yet acknowledged: busy until it answers. */
  private unanswered: { commandId: number; status: RobotStatus } | null = null;
  private nextCommandId = 1;
  private seq = 0;
  private readonly onMessage = (topic: string, payload: Buffer): void => this.receive(topic, payload);
  private readonly flush = (): void => this.sendLatched();

  private constructor(
    private readonly client: ReconnectingMqttClient,
    options: MqttRobotOptions,
    private readonly clock: Clock,
  ) {
    super();
    this.id = options.robotId;
    this.fleet = options.fleet;
    this.limits = options.limits;
    this.bodyRadiusM = options.bodyRadiusM ?? 0;
    this.slam = options.map instanceof SlamMap ? options.map : new SlamMap(options.map);
    client.on('message', this.onMessage);
  }

  /**
   * Connects to the broker, subscribes to the robot's state, ack and error topics (again on
   * every reconnect), and resolves once subscribed. Throws SG_LINK_CONNECT naming the URL
   * when the first attempt fails; later drops are retried with backoff.
   */
  static async connect(options: MqttRobotConnectOptions): Promise<MqttRobot> {
    const kinds = ['state', 'ack', 'error'] as const;
    const clock = options.clock ?? systemClock;
    const client = new ReconnectingMqttClient({
      ...options,
      clientId: boundClientId(options.username, `swarmgate-controller-${options.robotId}-${process.pid}-${Math.floor(Math.random() * 1e9).toString(36)}`),
      connectTimeoutMs: options.connectTimeoutMs,
      subscriptions: Object.fromEntries(kinds.map((kind) => [robotTopic(options.fleet, options.robotId, kind), { qos: TOPIC_QOS[kind] }])),
      firstConnect: 'fail',
      clock,
    });
    // A refused re-subscription after a reconnect is retried with backoff; meanwhile no States
    // arrive and the gateway's state decides.
    client.on('linkError', () => undefined);
    // The first connect's last failure: a refusal of the robot's topics is the fleet ACL's.
    let topicsRefused = false;
    client.on('attemptFailed', (failure) => (topicsRefused = failure.refusedFilters.length > 0));
    const robot = new MqttRobot(client, options, clock);
    try {
      await client.start();
      return robot;
    } catch (cause) {
      const message = (cause as Error).message;
      const hint = topicsRefused ? `its topics refused (check the fleet ACL: is this controller assigned robot ${options.robotId}?): ` : '';
      throw new SwarmgateError('SG_LINK_CONNECT', `robot ${options.robotId}: ${hint}${message}`, { cause });
    }
  }

  /** Closes the MQTT connection (after sending what is latched). */
  async close(): Promise<void> {
    this.sendLatched();
    this.client.off('message', this.onMessage);
    await this.client.stop();
  }

  get connected(): boolean {
    return this.client.online;
  }

  get map(): SlamMapView {
    return this.slam;
  }

  /**
   * The latest State received: what the robot sensed at that State's tick, whenever it is read
   * (the snapshot rule), as a copy per call; an idle placeholder before the first.
   */
  state(): RobotState {
    return copyRobotState(this.latest);
  }

  move(distanceM: number): void {
    this.latch({ kind: 'move', distanceM });
  }

  rotate(degrees: number): void {
    this.latch({ kind: 'rotate', degrees });
  }

  setVelocity(linearMps: number, angularRadps: number): void {
    this.latch({ kind: 'velocity', linearMps, angularRadps });
  }

  setWheelSpeeds(leftMps: number, rightMps: number): void {
    this.latch({ kind: 'wheels', leftMps, rightMps });
  }

  stop(): void {
    this.latch({ kind: 'stop' });
  }

  broadcast(payload: Uint8Array | unknown): void {
    this.publish({ commandId: this.takeCommandId(), broadcast: { payload: payloadBytes(payload, 'broadcast') } });
  }

  depositTag(payload: Uint8Array | unknown): void {
    this.publish({ commandId: this.takeCommandId(), depositTag: { payload: payloadBytes(payload, 'tag') } });
  }

  private latch(action: RobotAction): void {
    validateAction(action, this.limits, this.clampWarnings, this.effectiveStatus());
    if (this.latched === null) queueMicrotask(this.flush);
    this.latched = action;
  }

  /** Status a new move/rotate would collide with: latched, then unanswered, then the State's. */
  private effectiveStatus(): RobotStatus {
    if (this.latched) return STATUS_OF_ACTION[this.latched.kind];
    if (this.unanswered) return this.unanswered.status;
    return this.latest.status;
  }

  private sendLatched(): void {
    const action = this.latched;
    if (action === null) return;
    this.latched = null;
    const commandId = this.takeCommandId();
    const sent = this.publish(motionCommand(action, commandId));
    const status = STATUS_OF_ACTION[action.kind];
    this.unanswered = sent && (status === 'moving' || status === 'rotating') ? { commandId, status } : null;
  }

  private takeCommandId(): number {
    const id = this.nextCommandId;
    // Ids wrap within uint32 and skip 0 ("no acknowledgement wanted").
    this.nextCommandId = this.nextCommandId >= 0xffffffff ? 1 : this.nextCommandId + 1;
    return id;
  }

  private publish(command: CommandInit): boolean {
    if (!this.client.online) {
      this.counters.droppedOffline++;
      return false;
    }
    this.seq = (this.seq + 1) >>> 0;
    const bytes = encodeEnvelope(makeEnvelope(this.id, { command }, this.seq, this.clock.nowMs()));
    this.client.publish(robotTopic(this.fleet, this.id, 'cmd'), bytes, TOPIC_QOS.cmd);
    this.counters.commandsSent++;
    return true;
  }

  private receive(topic: string, payload: Buffer): void {
    const parsed = parseRobotTopic(topic);
    if (!parsed || parsed.robotId !== this.id || parsed.fleet !== this.fleet) return;
    const kind = parsed.kind;
    let envelope;
    try {
      envelope = decodeEnvelope(payload);
    } catch {
      this.counters.decodeErrors++;
      return;
    }
    if (kind === 'state' && envelope.state) {
      this.onState(robotStateFromWire(envelope.state));
      return;
    }
    // The robot's own firmware also writes this robot's ack and error topics (answering the
    // gateway's MotorCommands): only the gateway's answers are about our Commands.
    if (envelope.robotId !== GATEWAY_ID) return;
    if (kind === 'ack' && envelope.ack) {
      this.counters.acks++;
      this.answered(envelope.ack.commandId);
      this.emit('ack', envelope.ack);
    } else if (kind === 'error' && envelope.error) {
      this.counters.errors++;
      this.answered(envelope.error.commandId);
      this.emit('gatewayError', envelope.error);
    }
  }

  private answered(commandId: number): void {
    if (this.unanswered?.commandId === commandId) this.unanswered = null;
  }

  private onState(state: RobotState): void {
    this.counters.states++;
    this.latest = state;
    if (state.scan) this.slam.integrateScan(state.pose, state.scan);
    if (this.bodyRadiusM > 0) this.slam.markOpenDisk(state.pose.xM, state.pose.yM, this.bodyRadiusM);
    this.emit('state', copyRobotState(state));
  }
}
