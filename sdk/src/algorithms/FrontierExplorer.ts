/**
 * Nearest-frontier exploration (Yamauchi 1997; MAES's Greed is its tile-level sibling): pick the
 * nearest reachable frontier cell by BFS on the robot's own SLAM map, plan an A* path kept off
 * walls, and follow it with a pure-pursuit heading controller through setVelocity().
 *
 * Cost is bounded for large swarms: the BFS and A* run only when a new target is needed (none yet,
 * the target stopped being a frontier, the path got blocked, a collision, no progress); each tick
 * otherwise costs O(1) plus a path check when the map's revision changed.
 * Unreachable targets are blacklisted (with their neighbourhood); when no frontier remains the
 * robot stops and re-checks every `recheckS` with the blacklist cleared (merged maps can open
 * new frontiers). With shareEveryS > 0 it broadcasts its map as bytes and merges maps it hears.
 *
 * Multi-robot behaviour uses only the robot's own senses (nearbyRobots): a frontier a sensed robot
 * is clearly nearer to is left to it (MinPos-style dispersion; the search is cededFrontierSearch.ts),
 * and a robot close ahead makes this one stop and turn away (right when head-on). Collisions back the robot off and replan; three on
 * one target, or `stuckS` without progress, abandon it.
 *
 * cme, tnf, ssb, lvd and minotaur run on this controller with a TargetStrategy that chooses their
 * targets (and sends their messages; ssb's and lvd's targets are tiles, Minotaur's sometimes a
 * point past a doorway, not frontiers); tnf also turns on the step-aside and hard-reset options after collisions.
 */
// hypot2: Math.hypot's values without its per-call garbage (these run per robot per tick).
import { hypot2, wrapAngle } from '@swarmgate/protocols';
import type { Controller, NearbyRobot, Pose, Robot, RobotState } from '../Robot.js';
import { SlamCell, type CellXY, type SlamMapView } from '../SlamMapView.js';
import { DEFAULT_TICK_S, type AlgorithmContext, type AlgorithmInfo } from './AlgorithmInfo.js';
import { CededFrontierSearch } from './cededFrontierSearch.js';
import { broadcastMap, mergeHeardMaps } from './mapSharing.js';
import { pickAsideCell } from './stepAside.js';

type Phase = 'plan' | 'follow' | 'backoff' | 'aside' | 'done';

/** What TargetStrategy.choose returns to stand still and be asked again next tick (an auction in progress). */
export const WAIT_FOR_TARGET = -2;

/**
 * How a controller built on this one (cme, tnf, ssb, lvd, minotaur) chooses targets in place of the nearest
 * frontier; planning the path, following it, collisions and blacklisting stay here.
 */
export interface TargetStrategy {
  /**
   * Called first every tick (read messages, send its own). True: drop the current target and
   * choose again, at once even when none was left (a new assignment).
   */
  beforeTick(robot: Robot, state: RobotState, targetIndex: number): boolean;
  /**
   * A reachable cell index to go to from cell index `from` (a frontier, unless the strategy says
   * otherwise through stillWanted), -1 for none, or WAIT_FOR_TARGET; never one `skip` rejects (blacklisted).
   */
  choose(map: SlamMapView, from: number, state: RobotState, skip: (index: number) => boolean): number;
  /** A new target was chosen and a path to it found. */
  targetChosen?(robot: Robot, state: RobotState, targetIndex: number): void;
  /**
   * For targets that are not frontiers (ssb's and lvd's tiles, Minotaur's point past a doorway):
   * false once the target needs no visit. Default: it is still a frontier.
   */
  stillWanted?(map: SlamMapView, targetIndex: number): boolean;
  /** The robot arrived at the target; false (the default) blacklists it, as a frontier whose unknown side cannot be seen from it. */
  reached?(targetIndex: number): boolean;
  /**
   * The target is given up (no path, no progress, collisions); true takes it back (Minotaur's
   * point past a doorway), false (the default) blacklists it and its neighbourhood.
   */
  abandoned?(targetIndex: number): boolean;
}

/** What a controller built on this one adds to the `frontier` parameters (all off by default). */
export interface FrontierControllerOptions {
  readonly strategy?: TargetStrategy;
  /** After backing off from a collision, drive this long to a random clear neighbouring cell (MAES's TNF); 0 = off. */
  readonly stepAsideS?: number;
  /** Touching something this long without a break abandons the target (MAES's TNF hard reset); 0 = off. */
  readonly hardResetS?: number;
}

