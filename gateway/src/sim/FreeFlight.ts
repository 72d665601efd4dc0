/**
 * Robots that cannot touch anything during a tick, integrated here instead of by planck.
 *
 * planck steps every awake body as an island of its own: island search, solveIsland,
 * synchronizeFixtures and a broad-phase check, ten times a tick. For a robot far from walls
 * and other robots that machinery has nothing to solve, and it was most of the physics cost
 * (a third of a frontier run). Such a robot is put to sleep in planck for the tick, stepped
 * here with the very arithmetic of planck's island solver for a lone body without contacts
 * (semi-implicit Euler, damping as v / (1 + h c), its sleep rule), and handed back with one
 * setTransform before the first planck step that needs it: the robot is not free any more, or
 * a robot planck steps could reach the place its body was left (end, begin). Its motion is
 * bit-identical to planck's own stepping (FreeFlight.test.ts); only the broad-phase tree sees
 * one move per free run instead of ten a tick.
 *
 * "Cannot touch anything": every robot that touches nothing has its tick planned first, step
 * by step, as it would go untouched (plan). Its travel is then how far that path gets from where
 * it stands; a robot planck steps may be pushed, so its travel is bounded instead: its speed
 * never rises above the larger of its current speed and the terminal speed of its wheel forces
 * (damping pulls towards it) unless something pushes it, and a pushed robot moves at most the
 * largest bound of all. A robot is free when it touches nothing now, its path keeps clear of the
 * walls (the disc of its travel, or step by step along a wall), and every other robot keeps
 * clear of it: a robot planck steps lies beyond 2 radius + both travels + margin, and a free
 * one either lies that far or their two paths stay apart at every physics step (planck meets
 * two moving robots only at the steps' positions). The free set is the largest one that
 * satisfies this (begin: start from every candidate, drop the robots that break it and
 * re-check their neighbours), the same whatever the order of the checks. In a crowd most
 * robots near another are slow ones (turning, idle) or pairs that keep their distance, and in
 * a building many drive along walls; only bounding them all by the largest travel, in a disc,
 * sent them to planck.
 */
import { Settings, type Body } from 'planck';
import { isWall, type Grid } from '@swarmgate/maps';
import { Action, type RobotTable } from './RobotTable.js';
import { drive, driveForces, FX, FY, TORQUE, VX, VY, W } from './wheelDrive.js';
import type { WorldConfig } from './WorldConfig.js';
import { gridBounds, SpatialHash } from './radio/index.js';
import { growArray } from './radio/growArray.js';
import { setExactAngle } from './planckAngle.js';

/**
 * Slack on top of the travel bound: planck's polygon skin (0.01 m) and position corrections of
 * robots in contact elsewhere move things by millimetres, not by this much.
 */
const MARGIN_M = 0.1;

/**
 * How far a free robot's planned path must stay from every wall cell: planck's wall boxes are the
 * cells themselves, with its polygon skin of 0.01 m around them, and a robot that touches nothing
 * moves exactly as planned (the path lies in the disc of its farthest point); slack beyond the
 * skin is for rounding only.
 */
const WALL_MARGIN_M = 0.03;

/**
 * How far apart two free robots' planned centres must stay at every physics step: planck's
 * circles touch at 2 radii exactly, and both paths are the very numbers the robots will take, so
 * this is slack for nothing but its own comparison.
 */
const PATH_MARGIN_M = 0.02;

/** Debug checks (tests set SWARMGATE_DEBUG=1). */
const DEBUG = process.env.SWARMGATE_DEBUG === '1';

/** planck keeps a body's sleep clock private (pinned exactly in gateway/package.json); it decides when a resting body falls asleep. */
interface SleepClock {
  m_sleepTime: number;
}

