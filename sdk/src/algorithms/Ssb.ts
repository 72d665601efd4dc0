/**
 * SSB, multi-robot spiral coverage with backtracking (Gonzalez et al. 2005, "BSA: a complete
 * coverage algorithm", and its multi-robot form; Viet, Dang, Choi, Chung 2013, "BA*: an online complete coverage
 * algorithm"; MAES's SsbAlgorithm): each robot covers the coarse tiles of its own SLAM map in
 * spirals (bsa.ts: the reference lateral side kept on obstacles and covered tiles), recording the
 * backtracking points (free, uncovered tiles beside its path) it passes. When a spiral ends it
 * takes the backtracking point with the lowest bid in an auction, and backtracks there along an
 * A* path, where the next spiral starts.
 *
 * Coordination travels as bytes through the radio (tileMessages.ts), each robot keeping its own
 * books: the covered tiles (shared every `shareEveryS` with the SLAM map, merged on receipt); the
 * auction (when a spiral ends the robot broadcasts a request for the backtracking point it bids
 * on, its bid the A* path length; a robot whose request for the same point carries a lower bid
 * wins, ties to the lower id; the loser bids on another point; a point claimed by another robot
 * is left to it for CLAIM_HOLD_S); tile reservations (a robot broadcasts the tile it stands on
 * and the one it enters; a spiral step into a tile another robot reserved waits up to `waitS`,
 * then treats the tile as an obstacle, so two robots waiting on each other never deadlock).
 * Following, back-off after collisions and giving way are the frontier controller's
 * (FrontierExplorer.ts); a target without progress for `stuckS` is dropped (MAES: 100 ticks).
 *
 * Not in the papers: when no backtracking point is left (none recorded, and no open uncovered
 * tile beside a covered one) while the SLAM map still has a reachable frontier (space no tile
 * spiral can enter, such as a tile holding a wall corner), the robot drives to that frontier.
 *
 * Where MAES differs, the papers are followed: MAES runs SSB with one SLAM map and reservation
 * table passed by reference (comms always succeed); here every robot's covered tiles and map are
 * its own, and reach others only as broadcast bytes. MAES's evaluation ran on building maps
 * without rooms (its generator's room splitting is disabled by a min/max swap); swarmgate's
 * building generator splits rooms, so ssb is measured on buildings with rooms.
 */
import type { Robot, RobotState } from '../Robot.js';
import { SlamCell, type CellXY, type SlamMapView } from '../SlamMapView.js';
import { DEFAULT_TICK_S, type AlgorithmContext, type AlgorithmInfo } from './AlgorithmInfo.js';
import { recordBacktrackingPoints, spiralStep, startsHugging, DIR_DX, DIR_DY } from './bsa.js';
import { frontierExploration, FrontierExplorerController, frontierParams, type TargetStrategy } from './FrontierExplorer.js';
import { decodeTileMessage, encodeTileMessage, looksLikeTileMessage } from './tileMessages.js';
import { broadcastTileSet, mergeTileBits, TileGrid, targetIndexOf } from './tiles.js';

/** start: the first spiral, from the spawn; backtrack: driving to a won backtracking point. */
type Mode = 'start' | 'spiral' | 'auction' | 'backtrack' | 'frontier';

/** A backtracking point another robot claimed is left to it this long. */
const CLAIM_HOLD_S = 10;
/** Backtracking points (nearest first, in a straight line) priced by A* per auction. */
const BIDS_PER_AUCTION = 4;
/** A* expansions one bid may cost (a 200 x 200 SLAM map is 40,000 cells). */
const BID_MAX_EXPANSIONS = 40_000;
/** The spiral turns counter-clockwise: obstacles and covered tiles on the left. */
const REF_SIDE = 1;

