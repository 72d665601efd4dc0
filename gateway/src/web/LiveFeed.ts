/**
 * What the web UI shows, read from a running live trial: the map's geometry (once), a compact
 * frame of every robot (5 Hz), the explored cells as a bitmap (1 Hz; the streams send what
 * changed of it) and the fleet table (1 Hz). Reads happen between simulator ticks (one
 * thread), so every frame is one tick's consistent state. Not a per-tick path: the UI's timers
 * call it, never the world's step.
 */
import type { RobotStatus } from '@swarmgate/sdk';
import { MAX_LIVE_LINKS, systemClock, type Clock } from '@swarmgate/protocols';
import type { HilGateway } from '../hil/HilGateway.js';
import type { RobotLink } from '../hil/RobotRegistry.js';
import type { LiveView } from './LiveView.js';

/** The map frame the page draws in: grid size, cell size and origin (grid row 0 at the bottom). */
export interface MapMeta {
  readonly width: number;
  readonly height: number;
  readonly cellSizeM: number;
  readonly originM: { readonly x: number; readonly y: number };
  readonly robotRadiusM: number;
  readonly tickS: number;
}

export interface FrameRobot {
  readonly id: string;
  readonly kind: 'virtual' | 'physical';
  /** Ground truth in the map frame, metres, rounded to the millimetre. */
  readonly x: number;
  readonly y: number;
  readonly headingRad: number;
  readonly status: RobotStatus;
  readonly online: boolean;
  /** Emergency-stopped (latched until released). */
  readonly estop: boolean;
}

export interface LiveFrame {
  readonly tick: number;
  readonly simSeconds: number;
  readonly exploredFraction: number;
  /** Simulated seconds per wall-clock second over the last second or more; null before that. */
  readonly speed: number | null;
  readonly paced: boolean;
  readonly robots: readonly FrameRobot[];
}

export interface FleetRow {
  readonly id: string;
  readonly kind: 'virtual' | 'physical';
  readonly link: RobotLink;
  readonly model: string | null;
  readonly firmwareVersion: string | null;
  /** "major.minor", null when the robot did not say. */
  readonly protocolVersion: string | null;
  readonly batteryFraction: number | null;
  readonly online: boolean;
  /** Milliseconds since the robot's last traffic (server-side, so browser clocks do not matter). */
  readonly lastSeenAgoMs: number | null;
  readonly estop: boolean;
}

/**
 * The radio links of this tick between the frame's robots: `a * 65536 + b` for robots a < b (their
 * positions in LiveFrame.robots), ascending, at most MAX_LIVE_LINKS (the first in robot order),
 * and how many there are.
 */
export interface LiveLinks {
  readonly keys: number[];
  readonly total: number;
}

export interface LiveFeedOptions {
  /** The trial shown now: asked on every read, so a trial that replaced another is shown at once. */
  readonly live: () => LiveView;
  readonly hil: HilGateway | null;
  /** The registry's clock (wall time of lastSeenMs and of the speed measure). */
  readonly clock?: Clock;
}

/** The speed is measured over at least this much wall time, so pacing jitter does not show. */
const SPEED_WINDOW_MS = 1000;

export class LiveFeed {
  private readonly source: () => LiveView;
  private readonly hil: HilGateway | null;
  private readonly clock: Clock;
  /** Allocated once per trial; refilled for each explored frame. */
  private exploredBits = new Uint8Array(0);
  /** The trial the speed and the bitmap were last measured on. */
  private measured: LiveView | null = null;
  private speedFromMs = 0;
  private speedFromSimS = 0;
  private speed: number | null = null;
  private trials = 0;

  constructor(options: LiveFeedOptions) {
    this.source = options.live;
    this.hil = options.hil;
    this.clock = options.clock ?? systemClock;
    this.current();
  }

  /** The trial now; a new one restarts the speed measure and sizes the explored bitmap for its grid. */
  private get live(): LiveView {
    return this.current();
  }

  private current(): LiveView {
    const live = this.source();
    if (live !== this.measured) {
      this.measured = live;
      this.trials++;
      const { grid } = live.world;
      this.exploredBits = new Uint8Array(Math.ceil((grid.width * grid.height) / 8));
      this.speedFromMs = this.clock.nowMs();
      this.speedFromSimS = live.trial.simSeconds;
      this.speed = null;
    }
    return live;
  }