/** planck's sleep thresholds, written as planck's SettingsInternal computes them. */
const LINEAR_SLEEP_SQ = Settings.linearSleepTolerance * Settings.lengthUnitsPerMeter * Settings.linearSleepTolerance * Settings.lengthUnitsPerMeter;
const ANGULAR_SLEEP_SQ = Settings.angularSleepTolerance * Settings.angularSleepTolerance;

export class FreeFlight {
  /** 1: robot slot is integrated here during the current tick. */
  free = new Uint8Array(0);
  /** Every robot's body is free this tick: all asleep in planck (begin). */
  allFree = false;
  /** Body velocity (world frame) and planck's sleep state of robots away from planck, carried across ticks. */
  private vxMps = new Float64Array(0);
  private vyMps = new Float64Array(0);
  private angularRadps = new Float64Array(0);
  private sleepS = new Float64Array(0);
  private asleep = new Uint8Array(0);
  /** Each candidate's tick as planned in begin: its centre before each physics step and after the last (stepsPerTick + 1 per robot). */
  private pathX = new Float64Array(0);
  private pathY = new Float64Array(0);
  /** ... and its state at the end of the tick. */
  private endAngleRad = new Float64Array(0);
  private endAction = new Uint8Array(0);
  private endVxMps = new Float64Array(0);
  private endVyMps = new Float64Array(0);
  private endAngularRadps = new Float64Array(0);
  private endSleepS = new Float64Array(0);
  private endAsleep = new Uint8Array(0);
  /** Each robot's travel during this tick (m): its planned path's farthest point once planned, else its bound. */
  private travelM = new Float64Array(0);
  /** 1: the robot was free last tick and its planck body still stands asleep where that tick began (end). */
  private away = new Uint8Array(0);
  private readonly hash: SpatialHash;
  /** Query output: the robots near the one being checked (grown when a query finds more). */
  private candidates = new Int32Array(16);
  /** Robots dropped from the free set whose neighbours must be checked again (begin). */
  private dropped = new Int32Array(0);
  private readonly scratch = { x: 0, y: 0 };
  private readonly canSleep: boolean;
  /** q + q^2 + ... + q^n for the damping factor q of a physics step and the n steps of a tick (travelBoundM). */
  private readonly dampingSum: number;
  /** 1 / mass and 1 / inertia exactly as planck derives them from the fixture (0: no robot yet). */
  private invMass = 0;
  private invInertia = 0;

  /** `clearance`: wallClearance(grid), made with the world's ground (World.ts). */
  constructor(
    private readonly grid: Grid,
    private readonly config: WorldConfig,
    private readonly clearance: Uint8Array,
  ) {
    // Buckets sized for robots at top speed; slower ones query fewer buckets' worth.
    const reachM = 2 * (config.robot.radiusM + config.robot.maxSpeedMps * config.robot.speedFactor * config.physicsStepS * config.stepsPerTick) + MARGIN_M;
    this.hash = new SpatialHash(gridBounds(grid), reachM);
    // planck puts an island to sleep only once its position constraints are solved, which for a
    // lone body happens in the first position iteration: never with zero iterations.
    this.canSleep = config.positionIterations > 0;
    const q = 1 / (1 + config.physicsStepS * config.robot.linearDampingPerS);
    const n = config.stepsPerTick;
    this.dampingSum = q === 1 ? n : (q * (1 - q ** n)) / (1 - q);
  }