/** Frontier searches tried per tick before waiting for the next tick (bounds one tick's cost). */
const PLAN_ATTEMPTS_PER_TICK = 3;
/** Around an abandoned target this far is also blacklisted, so its neighbours are not tried one by one. */
const BLACKLIST_RADIUS_M = 1;
/** Headings off by more than this turn in place before driving. */
const TURN_IN_PLACE_RAD = Math.PI / 3;
const COLLISIONS_BEFORE_GIVING_UP = 3;
/** Robots closer than giveWayM within this half-angle of the heading are in the way. */
const GIVE_WAY_CONE_RAD = Math.PI / 4;
/** A robot within this bearing of dead ahead is met head-on. */
const HEAD_ON_RAD = Math.PI / 18;
const NO_ROBOTS: readonly NearbyRobot[] = [];
/** A sensed robot this close (centres; MAES-class bodies are 0.6 m wide) is what we bumped into. */
const CONTACT_M = 0.8;
/** Less gain than this towards the target does not count as progress. */
const PROGRESS_M = 0.1;
/** Stepping aside turns in place until heading within this of the cell, so the short drive stays in the clear cells. */
const ASIDE_TURN_RAD = Math.PI / 9;

export class FrontierExplorerController implements Controller {
  private phase: Phase = 'plan';
  private readonly blacklist = new Set<number>();
  private path = new Int32Array(64);
  private pathLength = 0;
  private cursor = 0;
  private targetIndex = -1;
  /** Map revision at which the remaining path was last checked clear. */
  private checkedRevision = -1;
  private bestRemainingM = Number.POSITIVE_INFINITY;
  private lastProgressTick = 0;
  private targetCollisions = 0;
  private backoffTicksLeft = 0;
  private recheckAtTick = 0;
  private mapWidth = 0;
  private mapHeight = 0;
  private mapCellSizeM = 1;
  // Built once: the flood fill calls it for candidate goals only, in BFS order.
  private readonly skipGoal = (index: number): boolean => this.blacklist.has(index);
  /** The search when other robots are sensed (their positions noted at planning time). */
  private readonly cededSearch = new CededFrontierSearch(this.blacklist);

  private readonly speedMps: number;
  private readonly turnRateRadps: number;
  private readonly headingGainPerS: number;
  private readonly lookaheadM: number;
  private readonly arriveM: number;
  private readonly giveWayM: number;
  private readonly contactM: number;
  private readonly yieldFrontiers: boolean;
  private readonly cedeMarginM: number;
  private readonly cedeSearchM: number;
  private readonly wallPenaltyM: number;
  private readonly wallClearanceM: number;
  private readonly bodyRadiusM: number;
  private readonly stuckTicks: number;
  private readonly backoffTicks: number;
  private readonly recheckTicks: number;
  private readonly shareEveryTicks: number;
  private readonly shareOffset: number;
  private readonly maxVisits: number;

  private readonly strategy: TargetStrategy | undefined;
  private readonly rng: AlgorithmContext['rng'];
  private readonly tickS: number;
  private readonly stepAsideTicks: number;
  private readonly hardResetTicks: number;
  private asideIndex = -1;
  private asideTicksLeft = 0;
  private touchingTicks = 0;

  constructor(context: AlgorithmContext, options: FrontierControllerOptions = {}) {
    const p = context.params;
    this.strategy = options.strategy;
    this.rng = context.rng;
    this.speedMps = p.speedMps;
    this.turnRateRadps = p.turnRateRadps;
    this.headingGainPerS = p.headingGainPerS;
    this.lookaheadM = p.lookaheadM;
    this.arriveM = p.arriveM;
    this.giveWayM = p.giveWayM;
    this.contactM = CONTACT_M;
    this.yieldFrontiers = p.cedeMarginM >= 0;
    this.cedeMarginM = p.cedeMarginM;
    this.cedeSearchM = p.cedeSearchM > 0 ? p.cedeSearchM : Number.POSITIVE_INFINITY;
    this.wallPenaltyM = p.wallPenaltyM;
    this.wallClearanceM = p.wallClearanceM;
    this.bodyRadiusM = p.bodyRadiusM;
    // Durations are given in seconds and counted in the trial's logic ticks.
    const tickS = context.tickS ?? DEFAULT_TICK_S;
    const ticks = (seconds: number): number => Math.max(1, Math.round(seconds / tickS));
    this.stuckTicks = ticks(p.stuckS);
    this.backoffTicks = ticks(p.backoffS);
    this.recheckTicks = ticks(p.recheckS);
    this.shareEveryTicks = p.shareEveryS > 0 ? ticks(p.shareEveryS) : 0;
    // Robots share on different ticks so a swarm's merges spread over time.
    this.shareOffset = this.shareEveryTicks > 0 ? context.robotIndex % this.shareEveryTicks : 0;
    this.maxVisits = p.maxSearchCells > 0 ? p.maxSearchCells : Number.POSITIVE_INFINITY;
    this.tickS = tickS;
    const { stepAsideS = 0, hardResetS = 0 } = options;
    this.stepAsideTicks = stepAsideS > 0 ? ticks(stepAsideS) : 0;
    this.hardResetTicks = hardResetS > 0 ? ticks(hardResetS) : 0;
  }

