/**
 * Controllers on several threads (config.workers above 1 and config.controllerThreads, a trial of
 * a registered algorithm):
 * each robot's controller is made from the registry on one thread, robot slot mod threads (0: the
 * main thread), and never moves, so its private state stays where it is. Per tick the main
 * thread builds every such robot's State (its scan aside: every thread reads it from the lidar's
 * shared ranges), each thread runs its robots' controllers in slot order (a turn each), and the
 * main thread applies the turns' outcomes in slot order: latched commands, broadcasts, tags,
 * clamps, errors. A controller sees only its State and its own SLAM map (shared memory, counters
 * included) and its actions only latch, so the outcome is one thread's, whatever the split.
 *
 * The one difference: the trial-wide tag budget (MAX_TAGS_TOTAL) is checked, inside depositTag,
 * against the tags of the trial when the run began and those of the robots on the same thread;
 * a deposit that the robots of other threads pushed past the budget is refused when the turns
 * are applied (the robot's controller error), not inside depositTag. No registered algorithm
 * deposits tags.
 */
import {
  createClampWarnings,
  type ActionLimits,
  type AlgorithmInfo,
  type Controller,
  type InboxMessage,
  type LidarScan,
  type NearbyRobot,
  type NearbyTag,
  type RobotState,
  type RobotStatus,
  type SlamMapView,
} from '@swarmgate/sdk';
import { Random, SwarmgateError as CodedError } from '@swarmgate/protocols';
import { SwarmgateError } from '../errors.js';
import { actionCodeOf, LatchingRobot, statusOf } from './LatchingRobot.js';
import { Latch } from './RobotTable.js';

/** The registered algorithm a trial's robots run, as any thread can make their controllers from it. */
export interface ControllerRecipe {
  /** A registered algorithm's name (findAlgorithm). */
  readonly algorithm: string;
  /** Every declared parameter, resolved. */
  readonly params: Readonly<Record<string, number>>;
  readonly seed: number;
  readonly robotCount: number;
  readonly tileSizeM: number;
  readonly tickS: number;
  readonly limits: ActionLimits;
  readonly wheelBaseM: number;
}

/**
 * A thread's share of one tick's control phase: its robots' turns, each State packed in numbers
 * (a structured clone of typed arrays is a copy; of a thousand States' objects and id strings,
 * milliseconds a tick on each side).
 */
export interface ControlRun {
  readonly tick: number;
  /** Tags in the trial when the run began. */
  readonly tagCount: number;
  /** ROW numbers per turn, in slot order (the slots below). */
  readonly rows: Float64Array;
  /** Every turn's nearby robots: slot, distance, bearing. */
  readonly nearby: Float64Array;
  /** The turns whose State holds messages or tags, with them. */
  readonly extras: readonly TurnExtras[];
}

interface TurnExtras {
  readonly turn: number;
  readonly inbox: readonly InboxMessage[];
  readonly nearbyTags: readonly NearbyTag[];
}

/** A turn's row: the robot, its controller's context, and its State's numbers. */
const SLOT = 0;
const ROBOT_INDEX = 1;
const TAGS_DEPOSITED = 2;
const X = 3;
const Y = 4;
const HEADING = 5;
const STATUS = 6;
const STARTED = 7;
const TOUCHING = 8;
const NEARBY_AT = 9;
const NEARBY_COUNT = 10;
const DROPPED_INBOX = 11;
const DROPPED_TAGS = 12;
const DROPPED_NEARBY = 13;
const BATTERY = 14;
const ROW = 15;

/** Packs turns into a ControlRun (the main thread, per thread per tick). */
export class ControlRunBuilder {
  private readonly rows: number[] = [];
  private readonly nearby: number[] = [];
  private readonly extras: TurnExtras[] = [];

  get turns(): number {
    return this.rows.length / ROW;
  }

  /** Robot `slot`'s turn: `state` (its scan is not sent), with `slotOf` giving a nearby robot's slot. */
  add(slot: number, robotIndex: number, tagsDeposited: number, state: RobotState, slotOf: (id: string) => number): void {
    const turn = this.turns;
    const near = state.nearbyRobots;
    const dropped = state.dropped;
    this.rows.push(
      slot,
      robotIndex,
      tagsDeposited,
      state.pose.xM,
      state.pose.yM,
      state.pose.headingRad,
      actionCodeOf(state.status),
      state.collision.started ? 1 : 0,
      state.collision.touching ? 1 : 0,
      this.nearby.length / 3,
      near.length,
      dropped?.inbox ?? 0,
      dropped?.nearbyTags ?? 0,
      dropped?.nearbyRobots ?? 0,
      state.batteryFraction ?? Number.NaN,
    );
    for (const r of near) this.nearby.push(slotOf(r.id), r.distanceM, r.bearingRad);
    if (state.inbox.length > 0 || state.nearbyTags.length > 0) this.extras.push({ turn, inbox: state.inbox, nearbyTags: state.nearbyTags });
  }

  build(tick: number, tagCount: number): ControlRun {
    return { tick, tagCount, rows: Float64Array.from(this.rows), nearby: Float64Array.from(this.nearby), extras: this.extras };
  }
}