  /**
   * Chooses this tick's free robots (none while kinematic twins are in the world: they jump to
   * external poses, so no travel bound holds), copies their planck state here and puts their
   * bodies to sleep, which takes them out of planck's step. Returns how many are free.
   */
  begin(t: RobotTable, bodies: readonly (Body | null)[]): number {
    this.ensureCapacity(t.capacity);
    this.free.fill(0, 0, t.count);
    this.allFree = false;
    if (this.config.continuousPhysics) {
      this.handBackAll(t, bodies);
      return 0;
    }
    const travel = this.travelM;
    let maxTravelM = 0;
    this.hash.clear();
    for (let i = 0; i < t.count; i++) {
      const body = bodies[i];
      if (!body) {
        this.away[i] = 0;
        continue;
      }
      if (t.kinematic[i]) {
        this.handBackAll(t, bodies);
        return 0;
      }
      // A robot still away from planck carries its velocity here; planck's body holds the rest's.
      const v = this.away[i] ? null : body.getLinearVelocity();
      const vx = v ? v.x : this.vxMps[i];
      const vy = v ? v.y : this.vyMps[i];
      travel[i] = this.travelBoundM(Math.sqrt(vx * vx + vy * vy), this.terminalSpeedMps(t, i));
      maxTravelM = Math.max(maxTravelM, travel[i]);
      this.hash.insert(i, t.xM[i], t.yM[i]);
    }
    const radiusM = this.config.robot.radiusM;
    const free = this.free;
    // Robots that touch nothing are planned; from here on their travel is how far the plan
    // takes them from where they stand (no more than the bound), and they are free if that
    // keeps them clear of walls. maxTravelM stays the bound: robots planck steps may be pushed.
    for (let i = 0; i < t.count; i++) {
      const body = bodies[i];
      if (!body || t.touching[i] !== 0) continue;
      travel[i] = this.plan(t, i, body);
      if (this.clearOfWalls(t.xM[i], t.yM[i], radiusM + travel[i] + WALL_MARGIN_M) || this.pathClearOfWalls(i)) free[i] = 1;
    }
    // The largest free set: drop every candidate too close to another, then re-check the
    // neighbours of each dropped robot, whose bound towards it has just grown.
    let droppedCount = 0;
    for (let i = 0; i < t.count; i++) {
      if (free[i] && !this.clearOfRobots(t, i, maxTravelM)) {
        free[i] = 0;
        this.dropped[droppedCount++] = i;
      }
    }
    while (droppedCount > 0) {
      const d = this.dropped[--droppedCount];
      const found = this.near(t.xM[d], t.yM[d], 2 * radiusM + 2 * maxTravelM + MARGIN_M);
      for (let k = 0; k < found; k++) {
        const i = this.candidates[k];
        if (free[i] && !this.clearOfRobots(t, i, maxTravelM)) {
          free[i] = 0;
          this.dropped[droppedCount++] = i;
        }
      }
    }
    let freeCount = 0;
    let bodyCount = 0;
    for (let i = 0; i < t.count; i++) {
      const body = bodies[i];
      if (!body) continue;
      bodyCount++;
      // Away from planck since an earlier tick: it stays away while free and no robot planck
      // steps this tick can reach the place its body was left at; else it goes back now, before
      // planck's step, which is where the end of the last tick would have put it.
      if (this.away[i]) {
        if (free[i] && this.leftBodyClear(t, i, body, maxTravelM)) {
          // planck wakes a sleeping body when a new pair of proxies forms; back to sleep (nothing moves it).
          if (body.isAwake()) body.setAwake(false);
        } else {
          this.handBack(t, i, body);
        }
      }
      if (!free[i]) continue;
      body.setAwake(false);
      freeCount++;
    }
    this.allFree = freeCount === bodyCount;
    return freeCount;
  }