  /** True once no reachable frontier remains (until a re-check finds one). */
  get done(): boolean {
    return this.phase === 'done';
  }

  tick(robot: Robot): void {
    const state = robot.state();
    const map = robot.map;
    this.mapWidth = map.width;
    this.mapHeight = map.height;
    this.mapCellSizeM = map.cellSizeM;
    if (this.shareEveryTicks > 0) this.shareMaps(robot, state);
    const replan = this.strategy !== undefined && this.strategy.beforeTick(robot, state, this.targetIndex);
    if (replan && this.phase === 'follow') this.phase = 'plan';

    this.touchingTicks = state.collision.touching ? this.touchingTicks + 1 : 0;
    if (this.hardResetTicks > 0 && this.touchingTicks >= this.hardResetTicks && this.phase !== 'done') {
      // Stuck against something: give the target up and start over from here.
      this.touchingTicks = 0;
      if (this.targetIndex >= 0) this.abandonTarget();
      this.phase = 'plan';
    } else if (state.collision.started && this.phase !== 'done') {
      this.onCollision(robot, state);
      return;
    }
    if (this.phase === 'backoff') {
      if (--this.backoffTicksLeft > 0) return;
      this.phase = this.stepAsideTicks > 0 ? 'aside' : 'plan';
      this.asideIndex = -1;
    }
    const here = cellIndexAt(map, state.pose.xM, state.pose.yM);
    if (here < 0) {
      robot.stop();
      return;
    }
    if (this.phase === 'aside') {
      if (this.stepAside(robot, map, state, here)) return;
      this.phase = 'plan';
    }
    if (this.phase === 'done') {
      if (state.tick < this.recheckAtTick && !replan) return;
      this.blacklist.clear();
      this.phase = 'plan';
    }
    if (this.phase === 'follow' && !this.targetStillValid(map)) this.phase = 'plan';
    if (this.phase === 'plan' && !this.plan(robot, map, state, here)) return;
    this.follow(robot, map, state);
  }

  private onCollision(robot: Robot, state: RobotState): void {
    if (this.phase === 'backoff' || this.phase === 'aside') {
      // Backed or stepped into something too: stop and plan from here.
      robot.stop();
      this.phase = 'plan';
      return;
    }
    // Bumped into a robot (one sensed within contact distance): move away from it; the target
    // is not to blame. Otherwise a wall: reverse, and count it against the target.
    let contactBearingRad = Number.NaN;
    let contactDistanceM = this.contactM;
    const nearby = state.nearbyRobots;
    for (let i = 0; i < nearby.length; i++) {
      if (nearby[i].distanceM < contactDistanceM) {
        contactDistanceM = nearby[i].distanceM;
        contactBearingRad = nearby[i].bearingRad;
      }
    }
    let direction = -1;
    if (Number.isNaN(contactBearingRad)) {
      if (++this.targetCollisions >= COLLISIONS_BEFORE_GIVING_UP && this.targetIndex >= 0) this.abandonTarget();
    } else if (Math.abs(contactBearingRad) > Math.PI / 2) {
      direction = 1;
    }
    robot.setVelocity(direction * 0.5 * this.speedMps, 0);
    this.backoffTicksLeft = this.backoffTicks;
    this.phase = 'backoff';
  }

