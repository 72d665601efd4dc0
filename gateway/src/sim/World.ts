/**
 * The simulated world: a planck world built from a Grid, robots as discs in a struct-of-arrays
 * table, and the one step function whose phase order is the law of the simulator:
 *
 *   tick++ -> act (latched commands) -> physics -> radio delivery -> sense -> control -> metrics
 *
 * Robots are `dynamic` (driven by wheel forces) or `kinematic` (a hardware twin placed each tick
 * by an external pose). Structural changes (adding, removing robots) are queued while a step
 * runs; calling the direct form during a step throws SG_WORLD_LOCKED.
 */
import { Circle, Settings, World as PlanckWorld, type Body, type BroadPhase, type Contact } from 'planck';
import { finishInSteps, finishNow, isWall, type BuildSteps, type Grid } from '@swarmgate/maps';
import {
  createClampWarnings,
  findAlgorithm,
  type ActionLimits,
  type ClampWarnings,
  type Controller,
  type Pose,
  type RobotAction,
  type SlamMapView,
} from '@swarmgate/sdk';
import { SwarmgateError } from '../errors.js';
import { controllerThrew } from './controllerThrew.js';
import { Action, Latch, RobotTable } from './RobotTable.js';
import { TWIN_DONE_DEFAULT, twinSetpoint, type DriveSetpoint } from './Motion.js';
import { drive, driveForces, FX, FY, TORQUE, VX, VY, W } from './wheelDrive.js';
import { WallChunks, wallIndexSteps, WALL_USER_DATA, type WallIndex } from './WallBodies.js';
import { wallClearance } from './radio/wallClearance.js';
import { recycleTreeIds } from './recycleTreeIds.js';
import { planckBroadPhase } from './planckBroadPhase.js';
import { setExactAngle } from './planckAngle.js';
import { dropLonelyQueries, type LonelyQueryStats } from './lonelyQueries.js';
import { resolveWorldConfig, type WorldConfig, type WorldConfigInput } from './WorldConfig.js';
import { builtState, SimRobot, type OpenState } from './SimRobot.js';
import { tagsTotalError } from './LatchingRobot.js';
import { ControllerSeats, ControlRunBuilder, errorOf, lidarScans, type ControllerRecipe, type TurnOutcome } from './threadControl.js';
import { MAX_TAGS_TOTAL, wrapAngle, Random } from '@swarmgate/protocols';
import { Sensing } from './Sensing.js';
import type { SensorPlugin } from './sensors.js';
import { Comms } from './Comms.js';
import { FreeFlight } from './FreeFlight.js';

export type RobotKind = 'dynamic' | 'kinematic';

export interface RobotSpec {
  readonly id: string;
  readonly kind?: RobotKind;
  readonly pose: Pose;
  /** Driven in-process each control phase; HIL twins usually have none (commands injected). */
  readonly controller?: Controller;
  /**
   * Instead of `controller`: the robot's index among the trial's, whose controller is made from
   * the world's recipe (runControllersFromRecipe) on the thread that runs it.
   */
  readonly recipeIndex?: number;
  /** Kinematic twins: a move / rotate ends this close to its target (map m, rad); default TWIN_DONE_DEFAULT. */
  readonly doneWithin?: { readonly distanceM: number; readonly angleRad: number };
}

/**
 * A kinematic twin's motion for this tick, in the map frame: the body setpoint its act phase
 * computed from its latched command and measured pose (zero once the action ended, by finishing,
 * a contact or cancelMove), and the pose it stands at after the tick.
 */
export interface KinematicSetpoint {
  linearMps: number;
  angularRadps: number;
  xM: number;
  yM: number;
  headingRad: number;
}

/**
 * What a world is built on that is a pure function of its grid: on a 2000 x 2000 map most of the
 * second its construction takes, so World.build makes it in steps.
 */
export interface WorldGround {
  readonly walls: WallIndex;
  /** wallClearance of the grid, for FreeFlight. */
  readonly clearance: Uint8Array;
}

/** The world ground of `grid` in steps (the maps package's BuildSteps). */
export function* worldGroundSteps(grid: Grid): BuildSteps<WorldGround> {
  const walls = yield* wallIndexSteps(grid);
  yield;
  return { walls, clearance: wallClearance(grid) };
}

/** A phase hook run after control each tick (metrics, recorders). */
export interface TickObserver {
  afterTick(world: World): void;
}

/** Debug checks (tests set SWARMGATE_DEBUG=1): every pose stays finite after physics. */
const DEBUG = process.env.SWARMGATE_DEBUG === '1';

