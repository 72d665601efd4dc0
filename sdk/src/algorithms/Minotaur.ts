/**
 * Minotaur (Schmidt, Sorensen, Beregaard 2024, "The Minotaur Exploration Algorithm"): explore
 * room by room along the walls, mark doorways, finish a room before leaving it through the
 * nearest unexplored doorway, and split a swarm at doorways by auction.
 *
 * Built on the nearest-frontier controller (FrontierExplorer.ts), which keeps the A* path,
 * pure-pursuit follower, collision back-off and deadlock handling; Minotaur chooses the targets
 * (a TargetStrategy), in the paper's order:
 * 1. a doorway it was sent through by an auction (or chose in step 3): drive to a point `passM`
 *    past it;
 * 2. the room: the nearest frontier reachable without crossing a known doorway, those with a wall
 *    within `wallNearM` first (the walls are followed into the unknown, each leg ending at the
 *    robot's vision range; what is left of the room is filled in after them);
 * 3. the nearest unexplored doorway (by path length) of the room, else of the map, passed
 *    through to `passM` beyond it;
 * 4. the nearest frontier anywhere (Greed's rule; the paper's fallback).
 * Doorways (minotaurDoorways.ts) are found in the own SLAM map every `detectS`, within the
 * vision range plus 2 m; a doorway is explored once a robot has crossed it, or when the room
 * beyond it has no frontier left (the paper's "seen from both sides": walking through it would
 * find nothing; without this rule a lone robot took 16 % longer on the coverage study).
 * The auction (minotaurAuction.ts): a robot that finds a new doorway broadcasts it, robots that
 * reach it without crossing another doorway answer with their A* path length (the others stay
 * silent: the paper's NACK), and after `auctionS` the requester sends the ceil(n/2) nearest of
 * the n participants (itself included) through it; alone it finishes its room. Robots that saw a doorway together all announce it: the lowest id's auction stands.
 * A heartbeat every `heartbeatS` carries the SLAM map bytes, the known doorways and the
 * position; everything heard is merged, and a room frontier nearer to a robot heard from is left
 * to it (as long as another remains). All of it travels as real bytes through the radio
 * (minotaurMessages.ts); malformed messages are counted and ignored.
 *
 * Where the paper and MAES's code disagree the paper is followed: deadlock after 2.5 s without
 * progress (the paper's 25 ticks; MAES: a timeout of 5), maps heard are merged on every
 * heartbeat (MAES: only in ticks where two or more arrive, by reference), a robot alone does not
 * go through the doorway it finds (the paper's Algorithm 4 counts the finder among the robots
 * available; MAES's code sends the ceil(n/2) lowest of the n bids it received).
 * Simplified here: wall following is by targets (frontier cells near walls) rather than MAES's
 * wall-line vectors and its spiral around the explored area, and a doorway is one line of cells
 * across a gap (no direction it was seen from).
 */
import { MAX_BROADCAST_PAYLOAD_BYTES, MAX_BROADCASTS_PER_TICK } from '@swarmgate/protocols';
import type { Controller, Robot, RobotState } from '../Robot.js';
import { SlamCell, type CellXY, type SlamMapView } from '../SlamMapView.js';
import { DEFAULT_TICK_S, type AlgorithmContext, type AlgorithmInfo } from './AlgorithmInfo.js';
import { frontierExploration, FrontierExplorerController, frontierParams, type TargetStrategy } from './FrontierExplorer.js';
import { mergeHeardMap } from './mapSharing.js';
import { auctionWinners, type Bid } from './minotaurAuction.js';
import {
  addDoorway,
  detectDoorways,
  doorwayCentre,
  doorwaySide,
  markDoorways,
  pointPast,
  sameDoorway,
  type CellWindow,
  type Doorway,
  type DoorwaySettings,
} from './minotaurDoorways.js';
import { decodeMinotaurMessage, encodeMinotaurMessage, looksLikeMinotaurMessage, type MinotaurMessage } from './minotaurMessages.js';