  /**
   * Find a target and a path to it; false when there is none this tick. Frontiers another sensed
   * robot is clearly nearer to are left to it (MinPos-style dispersion, Euclidean), unless that
   * leaves nothing.
   */
  private plan(robot: Robot, map: SlamMapView, state: RobotState, here: number): boolean {
    const tick = state.tick;
    const from = { x: here % map.width, y: Math.floor(here / map.width) };
    this.noteOtherRobots(map, state);
    for (let attempt = 0; attempt < PLAN_ATTEMPTS_PER_TICK; attempt++) {
      const goalIndex = this.chooseGoal(map, from, state, here);
      if (goalIndex === WAIT_FOR_TARGET) break;
      if (goalIndex < 0) {
        robot.stop();
        this.phase = 'done';
        this.targetIndex = -1;
        this.recheckAtTick = tick + this.recheckTicks;
        return false;
      }
      const goal = { x: goalIndex % map.width, y: Math.floor(goalIndex / map.width) };
      const cells = map.path(from, goal, {
        wallPenaltyCells: this.wallPenaltyM / map.cellSizeM,
        wallClearanceCells: clearanceCells(this.wallClearanceM, map.cellSizeM),
        blockedNearWallCells: Math.max(0, Math.floor((this.bodyRadiusM - map.cellSizeM / 2) / map.cellSizeM)),
      });
      if (cells === null) {
        this.targetIndex = goalIndex;
        this.abandonTarget();
        continue;
      }
      if (cells.length > this.path.length) this.path = new Int32Array(cells.length * 2);
      for (let i = 0; i < cells.length; i++) this.path[i] = cells[i].y * map.width + cells[i].x;
      this.pathLength = cells.length;
      this.cursor = 0;
      this.checkedRevision = map.revision;
      if (goalIndex !== this.targetIndex) {
        // A replan towards the same target (after a collision, a blocked path) keeps its
        // collision count and progress clock, so a target that cannot be reached is given up.
        this.targetIndex = goalIndex;
        this.bestRemainingM = Number.POSITIVE_INFINITY;
        this.lastProgressTick = tick;
        this.targetCollisions = 0;
        this.strategy?.targetChosen?.(robot, state, goalIndex);
      }
      this.phase = 'follow';
      return true;
    }
    robot.setVelocity(0, 0);
    return false;
  }

  /** The strategy's target, else the nearest frontier (not ceded to a sensed robot); -1: none. */
  private chooseGoal(map: SlamMapView, from: CellXY, state: RobotState, here: number): number {
    if (this.strategy !== undefined) return this.strategy.choose(map, here, state, this.skipGoal);
    const goal =
      this.cededSearch.geometry.count > 0
        ? this.cededSearch.find(map, from, this.maxVisits)
        : map.nearestFrontier(from, { skip: this.skipGoal, maxVisits: this.maxVisits });
    return goal === null ? -1 : goal.y * map.width + goal.x;
  }

  /** Record where the sensed robots are (map cell units) for the ceded search. */
  private noteOtherRobots(map: SlamMapView, state: RobotState): void {
    const nearby = this.yieldFrontiers ? state.nearbyRobots : NO_ROBOTS;
    const g = this.cededSearch.geometry;
    if (g.others.length < 2 * nearby.length) g.others = new Float64Array(4 * nearby.length);
    const { xM, yM, headingRad } = state.pose;
    g.selfX = (xM - map.originM.x) / map.cellSizeM;
    g.selfY = (yM - map.originM.y) / map.cellSizeM;
    for (let i = 0; i < nearby.length; i++) {
      const r = nearby[i];
      const a = headingRad + r.bearingRad;
      g.others[2 * i] = g.selfX + (r.distanceM * Math.cos(a)) / map.cellSizeM;
      g.others[2 * i + 1] = g.selfY + (r.distanceM * Math.sin(a)) / map.cellSizeM;
    }
    g.count = nearby.length;
    g.marginCells = this.cedeMarginM / map.cellSizeM;
    // A BFS step is one cell, diagonals included.
    this.cededSearch.stepsPastNearest = this.cedeSearchM / map.cellSizeM;
  }