  /**
   * Steps candidate i's whole tick, as planck's solveIsland steps a lone dynamic body without
   * contacts (semi-implicit Euler, damping as v / (1 + h c), its sleep rule), from the state its
   * body holds (or it carried while away): its centre at every step into the path, its end state
   * aside. The table is left as it was; end() writes the tick's outcome if the robot stays free.
   * Returns the farthest the path gets from where the robot stands (m).
   */
  private plan(t: RobotTable, i: number, body: Body): number {
    const h = this.config.physicsStepS;
    const model = this.config.robot;
    const n = this.config.stepsPerTick;
    let vx: number;
    let vy: number;
    let w: number;
    let asleep: number;
    let sleepS: number;
    if (this.away[i]) {
      vx = this.vxMps[i];
      vy = this.vyMps[i];
      w = this.angularRadps[i];
      asleep = this.asleep[i];
      sleepS = this.sleepS[i];
    } else {
      if (this.invMass === 0) {
        this.invMass = 1 / body.getMass();
        this.invInertia = 1 / body.getInertia();
      }
      const v = body.getLinearVelocity();
      vx = v.x;
      vy = v.y;
      w = body.getAngularVelocity();
      asleep = body.isAwake() ? 0 : 1;
      sleepS = (body as unknown as SleepClock).m_sleepTime;
    }
    const x0 = t.xM[i];
    const y0 = t.yM[i];
    const angle0 = t.angleRad[i];
    const action0 = t.action[i];
    const linearScale = 1 / (1 + h * model.linearDampingPerS);
    const angularScale = 1 / (1 + h * model.angularDampingPerS);
    const hInvMass = h * this.invMass;
    const hInvInertia = h * this.invInertia;
    const at = i * (n + 1);
    this.pathX[at] = x0;
    this.pathY[at] = y0;
    let farthest2 = 0;
    for (let k = 1; k <= n; k++) {
      drive[VX] = vx;
      drive[VY] = vy;
      drive[W] = w;
      // applyForceToCenter(f, wake = true): a sleeping body wakes with its clock reset; with no
      // force planck leaves a sleeping body asleep.
      if (driveForces(t, i, model)) {
        if (asleep) sleepS = 0;
        asleep = 0;
        vx += hInvMass * drive[FX];
        vy += hInvMass * drive[FY];
        w += hInvInertia * drive[TORQUE];
      }
      if (!asleep) {
        vx = linearScale * vx;
        vy = linearScale * vy;
        w *= angularScale;
        // planck clamps a step's travel to 2 m and turn to 90 deg; a free robot is far below both
        // (vBound is a few m/s and the turn rate is clamped to the model's limit).
        t.xM[i] += h * vx;
        t.yM[i] += h * vy;
        t.angleRad[i] += h * w;
        if (this.canSleep) {
          if (w * w > ANGULAR_SLEEP_SQ || vx * vx + vy * vy > LINEAR_SLEEP_SQ) {
            sleepS = 0;
          } else {
            sleepS += h;
            if (sleepS >= Settings.timeToSleep) {
              asleep = 1;
              sleepS = 0;
              vx = 0;
              vy = 0;
              w = 0;
            }
          }
        }
      }
      const dx = t.xM[i] - x0;
      const dy = t.yM[i] - y0;
      farthest2 = Math.max(farthest2, dx * dx + dy * dy);
      this.pathX[at + k] = t.xM[i];
      this.pathY[at + k] = t.yM[i];
    }
    this.endAngleRad[i] = t.angleRad[i];
    this.endAction[i] = t.action[i];
    this.endVxMps[i] = vx;
    this.endVyMps[i] = vy;
    this.endAngularRadps[i] = w;
    this.endSleepS[i] = sleepS;
    this.endAsleep[i] = asleep;
    t.xM[i] = x0;
    t.yM[i] = y0;
    t.angleRad[i] = angle0;
    t.action[i] = action0;
    return Math.sqrt(farthest2);
  }

  /**
   * Whether candidate i's planned path keeps clear of every wall, step by step: each step's
   * segment lies within its longest step of the step's start (planck's continuous collision
   * sweeps robots against walls between steps). For a robot along a wall, whose whole tick's
   * disc reaches the wall though its path never does.
   */
  private pathClearOfWalls(i: number): boolean {
    const n = this.config.stepsPerTick;
    const at = i * (n + 1);
    let stepM = 0;
    for (let k = 1; k <= n; k++) {
      const dx = this.pathX[at + k] - this.pathX[at + k - 1];
      const dy = this.pathY[at + k] - this.pathY[at + k - 1];
      stepM = Math.max(stepM, dx * dx + dy * dy);
    }
    const wallM = this.config.robot.radiusM + Math.sqrt(stepM) + WALL_MARGIN_M;
    for (let k = 0; k <= n; k++) if (!this.clearOfWalls(this.pathX[at + k], this.pathY[at + k], wallM)) return false;
    return true;
  }