/** Parameters passed through to the frontier controller unchanged (same name, unit, doc). */
const SHARED = new Set(['speedMps', 'backoffS', 'bodyRadiusM']);
/** A robot within this many cells of a doorway's line, in front of its gap, is passing it. */
const CROSSING_REACH_CELLS = 2;
/** A room frontier is left to a robot heard from that is nearer to it by more than this. */
const CEDE_MARGIN_M = 1;
/**
 * Doorways and walls to follow are looked for this far beyond the vision range (the paper's
 * look-ahead grid is 2 tiles larger than the vision range each way), m.
 */
const LOOK_BEYOND_VISION_M = 2;
/** Vision range assumed before the first scan, m (the study's 7). */
const DEFAULT_VISION_M = 7;
/** Robots heard from longer ago than this many heartbeats are not counted on. */
const TEAMMATE_HEARTBEATS = 2;

interface Teammate {
  xM: number;
  yM: number;
  tick: number;
}

interface Auction {
  readonly id: number;
  readonly doorway: Doorway;
  readonly endsAtTick: number;
  readonly bids: Bid[];
}

export class MinotaurController implements Controller, TargetStrategy {
  private readonly explorer: FrontierExplorerController;
  private readonly known: Doorway[] = [];
  /** Per known doorway: the side of its line this robot was last seen on in front of it (0: not). */
  private sides = new Int8Array(8);
  /** Room boundaries (the known doorways' gaps) for the room's flood fill, rebuilt when they change. */
  private blocked = new Uint8Array(0);
  private blockedCount = -1;
  private assigned = -1;
  private assignedSide = 0;
  /** The cell past the assigned doorway when it is the frontier controller's target, else -1. */
  private waypoint = -1;
  private auction: Auction | null = null;
  private nextAuctionId = 0;
  private replan = false;
  private sentThisTick = 0;
  private malformed = 0;
  private tickNow = 0;
  private detectedRevision = -1;
  private detectedAt = -1;
  private readonly teammates = new Map<string, Teammate>();
  private cellSizeM = 1;
  private visionM = DEFAULT_VISION_M;
  // Scratch of the room search (the flood fill calls roomSkip for candidate goals only).
  private roomMap: SlamMapView | null = null;
  private blacklisted: (index: number) => boolean = () => false;
  private firstRoomFrontier = -1;
  private selfXM = 0;
  private selfYM = 0;
  private readonly roomSkip = (index: number): boolean => {
    if (this.blacklisted(index)) return true;
    if (this.firstRoomFrontier < 0) this.firstRoomFrontier = index;
    return !this.nearWall(index) || this.cededToTeammate(index);
  };

  private readonly robotId: string;
  private readonly multiRobot: boolean;
  private readonly settings: DoorwaySettings;
  private readonly heartbeatTicks: number;
  private readonly heartbeatOffset: number;
  private readonly auctionTicks: number;
  private readonly detectTicks: number;
  private readonly passM: number;
  private readonly wallNearM: number;

  constructor(context: AlgorithmContext) {
    const p = context.params;
    const params = frontierParams({ shareEveryS: 0, stuckS: p.deadlockS, cedeMarginM: -1 });
    for (const name of SHARED) params[name] = p[name];
    this.explorer = new FrontierExplorerController({ ...context, params }, { strategy: this });
    this.robotId = context.robotId;
    this.multiRobot = context.robotCount > 1;
    this.settings = { doorWidthM: p.doorWidthM, wallLineM: p.wallLineM };
    const tickS = context.tickS ?? DEFAULT_TICK_S;
    const ticks = (seconds: number): number => Math.max(1, Math.round(seconds / tickS));
    this.heartbeatTicks = p.heartbeatS > 0 ? ticks(p.heartbeatS) : 0;
    this.heartbeatOffset = this.heartbeatTicks > 0 ? context.robotIndex % this.heartbeatTicks : 0;
    this.auctionTicks = ticks(p.auctionS);
    this.detectTicks = ticks(p.detectS);
    this.passM = p.passM;
    this.wallNearM = p.wallNearM;
  }