  /** The target is still wanted (a frontier, by default) and no remaining waypoint has turned solid. */
  private targetStillValid(map: SlamMapView): boolean {
    const w = map.width;
    const wanted =
      this.strategy?.stillWanted !== undefined
        ? this.strategy.stillWanted(map, this.targetIndex)
        : map.isFrontier(this.targetIndex % w, Math.floor(this.targetIndex / w));
    if (!wanted) return false;
    if (map.revision === this.checkedRevision) return true;
    for (let i = Math.max(1, this.cursor); i < this.pathLength; i++) {
      const index = this.path[i];
      if (map.cellAt(index % w, Math.floor(index / w)) !== SlamCell.Open) return false;
    }
    this.checkedRevision = map.revision;
    return true;
  }

  /** Pure pursuit: steer at the first waypoint at least lookaheadM away. */
  private follow(robot: Robot, map: SlamMapView, state: RobotState): void {
    const { xM, yM, headingRad } = state.pose;
    const w = map.width;
    const half = 0.5 * map.cellSizeM;
    let dx: number;
    let dy: number;
    let distM: number;
    for (;;) {
      const index = this.path[this.cursor];
      const wx = index % w;
      const wy = Math.floor(index / w);
      // Aim half a cell away from solid 4-neighbours: cell centres lie a quarter tile off the
      // middle of a one-tile corridor, where a 0.6-tile robot would scrape the wall.
      const awayX = (map.cellAt(wx - 1, wy) === SlamCell.Solid ? 1 : 0) - (map.cellAt(wx + 1, wy) === SlamCell.Solid ? 1 : 0);
      const awayY = (map.cellAt(wx, wy - 1) === SlamCell.Solid ? 1 : 0) - (map.cellAt(wx, wy + 1) === SlamCell.Solid ? 1 : 0);
      dx = map.originM.x + wx * map.cellSizeM + half * (1 + awayX) - xM;
      dy = map.originM.y + wy * map.cellSizeM + half * (1 + awayY) - yM;
      distM = hypot2(dx, dy);
      if (distM >= this.lookaheadM || this.cursor === this.pathLength - 1) break;
      // Aim further along only while the straight line there keeps off walls; otherwise the
      // robot would cut the corner the path bends around. A reached waypoint is always passed.
      if (distM > this.arriveM && !segmentKeepsOffWalls(map, state.pose, this.path[this.cursor + 1], clearanceCells(this.wallClearanceM, map.cellSizeM))) break;
      this.cursor++;
    }
    const last = this.cursor === this.pathLength - 1;
    if (last && distM < this.arriveM) {
      // A strategy's own target (a tile) is done once reached; a target still a frontier on
      // arrival has an unknown side that cannot be seen from here.
      if (this.strategy?.reached?.(this.targetIndex) === true) this.targetIndex = -1;
      else this.abandonTarget();
      this.phase = 'plan';
      robot.setVelocity(0, 0);
      return;
    }
    const remainingM = (this.pathLength - 1 - this.cursor) * map.cellSizeM + distM;
    if (remainingM < this.bestRemainingM - PROGRESS_M) {
      this.bestRemainingM = remainingM;
      this.lastProgressTick = state.tick;
    } else if (state.tick - this.lastProgressTick > this.stuckTicks) {
      this.abandonTarget();
      this.phase = 'plan';
      robot.setVelocity(0, 0);
      return;
    }
    const errorRad = wrapAngle(Math.atan2(dy, dx) - headingRad);
    const linear = Math.abs(errorRad) > TURN_IN_PLACE_RAD ? 0 : this.speedMps * Math.cos(errorRad);
    if (linear > 0 && this.giveWay(robot, state)) return;
    const angular = Math.max(-this.turnRateRadps, Math.min(this.turnRateRadps, this.headingGainPerS * errorRad));
    robot.setVelocity(linear, angular);
  }

  /**
   * Drive to a random clear neighbouring cell, chosen when the step starts; false once there, out
   * of time, or when no neighbour is clear.
   */
  private stepAside(robot: Robot, map: SlamMapView, state: RobotState, here: number): boolean {
    if (this.asideIndex < 0) {
      this.asideIndex = pickAsideCell(map, here, this.rng);
      this.asideTicksLeft = this.stepAsideTicks;
    }
    if (this.asideIndex < 0 || this.asideTicksLeft-- <= 0) return false;
    const w = map.width;
    const { xM, yM, headingRad } = state.pose;
    const dx = map.originM.x + ((this.asideIndex % w) + 0.5) * map.cellSizeM - xM;
    const dy = map.originM.y + (Math.floor(this.asideIndex / w) + 0.5) * map.cellSizeM - yM;
    const distM = hypot2(dx, dy);
    if (distM < 0.5 * this.arriveM) return false;
    const errorRad = wrapAngle(Math.atan2(dy, dx) - headingRad);
    const angular = Math.max(-this.turnRateRadps, Math.min(this.turnRateRadps, this.headingGainPerS * errorRad));
    const linear = Math.abs(errorRad) > ASIDE_TURN_RAD ? 0 : Math.min(this.speedMps * Math.cos(errorRad), distM / this.tickS);
    robot.setVelocity(linear, angular);
    return true;
  }

