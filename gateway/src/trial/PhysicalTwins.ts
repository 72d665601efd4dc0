/**
 * Physical robots as kinematic twins in the live trial's world.
 *
 * - A robot's Birth (from any HIL link) adds a kinematic twin at the next free spawn pose, with
 *   a controller of the trial's algorithm running host-side (unless it is remote-controlled).
 * - Its pose comes from an overhead tracker (TrackerPose, arena frame, through the trial's
 *   arena-to-map transform) or from its own odometry (Telemetry). Odometry starts at zero
 *   where the robot boots, so it is anchored where the twin stands: at the first Telemetry
 *   after each Birth, the anchor is chosen so that this odometry maps onto the twin's current
 *   pose (a reboot or reconnect never makes the twin jump).
 * - Its motion is the World's: the act phase applies its latched command (from its controller
 *   through the ordinary Robot API) and computes its body setpoint from its measured pose
 *   (World.kinematicSetpoint). After every logic tick that setpoint is turned into physical
 *   wheel speeds (arena scale, the robot's wheel base), goes through CommandSafety and out as
 *   a MotorCommand with a deadline (HilGateway.drive).
 *
 * Safety frame: the arena frame (physical metres, the tracker's axes), reached from the twin's
 * map pose through the trial's arena-to-map transform. Wheel speeds, body radius, look-ahead
 * and the arena fence are physical, and virtual walls stay where the map has them (mapWallTest
 * maps each probe back onto the map). One filter serves both pose sources: an odometry twin's
 * arena pose is where the trial's transform puts its map pose, which is right as long as the
 * robot was set down where its twin spawned and its odometry holds.
 *
 * Stale poses (docs/safety.md#a-robot-without-a-usable-pose-is-held): a reported pose that is
 * non-finite or off the map is dropped, and the twin stays where it was. A robot whose poses have
 * all been dropped for TWIN_POSE_HOLD_S is held: it gets zero wheel speeds (never motion planned
 * and filtered from its twin's stale pose) until a pose is placed again. With odometry, poses off
 * the map for that long mean the anchor is wrong (an absurd first reading, odometry reset without
 * a Birth): it is dropped, and the next Telemetry re-anchors at the twin's pose, as after a Birth.
 */
import type { Grid } from '@swarmgate/maps';
import { isWall, worldToCellIndex } from '@swarmgate/maps';
import type { Controller, Pose } from '@swarmgate/sdk';
import type { Telemetry, TrackerPose } from '@swarmgate/protocols';
import type { HilGateway } from '../hil/HilGateway.js';
import type { Logger } from '../hil/Logger.js';
import type { RobotRecord } from '../hil/RobotRegistry.js';
import { CommandSafety, newMotorDecision, type ArenaRect, type SafetyPose } from '../hil/CommandSafety.js';
import type { KinematicSetpoint, World } from '../sim/World.js';
import { ArenaTransform, type ArenaTransformSpec, type MutablePose } from './ArenaTransform.js';

export type TwinPoseSource = 'odometry' | 'tracker';

export interface TwinOptions {
  readonly poseSource: TwinPoseSource;
  /** Arena-to-map transform: tracker poses go through it; its scale also scales odometry. */
  readonly transform: ArenaTransformSpec;
  /**
   * The physical arena's fence (arena frame, metres): motion through it is refused. Absent or
   * null: no fence (the map's walls and edges still bound the twins).
   */
  readonly fence?: ArenaRect | null;
}

/** What the twins need from the trial that owns the world. */
export interface TwinHost {
  readonly world: World;
  /** The next free spawn pose for a joining physical robot; throws SG_SPAWN when none is left. */
  nextTwinPose(): Pose;
  /** A host-side controller for a joining robot, or undefined when it is remote-controlled. */
  controllerFor(robotId: string): Controller | undefined;
  /** True while robot `robotId` is emergency-stopped (no motor commands are sent). */
  isStopped(robotId: string): boolean;
  /** A robot's event (`during`: birth, telemetry, ...) threw: counted and logged; the other robots go on. */
  twinFault(robotId: string, during: string, error: unknown): void;
}

/** Where tracker poses come from (the HIL MqttBridge emits these). */
export interface TrackerSource {
  on(event: 'pose', listener: (robotId: string, pose: TrackerPose) => void): unknown;
  off(event: 'pose', listener: (robotId: string, pose: TrackerPose) => void): unknown;
}