/** Turn `k` of `run`'s State, built anew (every backend's state() hands out a fresh copy). */
function stateOf(run: ControlRun, k: number, extras: TurnExtras | undefined, ids: readonly string[], scan: LidarScan | null): RobotState {
  const r = run.rows;
  const at = k * ROW;
  const count = r[at + NEARBY_COUNT];
  const nearbyRobots: NearbyRobot[] = new Array<NearbyRobot>(count);
  for (let n = 0, p = 3 * r[at + NEARBY_AT]; n < count; n++, p += 3) {
    nearbyRobots[n] = { id: ids[run.nearby[p]] as string, distanceM: run.nearby[p + 1], bearingRad: run.nearby[p + 2] };
  }
  const dropped = { inbox: r[at + DROPPED_INBOX], nearbyTags: r[at + DROPPED_TAGS], nearbyRobots: r[at + DROPPED_NEARBY] };
  const battery = r[at + BATTERY];
  return {
    tick: run.tick,
    pose: { xM: r[at + X], yM: r[at + Y], headingRad: r[at + HEADING] },
    status: statusOf(r[at + STATUS]),
    collision: { started: r[at + STARTED] === 1, touching: r[at + TOUCHING] === 1 },
    scan: scan && { ...scan, rangesM: scan.rangesM.slice() },
    nearbyRobots,
    inbox: extras ? extras.inbox.map((m) => ({ from: m.from, sentTick: m.sentTick, payload: m.payload.slice() })) : [],
    nearbyTags: extras ? extras.nearbyTags.map((t) => ({ ...t, payload: t.payload.slice() })) : [],
    batteryFraction: Number.isNaN(battery) ? null : battery,
    ...(dropped.inbox + dropped.nearbyTags + dropped.nearbyRobots > 0 ? { dropped } : {}),
  };
}

/** A controller's exception, as it crosses threads. */
export interface TurnError {
  readonly message: string;
  readonly code: string | null;
  readonly stack: string | null;
}

/** What a robot's controller did in its turn, applied by the main thread in slot order. */
export interface TurnOutcome {
  readonly slot: number;
  /** The latched command (Latch.None: none) and its arguments. */
  latch: number;
  latchA: number;
  latchB: number;
  readonly broadcasts: Uint8Array[];
  readonly tags: Uint8Array[];
  clamps: number;
  lastClamped: string | null;
  error: TurnError | null;
}

/** The lidar geometry and shared ranges a turn's scan is read from. */
export interface ScanSource {
  readonly angleIncrementRad: number;
  readonly rangeM: number;
  readonly rayCount: number;
  /** Every robot's ranges (walls and robots), rayCount per slot. */
  ranges(): Float32Array;
}

/** A lidar's scans as a ScanSource (its ranges buffer is replaced when it grows: read it per turn). */
export function lidarScans(lidar: {
  readonly angleIncrementRad: number;
  readonly rangeM: number;
  readonly rayCount: number;
  readonly rangesM: Float32Array;
}): ScanSource {
  return { angleIncrementRad: lidar.angleIncrementRad, rangeM: lidar.rangeM, rayCount: lidar.rayCount, ranges: () => lidar.rangesM };
}

/** The Error a TurnError stands for, on the main thread (a SwarmgateError keeps its code). */
export function errorOf(error: TurnError): Error {
  const made = error.code !== null ? new CodedError(error.code, error.message.replace(`${error.code}: `, '')) : new Error(error.message);
  if (error.stack !== null) made.stack = error.stack;
  return made;
}

function turnError(error: unknown): TurnError {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return { message: error.message, code: typeof code === 'string' ? code : null, stack: error.stack ?? null };
  }
  return { message: String(error), code: null, stack: null };
}

/** The Robot a thread's controller holds: its turn's State, its own map, and actions kept for the main thread. */
class TurnRobot extends LatchingRobot {
  private run: ControlRun | null = null;
  private turn = -1;
  private extras: TurnExtras | undefined = undefined;
  private scan: LidarScan | null = null;
  private out: TurnOutcome | null = null;

  constructor(
    readonly id: string,
    readonly map: SlamMapView,
    recipe: ControllerRecipe,
    private readonly seats: ControllerSeats,
    private readonly warnings = createClampWarnings(),
  ) {
    super({ limits: recipe.limits, clampWarnings: warnings, wheelBaseM: recipe.wheelBaseM });
  }

  begin(run: ControlRun, turn: number, extras: TurnExtras | undefined, scan: LidarScan | null): TurnOutcome {
    this.run = run;
    this.turn = turn;
    this.extras = extras;
    this.scan = scan;
    this.warnings.count = 0;
    this.warnings.lastArgument = null;
    this.out = {
      slot: run.rows[turn * ROW + SLOT],
      latch: Latch.None,
      latchA: 0,
      latchB: 0,
      broadcasts: [],
      tags: [],
      clamps: 0,
      lastClamped: null,
      error: null,
    };
    return this.out;
  }

  end(): void {
    const out = this.outcome();
    out.clamps = this.warnings.count;
    out.lastClamped = this.warnings.lastArgument;
    this.out = this.run = null;
  }

