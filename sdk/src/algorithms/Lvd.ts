/**
 * LVD, local Voronoi decomposition (Fu, Bandyopadhyay, Ang 2009, "Local Voronoi decomposition for
 * multi-agent task allocation"; Hungerford, Dasgupta, Guruprasad 2015; MAES's
 * VoronoiExplorationAlgorithm): every `regionMinS`..`regionMaxS` (drawn from the robot's random
 * stream) a robot splits the coarse tiles it can see (open on its own SLAM map, within `visionM`,
 * in line of sight) between itself and the robots it senses, each tile to the nearest (voronoi.ts).
 * It visits the unexplored tiles of its own region in its direction order (robot index modulo 4:
 * north-east, east-south, south-west, west-north); a tile is explored once the robot passed within
 * `markExploredM` of its centre. When its region has none left it searches: it visits an
 * occlusion point (a visible tile beside unknown tiles), the nearest one, or with
 * `furthestChance` the furthest, as MAES does.
 *
 * Not in the papers: with no occlusion point in sight, the robot drives to the nearest reachable
 * frontier of its SLAM map, so a robot whose view holds nothing left does not stand still.
 *
 * Where MAES differs, the papers are followed: MAES keeps one explored-tile dictionary in a static
 * field, so every robot sees every other's progress for free; here each robot keeps its own
 * explored tiles and shares them only as bytes it broadcasts every `shareEveryS` (tileMessages.ts)
 * through the radio model, merging those it hears. The SLAM map itself is not shared (MAES's
 * evaluation ran lvd with no communication).
 */
import type { Robot, RobotState } from '../Robot.js';
import { SlamCell, type CellXY, type SlamMapView } from '../SlamMapView.js';
import { DEFAULT_TICK_S, type AlgorithmContext, type AlgorithmInfo, type AlgorithmRng } from './AlgorithmInfo.js';
import { DIR_DX, DIR_DY } from './bsa.js';
import { frontierExploration, FrontierExplorerController, frontierParams, type TargetStrategy } from './FrontierExplorer.js';
import { decodeTileMessage, looksLikeTileMessage } from './tileMessages.js';
import { broadcastTileSet, mergeTileBits, TileGrid, targetIndexOf } from './tiles.js';
import { lineOfSight, sortByDirection, voronoiRegion, type TileXY } from './voronoi.js';

type Mode = 'region' | 'occlusion' | 'frontier';

/** The lvd target strategy: one per robot. Exported for its unit tests. */
export class LvdStrategy implements TargetStrategy {
  tiles: TileGrid | null = null;
  /** 1: explored (by this robot or, as heard, another). */
  explored = new Uint8Array(0);
  /** This robot's region at the last decomposition, in its direction order. */
  region: number[] = [];
  /** Malformed coordination messages heard (ignored). */
  malformed = 0;
  mode: Mode = 'region';
  private goalTile = -1;
  private nextRegionTick = 0;
  private regionTick = -1;
  private tick = 0;
  /** The robot of this tick (beforeTick), for the messages choose() sends. */
  private robot: Robot | null = null;
  /** The state of this tick: where this robot and the robots it senses are. */
  private state: RobotState | null = null;
  private selfXY: TileXY = { x: 0, y: 0 };
  private others: TileXY[] = [];
  private readonly rng: AlgorithmRng;
  private readonly robotIndex: number;
  private readonly tileM: number;
  private readonly visionM: number;
  private readonly markExploredM: number;
  private readonly furthestChance: number;
  private readonly regionMinTicks: number;
  private readonly regionMaxTicks: number;
  private readonly shareEveryTicks: number;
  private readonly shareOffset: number;

  constructor(context: AlgorithmContext) {
    const p = context.params;
    const tickS = context.tickS ?? DEFAULT_TICK_S;
    const ticks = (seconds: number): number => Math.max(1, Math.round(seconds / tickS));
    this.rng = context.rng;
    this.robotIndex = context.robotIndex;
    this.tileM = p.tileM;
    this.visionM = p.visionM;
    this.markExploredM = p.markExploredM;
    this.furthestChance = p.furthestChance;
    this.regionMinTicks = ticks(Math.min(p.regionMinS, p.regionMaxS));
    this.regionMaxTicks = ticks(Math.max(p.regionMinS, p.regionMaxS));
    this.shareEveryTicks = p.shareEveryS > 0 ? ticks(p.shareEveryS) : 0;
    this.shareOffset = this.shareEveryTicks > 0 ? context.robotIndex % this.shareEveryTicks : 0;
  }

  beforeTick(robot: Robot, state: RobotState): boolean {
    this.robot = robot;
    this.tick = state.tick;
    const tiles = this.tilesOf(robot.map);
    this.markExplored(tiles, state.pose.xM, state.pose.yM);
    for (const message of state.inbox) {
      if (!looksLikeTileMessage(message.payload)) continue;
      const decoded = decodeTileMessage(message.payload);
      if (decoded.ok && decoded.message.kind === 'tiles' && decoded.message.width === tiles.width && decoded.message.height === tiles.height) {
        mergeTileBits(this.explored, decoded.message.bits);
      } else {
        this.malformed++;
      }
    }
    if (this.shareEveryTicks > 0 && state.tick % this.shareEveryTicks === this.shareOffset) {
      broadcastTileSet(robot, tiles, this.explored);
    }
    this.state = state;
    if (state.tick >= this.nextRegionTick) this.decompose(tiles);
    return false;
  }