interface Twin {
  readonly id: string;
  online: boolean;
  /** Odometry frame -> map; null until the first Telemetry after a Birth. */
  anchor: ArenaTransform | null;
  /** Tracker source: a fix has arrived (motion is refused until then). */
  located: boolean;
  /** World tick of the first pose dropped since a pose was last placed; null while poses are placed. */
  droppedSinceTick: number | null;
  /** World tick of the first pose dropped as off the map since a pose was last placed, or null. */
  offMapSinceTick: number | null;
  /** Held: zero wheel speeds until a pose is placed again. */
  held: boolean;
}

/** A twin's move() ends this close to its target, in physical metres (a few encoder ticks). */
const TWIN_MOVE_DONE_M = 0.005;
/** A twin's rotate() ends this close to its target heading (1 deg: MONA encoder and slip noise). */
const TWIN_ROTATE_DONE_RAD = Math.PI / 180;
/**
 * A robot whose reported poses have all been dropped for this long (simulated s: wall-clock s,
 * as a trial with a physical robot runs at speed 1) is held still. It is CommandSafety's default
 * look-ahead: the filter checks each command 0.5 s ahead of the pose it is given, so a robot
 * driven from a pose no staler than that has gone at most about one look-ahead beyond what was
 * checked (6.5 cm at a MONA's 0.13 m/s, less than its 8 cm body). And it is five periods of
 * 10 Hz Telemetry or tracker poses: one bad reading, or a few, never stops a robot.
 */
export const TWIN_POSE_HOLD_S = 0.5;

/** True where the grid has a wall or ends, at arena point (x, y) mapped onto the grid. */
export function mapWallTest(grid: Grid, transform: ArenaTransformSpec): (xM: number, yM: number) => boolean {
  const arenaToMap = new ArenaTransform(transform);
  const probe: MutablePose = { xM: 0, yM: 0, headingRad: 0 };
  return (xM, yM) => {
    arenaToMap.toMap(xM, yM, 0, probe);
    const x = Math.floor((probe.xM - grid.originM.x) / grid.cellSizeM);
    const y = Math.floor((probe.yM - grid.originM.y) / grid.cellSizeM);
    if (x < 0 || y < 0 || x >= grid.width || y >= grid.height) return true;
    return isWall(grid.cells[y * grid.width + x]);
  };
}

/** The safety filter for a trial's twins: the arena fence and the map's walls, both in the arena frame. */
export function twinSafety(grid: Grid, twins: TwinOptions): CommandSafety {
  return new CommandSafety({ arena: twins.fence ?? null, isBlocked: mapWallTest(grid, twins.transform) });
}

export class PhysicalTwins {
  readonly transform: ArenaTransform;
  /**
   * badPoses: poses with a non-finite coordinate from odometry or the tracker, or off the map, dropped.
   * poseHolds: times a robot was held still because its poses had all been dropped for
   * TWIN_POSE_HOLD_S. reanchors: odometry anchors dropped because its poses had been off the
   * map for that long (the next Telemetry re-anchors).
   * blockedMoves: move() actions ended because the safety filter refused them into a wall or
   * the fence.
   */
  readonly counters = { badPoses: 0, poseHolds: 0, reanchors: 0, blockedMoves: 0 };
  /** TWIN_POSE_HOLD_S in the world's logic ticks. */
  private readonly holdTicks: number;
  private readonly twins = new Map<string, Twin>();
  private readonly decision = newMotorDecision();
  private readonly setpoint: KinematicSetpoint = { linearMps: 0, angularRadps: 0, xM: 0, yM: 0, headingRad: 0 };
  private readonly safetyPose: MutablePose = { xM: 0, yM: 0, headingRad: 0 };
  // Registry and tracker events run inside a link's message handler: an exception there would
  // end the process, so each is contained to its robot.
  private readonly onBirth = (record: RobotRecord): void => this.contained(record.id, 'birth', () => this.birth(record));
  private readonly onOnline = (record: RobotRecord): void => this.setOnline(record.id, true);
  private readonly onOffline = (record: RobotRecord): void => this.setOnline(record.id, false);
  private readonly onTelemetry = (robotId: string, telemetry: Telemetry): void =>
    this.contained(robotId, 'telemetry', () => this.telemetry(robotId, telemetry));
  private readonly onPose = (robotId: string, pose: TrackerPose): void => this.contained(robotId, 'tracker pose', () => this.trackerPose(robotId, pose));

  constructor(
    private readonly host: TwinHost,
    private readonly hil: HilGateway,
    private readonly options: TwinOptions,
    private readonly logger: Logger,
    private readonly tracker: TrackerSource | null = null,
  ) {
    this.transform = new ArenaTransform(options.transform);
    const { physicsStepS, stepsPerTick } = host.world.config;
    this.holdTicks = Math.max(1, Math.round(TWIN_POSE_HOLD_S / (physicsStepS * stepsPerTick)));
    const registry = hil.registry;
    registry.on('birth', this.onBirth);
    registry.on('online', this.onOnline);
    registry.on('offline', this.onOffline);
    registry.on('telemetry', this.onTelemetry);
    tracker?.on('pose', this.onPose);
    // Robots born before the trial (its links started first) join now: their Birth was heard
    // by the registry alone, and a robot re-announces itself only when a gateway comes up.
    for (const record of registry.list()) if (record.online) this.birth(record);
  }