  /**
   * Another robot close ahead: stop and turn away from it (to the right when it is dead ahead,
   * so two robots meeting head-on both veer right and pass). True when it took the wheel.
   */
  private giveWay(robot: Robot, state: RobotState): boolean {
    const nearby = state.nearbyRobots;
    for (let i = 0; i < nearby.length; i++) {
      const other = nearby[i];
      if (other.distanceM >= this.giveWayM || Math.abs(other.bearingRad) > GIVE_WAY_CONE_RAD) continue;
      const awayRad = other.bearingRad > HEAD_ON_RAD ? -1 : other.bearingRad < -HEAD_ON_RAD ? 1 : -1;
      robot.setVelocity(0, awayRad * 0.5 * this.turnRateRadps);
      return true;
    }
    return false;
  }

  /** Blacklist the target and the cells around it (unless the strategy takes it back), and drop it. */
  private abandonTarget(): void {
    if (this.strategy?.abandoned?.(this.targetIndex) === true) {
      this.targetIndex = -1;
      return;
    }
    const w = this.mapWidth;
    const tx = this.targetIndex % w;
    const ty = Math.floor(this.targetIndex / w);
    const r = Math.round(BLACKLIST_RADIUS_M / this.mapCellSizeM);
    for (let y = Math.max(0, ty - r); y <= Math.min(this.mapHeight - 1, ty + r); y++) {
      for (let x = Math.max(0, tx - r); x <= Math.min(w - 1, tx + r); x++) {
        this.blacklist.add(y * w + x);
      }
    }
    this.targetIndex = -1;
  }

  /** Broadcast this map on this robot's sharing ticks; merge every map heard. */
  private shareMaps(robot: Robot, state: RobotState): void {
    mergeHeardMaps(robot, state);
    if (state.tick % this.shareEveryTicks === this.shareOffset) broadcastMap(robot);
  }
}

/** Cells of size cellSizeM that span clearanceM (at least one: the 8-neighbourhood). */
function clearanceCells(clearanceM: number, cellSizeM: number): number {
  return Math.max(1, Math.round(clearanceM / cellSizeM));
}

/**
 * True when every cell under the segment from `from` to the centre of cell `index`, sampled
 * every half cell, is open and has no solid cell within `r` cells (Chebyshev). Allocation-free;
 * takes the pose, not its coordinates: doubles passed to a call that is not inlined are boxed.
 */
function segmentKeepsOffWalls(map: SlamMapView, from: Pose, index: number, r: number): boolean {
  const { xM, yM } = from;
  const w = map.width;
  const cs = map.cellSizeM;
  const gx = (index % w) + 0.5;
  const gy = Math.floor(index / w) + 0.5;
  const sx = (xM - map.originM.x) / cs;
  const sy = (yM - map.originM.y) / cs;
  const samples = Math.ceil(2 * hypot2(gx - sx, gy - sy));
  for (let k = 1; k <= samples; k++) {
    const cx = Math.floor(sx + ((gx - sx) * k) / samples);
    const cy = Math.floor(sy + ((gy - sy) * k) / samples);
    for (let dy = -r; dy <= r; dy++) {
      for (let dx = -r; dx <= r; dx++) {
        const state = map.cellAt(cx + dx, cy + dy);
        if (state === SlamCell.Solid || (dx === 0 && dy === 0 && state !== SlamCell.Open)) return false;
      }
    }
  }
  return true;
}

/** Index of the map cell containing a world point, or -1 outside. Allocation-free. */
function cellIndexAt(map: SlamMapView, xM: number, yM: number): number {
  const x = Math.floor((xM - map.originM.x) / map.cellSizeM);
  const y = Math.floor((yM - map.originM.y) / map.cellSizeM);
  if (!(x >= 0 && y >= 0 && x < map.width && y < map.height)) return -1;
  return y * map.width + x;
}