/** Scratch vector handed to planck (which copies it): forces, velocities, positions. */
const scratchForce = { x: 0, y: 0 };
const scratchSetpoint: DriveSetpoint = { linearMps: 0, angularRadps: 0 };
export class World {
  readonly config: WorldConfig;
  readonly grid: Grid;
  readonly table = new RobotTable();
  /** Ground-truth sensing, SLAM and per-robot sensor outputs. */
  readonly sensing: Sensing;
  /** Radio, tags and nearby-robot sensing. */
  readonly comms: Comms;
  readonly rng: Random;
  private tickCount = 0;
  /** Speed limits every robot's commands are clamped to. */
  readonly actionLimits: ActionLimits;
  /** Commands clamped to the limits so far (would real hardware accept them?). */
  readonly clampWarnings: ClampWarnings = createClampWarnings();
  /** The map's walls as planck boxes, created near the robots as they go (WallBodies.ts). */
  readonly walls: WallChunks;
  /** wallClearance of the grid (the world's ground): free flight's, and the radio's and nearby-robot sensor's line-of-sight traces. */
  readonly wallClearance: Uint8Array;
  /** Robots' broad-phase queries dropped because they could find no pair (lonelyQueries.ts); a diagnostic. */
  readonly lonelyQueries: LonelyQueryStats;

  private readonly physics: PlanckWorld;
  private readonly broadPhase: BroadPhase;
  /** Robots that cannot touch anything this tick, stepped outside planck (FreeFlight.ts). */
  private readonly freeFlight: FreeFlight;
  private readonly bodies: (Body | null)[] = [];
  private readonly ids: string[] = [];
  private readonly robots: (SimRobot | null)[] = [];
  private readonly controllers: (Controller | null)[] = [];
  private readonly started: boolean[] = [];
  /** The controllers on this thread of the recipe robots with a recipeIndex run (runControllersFromRecipe). */
  private ownSeats: ControllerSeats | null = null;
  /** Per slot: the robot's recipeIndex (-1: none), and the thread its controller runs on (-1: not placed yet). */
  private readonly recipeIndex: number[] = [];
  private readonly controllerThread: number[] = [];
  /** Robot ids the controller threads know (slots [0, idsShared)). */
  private idsShared = 0;
  private readonly slotById = new Map<string, number>();
  private readonly pending: (() => void)[] = [];
  private readonly observers: TickObserver[] = [];
  /** States handed out since the last step or structural change, settled before the next (SimRobot). */
  private readonly openStates: OpenState[] = [];
  /**
   * Where an exception from a controller's start() or tick() goes. Null: out of step(), so a
   * headless trial fails loudly on a controller bug; a live trial contains it to the robot
   * (the other robots' controllers still run that tick).
   */
  onControllerError: ((robotId: string, error: unknown) => void) | null = null;
  private locked = false;
  private freeCount = 0;
  /** The fastest a body has gone so far (m/s), at least the robots' top speed: see buildWallsNearRobots. */
  private fastestMps: number;

  /** Whether the recipe's controllers run on the worker threads (runControllersFromRecipe). */
  get controllersOnThreads(): boolean {
    return this.ownSeats !== null;
  }

  /** Robots stepped outside planck in the last tick (nothing to touch; FreeFlight.ts). */
  get freeRobotCount(): number {
    return this.freeCount;
  }

  /** The current logic tick (0 before the first step). */
  get tick(): number {
    return this.tickCount;
  }

  /**
   * A world in steps, `between()` awaited after each (its ground's, then the rest), so a gateway
   * building it goes on serving meanwhile: the same world as `new World(grid, config, sensors)`.
   */
  static async build(grid: Grid, config: WorldConfigInput, between: () => Promise<void>, sensors?: readonly SensorPlugin[]): Promise<World> {
    const ground = await finishInSteps(worldGroundSteps(grid), between);
    await between();
    return new World(grid, config, sensors, ground);
  }