/** The ssb target strategy: one per robot. Exported for its unit tests. */
export class SsbStrategy implements TargetStrategy {
  tiles: TileGrid | null = null;
  /** 1: covered (by this robot or, as heard, another). */
  covered = new Uint8Array(0);
  /** Backtracking points recorded along the spirals (1 = recorded). */
  recorded = new Uint8Array(0);
  /** Malformed coordination messages heard (ignored). */
  malformed = 0;
  mode: Mode = 'start';
  private reservedUntil = new Int32Array(0);
  private claimedUntil = new Int32Array(0);
  private dir = 0;
  private hugging = false;
  private goalTile = -1;
  /** A goal tile reached before the robot's centre entered it: the spiral goes on from there. */
  private reachedTile = -1;
  private auctionTile = -1;
  private auctionBidM = 0;
  private auctionEndsTick = 0;
  private auctionLost = false;
  private waitingTile = -1;
  private waitSinceTick = 0;
  private lastReserveTick = -1;
  private tick = 0;
  /** The robot of this tick (beforeTick), for the messages choose() sends. */
  private robot: Robot | null = null;
  private readonly tileM: number;
  private readonly shareEveryTicks: number;
  private readonly shareOffset: number;
  private readonly auctionTicks: number;
  private readonly reserveHoldTicks: number;
  private readonly waitTicks: number;
  private readonly claimHoldTicks: number;
  private readonly robotId: string;
  // Built once (no closure per tick): free for a spiral step, with or without other robots' reservations.
  private readonly freeHonouringReservations = (x: number, y: number): boolean => this.freeAt(x, y, true);
  private readonly freeIgnoringReservations = (x: number, y: number): boolean => this.freeAt(x, y, false);
  private readonly recordPoint = (x: number, y: number): void => {
    if (this.tiles !== null) this.recorded[this.tiles.index(x, y)] = 1;
  };

  constructor(context: AlgorithmContext) {
    const p = context.params;
    const tickS = context.tickS ?? DEFAULT_TICK_S;
    const ticks = (seconds: number): number => Math.max(1, Math.round(seconds / tickS));
    this.tileM = p.tileM;
    this.shareEveryTicks = p.shareEveryS > 0 ? ticks(p.shareEveryS) : 0;
    this.shareOffset = this.shareEveryTicks > 0 ? context.robotIndex % this.shareEveryTicks : 0;
    this.auctionTicks = ticks(p.auctionS);
    this.reserveHoldTicks = ticks(p.reserveHoldS);
    this.waitTicks = ticks(p.waitS);
    this.claimHoldTicks = ticks(CLAIM_HOLD_S);
    this.robotId = context.robotId;
    // Robots spawned together set off in different directions.
    this.dir = context.robotIndex % 4;
  }

  beforeTick(robot: Robot, state: RobotState): boolean {
    this.robot = robot;
    this.tick = state.tick;
    const tiles = this.tilesOf(robot.map);
    const here = tiles.tileAtWorld(state.pose.xM, state.pose.yM);
    if (here >= 0 && tiles.state(here) !== SlamCell.Solid) this.covered[here] = 1;
    for (const message of state.inbox) {
      if (looksLikeTileMessage(message.payload)) this.hear(tiles, message.from, message.payload);
    }
    if (this.shareEveryTicks > 0 && state.tick % this.shareEveryTicks === this.shareOffset) {
      broadcastTileSet(robot, tiles, this.covered);
    }
    return false;
  }

  choose(map: SlamMapView, from: number, state: RobotState, skip: (index: number) => boolean): number {
    if (this.robot === null) return -1;
    return targetIndexOf(map, this.nextGoal(this.robot, state, { x: from % map.width, y: Math.floor(from / map.width) }, skip));
  }