  choose(map: SlamMapView, from: number, state: RobotState, skip: (index: number) => boolean): number {
    if (this.robot === null) return -1;
    return targetIndexOf(map, this.nextGoal(this.robot, state, { x: from % map.width, y: Math.floor(from / map.width) }, skip));
  }

  private nextGoal(robot: Robot, _state: RobotState, from: CellXY, skip: (index: number) => boolean): CellXY | null | 'wait' {
    const tiles = this.tilesOf(robot.map);
    let goal = this.nextRegionTile(tiles, skip);
    if (goal < 0 && this.regionTick !== this.tick) {
      // The region is done before its time: decompose again from here before searching.
      this.decompose(tiles);
      goal = this.nextRegionTile(tiles, skip);
    }
    if (goal >= 0) {
      this.mode = 'region';
      this.goalTile = goal;
      return tiles.goalCell(goal);
    }
    const occlusion = this.occlusionPoint(tiles, skip);
    if (occlusion >= 0) {
      this.mode = 'occlusion';
      this.goalTile = occlusion;
      return tiles.goalCell(occlusion);
    }
    const frontier = robot.map.nearestFrontier(from, { skip });
    if (frontier === null) return null;
    this.mode = 'frontier';
    return frontier;
  }

  stillWanted(map: SlamMapView, index: number): boolean {
    if (this.mode === 'frontier') return map.isFrontier(index % map.width, Math.floor(index / map.width));
    return this.tiles !== null && this.explored[this.goalTile] === 0;
  }

  reached(index: number): boolean {
    if (this.mode === 'frontier') return false;
    if (this.tiles !== null) this.explored[this.tiles.tileOfCell(index)] = 1;
    return true;
  }

  /** Split the visible tiles between this robot and the sensed ones; keep this robot's, in its order. */
  private decompose(tiles: TileGrid): void {
    this.locate(tiles);
    this.regionTick = this.tick;
    this.nextRegionTick = this.tick + this.regionMinTicks + Math.floor(this.rng.nextFloat() * (this.regionMaxTicks - this.regionMinTicks + 1));
    const visible = this.visibleTiles(tiles);
    this.region = sortByDirection(voronoiRegion(visible, tiles.width, this.selfXY, this.others), tiles.width, this.robotIndex);
  }

  /** Where this robot and the robots it senses are, in tile units (read when needed, not every tick). */
  private locate(tiles: TileGrid): void {
    if (this.state === null) return;
    const { xM, yM, headingRad } = this.state.pose;
    this.selfXY = { x: (xM - tiles.map.originM.x) / tiles.tileM, y: (yM - tiles.map.originM.y) / tiles.tileM };
    this.others = this.state.nearbyRobots.map((r) => ({
      x: this.selfXY.x + (r.distanceM * Math.cos(headingRad + r.bearingRad)) / tiles.tileM,
      y: this.selfXY.y + (r.distanceM * Math.sin(headingRad + r.bearingRad)) / tiles.tileM,
    }));
  }

  /** Open tiles within visionM whose centres this robot has in line of sight on its own map. */
  private visibleTiles(tiles: TileGrid): number[] {
    const r = this.visionM / tiles.tileM;
    const { x: sx, y: sy } = this.selfXY;
    const map = tiles.map;
    const selfM = { xM: map.originM.x + sx * tiles.tileM, yM: map.originM.y + sy * tiles.tileM };
    const visible: number[] = [];
    for (let y = Math.max(0, Math.floor(sy - r)); y <= Math.min(tiles.height - 1, Math.floor(sy + r)); y++) {
      for (let x = Math.max(0, Math.floor(sx - r)); x <= Math.min(tiles.width - 1, Math.floor(sx + r)); x++) {
        if ((x + 0.5 - sx) ** 2 + (y + 0.5 - sy) ** 2 > r * r) continue;
        const t = y * tiles.width + x;
        if (tiles.state(t) !== SlamCell.Open) continue;
        const c = tiles.centreM(t);
        if (lineOfSight(map, selfM.xM, selfM.yM, c.xM, c.yM)) visible.push(t);
      }
    }
    return visible;
  }

  /** The first unexplored tile of the region the follower has not given up on; -1: none. */
  private nextRegionTile(tiles: TileGrid, skip: (index: number) => boolean): number {
    for (const t of this.region) {
      if (this.explored[t] !== 0 || tiles.state(t) !== SlamCell.Open) continue;
      const cell = tiles.goalCell(t);
      if (!skip(cell.y * tiles.map.width + cell.x)) return t;
    }
    return -1;
  }