  tick(robot: Robot): void {
    this.explorer.tick(robot);
  }

  /** The doorways this robot knows (found or heard of), each once. */
  doorways(): readonly Doorway[] {
    return this.known;
  }

  /** Messages from other robots that started like Minotaur's but did not decode (ignored). */
  malformedMessages(): number {
    return this.malformed;
  }

  /** True once no target remains (until the frontier controller's re-check finds one). */
  get done(): boolean {
    return this.explorer.done;
  }

  beforeTick(robot: Robot, state: RobotState): boolean {
    this.replan = false;
    this.sentThisTick = 0;
    this.tickNow = state.tick;
    const map = robot.map;
    this.cellSizeM = map.cellSizeM;
    this.roomMap = map;
    if (state.scan !== null) this.visionM = state.scan.rangeMaxM;
    for (const message of state.inbox) {
      if (!looksLikeMinotaurMessage(message.payload)) continue;
      const decoded = decodeMinotaurMessage(message.payload);
      if (decoded === null || !this.fitsMap(decoded, map)) this.malformed++;
      else this.hear(robot, message.from, decoded);
    }
    const here = map.worldToCell(state.pose.xM, state.pose.yM);
    if (here !== null) this.noteCrossings(here);
    // The look-ahead window moves with the robot: look again when the map or the robot's cell changed.
    const hereIndex = here === null ? -1 : here.y * map.width + here.x;
    if (state.tick % this.detectTicks === 0 && (map.revision !== this.detectedRevision || hereIndex !== this.detectedAt)) {
      this.detectedAt = hereIndex;
      this.detect(robot, here);
    }
    if (this.auction !== null && state.tick >= this.auction.endsAtTick) this.closeAuction(robot);
    if (this.heartbeatTicks > 0 && state.tick % this.heartbeatTicks === this.heartbeatOffset) this.heartbeat(robot, state);
    return this.replan;
  }

  choose(map: SlamMapView, from: number, _state: RobotState, skip: (index: number) => boolean): number {
    const w = map.width;
    const here = { x: from % w, y: Math.floor(from / w) };
    this.waypoint = -1;
    let past = this.pastAssigned(map);
    if (past === null) {
      const room = this.roomFrontier(map, here, skip);
      if (room !== null) return room.y * w + room.x;
      const door = this.nearestUnexploredDoorway(map, here);
      if (door >= 0) {
        this.assign(door, here);
        past = this.pastAssigned(map);
      }
    }
    if (past !== null) return (this.waypoint = past.y * w + past.x);
    // Greed's rule, the paper's fallback: the nearest frontier anywhere.
    const goal = map.nearestFrontier(here, { skip });
    return goal === null ? -1 : goal.y * w + goal.x;
  }

  /** The point past a doorway is wanted while it is open (a frontier target: while a frontier). */
  stillWanted(map: SlamMapView, targetIndex: number): boolean {
    const x = targetIndex % map.width;
    const y = Math.floor(targetIndex / map.width);
    if (targetIndex !== this.waypoint) return map.isFrontier(x, y);
    if (map.cellAt(x, y) === SlamCell.Open) return true;
    this.dropWaypoint(targetIndex);
    return false;
  }

  reached(targetIndex: number): boolean {
    return this.dropWaypoint(targetIndex);
  }

  abandoned(targetIndex: number): boolean {
    return this.dropWaypoint(targetIndex);
  }