  /**
   * `sensors`: the sensor registry (default `SENSORS`; tests give their own). `ground`: the grid's
   * world ground, made already (World.build); default: made here.
   */
  constructor(grid: Grid, config: WorldConfigInput = {}, sensors?: readonly SensorPlugin[], ground: WorldGround = finishNow(worldGroundSteps(grid))) {
    this.config = resolveWorldConfig(config);
    this.grid = grid;
    this.rng = Random.fromSeed(this.config.seed);
    const model = this.config.robot;
    this.actionLimits = {
      maxLinearMps: model.maxSpeedMps * model.speedFactor,
      maxAngularRadps: model.maxAngularRadps * model.speedFactor,
      maxWheelMps: model.maxSpeedMps * model.speedFactor,
    };
    // No continuous collision: at 3 m/s a robot moves 3 cm per 10 ms step, a tenth of its radius,
    // and walls are at least a cell thick, so nothing can tunnel; TOI sub-stepping only costs time.
    this.physics = new PlanckWorld({ gravity: { x: 0, y: 0 }, continuousPhysics: this.config.continuousPhysics });
    this.broadPhase = planckBroadPhase(this.physics);
    recycleTreeIds(this.physics);
    this.walls = new WallChunks(this.physics, grid, ground.walls);
    this.fastestMps = model.maxSpeedMps * model.speedFactor;
    this.lonelyQueries = dropLonelyQueries(this.physics, grid);
    this.physics.on('begin-contact', (c) => this.onContact(c, 1));
    this.physics.on('end-contact', (c) => this.onContact(c, -1));
    this.wallClearance = ground.clearance;
    this.freeFlight = new FreeFlight(grid, this.config, ground.clearance);
    this.sensing = new Sensing(this, sensors);
    this.comms = new Comms(this);
  }

  // ---- structure -------------------------------------------------------------------------

  /** Adds a robot now. Throws SG_WORLD_LOCKED during a step: use queueAddRobot there. */
  addRobot(spec: RobotSpec): SimRobot {
    this.assertUnlocked('addRobot', 'use queueAddRobot()');
    if (this.slotById.has(spec.id)) {
      throw new SwarmgateError('SG_DUPLICATE_ROBOT', `a robot with id '${spec.id}' is already in the world`);
    }
    const { xM, yM } = spec.pose;
    if (!Number.isFinite(xM) || !Number.isFinite(yM) || !Number.isFinite(spec.pose.headingRad)) {
      throw new SwarmgateError('SG_BAD_POSE', `robot '${spec.id}': pose must be finite numbers`);
    }
    this.sensing.admitRobot();
    this.settleOpenStates();
    // Normalised at the edge: planck wraps a body's angle when it solves a time of impact, so
    // a heading outside (-pi, pi] would later jump by a full turn under a running move.
    const headingRad = wrapAngle(spec.pose.headingRad);
    const t = this.table;
    const i = t.add();
    const kind = spec.kind ?? 'dynamic';
    const model = this.config.robot;
    const body = this.physics.createBody({
      type: kind,
      position: { x: xM, y: yM },
      angle: headingRad,
      linearDamping: model.linearDampingPerS,
      angularDamping: model.angularDampingPerS,
    });
    const areaM2 = Math.PI * model.radiusM * model.radiusM;
    // Density chosen so the disc weighs massKg; planck then gives I = m r^2 / 2.
    body.createFixture(new Circle(model.radiusM), { density: model.massKg / areaM2, friction: 0, userData: i });
    setExactAngle(body, headingRad);
    this.walls.ensureAround(xM, yM, this.wallReachM());
    t.kinematic[i] = kind === 'kinematic' ? 1 : 0;
    t.twinDoneM[i] = spec.doneWithin?.distanceM ?? TWIN_DONE_DEFAULT.distanceM;
    t.twinDoneRad[i] = spec.doneWithin?.angleRad ?? TWIN_DONE_DEFAULT.angleRad;
    t.twinLinearMps[i] = t.twinAngularRadps[i] = 0;
    t.xM[i] = t.prevXM[i] = t.kinXM[i] = xM;
    t.yM[i] = t.prevYM[i] = t.kinYM[i] = yM;
    t.angleRad[i] = t.kinAngleRad[i] = headingRad;
    t.action[i] = Action.Idle;
    t.latch[i] = Latch.None;
    const robot = new SimRobot(this, i, spec.id);
    this.bodies[i] = body;
    this.ids[i] = spec.id;
    this.robots[i] = robot;
    this.controllers[i] = spec.controller ?? null;
    this.started[i] = false;
    if (spec.recipeIndex !== undefined && this.ownSeats === null) {
      throw new SwarmgateError('SG_SIM_CONFIG', `robot '${spec.id}' has a recipeIndex, but the world runs no recipe (runControllersFromRecipe)`);
    }
    this.recipeIndex[i] = spec.recipeIndex ?? -1;
    this.controllerThread[i] = -1;
    this.slotById.set(spec.id, i);
    this.sensing.onRobotAdded(i, spec.id);
    return robot;
  }

  /** Removes a robot now. Throws SG_WORLD_LOCKED during a step: remove it between steps. */
  removeRobot(id: string): void {
    this.assertUnlocked('removeRobot', 'remove robots between steps');
    const i = this.slotOf(id);
    this.settleOpenStates();
    const body = this.bodies[i];
    if (body) this.physics.destroyBody(body);
    this.bodies[i] = null;
    this.robots[i] = null;
    this.controllers[i]?.stop?.();
    this.controllers[i] = null;
    const thread = this.controllerThread[i];
    if (thread === 0) this.ownSeats?.remove(i);
    else if (thread > 0) this.sensing.lidarThreads.dropController(thread, i);
    this.table.active[i] = 0;
    this.slotById.delete(id);
  }

