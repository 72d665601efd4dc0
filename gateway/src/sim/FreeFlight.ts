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
 * "Cannot touch anything": a robot's speed never rises above the larger of its current speed and
 * the terminal speed of its wheel forces (damping pulls towards it), unless something pushes it;
 * so in one tick it moves at most travel = that speed * tick, and a pushed robot at most the
 * largest travel of all. A robot is free when it touches nothing now, no wall cell lies within
 * radius + travel + margin, and every other robot's centre lies beyond 2 radius + its travel +
 * the other's bound + margin, where the other's bound is its own travel if it is free too (a
 * free robot touches nothing, so nothing pushes it) and the largest travel if not. The free set
 * is the largest one that satisfies this (begin: start from every candidate, drop the robots
 * that break it and re-check their neighbours), the same whatever the order of the checks.
 * In a crowd most robots near another are slow ones (turning, idle) or pairs that both keep
 * their distance; only bounding both by the largest travel sent them all to planck.
 */
import { Settings, type Body } from 'planck';
import { isWall, type Grid } from '@swarmgate/maps';
import { Action, type RobotTable } from './RobotTable.js';
import type { WorldConfig } from './WorldConfig.js';
import { SpatialHash } from './radio/index.js';
import { growArray } from './radio/growArray.js';
import { wallClearance } from './radio/wallClearance.js';

/**
 * Slack on top of the travel bound: planck's polygon skin (0.01 m) and position corrections of
 * robots in contact elsewhere move things by millimetres, not by this much.
 */
const MARGIN_M = 0.1;

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
  /** Body velocity of free robots (world frame) and planck's sleep state, carried over the tick. */
  vxMps = new Float64Array(0);
  vyMps = new Float64Array(0);
  angularRadps = new Float64Array(0);
  private sleepS = new Float64Array(0);
  /** Bound on each robot's travel during this tick (m). */
  private travelM = new Float64Array(0);
  private asleep = new Uint8Array(0);
  /** 1: the robot was free last tick and its planck body still stands asleep where that tick began (end). */
  private away = new Uint8Array(0);
  private readonly clearance: Uint8Array;
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

  constructor(
    private readonly grid: Grid,
    private readonly config: WorldConfig,
  ) {
    this.clearance = wallClearance(grid);
    // Buckets sized for robots at top speed; slower ones query fewer buckets' worth.
    const reachM = 2 * (config.robot.radiusM + config.robot.maxSpeedMps * config.robot.speedFactor * config.physicsStepS * config.stepsPerTick) + MARGIN_M;
    const bounds = {
      minX: grid.originM.x,
      minY: grid.originM.y,
      maxX: grid.originM.x + grid.width * grid.cellSizeM,
      maxY: grid.originM.y + grid.height * grid.cellSizeM,
    };
    this.hash = new SpatialHash(bounds, reachM);
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
    for (let i = 0; i < t.count; i++) {
      if (bodies[i] && t.touching[i] === 0 && this.clearOfWalls(t.xM[i], t.yM[i], radiusM + travel[i] + MARGIN_M)) free[i] = 1;
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
    for (let i = 0; i < t.count; i++) {
      const body = bodies[i];
      if (!body) continue;
      // Away from planck since an earlier tick: it stays away while free and no robot planck
      // steps this tick can reach the place its body was left at; else it goes back now, before
      // planck's step, which is where the end of the last tick would have put it.
      if (this.away[i]) {
        if (free[i] && this.leftBodyClear(t, i, body, maxTravelM)) {
          // planck wakes a sleeping body when a new pair of proxies forms; back to sleep (nothing moves it).
          if (body.isAwake()) body.setAwake(false);
          freeCount++;
          continue;
        }
        this.handBack(t, i, body);
      }
      if (!free[i]) continue;
      if (this.invMass === 0) {
        this.invMass = 1 / body.getMass();
        this.invInertia = 1 / body.getInertia();
      }
      const v = body.getLinearVelocity();
      this.vxMps[i] = v.x;
      this.vyMps[i] = v.y;
      this.angularRadps[i] = body.getAngularVelocity();
      this.asleep[i] = body.isAwake() ? 0 : 1;
      this.sleepS[i] = (body as unknown as SleepClock).m_sleepTime;
      body.setAwake(false);
      freeCount++;
    }
    return freeCount;
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
      if (dx * dx + dy * dy <= reachM * reachM) return false;
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
   * One physics step of free robot i under wheel force (fxN, fyN) and torque, as planck's
   * solveIsland steps a lone dynamic body; `driven` is false when no force is applied (planck
   * then leaves a sleeping body asleep). Writes the pose into the table.
   */
  step(t: RobotTable, i: number, driven: boolean, fxN: number, fyN: number, torqueNm: number): void {
    if (driven) {
      // applyForceToCenter(f, wake = true): a sleeping body wakes with its clock reset.
      if (this.asleep[i]) this.sleepS[i] = 0;
      this.asleep[i] = 0;
    } else if (this.asleep[i]) {
      return;
    }
    const h = this.config.physicsStepS;
    const model = this.config.robot;
    let vx = this.vxMps[i];
    let vy = this.vyMps[i];
    let w = this.angularRadps[i];
    if (driven) {
      const hInvMass = h * this.invMass;
      vx += hInvMass * fxN;
      vy += hInvMass * fyN;
      w += h * this.invInertia * torqueNm;
    }
    const linearScale = 1 / (1 + h * model.linearDampingPerS);
    vx = linearScale * vx;
    vy = linearScale * vy;
    w *= 1 / (1 + h * model.angularDampingPerS);
    // planck clamps a step's travel to 2 m and turn to 90 deg; a free robot is far below both
    // (vBound is a few m/s and the turn rate is clamped to the model's limit).
    t.xM[i] += h * vx;
    t.yM[i] += h * vy;
    t.angleRad[i] += h * w;
    if (this.canSleep) {
      if (w * w > ANGULAR_SLEEP_SQ || vx * vx + vy * vy > LINEAR_SLEEP_SQ) {
        this.sleepS[i] = 0;
      } else {
        this.sleepS[i] += h;
        if (this.sleepS[i] >= Settings.timeToSleep) {
          this.asleep[i] = 1;
          this.sleepS[i] = 0;
          vx = 0;
          vy = 0;
          w = 0;
        }
      }
    }
    this.vxMps[i] = vx;
    this.vyMps[i] = vy;
    this.angularRadps[i] = w;
  }

  /**
   * Ends the tick of the free robots. Their planck bodies stay where the tick began, asleep, and
   * are handed back at the next begin() only if needed (the robot is not free then, or a robot
   * planck steps could reach the body), or by handBackAll: no planck step runs in between, so
   * that is the state an immediate hand-back would have given, and a robot free tick after tick
   * (a lone explorer: most of its ticks) costs planck's broad phase nothing.
   */
  end(t: RobotTable, bodies: readonly (Body | null)[]): void {
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