  /**
   * Done with the target: when it is the point past the assigned doorway (true), that doorway is
   * explored. Reached: it was crossed on the way. Given up: it cannot be passed from here, so it is
   * not tried again; what lies behind it is left to the nearest-frontier fallback.
   */
  private dropWaypoint(targetIndex: number): boolean {
    if (targetIndex !== this.waypoint) return false;
    this.waypoint = -1;
    if (this.assigned >= 0) this.markExplored(this.assigned);
    this.assigned = -1;
    return true;
  }

  /** The cell `passM` past the assigned doorway; null (and none assigned any more) when there is none. */
  private pastAssigned(map: SlamMapView): CellXY | null {
    if (this.assigned < 0) return null;
    const past = pointPast(map, this.known[this.assigned], this.assignedSide, this.passCells(map));
    if (past === null) this.assigned = -1;
    return past;
  }

  private passCells(map: SlamMapView): number {
    return Math.max(1, Math.round(this.passM / map.cellSizeM));
  }

  /** Doorways from another robot must lie in this map (all robots of a trial share one geometry). */
  private fitsMap(message: MinotaurMessage, map: SlamMapView): boolean {
    const fits = (d: Doorway): boolean => d.line < (d.axis === 'row' ? map.height : map.width) && d.to < (d.axis === 'row' ? map.width : map.height);
    switch (message.kind) {
      case 'heartbeat':
        return message.doorways.every(fits);
      case 'found':
      case 'result':
        return fits(message.doorway);
      case 'bid':
        return true;
    }
  }

  private hear(robot: Robot, from: string, message: MinotaurMessage): void {
    switch (message.kind) {
      case 'heartbeat': {
        if (message.map.length > 0 && !mergeHeardMap(robot.map, message.map)) this.malformed++;
        for (const d of message.doorways) this.learn(d);
        const mate = this.teammates.get(from);
        if (mate === undefined) this.teammates.set(from, { xM: message.xM, yM: message.yM, tick: this.tickNow });
        else {
          mate.xM = message.xM;
          mate.yM = message.yM;
          mate.tick = this.tickNow;
        }
        return;
      }
      case 'found': {
        this.learn(message.doorway);
        // Robots that saw the doorway together all announce it: the auction of the lowest id
        // stands, the others are dropped and bid into it.
        if (this.auction !== null && from < this.robotId && sameDoorway(this.auction.doorway, message.doorway, this.toleranceCells())) this.auction = null;
        // Busy robots (passing a doorway, or holding an auction) do not bid.
        if (this.assigned >= 0 || this.auction !== null) return;
        // Bid only when the doorway is reached without crossing another (the paper's ACK).
        const lengthM = this.pathLengthM(robot.map, cellOf(robot), message.doorway, true);
        if (lengthM !== null) this.send(robot, { kind: 'bid', auction: message.auction, lengthM, requester: from });
        return;
      }
      case 'bid':
        if (message.requester === this.robotId && this.auction?.id === message.auction && !this.auction.bids.some((b) => b.robotId === from)) {
          this.auction.bids.push({ robotId: from, lengthM: message.lengthM });
        }
        return;
      case 'result': {
        const index = this.learn(message.doorway);
        if (message.winners.includes(this.robotId) && this.assigned < 0) {
          const here = cellOf(robot);
          if (here !== null) this.assign(index, here);
        }
        return;
      }
    }
  }

  /** Add a doorway (or its explored flag) to what this robot knows; its index. */
  private learn(doorway: Doorway): number {
    const before = this.known.length;
    const index = addDoorway(this.known, doorway, this.toleranceCells());
    if (this.known.length > before && this.sides.length < this.known.length) {
      const grown = new Int8Array(2 * this.known.length);
      grown.set(this.sides);
      this.sides = grown;
    }
    return index;
  }

  /** Doorways this near (lines, in cells: the widest gap) are one: thick walls, other robots' maps. */
  private toleranceCells(): number {
    return Math.max(1, Math.floor((2 * this.settings.doorWidthM) / this.cellSizeM));
  }