  /**
   * Robots added with a recipeIndex from now on run `recipe`'s controllers (a registered
   * algorithm), each made on the thread that runs it: robot slot mod threads, 0 being this one
   * (threadControl.ts). A trial with worker threads uses this; the outcome is the same as
   * controllers made here and given with `controller`.
   */
  runControllersFromRecipe(recipe: ControllerRecipe): void {
    this.assertUnlocked('runControllersFromRecipe', 'set the recipe before the first step');
    const mapOf = (slot: number): SlamMapView => this.robot(this.idOf(slot)).map;
    this.ownSeats = new ControllerSeats(recipe, findAlgorithm(recipe.algorithm), mapOf, lidarScans(this.sensing.lidar));
    this.sensing.lidarThreads.setControllers(recipe);
  }

  /** Adds the robot at the start of the next step (safe from controllers and observers). */
  queueAddRobot(spec: RobotSpec): void {
    this.pending.push(() => void this.addRobot(spec));
  }

  /** Sets where a kinematic twin must be at the end of the next tick (from a tracker or odometry). */
  setKinematicPose(id: string, pose: Pose): void {
    const i = this.kinematicSlot(id);
    if (!Number.isFinite(pose.xM) || !Number.isFinite(pose.yM) || !Number.isFinite(pose.headingRad)) {
      throw new SwarmgateError('SG_BAD_POSE', `robot '${id}': pose must be finite numbers`);
    }
    this.table.kinXM[i] = pose.xM;
    this.table.kinYM[i] = pose.yM;
    this.table.kinAngleRad[i] = wrapAngle(pose.headingRad);
  }

  /**
   * Kinematic twin `id`'s setpoint and pose for this tick (what goes to the physical robot),
   * into `out`. Throws SG_NOT_KINEMATIC for a dynamic robot.
   */
  kinematicSetpoint(id: string, out: KinematicSetpoint): KinematicSetpoint {
    const i = this.kinematicSlot(id);
    const t = this.table;
    const acting = t.action[i] !== Action.Idle;
    out.linearMps = acting ? t.twinLinearMps[i] : 0;
    out.angularRadps = acting ? t.twinAngularRadps[i] : 0;
    out.xM = t.xM[i];
    out.yM = t.yM[i];
    out.headingRad = t.angleRad[i];
    return out;
  }

  /**
   * Ends robot `id`'s move() as a contact start does (status idle, a twin's setpoint zero) and
   * says whether one was in progress; a command latched since still applies at the next act
   * phase. For a twin whose physical robot the safety filter refused to move.
   */
  cancelMove(id: string): boolean {
    const i = this.slotOf(id);
    if (this.table.action[i] !== Action.Move) return false;
    this.table.action[i] = Action.Idle;
    return true;
  }

  /** Distance robot `id` has travelled in the trial (true poses, m). */
  distanceTravelledM(id: string): number {
    return this.table.distanceM[this.slotOf(id)];
  }

  /**
   * The command latched in robot `id`'s slot this tick (applied at the next act phase), or null:
   * what its controller or link asked for, for observers such as a recording. Wheel speeds are
   * latched as the body velocity they make.
   */
  latchedAction(id: string): RobotAction | null {
    const t = this.table;
    const i = this.slotOf(id);
    switch (t.latch[i]) {
      case Latch.Move:
        return { kind: 'move', distanceM: t.latchA[i] };
      case Latch.Rotate:
        return { kind: 'rotate', degrees: (t.latchA[i] * 180) / Math.PI };
      case Latch.Velocity:
        return { kind: 'velocity', linearMps: t.latchA[i], angularRadps: t.latchB[i] };
      case Latch.Stop:
        return { kind: 'stop' };
      default:
        return null;
    }
  }

  /** The in-process Robot (the controller API) of robot `id`. */
  robot(id: string): SimRobot {
    return this.robots[this.slotOf(id)] as SimRobot;
  }

  /** Robot ids in slot order (the deterministic iteration order). */
  robotIds(): string[] {
    const out: string[] = [];
    for (let i = 0; i < this.table.count; i++) if (this.table.active[i]) out.push(this.ids[i] as string);
    return out;
  }

  /** Ground truth pose (a copy); for metrics, HIL and tests, never for controllers. */
  truePose(id: string): Pose {
    const i = this.slotOf(id);
    return { xM: this.table.xM[i], yM: this.table.yM[i], headingRad: wrapAngle(this.table.angleRad[i]) };
  }