/**
 * Parameters for a FrontierExplorerController that a controller built on it (greed, cme, tnf,
 * ssb, lvd) fills: the frontier defaults, overridden by `settings`.
 */
export function frontierParams(settings: Readonly<Record<string, number>>): Record<string, number> {
  const params: Record<string, number> = {};
  for (const p of frontierExploration.parameters) params[p.name] = p.default;
  return { ...params, ...settings };
}

export const frontierExploration: AlgorithmInfo = {
  name: 'frontier',
  summary:
    'Nearest-frontier exploration: BFS to the nearest reachable frontier on the own SLAM map (left to sensed robots nearer to it), A* path kept off walls, pure-pursuit following, giving way to robots ahead; optional map sharing.',
  parameters: [
    { name: 'speedMps', unit: 'm/s', default: 2, min: 0.05, max: 100, doc: 'Cruise speed (clamped to the robot limit).' },
    { name: 'turnRateRadps', unit: 'rad/s', default: 3, min: 0.05, max: 100, doc: 'Largest commanded turn rate.' },
    { name: 'headingGainPerS', unit: '1/s', default: 4, min: 0.1, max: 100, doc: 'Turn rate per radian of heading error.' },
    { name: 'lookaheadM', unit: 'm', default: 1, min: 0.1, max: 20, doc: 'Pure-pursuit lookahead along the path.' },
    { name: 'arriveM', unit: 'm', default: 0.4, min: 0.05, max: 10, doc: 'Distance at which the last waypoint counts as reached.' },
    {
      name: 'giveWayM',
      unit: 'm',
      default: 1.1,
      min: 0,
      max: 20,
      doc: 'Stop and turn away when another robot is this close ahead (centre to centre); 0 = never.',
    },
    {
      name: 'cedeMarginM',
      unit: 'm',
      default: 1,
      min: -1,
      max: 1000,
      doc: 'Leave a frontier to a sensed robot nearer to it by more than this; -1 = never (plain nearest frontier).',
    },
    {
      name: 'cedeSearchM',
      unit: 'm',
      default: 10,
      min: 0,
      max: 1000,
      doc: 'Look for a frontier not left to others at most this far (path steps) beyond the nearest frontier, else take the nearest; 0 = no bound (search all it can reach).',
    },
    {
      name: 'wallClearanceM',
      unit: 'm',
      default: 0.5,
      min: 0,
      max: 10,
      doc: 'A* penalises SLAM cells with a wall this close (at least the 8 neighbours), and pure pursuit aims only along lines this far off walls.',
    },
    {
      name: 'bodyRadiusM',
      unit: 'm',
      default: 0.3,
      min: 0,
      max: 10,
      doc: "The robot's body radius (MAES robot: 0.3): A* never enters a SLAM cell whose centre is nearer a wall than about this, so a gap narrower than the body is no path (no effect on 1 m maps, whose 0.5 m SLAM cells are coarser).",
    },
    {
      name: 'wallPenaltyM',
      unit: 'm',
      default: 1,
      min: 0,
      max: 100,
      doc: 'A* extra cost (as path length) of a cell within wallClearanceM of a wall, keeping the robot body off walls.',
    },
    {
      name: 'stuckS',
      unit: 's',
      default: 4,
      min: 0.01,
      max: 10000,
      doc: 'Abandon a target after this long without progress (rounded to logic ticks, at least one).',
    },
    { name: 'backoffS', unit: 's', default: 0.4, min: 0.01, max: 100, doc: 'Reverse this long after a collision, then replan.' },
    { name: 'recheckS', unit: 's', default: 5, min: 0.01, max: 10000, doc: 'When no frontier remains, look again this often (blacklist cleared).' },
    {
      name: 'shareEveryS',
      unit: 's',
      default: 0,
      min: 0,
      max: 10000,
      doc: 'Broadcast the SLAM map this often (rounded to logic ticks) and merge maps heard; 0 = off. A map over MAX_BROADCAST_PAYLOAD_BYTES (32 KiB, about 130,000 SLAM cells packed) is not sent.',
    },
    { name: 'maxSearchCells', unit: 'cells', default: 0, min: 0, max: 1e9, integer: true, doc: 'Cap on cells a frontier search visits; 0 = no cap.' },
  ],
  create: (context) => new FrontierExplorerController(context),
};