  private markExplored(index: number): void {
    if (!this.known[index].explored) this.known[index] = { ...this.known[index], explored: true };
  }

  /** A doorway crossed from one side of its line to the other is explored. */
  private noteCrossings(here: CellXY): void {
    for (let i = 0; i < this.known.length; i++) {
      const side = doorwaySide(this.known[i], here.x, here.y, CROSSING_REACH_CELLS);
      if (Number.isNaN(side)) this.sides[i] = 0;
      else if (side !== 0) {
        if (this.sides[i] !== 0 && this.sides[i] !== side) this.markExplored(i);
        this.sides[i] = side;
      }
    }
  }

  /** Look for doorways in the own map; auction the first new one when others may hear. */
  private detect(robot: Robot, here: CellXY | null): void {
    const map = robot.map;
    this.detectedRevision = map.revision;
    const window = here === null ? undefined : this.lookAhead(here);
    for (const d of detectDoorways(map, this.settings, window)) {
      const before = this.known.length;
      const index = this.learn(d);
      if (this.known.length === before || !this.multiRobot || this.auction !== null || this.assigned >= 0 || here === null) continue;
      const lengthM = this.pathLengthM(map, here, this.known[index], true);
      if (lengthM === null) continue;
      const id = this.nextAuctionId++ >>> 0;
      this.auction = { id, doorway: this.known[index], endsAtTick: this.tickNow + this.auctionTicks, bids: [{ robotId: this.robotId, lengthM }] };
      this.send(robot, { kind: 'found', auction: id, doorway: this.known[index] });
    }
  }

  /** Half the side of the look-ahead square around the robot, in cells. */
  private lookAheadCells(): number {
    return Math.ceil((this.visionM + LOOK_BEYOND_VISION_M) / this.cellSizeM);
  }

  private lookAhead(here: CellXY): CellWindow {
    const r = this.lookAheadCells();
    return { x0: here.x - r, y0: here.y - r, x1: here.x + r, y1: here.y + r };
  }

  private closeAuction(robot: Robot): void {
    const auction = this.auction;
    this.auction = null;
    if (auction === null) return;
    const winners = auctionWinners(auction.bids).slice(0, 255);
    if (winners.length === 0) return;
    this.send(robot, { kind: 'result', auction: auction.id, doorway: auction.doorway, winners });
    if (!winners.includes(this.robotId)) return;
    const here = cellOf(robot);
    if (here !== null) this.assign(this.learn(auction.doorway), here);
  }

  /** Go through doorway `index` to the side of it this robot is not on. */
  private assign(index: number, here: CellXY): void {
    this.assigned = index;
    this.assignedSide = farSide(this.known[index], here);
    this.replan = true;
  }

  private heartbeat(robot: Robot, state: RobotState): void {
    const base = { kind: 'heartbeat', xM: state.pose.xM, yM: state.pose.yM, doorways: this.known } as const;
    let bytes = encodeMinotaurMessage({ ...base, map: robot.map.toBytes() });
    // A map over the broadcast budget cannot travel (docs/limits.md): the doorways still do.
    if (bytes.length > MAX_BROADCAST_PAYLOAD_BYTES) bytes = encodeMinotaurMessage({ ...base, map: new Uint8Array(0) });
    this.sendBytes(robot, bytes);
  }

  private send(robot: Robot, message: MinotaurMessage): void {
    this.sendBytes(robot, encodeMinotaurMessage(message));
  }

  /** Broadcast within the per-tick budget (MAX_BROADCASTS_PER_TICK); beyond it the message is dropped. */
  private sendBytes(robot: Robot, bytes: Uint8Array): void {
    if (this.sentThisTick >= MAX_BROADCASTS_PER_TICK || bytes.length > MAX_BROADCAST_PAYLOAD_BYTES) return;
    this.sentThisTick++;
    robot.broadcast(bytes);
  }