  idOf(slot: number): string {
    return this.ids[slot] as string;
  }

  private kinematicSlot(id: string): number {
    const i = this.slotOf(id);
    if (!this.table.kinematic[i]) {
      throw new SwarmgateError('SG_NOT_KINEMATIC', `robot '${id}' is dynamic; only kinematic twins take external poses and have setpoints`);
    }
    return i;
  }

  slotOf(id: string): number {
    const i = this.slotById.get(id);
    if (i === undefined) throw new SwarmgateError('SG_WORLD_UNKNOWN_ROBOT', `no robot with id '${id}' in the world`);
    return i;
  }

  /**
   * Keeps a state SimRobot handed out until the engine's buffers of its tick are about to change
   * (the next step or structural change), and settles it then: the snapshot rule.
   */
  holdOpenState(state: OpenState): void {
    const open = this.openStates;
    // A world that is not stepping (a finished live trial whose robots the web UI still reads)
    // would hold every state for ever: settling early is as right (the buffers are still of
    // their tick), so past a few states per robot they are settled at once.
    if (open.length >= 4 * this.table.count + 64) this.settleOpenStates();
    open.push(state);
  }

  private settleOpenStates(): void {
    const open = this.openStates;
    for (let k = 0; k < open.length; k++) (open[k] as OpenState).settle();
    open.length = 0;
  }

  /**
   * Stops the lidar's worker threads (config.workers above 1). A world nobody closes does not
   * keep the process alive; closing frees the threads at once. A world stepped after closing
   * casts on this thread alone (the same outcome).
   */
  close(): Promise<unknown> {
    return this.sensing.lidarThreads.close();
  }

  /**
   * Resolves once the lidar's worker threads have started (they take shares from then on; before,
   * this thread casts alone); rejects with SG_SIM_WORKER if one failed to.
   */
  threadsReady(): Promise<void> {
    return this.sensing.lidarThreads.ready();
  }

  addObserver(observer: TickObserver): void {
    this.observers.push(observer);
  }

  /** Stops calling `observer` after each tick (a recording stopped while the trial runs on). */
  removeObserver(observer: TickObserver): void {
    const i = this.observers.indexOf(observer);
    if (i >= 0) this.observers.splice(i, 1);
  }

  // ---- the step ----------------------------------------------------------------------------

  /** Ticks whose controllers ran interleaved with sensing (senseAndControl); a diagnostic tests read. */
  overlappedTicks = 0;

  /** One logic tick. */
  step(): void {
    if (this.locked) throw new SwarmgateError('SG_WORLD_LOCKED', 'step() called from inside a step');
    this.settleOpenStates();
    if (this.pending.length > 0) for (const change of this.pending.splice(0)) change();
    this.locked = true;
    try {
      this.tickCount++;
      this.act();
      this.physicsPhase();
      this.comms.deliver(this.tick);
      if (this.ownSeats !== null) {
        this.controlOnThreads(this.ownSeats);
      } else if (this.sensing.overlapsControl()) {
        this.overlappedTicks++;
        this.senseAndControl();
      } else {
        this.sensing.sense();
        this.control();
      }
      for (const observer of this.observers) observer.afterTick(this);
    } finally {
      // A step that threw (a controller, a sensor) may leave casts on the worker threads: they
      // write the job list and the maps, so they end before anything else runs.
      this.sensing.lidarThreads.finishCasts();
      this.locked = false;
    }
  }

  /**
   * Latched commands become actions. A kinematic twin's targets are taken from its measured pose
   * (the latest external one) and its setpoint for the tick is computed here too, from which
   * the trial drives the physical robot (kinematicSetpoint); the physics only places the twin.
   */
  private act(): void {
    this.comms.applyDeposits();
    const t = this.table;
    for (let i = 0; i < t.count; i++) {
      t.collisionStarted[i] = 0;
      t.prevXM[i] = t.xM[i];
      t.prevYM[i] = t.yM[i];
      if (!t.active[i]) continue;
      const kinematic = t.kinematic[i] === 1;
      const a = t.latchA[i];
      switch (t.latch[i]) {
        case Latch.Move: {
          const angle = kinematic ? t.kinAngleRad[i] : t.angleRad[i];
          t.action[i] = Action.Move;
          t.dirX[i] = Math.cos(angle);
          t.dirY[i] = Math.sin(angle);
          t.targetXM[i] = (kinematic ? t.kinXM[i] : t.xM[i]) + a * t.dirX[i];
          t.targetYM[i] = (kinematic ? t.kinYM[i] : t.yM[i]) + a * t.dirY[i];
          t.holdAngleRad[i] = angle;
          break;
        }
        case Latch.Rotate:
          t.action[i] = Action.Rotate;
          t.targetHeadingRad[i] = (kinematic ? t.kinAngleRad[i] : t.angleRad[i]) + a;
          break;
        case Latch.Velocity:
          t.action[i] = Action.Drive;
          t.cmdLinearMps[i] = a;
          t.cmdAngularRadps[i] = t.latchB[i];
          break;
        case Latch.Stop:
          t.action[i] = Action.Idle;
          break;
        default:
          break;
      }
      t.latch[i] = Latch.None;
      if (kinematic) {
        twinSetpoint(t, i, this.config.robot, scratchSetpoint);
        t.twinLinearMps[i] = scratchSetpoint.linearMps;
        t.twinAngularRadps[i] = scratchSetpoint.angularRadps;
      }
    }
  }