  /**
   * Which trial is shown: a number that changes when another trial replaces it. Its map may have
   * the same meta (a map of the same size, or the same map), and its robots the same ids, yet
   * every view of the old one is stale: a stream starts its clients over when this changes.
   */
  trialSerial(): number {
    this.current();
    return this.trials;
  }

  meta(): MapMeta {
    const { grid, config } = this.live.world;
    return {
      width: grid.width,
      height: grid.height,
      cellSizeM: grid.cellSizeM,
      originM: { x: grid.originM.x, y: grid.originM.y },
      robotRadiusM: config.robot.radiusM,
      tickS: config.physicsStepS * config.stepsPerTick,
    };
  }

  frame(): LiveFrame {
    const status = this.live.status();
    this.measureSpeed(status.simSeconds);
    const world = this.live.world;
    const robots = this.live.robots().map((robot): FrameRobot => ({
      id: robot.id,
      kind: robot.kind,
      x: round3(robot.pose.xM),
      y: round3(robot.pose.yM),
      headingRad: round3(robot.pose.headingRad),
      status: world.robot(robot.id).state().status,
      online: robot.online,
      estop: robot.emergencyStopped,
    }));
    return {
      tick: status.tick,
      simSeconds: round3(status.simSeconds),
      exploredFraction: round4(status.exploredFraction),
      speed: this.speed === null ? null : round3(this.speed),
      paced: status.paced,
      robots,
    };
  }

  /**
   * The explored cells: bit `i` (LSB first in byte i >> 3) is grid cell i, 1 once any lidar ray
   * reached it. The feed's own buffer, refilled by the next call.
   */
  exploredBitmap(): Uint8Array {
    const seen = this.live.world.sensing.lidar.lastSeenTick;
    const bits = this.exploredBits;
    bits.fill(0);
    for (let i = 0; i < seen.length; i++) if (seen[i] !== 0) bits[i >> 3] |= 1 << (i & 7);
    return bits;
  }

  links(): LiveLinks {
    const live = this.live;
    const world = live.world;
    const graph = world.comms.links();
    if (graph === null) return { keys: [], total: 0 };
    // The graph is by world slot; the frame lists robots as the trial does.
    const frameIndex = new Int32Array(graph.robotCount).fill(-1);
    live.robots().forEach((robot, index) => {
      const slot = world.slotOf(robot.id);
      if (slot < frameIndex.length) frameIndex[slot] = index;
    });
    const keys: number[] = [];
    // Every link is listed under both its robots (CSR); a removed robot has none.
    const total = graph.start[graph.robotCount] / 2;
    for (let i = 0; i < graph.robotCount && keys.length < MAX_LIVE_LINKS; i++) {
      const a = frameIndex[i];
      if (a < 0) continue;
      for (let k = graph.start[i]; k < graph.start[i + 1] && keys.length < MAX_LIVE_LINKS; k++) {
        const j = graph.neighbours[k];
        const b = frameIndex[j];
        // Each pair once (j > i).
        if (j > i && b >= 0) keys.push(a < b ? a * 0x10000 + b : b * 0x10000 + a);
      }
    }
    return { keys: keys.sort((x, y) => x - y), total };
  }

  fleet(): FleetRow[] {
    const nowMs = this.clock.nowMs();
    return this.live.robots().map((robot): FleetRow => {
      const record = this.hil?.registry.get(robot.id);
      const version = record?.protocolVersion;
      return {
        id: robot.id,
        kind: robot.kind,
        link: record?.link ?? 'virtual',
        model: record?.model || null,
        firmwareVersion: record?.firmwareVersion || null,
        // protobuf leaves a zero field out of the decoded object: 1.0 arrives as { major: 1 }.
        protocolVersion: version ? `${version.major ?? 0}.${version.minor ?? 0}` : null,
        batteryFraction: record?.batteryFraction ?? null,
        online: robot.online,
        // A virtual robot is always current: it has no traffic to be late with.
        lastSeenAgoMs: record && record.link !== 'virtual' ? Math.max(0, nowMs - record.lastSeenMs) : null,
        estop: robot.emergencyStopped,
      };
    });
  }

  private measureSpeed(simSeconds: number): void {
    const nowMs = this.clock.nowMs();
    const elapsedMs = nowMs - this.speedFromMs;
    if (elapsedMs < SPEED_WINDOW_MS) return;
    this.speed = (simSeconds - this.speedFromSimS) / (elapsedMs / 1000);
    this.speedFromMs = nowMs;
    this.speedFromSimS = simSeconds;
  }
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}

function round4(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