  private nextGoal(robot: Robot, state: RobotState, from: CellXY, skip: (index: number) => boolean): CellXY | null | 'wait' {
    const tiles = this.tilesOf(robot.map);
    const map = robot.map;
    const here = this.reachedTile >= 0 ? this.reachedTile : tiles.tileOfCell(from.y * map.width + from.x);
    this.reachedTile = -1;
    if (this.mode === 'auction') {
      if (!this.auctionLost && state.tick < this.auctionEndsTick) return 'wait';
      if (this.auctionLost) {
        this.mode = 'spiral';
      } else {
        this.mode = 'backtrack';
        this.goalTile = this.auctionTile;
        return tiles.goalCell(this.goalTile);
      }
    }
    if (this.mode !== 'spiral') this.startSpiral(tiles, here);
    const step = this.spiralStepFrom(tiles, here);
    if (step === 'wait') return 'wait';
    if (step >= 0) {
      const next = tiles.index((here % tiles.width) + DIR_DX[step], Math.floor(here / tiles.width) + DIR_DY[step]);
      const cell = tiles.goalCell(next);
      if (!skip(cell.y * map.width + cell.x)) {
        this.dir = step;
        this.goalTile = next;
        this.reserve(robot, here, next);
        return cell;
      }
      // The follower gave up on that tile: it is no step (the spiral ends here).
      this.covered[next] = 1;
    }
    return this.openAuction(robot, tiles, from, skip);
  }

  stillWanted(map: SlamMapView, index: number): boolean {
    if (this.mode === 'frontier') return map.isFrontier(index % map.width, Math.floor(index / map.width));
    return this.tiles !== null && this.goalTile >= 0 && this.covered[this.goalTile] === 0 && this.tiles.state(this.goalTile) === SlamCell.Open;
  }

  reached(index: number): boolean {
    if (this.mode === 'frontier') return false;
    if (this.tiles !== null) {
      this.reachedTile = this.tiles.tileOfCell(index);
      this.covered[this.reachedTile] = 1;
    }
    return true;
  }

  /** The next spiral direction from tile `here`, -1 at a spiral's end, or 'wait' for a reserved tile. */
  private spiralStepFrom(tiles: TileGrid, here: number): number | 'wait' {
    const x = here % tiles.width;
    const y = Math.floor(here / tiles.width);
    this.hugging ||= startsHugging(this.freeIgnoringReservations, x, y, this.dir, REF_SIDE);
    const step = spiralStep(this.freeIgnoringReservations, x, y, this.dir, REF_SIDE, this.hugging);
    recordBacktrackingPoints(this.freeIgnoringReservations, x, y, step, this.recordPoint);
    if (step < 0) return -1;
    const next = tiles.index(x + DIR_DX[step], y + DIR_DY[step]);
    if (this.reservedUntil[next] <= this.tick) {
      this.waitingTile = -1;
      return step;
    }
    // Reserved by another robot: wait a while for it to pass, then treat the tile as an obstacle.
    if (this.waitingTile !== next) {
      this.waitingTile = next;
      this.waitSinceTick = this.tick;
    }
    if (this.tick - this.waitSinceTick < this.waitTicks) return 'wait';
    return spiralStep(this.freeHonouringReservations, x, y, this.dir, REF_SIDE, true);
  }

  /** A new spiral from tile `here`: head where the reference side is blocked and the front free. */
  private startSpiral(tiles: TileGrid, here: number): void {
    this.mode = 'spiral';
    const x = here % tiles.width;
    const y = Math.floor(here / tiles.width);
    for (let d = 0; d < 4; d++) {
      const dir = (this.dir + d) % 4;
      if (this.freeIgnoringReservations(x + DIR_DX[dir], y + DIR_DY[dir]) && startsHugging(this.freeIgnoringReservations, x, y, dir, REF_SIDE)) {
        this.dir = dir;
        this.hugging = true;
        return;
      }
    }
    this.hugging = false;
  }