  private physicsPhase(): void {
    const t = this.table;
    const cfg = this.config;
    const h = cfg.physicsStepS;
    const tickS = h * cfg.stepsPerTick;
    for (let i = 0; i < t.count; i++) {
      const body = this.bodies[i];
      if (!body || !t.kinematic[i]) continue;
      // A twin moves at constant velocity to its external pose over this tick, so contacts with
      // dynamic robots are resolved, then snaps to it exactly (no drift from integration).
      scratchForce.x = (t.kinXM[i] - t.xM[i]) / tickS;
      scratchForce.y = (t.kinYM[i] - t.yM[i]) / tickS;
      body.setLinearVelocity(scratchForce);
      body.setAngularVelocity(wrapAngle(t.kinAngleRad[i] - t.angleRad[i]) / tickS);
    }
    this.buildWallsNearRobots();
    const free = this.freeFlight;
    this.freeCount = cfg.integrateFreeRobots ? free.begin(t, this.bodies) : 0;
    const anyFree = this.freeCount > 0;
    const model = cfg.robot;
    // Every robot free, so every body asleep in planck, and no proxy waiting for planck's pair
    // search (nothing handed back): its steps would update no contact, solve no island and find
    // no pair, so the tick's steps are skipped, not taken ten times to change nothing.
    const planckIdle = anyFree && free.allFree && this.broadPhase.m_moveBuffer.length === 0;
    for (let s = 0; s < cfg.stepsPerTick && !planckIdle; s++) {
      for (let i = 0; i < t.count; i++) {
        const body = this.bodies[i];
        // Free robots' whole tick was stepped by FreeFlight.begin.
        if (!body || t.kinematic[i] || (anyFree && free.free[i])) continue;
        const v = body.getLinearVelocity();
        drive[VX] = v.x;
        drive[VY] = v.y;
        drive[W] = body.getAngularVelocity();
        if (driveForces(t, i, model)) {
          scratchForce.x = drive[FX];
          scratchForce.y = drive[FY];
          body.applyForceToCenter(scratchForce, true);
          body.applyTorque(drive[TORQUE], true);
        }
      }
      this.physics.step(h, cfg.velocityIterations, cfg.positionIterations);
      this.readPoses(anyFree);
    }
    if (anyFree) free.end(t, this.bodies);
    for (let i = 0; i < t.count; i++) {
      const body = this.bodies[i];
      if (!body || !t.kinematic[i]) continue;
      scratchForce.x = t.kinXM[i];
      scratchForce.y = t.kinYM[i];
      body.setTransform(scratchForce, t.kinAngleRad[i]);
      setExactAngle(body, t.kinAngleRad[i]);
      scratchForce.x = 0;
      scratchForce.y = 0;
      body.setLinearVelocity(scratchForce);
      body.setAngularVelocity(0);
      t.xM[i] = t.kinXM[i];
      t.yM[i] = t.kinYM[i];
      t.angleRad[i] = t.kinAngleRad[i];
      this.updateTwinWallContact(i);
    }
    for (let i = 0; i < t.count; i++) {
      if (!t.active[i]) continue;
      if (DEBUG && !(Number.isFinite(t.xM[i]) && Number.isFinite(t.yM[i]) && Number.isFinite(t.angleRad[i]))) {
        throw new Error(`DEBUG: robot '${this.ids[i]}' has a non-finite pose after physics at tick ${this.tick}`);
      }
      const dx = t.xM[i] - t.prevXM[i];
      const dy = t.yM[i] - t.prevYM[i];
      t.distanceM[i] += Math.sqrt(dx * dx + dy * dy);
    }
  }