  /**
   * A* path length from cell `from` to the doorway's centre, m; null when unreachable (`withinRoom`:
   * without crossing another known doorway).
   */
  private pathLengthM(map: SlamMapView, from: CellXY | null, d: Doorway, withinRoom: boolean): number | null {
    if (from === null) return null;
    const cells = map.path(from, doorwayCentre(d), withinRoom ? { blocked: this.roomBoundaries(map) } : undefined);
    if (cells === null) return null;
    let length = 0;
    for (let i = 1; i < cells.length; i++) length += Math.hypot(cells[i].x - cells[i - 1].x, cells[i].y - cells[i - 1].y);
    return length * map.cellSizeM;
  }

  /**
   * The nearest unexplored doorway by path length (ties: the first known) of the room, else of
   * the map; -1 when none is reachable. One whose room beyond has no frontier left (seen through
   * it, or explored from elsewhere) is marked explored instead: walking through it finds nothing.
   */
  private nearestUnexploredDoorway(map: SlamMapView, from: CellXY): number {
    for (let i = 0; i < this.known.length; i++) {
      if (!this.known[i].explored && this.nothingBehind(map, this.known[i], from)) this.markExplored(i);
    }
    for (const withinRoom of [true, false]) {
      let best = -1;
      let bestM = Number.POSITIVE_INFINITY;
      for (let i = 0; i < this.known.length; i++) {
        if (this.known[i].explored) continue;
        const lengthM = this.pathLengthM(map, from, this.known[i], withinRoom);
        if (lengthM !== null && lengthM < bestM) {
          bestM = lengthM;
          best = i;
        }
      }
      if (best >= 0) return best;
    }
    return -1;
  }

  /** The room beyond doorway `d` (seen from `here`) is known and has no frontier. */
  private nothingBehind(map: SlamMapView, d: Doorway, here: CellXY): boolean {
    const past = pointPast(map, d, farSide(d, here), this.passCells(map));
    const centre = doorwayCentre(d);
    if (past === null || (past.x === centre.x && past.y === centre.y)) return false;
    return map.nearestFrontier(past, { blocked: this.roomBoundaries(map) }) === null;
  }

  /** The known doorways' gaps as a cell mask of `map`: the boundaries of its rooms. */
  private roomBoundaries(map: SlamMapView): Uint8Array {
    if (this.blocked.length !== map.width * map.height) {
      this.blocked = new Uint8Array(map.width * map.height);
      this.blockedCount = -1;
    }
    // Doorways are only ever added (an explored one still bounds its rooms).
    if (this.blockedCount !== this.known.length) {
      markDoorways(this.blocked, map.width, this.known);
      this.blockedCount = this.known.length;
    }
    return this.blocked;
  }

  /**
   * The nearest frontier of the room (reachable without crossing a known doorway), one with a wall
   * near and not left to a robot heard from first, else the nearest at all; null when the room has none.
   */
  private roomFrontier(map: SlamMapView, from: CellXY, skip: (index: number) => boolean): CellXY | null {
    const blocked = this.roomBoundaries(map);
    this.blacklisted = skip;
    this.firstRoomFrontier = -1;
    const c = map.cellToWorld(from.x, from.y);
    this.selfXM = c.xM;
    this.selfYM = c.yM;
    // The wall to follow is looked for within the look-ahead square (as many cells as it holds);
    // then the nearest frontier the search passed, else the room's nearest one wherever it is.
    const side = 2 * this.lookAheadCells() + 1;
    const goal = map.nearestFrontier(from, { skip: this.roomSkip, blocked, maxVisits: side * side });
    if (goal !== null) return goal;
    if (this.firstRoomFrontier >= 0) return { x: this.firstRoomFrontier % map.width, y: Math.floor(this.firstRoomFrontier / map.width) };
    return map.nearestFrontier(from, { skip, blocked });
  }