  /**
   * Whether the planned paths of free robots i and j stay apart at every physics step: planck
   * evaluates contacts between two moving robots at the step's positions only (no continuous
   * collision between dynamic bodies), and neither can be pushed, as neither touches anything.
   */
  private pathsApart(i: number, j: number): boolean {
    const n = this.config.stepsPerTick;
    const apartM = 2 * this.config.robot.radiusM + PATH_MARGIN_M;
    const apart2 = apartM * apartM;
    const a = i * (n + 1);
    const b = j * (n + 1);
    for (let k = 0; k <= n; k++) {
      const dx = this.pathX[a + k] - this.pathX[b + k];
      const dy = this.pathY[a + k] - this.pathY[b + k];
      if (dx * dx + dy * dy <= apart2) return false;
    }
    return true;
  }

  /**
   * Whether every other robot lies beyond robot i's reach towards it: 2 radius + i's travel +
   * the other's bound (its own travel while it is free, the largest travel once it is not).
   */
  private clearOfRobots(t: RobotTable, i: number, maxTravelM: number): boolean {
    const travel = this.travelM;
    const xM = t.xM[i];
    const yM = t.yM[i];
    const ownM = 2 * this.config.robot.radiusM + travel[i] + MARGIN_M;
    const found = this.near(xM, yM, ownM + maxTravelM);
    for (let k = 0; k < found; k++) {
      const j = this.candidates[k];
      if (j === i) continue;
      const reachM = ownM + (this.free[j] ? travel[j] : maxTravelM);
      const dx = t.xM[j] - xM;
      const dy = t.yM[j] - yM;
      if (dx * dx + dy * dy > reachM * reachM) continue;
      if (!this.free[j] || !this.pathsApart(i, j)) return false;
    }
    return true;
  }

  /** The robots within radiusM of (xM, yM) into this.candidates (grown to fit); returns how many. */
  private near(xM: number, yM: number, radiusM: number): number {
    const found = this.hash.query(xM, yM, radiusM, this.candidates);
    if (found <= this.candidates.length) return found;
    this.candidates = new Int32Array(2 * found);
    return this.hash.query(xM, yM, radiusM, this.candidates);
  }

  /**
   * How far a robot moving at speedMps, driven towards terminalMps, can go in one tick unless
   * something pushes it. planck steps v' = (v + h F / m) / (1 + h c) and moves h v' a step; with
   * |F| <= m c terminal the speed obeys s' <= q s + (1 - q) terminal, q = 1 / (1 + h c), so
   * s_k <= terminal + (s_0 - terminal) q^k and the tick's travel is at most the sum of h s_k
   * over its steps, in closed form. From rest at full speed that is 0.17 m where a whole tick at
   * top speed is 0.3 m (MAES's model): a robot that has just started or stopped reaches less far.
   */
  private travelBoundM(speedMps: number, terminalMps: number): number {
    const h = this.config.physicsStepS;
    return h * (this.config.stepsPerTick * terminalMps + (speedMps - terminalMps) * this.dampingSum);
  }

  /**
   * The speed robot i's wheels drive it towards during this tick: the wheel forces sum to at
   * most the force of the linear setpoint (World.driveForces splits and clamps, never adds),
   * and actions only end during physics. Rotating and idle robots push nowhere.
   */
  private terminalSpeedMps(t: RobotTable, i: number): number {
    const model = this.config.robot;
    const vMax = model.maxSpeedMps * model.speedFactor;
    switch (t.action[i]) {
      case Action.Move:
        return vMax;
      case Action.Drive:
        return Math.min(Math.abs(t.cmdLinearMps[i]), vMax);
      default:
        return 0;
    }
  }