  /**
   * Creates the walls any robot could reach in this tick's physics (WallBodies.ts). A robot's
   * speed rises only through planck's contacts and the twins' set velocities, both read here
   * before they act (a free robot's, carried by FreeFlight, only falls), so the fastest speed
   * seen so far bounds every robot's travel.
   */
  private buildWallsNearRobots(): void {
    if (this.walls.complete) return;
    const t = this.table;
    for (let i = 0; i < t.count; i++) {
      const body = this.bodies[i];
      if (!body) continue;
      const v = body.getLinearVelocity();
      this.fastestMps = Math.max(this.fastestMps, Math.sqrt(v.x * v.x + v.y * v.y));
    }
    const reachM = this.wallReachM();
    for (let i = 0; i < t.count; i++) if (this.bodies[i]) this.walls.ensureAround(t.xM[i], t.yM[i], reachM);
  }

  /**
   * How far around a robot its walls must exist before a tick's physics: its disc, planck's
   * broad-phase margin (0.1 m) with slack, the position corrections of every step (planck moves
   * an overlapping body up to maxLinearCorrection a step), and two ticks' travel at the fastest
   * speed seen.
   */
  private wallReachM(): number {
    const cfg = this.config;
    const tickS = cfg.physicsStepS * cfg.stepsPerTick;
    return cfg.robot.radiusM + 0.5 + cfg.stepsPerTick * Settings.maxLinearCorrection + 2 * tickS * this.fastestMps;
  }

  /**
   * A physical robot driving into a virtual wall must be reported like a simulated one, but
   * Box2D creates no contacts between kinematic and static bodies: test the disc against the
   * wall cells under it instead (exact circle-rectangle distance).
   */
  private updateTwinWallContact(i: number): void {
    const t = this.table;
    const g = this.grid;
    const r = this.config.robot.radiusM;
    const s = g.cellSizeM;
    const x0 = Math.max(0, Math.floor((t.xM[i] - r - g.originM.x) / s));
    const x1 = Math.min(g.width - 1, Math.floor((t.xM[i] + r - g.originM.x) / s));
    const y0 = Math.max(0, Math.floor((t.yM[i] - r - g.originM.y) / s));
    const y1 = Math.min(g.height - 1, Math.floor((t.yM[i] + r - g.originM.y) / s));
    let touching = 0;
    for (let y = y0; y <= y1 && !touching; y++) {
      for (let x = x0; x <= x1 && !touching; x++) {
        if (!isWall(g.cells[y * g.width + x])) continue;
        const cellX = g.originM.x + x * s;
        const cellY = g.originM.y + y * s;
        const dx = t.xM[i] - Math.min(Math.max(t.xM[i], cellX), cellX + s);
        const dy = t.yM[i] - Math.min(Math.max(t.yM[i], cellY), cellY + s);
        if (dx * dx + dy * dy < r * r) touching = 1;
      }
    }
    if (touching && !t.kinWallTouch[i]) {
      t.collisionStarted[i] = 1;
      t.collisions[i]++;
    }
    t.touching[i] += touching - t.kinWallTouch[i];
    t.kinWallTouch[i] = touching;
  }

  /** Poses after a physics step; free robots' poses are FreeFlight's (planned in begin, written in end). */
  private readPoses(anyFree: boolean): void {
    const t = this.table;
    const free = this.freeFlight.free;
    for (let i = 0; i < t.count; i++) {
      const body = this.bodies[i];
      if (!body || t.kinematic[i] || (anyFree && free[i])) continue;
      const p = body.getPosition();
      t.xM[i] = p.x;
      t.yM[i] = p.y;
      t.angleRad[i] = body.getAngle();
    }
  }

  private control(): void {
    for (let i = 0; i < this.table.count; i++) this.controlRobot(i);
  }

  /**
   * The sense and control phases with each controller run right after its robot is sensed,
   * while the worker threads still cast later robots' rays: the same outcome as sensing every
   * robot first (Sensing.overlapsControl says when), with the casts beside the controllers'
   * work instead of before it.
   */
  private senseAndControl(): void {
    const t = this.table;
    const sensing = this.sensing;
    sensing.beginSense();
    for (let i = 0; i < t.count; i++) {
      if (t.active[i]) sensing.senseRobot(i);
      this.controlRobot(i);
    }
    sensing.endSense();
  }