  /** Stops listening (the twins stay in the world). */
  close(): void {
    const registry = this.hil.registry;
    registry.off('birth', this.onBirth);
    registry.off('online', this.onOnline);
    registry.off('offline', this.onOffline);
    registry.off('telemetry', this.onTelemetry);
    this.tracker?.off('pose', this.onPose);
  }

  get count(): number {
    return this.twins.size;
  }

  get onlineCount(): number {
    let n = 0;
    for (const twin of this.twins.values()) n += twin.online ? 1 : 0;
    return n;
  }

  has(robotId: string): boolean {
    return this.twins.has(robotId);
  }

  isOnline(robotId: string): boolean {
    return this.twins.get(robotId)?.online ?? false;
  }

  /** The odometry anchor of a twin (odometry frame -> map), or null before its first Telemetry. */
  anchorOf(robotId: string): ArenaTransform | null {
    return this.twins.get(robotId)?.anchor ?? null;
  }

  /** After each logic tick: every online twin's setpoint (computed by the act phase) out as a MotorCommand. */
  drive(): void {
    for (const twin of this.twins.values()) {
      if (!twin.online || this.host.isStopped(twin.id)) continue;
      try {
        if (this.holding(twin)) this.hil.drive(twin.id, 0, 0, null, 0, this.decision);
        else this.driveTwin(twin);
      } catch (error) {
        this.host.twinFault(twin.id, 'motor command', error);
      }
    }
  }

  private contained(robotId: string, during: string, handle: () => void): void {
    try {
      handle();
    } catch (error) {
      this.host.twinFault(robotId, during, error);
    }
  }

  private birth(record: RobotRecord): void {
    if (record.link === 'virtual') return;
    // A stop sent once may have gone out before the robot could hear it, and a reboot clears
    // the firmware's latch: every Birth of a robot the trial holds stopped gets the latch again
    // (the Command alone: no MotorCommand, not even a zero one, goes to a stopped robot).
    if (this.host.isStopped(record.id)) {
      this.hil.send(record.id, { command: { commandId: 0, emergencyStop: { reason: "emergency stop latched by the trial, repeated at the robot's Birth" } } });
    }
    const existing = this.twins.get(record.id);
    if (existing) {
      // A reboot or reconnect: odometry restarted or continues; re-anchor at the next Telemetry.
      existing.anchor = null;
      existing.online = true;
      return;
    }
    const world = this.host.world;
    let pose: Pose;
    try {
      pose = this.host.nextTwinPose();
      // Admission keeps physical ids off the virtual robots', so this throws only on our own fault.
      world.addRobot({
        id: record.id,
        kind: 'kinematic',
        pose,
        controller: this.host.controllerFor(record.id),
        doneWithin: { distanceM: TWIN_MOVE_DONE_M * this.transform.scale, angleRad: TWIN_ROTATE_DONE_RAD },
      });
    } catch (error) {
      this.logger.error('trial: a joining physical robot could not be placed; it is not in the trial', { robotId: record.id, error: (error as Error).message });
      return;
    }
    this.twins.set(record.id, { id: record.id, online: true, anchor: null, located: false, droppedSinceTick: null, offMapSinceTick: null, held: false });
    this.logger.info('trial: physical robot joined as a twin', { robotId: record.id, link: record.link, xM: pose.xM, yM: pose.yM });
  }

  private setOnline(robotId: string, online: boolean): void {
    const twin = this.twins.get(robotId);
    if (twin) twin.online = online;
  }

  private telemetry(robotId: string, telemetry: Telemetry): void {
    const twin = this.twins.get(robotId);
    const odometry = telemetry.odometry;
    if (!twin || !odometry || this.options.poseSource !== 'odometry') return;
    if (!this.finitePose(twin, odometry.xM, odometry.yM, odometry.headingRad)) return;
    if (twin.anchor === null) {
      twin.anchor = ArenaTransform.matching(odometry, this.host.world.truePose(robotId), this.transform.scale);
      // Anchored where the twin stands: this reading is its pose.
      this.placed(twin);
      return;
    }
    this.placeTwin(twin, twin.anchor.toMap(odometry.xM, odometry.yM, odometry.headingRad));
  }