  /** An unexplored visible tile of the last decomposition beside an unknown tile: nearest, or sometimes furthest. */
  private occlusionPoint(tiles: TileGrid, skip: (index: number) => boolean): number {
    this.locate(tiles);
    const points = this.visibleTiles(tiles).filter((t) => {
      const cell = tiles.goalCell(t);
      return this.explored[t] === 0 && this.besideUnknown(tiles, t) && !skip(cell.y * tiles.map.width + cell.x);
    });
    if (points.length === 0) return -1;
    const d2 = (t: number): number => ((t % tiles.width) + 0.5 - this.selfXY.x) ** 2 + (Math.floor(t / tiles.width) + 0.5 - this.selfXY.y) ** 2;
    const furthest = this.rng.nextFloat() < this.furthestChance;
    let best = points[0];
    for (const t of points) if (furthest ? d2(t) > d2(best) : d2(t) < d2(best)) best = t;
    return best;
  }

  private besideUnknown(tiles: TileGrid, t: number): boolean {
    const x = t % tiles.width;
    const y = Math.floor(t / tiles.width);
    for (let d = 0; d < 4; d++) {
      const n = tiles.index(x + DIR_DX[d], y + DIR_DY[d]);
      if (n >= 0 && tiles.state(n) === SlamCell.Unknown) return true;
    }
    return false;
  }

  /** Mark explored every tile whose centre lies within markExploredM of the robot (allocation-free). */
  private markExplored(tiles: TileGrid, xM: number, yM: number): void {
    const r = this.markExploredM / tiles.tileM;
    const sx = (xM - tiles.map.originM.x) / tiles.tileM;
    const sy = (yM - tiles.map.originM.y) / tiles.tileM;
    for (let y = Math.max(0, Math.floor(sy - r)); y <= Math.min(tiles.height - 1, Math.floor(sy + r)); y++) {
      for (let x = Math.max(0, Math.floor(sx - r)); x <= Math.min(tiles.width - 1, Math.floor(sx + r)); x++) {
        if ((x + 0.5 - sx) ** 2 + (y + 0.5 - sy) ** 2 <= r * r) this.explored[y * tiles.width + x] = 1;
      }
    }
  }

  private tilesOf(map: SlamMapView): TileGrid {
    if (this.tiles === null || this.tiles.map !== map) {
      this.tiles = new TileGrid(map, this.tileM);
      this.explored = this.tiles.newSet();
      this.region = [];
    }
    return this.tiles;
  }
}

/** Parameters lvd passes through to the frontier follower unchanged (same name, unit, doc). */
const SHARED = new Set(['speedMps', 'backoffS', 'bodyRadiusM', 'stuckS']);

/** An lvd robot: the frontier follower driven by a LvdStrategy (returned too, for tests to inspect). */
export function lvdController(context: AlgorithmContext): { controller: FrontierExplorerController; strategy: LvdStrategy } {
  const p = context.params;
  const params = frontierParams({});
  for (const name of SHARED) params[name] = p[name];
  const strategy = new LvdStrategy(context);
  return { controller: new FrontierExplorerController({ ...context, params }, { strategy }), strategy };
}

export const lvd: AlgorithmInfo = {
  name: 'lvd',
  summary:
    'LVD (local Voronoi decomposition, Fu 2009 / MAES): visible coarse tiles split between this robot and the sensed ones by nearest distance; own unexplored tiles visited in a per-robot direction order, occlusion points searched; explored tiles shared as bytes.',
  parameters: [
    ...frontierExploration.parameters.filter((p) => SHARED.has(p.name)),
    { name: 'tileM', unit: 'm', default: 1, min: 0.05, max: 100, doc: 'Side of a tile (rounded to whole SLAM cells; MAES: the 1 m coarse tile).' },
    {
      name: 'visionM',
      unit: 'm',
      default: 7,
      min: 0.1,
      max: 1000,
      doc: 'Tiles this near, in line of sight on the own map, are decomposed (MAES: the vision range).',
    },
    {
      name: 'markExploredM',
      unit: 'm',
      default: 1,
      min: 0,
      max: 100,
      doc: 'A tile is explored once the robot passed this near its centre (MAES: markExploredRangeInCoarseTiles, 1 tile).',
    },
    { name: 'regionMinS', unit: 's', default: 4, min: 0.1, max: 10000, doc: 'Shortest time between two decompositions (MAES: 40 ticks).' },
    {
      name: 'regionMaxS',
      unit: 's',
      default: 5,
      min: 0.1,
      max: 10000,
      doc: 'Longest time between two decompositions, drawn uniformly per decomposition (MAES: 50 ticks).',
    },
    {
      name: 'furthestChance',
      unit: 'fraction',
      default: 0.3,
      min: 0,
      max: 1,
      doc: 'Chance that search mode picks the furthest occlusion point instead of the nearest (MAES: 0.3).',
    },
    {
      name: 'shareEveryS',
      unit: 's',
      default: 1,
      min: 0,
      max: 10000,
      doc: 'Broadcast the explored tiles this often (rounded to logic ticks) and merge those heard; 0 = never (each robot on its own).',
    },
  ],
  create: (context) => lvdController(context).controller,
};