  /** A solid cell within wallNearM (Chebyshev, at least one cell) of cell `index`. */
  private nearWall(index: number): boolean {
    const map = this.roomMap;
    if (map === null) return false;
    const r = Math.max(1, Math.round(this.wallNearM / map.cellSizeM));
    const x = index % map.width;
    const y = Math.floor(index / map.width);
    for (let dy = -r; dy <= r; dy++) {
      for (let dx = -r; dx <= r; dx++) if (map.cellAt(x + dx, y + dy) === SlamCell.Solid) return true;
    }
    return false;
  }

  /** A robot heard from lately is nearer to cell `index` than this one by more than the margin. */
  private cededToTeammate(index: number): boolean {
    const map = this.roomMap;
    if (map === null || this.teammates.size === 0) return false;
    const c = map.cellToWorld(index % map.width, Math.floor(index / map.width));
    const mine = Math.hypot(c.xM - this.selfXM, c.yM - this.selfYM) - CEDE_MARGIN_M;
    const recent = this.tickNow - TEAMMATE_HEARTBEATS * Math.max(1, this.heartbeatTicks);
    for (const mate of this.teammates.values()) {
      if (mate.tick >= recent && Math.hypot(c.xM - mate.xM, c.yM - mate.yM) < mine) return true;
    }
    return false;
  }
}

/** The SLAM cell the robot stands in, or null off its map. */
function cellOf(robot: Robot): CellXY | null {
  const { xM, yM } = robot.state().pose;
  return robot.map.worldToCell(xM, yM);
}

/** The side of doorway `d`'s line that cell `here` is not on (1 when on the line). */
function farSide(d: Doorway, here: CellXY): number {
  return (d.axis === 'row' ? here.y : here.x) > d.line ? -1 : 1;
}

export const minotaur: AlgorithmInfo = {
  name: 'minotaur',
  heavyControllers: true,
  summary:
    'Minotaur (Schmidt, Sorensen, Beregaard 2024): room by room along the walls, doorways detected in the SLAM map, doorway auctions that send the nearer half of a swarm through, heartbeats with map, doorways and position; falls back to the nearest unknown cell.',
  parameters: [
    ...frontierExploration.parameters.filter((p) => SHARED.has(p.name)),
    {
      name: 'doorWidthM',
      unit: 'm',
      default: 2,
      min: 0.5,
      max: 50,
      doc: "Expected door width: an open gap in a wall line from half to twice this wide is a doorway (the paper's experiments: 2 cells of 1 m; MAES's doorway test: 4).",
    },
    {
      name: 'wallLineM',
      unit: 'm',
      default: 1.5,
      min: 0.1,
      max: 100,
      doc: 'A solid stretch at least this long along a row or column of the SLAM map is a wall line.',
    },
    { name: 'wallNearM', unit: 'm', default: 1, min: 0.1, max: 100, doc: 'Room frontiers with a wall this close are explored first (following the walls).' },
    { name: 'passM', unit: 'm', default: 2, min: 0.1, max: 100, doc: 'How far past a doorway a robot sent through it drives (MAES: 4 SLAM cells).' },
    { name: 'heartbeatS', unit: 's', default: 1, min: 0, max: 10000, doc: 'Broadcast map, doorways and position this often (MAES: 10 ticks); 0 = never.' },
    { name: 'auctionS', unit: 's', default: 0.3, min: 0.01, max: 1000, doc: 'Bids are collected this long after a doorway is announced (MAES: 3 ticks).' },
    { name: 'detectS', unit: 's', default: 0.5, min: 0.01, max: 1000, doc: 'Look for doorways in the own map this often (only when it changed).' },
    {
      name: 'deadlockS',
      unit: 's',
      default: 2.5,
      min: 0.01,
      max: 10000,
      doc: 'Abandon a target after this long without progress (the paper: 25 ticks) and take the next one.',
    },
  ],
  create: (context) => new MinotaurController(context),
};