  state(): RobotState {
    return stateOf(this.current(), this.turn, this.extras, this.seats.ids, this.scan);
  }

  protected latched(): number {
    return this.outcome().latch;
  }

  protected currentStatus(): RobotStatus {
    return statusOf(this.row(STATUS));
  }

  protected writeLatch(kind: number, a: number, b: number): void {
    const out = this.outcome();
    out.latch = kind;
    out.latchA = a;
    out.latchB = b;
  }

  protected currentTick(): number {
    return this.current().tick;
  }

  protected broadcastsThisTick(): number {
    return this.outcome().broadcasts.length;
  }

  protected send(bytes: Uint8Array): void {
    this.outcome().broadcasts.push(bytes);
  }

  protected tagsDeposited(): number {
    return this.row(TAGS_DEPOSITED) + this.outcome().tags.length;
  }

  protected tagsInTrial(): number {
    return this.current().tagCount + this.seats.tagsThisRun;
  }

  protected storeTag(bytes: Uint8Array): void {
    this.outcome().tags.push(bytes);
    this.seats.tagsThisRun++;
  }

  private row(field: number): number {
    return this.current().rows[this.turn * ROW + field];
  }

  private current(): ControlRun {
    if (this.run === null) throw new SwarmgateError('SG_ROBOT_OUTSIDE_TICK', `robot ${this.id} was used outside its controller's start() or tick()`);
    return this.run;
  }

  private outcome(): TurnOutcome {
    if (this.out === null) throw new SwarmgateError('SG_ROBOT_OUTSIDE_TICK', `robot ${this.id} was used outside its controller's start() or tick()`);
    return this.out;
  }
}

interface Seat {
  readonly controller: Controller;
  readonly robot: TurnRobot;
  started: boolean;
}

/** One thread's controllers, by robot slot, made from the recipe at a robot's first turn. */
export class ControllerSeats {
  private readonly seats = new Map<number, Seat>();
  /** Every robot's id, by slot (nearby robots name any robot). */
  readonly ids: string[] = [];
  /** Tags deposited by this thread's robots in the current run (the trial-wide budget's share seen here). */
  tagsThisRun = 0;

  constructor(
    private readonly recipe: ControllerRecipe,
    private readonly info: AlgorithmInfo,
    /** Robot `slot`'s SLAM map on this thread. */
    private readonly mapOf: (slot: number) => SlamMapView,
    private readonly scans: ScanSource,
  ) {}

  /** Robots from slot `from` on are named `ids`. */
  setIds(from: number, ids: readonly string[]): void {
    for (let k = 0; k < ids.length; k++) this.ids[from + k] = ids[k] as string;
  }

  /** Runs every turn's controller in order (start first, at a robot's first turn); an exception ends only its own turn. */
  run(run: ControlRun): TurnOutcome[] {
    this.tagsThisRun = 0;
    const turns = run.rows.length / ROW;
    const extras: (TurnExtras | undefined)[] = [];
    for (const e of run.extras) extras[e.turn] = e;
    const outcomes: TurnOutcome[] = [];
    for (let k = 0; k < turns; k++) {
      const slot = run.rows[k * ROW + SLOT];
      const seat = this.seatOf(slot, run.rows[k * ROW + ROBOT_INDEX]);
      const out = seat.robot.begin(run, k, extras[k], this.scanOf(run.tick, slot));
      try {
        if (!seat.started) {
          seat.started = true;
          seat.controller.start?.(seat.robot);
        }
        seat.controller.tick(seat.robot);
      } catch (error) {
        out.error = turnError(error);
      }
      seat.robot.end();
      outcomes.push(out);
    }
    return outcomes;
  }

  /** Robot `slot` left the world: its controller's stop(), then it is forgotten. */
  remove(slot: number): void {
    this.seats.get(slot)?.controller.stop?.();
    this.seats.delete(slot);
  }

  private seatOf(slot: number, robotIndex: number): Seat {
    const found = this.seats.get(slot);
    if (found !== undefined) return found;
    const recipe = this.recipe;
    const id = this.ids[slot] as string;
    const controller = this.info.create({
      seed: recipe.seed,
      // The stream the trial forks for this robot (a fork depends only on the seed and its name).
      rng: Random.fromSeed(recipe.seed).fork(`algorithm:${id}`),
      robotId: id,
      robotIndex,
      robotCount: recipe.robotCount,
      tileSizeM: recipe.tileSizeM,
      tickS: recipe.tickS,
      params: recipe.params,
    });
    const seat: Seat = { controller, robot: new TurnRobot(id, this.mapOf(slot), recipe, this), started: false };
    this.seats.set(slot, seat);
    return seat;
  }

  /** The turn's scan over the shared ranges (a view: they do not change during control; state() copies it). */
  private scanOf(tick: number, slot: number): LidarScan | null {
    if (tick === 0) return null;
    const s = this.scans;
    return {
      angleMinRad: 0,
      angleIncrementRad: s.angleIncrementRad,
      rangeMaxM: s.rangeM,
      rangesM: s.ranges().subarray(slot * s.rayCount, (slot + 1) * s.rayCount),
    };
  }
}