  /**
   * Ends the tick of the free robots. Their planck bodies stay where the tick began, asleep, and
   * are handed back at the next begin() only if needed (the robot is not free then, or a robot
   * planck steps could reach the body), or by handBackAll: no planck step runs in between, so
   * that is the state an immediate hand-back would have given, and a robot free tick after tick
   * (a lone explorer: most of its ticks) costs planck's broad phase nothing.
   */
  end(t: RobotTable, bodies: readonly (Body | null)[]): void {
    for (let i = 0; i < t.count; i++) {
      if (!this.free[i]) continue;
      const last = i * (this.config.stepsPerTick + 1) + this.config.stepsPerTick;
      t.xM[i] = this.pathX[last];
      t.yM[i] = this.pathY[last];
      t.angleRad[i] = this.endAngleRad[i];
      t.action[i] = this.endAction[i];
      this.vxMps[i] = this.endVxMps[i];
      this.vyMps[i] = this.endVyMps[i];
      this.angularRadps[i] = this.endAngularRadps[i];
      this.sleepS[i] = this.endSleepS[i];
      this.asleep[i] = this.endAsleep[i];
    }
    if (DEBUG) this.checkTouchedNothing(t, bodies);
    for (let i = 0; i < t.count; i++) if (this.free[i] && bodies[i]) this.away[i] = 1;
  }

  /** Hands every robot still away back to planck (its bodies are read or stepped as they are next). */
  private handBackAll(t: RobotTable, bodies: readonly (Body | null)[]): void {
    for (let i = 0; i < t.count; i++) {
      const body = bodies[i];
      if (this.away[i] && body) this.handBack(t, i, body);
      this.away[i] = 0;
    }
  }

  /**
   * Whether robot i's body, left asleep where an earlier tick began, is beyond the reach of every
   * robot planck steps this tick (each may be pushed: the largest travel). Free robots sleep in
   * planck, so planck solves nothing between their bodies.
   */
  private leftBodyClear(t: RobotTable, i: number, body: Body, maxTravelM: number): boolean {
    const at = body.getPosition();
    const touchM = 2 * this.config.robot.radiusM + MARGIN_M;
    // Robots where they stand now: planck steps the ones that are not free; a free one's body
    // sleeps there, but a new pair of proxies wakes both bodies and planck then solves the pair.
    // (Two bodies left away never meet: the later one was left where its robot stood, which
    // this check kept clear of the earlier one, and neither moves since.)
    const found = this.near(at.x, at.y, touchM + maxTravelM);
    for (let k = 0; k < found; k++) {
      const j = this.candidates[k];
      if (j === i) continue;
      const reachM = this.free[j] ? touchM : touchM + maxTravelM;
      const dx = t.xM[j] - at.x;
      const dy = t.yM[j] - at.y;
      if (dx * dx + dy * dy <= reachM * reachM) return false;
    }
    return true;
  }

  /** Puts robot i's body at its pose, velocity and sleep state (planck steps it from here, or it is made free again). */
  private handBack(t: RobotTable, i: number, body: Body): void {
    this.away[i] = 0;
    const p = this.scratch;
    p.x = t.xM[i];
    p.y = t.yM[i];
    body.setTransform(p, t.angleRad[i]); // wakes the body
    setExactAngle(body, t.angleRad[i]);
    if (this.asleep[i]) {
      body.setAwake(false);
      return;
    }
    p.x = this.vxMps[i];
    p.y = this.vyMps[i];
    body.setLinearVelocity(p);
    body.setAngularVelocity(this.angularRadps[i]);
    (body as unknown as SleepClock).m_sleepTime = this.sleepS[i];
  }