  /**
   * The spiral ended: bid on the backtracking point nearest by A* among the few nearest in a
   * straight line, and broadcast the request; 'wait' while the auction runs. With no point left,
   * the nearest reachable frontier (see the doc comment), else null (done).
   */
  private openAuction(robot: Robot, tiles: TileGrid, from: CellXY, skip: (index: number) => boolean): CellXY | null | 'wait' {
    const map = robot.map;
    const candidates = this.backtrackingPoints(tiles, from, skip);
    let best = -1;
    let bestM = Number.POSITIVE_INFINITY;
    for (const tile of candidates) {
      const path = map.path(from, tiles.goalCell(tile), { maxExpansions: BID_MAX_EXPANSIONS });
      if (path === null) {
        // Unreachable on this map: no backtracking point (a merged map may reopen it as a frontier).
        this.recorded[tile] = 0;
        this.covered[tile] = 1;
        continue;
      }
      const lengthM = pathLengthM(path, map.cellSizeM);
      if (lengthM < bestM) {
        bestM = lengthM;
        best = tile;
      }
    }
    if (best >= 0) {
      this.mode = 'auction';
      this.auctionTile = best;
      this.auctionBidM = bestM;
      this.auctionLost = false;
      this.auctionEndsTick = this.tick + this.auctionTicks;
      robot.broadcast(encodeTileMessage({ kind: 'claim', tile: best, bidM: bestM }));
      return 'wait';
    }
    if (candidates.length > 0) return 'wait';
    const frontier = map.nearestFrontier(from, { skip });
    if (frontier === null) return null;
    this.mode = 'frontier';
    return frontier;
  }

  /** Up to BIDS_PER_AUCTION backtracking points nearest to `from` in a straight line. */
  private backtrackingPoints(tiles: TileGrid, from: CellXY, skip: (index: number) => boolean): number[] {
    const map = tiles.map;
    const fx = from.x / tiles.cellsPerTile;
    const fy = from.y / tiles.cellsPerTile;
    const usable = (tile: number): boolean => {
      const cell = tiles.goalCell(tile);
      return this.covered[tile] === 0 && this.claimedUntil[tile] <= this.tick && tiles.state(tile) === SlamCell.Open && !skip(cell.y * map.width + cell.x);
    };
    let found: number[] = [];
    for (let t = 0; t < tiles.count; t++) {
      if (this.recorded[t] === 0) continue;
      if (usable(t)) found.push(t);
      else if (this.covered[t] !== 0) this.recorded[t] = 0;
    }
    if (found.length === 0) {
      // None recorded: any open uncovered tile beside a covered one (BSA's definition of the points).
      for (let t = 0; t < tiles.count; t++) if (usable(t) && this.besideCovered(tiles, t)) found.push(t);
    }
    const d2 = (t: number): number => ((t % tiles.width) + 0.5 - fx) ** 2 + (Math.floor(t / tiles.width) + 0.5 - fy) ** 2;
    found = found.sort((a, b) => d2(a) - d2(b) || a - b);
    return found.slice(0, BIDS_PER_AUCTION);
  }

  private besideCovered(tiles: TileGrid, t: number): boolean {
    const x = t % tiles.width;
    const y = Math.floor(t / tiles.width);
    for (let d = 0; d < 4; d++) {
      const n = tiles.index(x + DIR_DX[d], y + DIR_DY[d]);
      if (n >= 0 && this.covered[n] !== 0) return true;
    }
    return false;
  }

  /** Open, uncovered and (with `honourReservations`) not reserved by another robot. */
  private freeAt(x: number, y: number, honourReservations: boolean): boolean {
    const tiles = this.tiles;
    if (tiles === null) return false;
    const t = tiles.index(x, y);
    if (t < 0 || this.covered[t] !== 0) return false;
    if (honourReservations && this.reservedUntil[t] > this.tick) return false;
    return tiles.state(t) === SlamCell.Open;
  }

  /** Reserve the tile this robot stands on and the one it enters (once a tick). */
  private reserve(robot: Robot, here: number, next: number): void {
    if (this.lastReserveTick === this.tick) return;
    this.lastReserveTick = this.tick;
    robot.broadcast(encodeTileMessage({ kind: 'reserve', tiles: [here, next] }));
  }