  /**
   * The sense and control phases with the recipe's controllers on their threads
   * (threadControl.ts): every such robot's State built here, each right after its robot is
   * sensed while the workers still cast (when the sensors allow, as senseAndControl), the
   * workers' turns posted, this thread's run, then every outcome applied in slot order, with the
   * controllers given as objects run in their place.
   */
  private controlOnThreads(own: ControllerSeats): void {
    const t = this.table;
    const sensing = this.sensing;
    const threads = sensing.lidarThreads;
    if (this.idsShared < t.count) {
      const ids = this.ids.slice(this.idsShared, t.count);
      own.setIds(this.idsShared, ids);
      threads.setRobotIds(this.idsShared, ids);
      this.idsShared = t.count;
    }
    const count = 1 + threads.startedWorkers;
    const runs = Array.from({ length: count }, () => new ControlRunBuilder());
    const slotOf = (id: string): number => this.slotOf(id);
    const addTurn = (i: number): void => {
      if (this.controllerThread[i] < 0) this.controllerThread[i] = i % count;
      const thread = this.controllerThread[i];
      if (thread >= count) {
        throw new SwarmgateError('SG_SIM_WORKER', `robot ${this.ids[i]}'s controller ran on worker thread ${thread}, which is stopped (the world was closed)`);
      }
      (runs[thread] as ControlRunBuilder).add(i, this.recipeIndex[i], this.comms.tagsDepositedBy(i), builtState(this, i), slotOf);
    };
    const interleave = sensing.overlapsControl();
    sensing.beginSense();
    for (let i = 0; i < t.count; i++) {
      if (!t.active[i]) continue;
      sensing.senseRobot(i);
      if (interleave && this.recipeIndex[i] >= 0) addTurn(i);
    }
    sensing.endSense();
    if (!interleave) for (let i = 0; i < t.count; i++) if (t.active[i] && this.recipeIndex[i] >= 0) addTurn(i);
    const tick = this.tick;
    const tagCount = this.comms.tagCount;
    threads.startControl(runs.slice(1).map((run) => (run.turns > 0 ? run.build(tick, tagCount) : null)));
    const outcomes: (TurnOutcome | undefined)[] = [];
    try {
      for (const out of own.run((runs[0] as ControlRunBuilder).build(tick, tagCount))) outcomes[out.slot] = out;
    } finally {
      for (const list of threads.finishControl()) for (const out of list) outcomes[out.slot] = out;
    }
    for (let i = 0; i < t.count; i++) {
      const out = outcomes[i];
      if (out === undefined) this.controlRobot(i);
      else this.applyTurn(i, out);
    }
  }

  /** A turn's outcome, as the robot's own commands would have left it (SimRobot). */
  private applyTurn(i: number, out: TurnOutcome): void {
    const t = this.table;
    if (out.latch !== Latch.None) {
      t.latch[i] = out.latch;
      t.latchA[i] = out.latchA;
      t.latchB[i] = out.latchB;
    }
    for (const bytes of out.broadcasts) this.comms.broadcast(i, bytes);
    let error: unknown = out.error === null ? null : errorOf(out.error);
    for (const bytes of out.tags) {
      // The trial-wide budget counted by another thread's robots too (threadControl.ts).
      if (this.comms.tagCount >= MAX_TAGS_TOTAL) {
        error ??= tagsTotalError();
        break;
      }
      this.comms.depositTag(i, bytes);
    }
    this.clampWarnings.count += out.clamps;
    if (out.lastClamped !== null) this.clampWarnings.lastArgument = out.lastClamped;
    if (error !== null) this.controllerFailed(i, error);
  }

  private controlRobot(i: number): void {
    const controller = this.controllers[i];
    const robot = this.robots[i];
    if (!controller || !robot) return;
    try {
      if (!this.started[i]) {
        this.started[i] = true;
        controller.start?.(robot);
      }
      controller.tick(robot);
    } catch (error) {
      this.controllerFailed(i, error);
    }
  }

  /**
   * A controller's exception goes to onControllerError (a live trial stops the robot and goes
   * on); with none, it ends the step as an error naming the robot and the tick, the
   * controller's own exception kept as its cause.
   */
  private controllerFailed(i: number, error: unknown): void {
    const id = this.ids[i] as string;
    const onError = this.onControllerError;
    if (onError === null) throw controllerThrew(id, `at tick ${this.tick}`, error);
    onError(id, error);
  }

  private onContact(contact: Contact, delta: 1 | -1): void {
    const a = contact.getFixtureA().getUserData() as number;
    const b = contact.getFixtureB().getUserData() as number;
    if (a !== WALL_USER_DATA) this.touch(a, delta);
    if (b !== WALL_USER_DATA) this.touch(b, delta);
  }

  private touch(i: number, delta: 1 | -1): void {
    const t = this.table;
    t.touching[i] += delta;
    if (delta === 1) {
      t.collisionStarted[i] = 1;
      t.collisions[i]++;
      // A collision cancels the current action (the controller sees it and decides).
      t.action[i] = Action.Idle;
    }
  }

  private assertUnlocked(method: string, fix: string): void {
    if (this.locked) {
      throw new SwarmgateError('SG_WORLD_LOCKED', `${method}() during a step; ${fix}`);
    }
  }
}