  private trackerPose(robotId: string, arenaPose: TrackerPose): void {
    const twin = this.twins.get(robotId);
    if (!twin || this.options.poseSource !== 'tracker') return;
    if (!this.finitePose(twin, arenaPose.xM, arenaPose.yM, arenaPose.headingRad)) return;
    const pose = this.transform.toMap(arenaPose.xM, arenaPose.yM, arenaPose.headingRad);
    if (this.placeTwin(twin, pose)) twin.located = true;
  }

  /**
   * Moves a twin to its robot's map pose; a pose off the map (odometry drifted or corrupted,
   * a tracker seeing the robot outside the mapped arena) is counted and dropped like a
   * non-finite one: the twin stays at its last pose on the map.
   */
  private placeTwin(twin: Twin, pose: Pose): boolean {
    const world = this.host.world;
    if (worldToCellIndex(world.grid, pose.xM, pose.yM) < 0) {
      this.counters.badPoses++;
      this.logger.warn('trial: pose off the map from a physical robot dropped', { robotId: twin.id, xM: pose.xM, yM: pose.yM });
      twin.droppedSinceTick ??= world.tick;
      twin.offMapSinceTick ??= world.tick;
      return false;
    }
    world.setKinematicPose(twin.id, pose);
    this.placed(twin);
    return true;
  }

  /** Bad device input (a NaN from a broken encoder or tracker) is counted and dropped, never thrown. */
  private finitePose(twin: Twin, xM: number, yM: number, headingRad: number): boolean {
    if (Number.isFinite(xM) && Number.isFinite(yM) && Number.isFinite(headingRad)) return true;
    this.counters.badPoses++;
    this.logger.warn('trial: non-finite pose from a physical robot dropped', { robotId: twin.id, xM, yM, headingRad });
    twin.droppedSinceTick ??= this.host.world.tick;
    return false;
  }

  /** A pose of the robot was placed (or anchored): it is no longer stale. */
  private placed(twin: Twin): void {
    twin.droppedSinceTick = null;
    twin.offMapSinceTick = null;
    if (!twin.held) return;
    twin.held = false;
    this.logger.info('trial: a physical robot held for want of a usable pose has one again; driving it again', { robotId: twin.id });
  }

  /**
   * True while the robot must be held still: its poses have all been dropped for
   * TWIN_POSE_HOLD_S, so its twin's pose (what its motion is planned and filtered from) is stale.
   * With odometry, poses off the map for that long drop the anchor (the next Telemetry re-anchors).
   */
  private holding(twin: Twin): boolean {
    const tick = this.host.world.tick;
    if (twin.droppedSinceTick === null || tick - twin.droppedSinceTick < this.holdTicks) return false;
    if (!twin.held) {
      twin.held = true;
      this.counters.poseHolds++;
      this.logger.warn('trial: no usable pose from a physical robot for the hold time; held (zero wheel speeds) until one arrives', {
        robotId: twin.id,
        holdS: TWIN_POSE_HOLD_S,
      });
    }
    if (this.options.poseSource === 'odometry' && twin.anchor !== null && twin.offMapSinceTick !== null && tick - twin.offMapSinceTick >= this.holdTicks) {
      twin.anchor = null;
      this.counters.reanchors++;
      this.logger.warn("trial: a physical robot's odometry kept mapping off the map; re-anchored at its twin's pose by its next Telemetry", {
        robotId: twin.id,
      });
    }
    return true;
  }

  /** The twin's setpoint for this tick (the World's act phase), as wheel speeds through the safety filter. */
  private driveTwin(twin: Twin): void {
    const world = this.host.world;
    const setpoint = world.kinematicSetpoint(twin.id, this.setpoint);
    const scale = this.transform.scale;
    const wheelBaseM = this.hil.limitsOf(twin.id).wheelBaseM;
    const forwardMps = setpoint.linearMps / scale;
    const halfDiffMps = (setpoint.angularRadps * wheelBaseM) / 2;
    let pose: SafetyPose | null = null;
    if (this.options.poseSource === 'odometry' ? twin.anchor !== null : twin.located) {
      pose = this.transform.toArena(setpoint.xM, setpoint.yM, setpoint.headingRad, this.safetyPose);
    }
    const { decision } = this.hil.drive(twin.id, forwardMps - halfDiffMps, forwardMps + halfDiffMps, pose, 0, this.decision);
    // Refused into a wall or the fence: a move ends as a collision ends it in the simulator,
    // so a controller waiting for idle gets to choose again.
    if ((decision.verdict === 'wall' || decision.verdict === 'fence') && world.cancelMove(twin.id)) this.counters.blockedMoves++;
  }
}