  /**
   * Debug check that the travel bounds held: a free robot that ended its tick overlapping a wall
   * or another robot touched it, unseen by planck, which kept its body where the tick began.
   * Contacts planck reported with a free robot mean another robot ran into that old place.
   * (planck may have woken a free body: a new broad-phase pair wakes both bodies even when they
   * do not touch. Stepped by planck at zero velocity and zero force it stays where it was.)
   */
  private checkTouchedNothing(t: RobotTable, bodies: readonly (Body | null)[]): void {
    const radiusM = this.config.robot.radiusM;
    this.hash.clear();
    for (let i = 0; i < t.count; i++) if (bodies[i]) this.hash.insert(i, t.xM[i], t.yM[i]);
    for (let i = 0; i < t.count; i++) {
      if (!this.free[i] || !bodies[i]) continue;
      const overlaps = this.near(t.xM[i], t.yM[i], 2 * radiusM) > 1 || !this.clearOfWalls(t.xM[i], t.yM[i], radiusM);
      if (overlaps || t.touching[i] !== 0)
        throw new Error(
          `DEBUG: free robot slot ${i} touched something during the tick (overlaps ${overlaps}, touching ${t.touching[i]}, away ${this.away[i]}, at ${t.xM[i]},${t.yM[i]}, body at ${JSON.stringify(bodies[i]?.getPosition())})`,
        );
    }
  }

  /**
   * No wall cell within wallM of (xM, yM), which must lie inside the map. The clearance map
   * answers at once for open space; near walls the cells within reach are measured exactly
   * (point to cell rectangle), since a robot in a corridor is often closer than a cell to a
   * wall cell's neighbour but still far from the wall itself.
   */
  private clearOfWalls(xM: number, yM: number, wallM: number): boolean {
    const g = this.grid;
    const s = g.cellSizeM;
    const x = Math.floor((xM - g.originM.x) / s);
    const y = Math.floor((yM - g.originM.y) / s);
    if (!(x >= 0 && y >= 0 && x < g.width && y < g.height)) return false;
    const rings = Math.ceil(wallM / s);
    if (this.clearance[y * g.width + x] >= rings) return true;
    const wall2 = wallM * wallM;
    for (let cy = Math.max(0, y - rings); cy <= Math.min(g.height - 1, y + rings); cy++) {
      const dy = Math.max(g.originM.y + cy * s - yM, 0, yM - (g.originM.y + (cy + 1) * s));
      for (let cx = Math.max(0, x - rings); cx <= Math.min(g.width - 1, x + rings); cx++) {
        if (!isWall(g.cells[cy * g.width + cx])) continue;
        const dx = Math.max(g.originM.x + cx * s - xM, 0, xM - (g.originM.x + (cx + 1) * s));
        if (dx * dx + dy * dy < wall2) return false;
      }
    }
    return true;
  }

  /** Grows the per-robot arrays, keeping what they hold: a robot away from planck carries its state here across ticks. */
  private ensureCapacity(capacity: number): void {
    if (this.free.length >= capacity) return;
    this.free = growArray(this.free, capacity);
    // Sized by what free grew to, since that decides when the next growth comes.
    const samples = (this.config.stepsPerTick + 1) * this.free.length;
    this.pathX = growArray(this.pathX, samples);
    this.pathY = growArray(this.pathY, samples);
    this.endAngleRad = growArray(this.endAngleRad, capacity);
    this.endAction = growArray(this.endAction, capacity);
    this.endVxMps = growArray(this.endVxMps, capacity);
    this.endVyMps = growArray(this.endVyMps, capacity);
    this.endAngularRadps = growArray(this.endAngularRadps, capacity);
    this.endSleepS = growArray(this.endSleepS, capacity);
    this.endAsleep = growArray(this.endAsleep, capacity);
    this.vxMps = growArray(this.vxMps, capacity);
    this.vyMps = growArray(this.vyMps, capacity);
    this.angularRadps = growArray(this.angularRadps, capacity);
    this.sleepS = growArray(this.sleepS, capacity);
    this.travelM = growArray(this.travelM, capacity);
    this.asleep = growArray(this.asleep, capacity);
    this.away = growArray(this.away, capacity);
    this.dropped = growArray(this.dropped, capacity);
  }
}