  private hear(tiles: TileGrid, from: string, payload: Uint8Array): void {
    const decoded = decodeTileMessage(payload);
    if (!decoded.ok) {
      this.malformed++;
      return;
    }
    const m = decoded.message;
    if (m.kind === 'tiles') {
      if (m.width === tiles.width && m.height === tiles.height) mergeTileBits(this.covered, m.bits);
      else this.malformed++;
    } else if (m.kind === 'claim') {
      if (m.tile >= tiles.count) {
        this.malformed++;
        return;
      }
      this.claimedUntil[m.tile] = this.tick + this.claimHoldTicks;
      const beaten = m.bidM < this.auctionBidM || (m.bidM === this.auctionBidM && from < this.robotId);
      if (this.mode === 'auction' && m.tile === this.auctionTile && beaten) this.auctionLost = true;
    } else {
      for (const t of m.tiles) if (t < tiles.count) this.reservedUntil[t] = this.tick + this.reserveHoldTicks;
    }
  }

  private tilesOf(map: SlamMapView): TileGrid {
    if (this.tiles === null || this.tiles.map !== map) {
      const tiles = new TileGrid(map, this.tileM);
      this.tiles = tiles;
      this.covered = tiles.newSet();
      this.recorded = tiles.newSet();
      this.reservedUntil = new Int32Array(tiles.count);
      this.claimedUntil = new Int32Array(tiles.count);
    }
    return this.tiles;
  }
}

/** Length in metres of a path of 8-connected SLAM cells. */
function pathLengthM(path: readonly CellXY[], cellSizeM: number): number {
  let cells = 0;
  for (let i = 1; i < path.length; i++) cells += path[i].x !== path[i - 1].x && path[i].y !== path[i - 1].y ? Math.SQRT2 : 1;
  return cells * cellSizeM;
}

/** Parameters ssb passes through to the frontier follower unchanged (same name, unit, doc). */
const SHARED = new Set(['speedMps', 'backoffS', 'bodyRadiusM']);

/** An ssb robot: the frontier follower driven by a SsbStrategy (returned too, for tests to inspect). */
export function ssbController(context: AlgorithmContext): { controller: FrontierExplorerController; strategy: SsbStrategy } {
  const p = context.params;
  const params = frontierParams({ shareEveryS: p.shareEveryS, stuckS: p.stuckS });
  for (const name of SHARED) params[name] = p[name];
  const strategy = new SsbStrategy(context);
  return { controller: new FrontierExplorerController({ ...context, params }, { strategy }), strategy };
}

export const ssb: AlgorithmInfo = {
  name: 'ssb',
  heavyControllers: true,
  summary:
    'SSB (BSA spiral coverage, Gonzalez 2005; multi-robot, MAES): spirals over coarse tiles hugging walls and covered tiles, backtracking points won by auction (bids: A* lengths), tile reservations; coverage and maps shared as bytes.',
  parameters: [
    ...frontierExploration.parameters.filter((p) => SHARED.has(p.name)),
    { name: 'tileM', unit: 'm', default: 1, min: 0.05, max: 100, doc: 'Side of a coverage tile (rounded to whole SLAM cells; MAES: the 1 m coarse tile).' },
    {
      name: 'shareEveryS',
      unit: 's',
      default: 1,
      min: 0,
      max: 10000,
      doc: 'Broadcast the covered tiles and the SLAM map this often and merge those heard (MAES: distributeSlam); 0 = never.',
    },
    { name: 'auctionS', unit: 's', default: 0.3, min: 0.01, max: 100, doc: 'How long a backtracking-point request waits for competing bids.' },
    { name: 'reserveHoldS', unit: 's', default: 2, min: 0.01, max: 100, doc: "How long another robot's tile reservation holds once heard." },
    {
      name: 'waitS',
      unit: 's',
      default: 1,
      min: 0.01,
      max: 100,
      doc: 'Wait this long for a tile reserved by another robot, then treat it as an obstacle (MAES: 10 ticks).',
    },
    { name: 'stuckS', unit: 's', default: 10, min: 0.01, max: 10000, doc: 'Drop a target after this long without progress (MAES: 100 ticks).' },
  ],
  create: (context) => ssbController(context).controller,
};
