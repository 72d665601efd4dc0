/**
 * Coordinated multi-robot exploration, decentralised (Burgard, Moors, Stachniss, Schneider 2005,
 * "Coordinated multi-robot exploration", IEEE Transactions on Robotics).
 *
 * Every reachable frontier cell of the robot's own SLAM map is a target. A target t has utility
 * U(t), 1 to begin with, and cost V(t), the length of the robot's path to it (BFS over the map, in
 * metres); the robot takes the target with the largest U(t) - beta * V(t). Once a robot has
 * picked a target t, the utility of every target t' within the sensor range of it falls by
 * P(d(t, t')) = 1 - d / discountRangeM (linear from 1 at the target to 0 at the range), so the
 * next robot looks elsewhere. Here there is no central assigner: each robot announces its target
 * as a radio message (targetMessage.ts, real bytes, broadcast) when it picks it and every
 * `announceS`, and applies the discount around every target it heard in the last `forgetS` that
 * its own map still shows as a frontier. Two robots that pick nearby targets in the same instant
 * would not see each other's choice; a robot that hears such a target from a robot whose id sorts
 * before its own chooses again (the paper's sequential assignment, decided by id order).
 * Maps travel as heartbeats of SLAM map bytes every `shareEveryS`, merged by whoever hears them.
 *
 * Differences from the paper: it plans over the robots' shared grid with value iteration for the
 * cost and the paper's utility update; here the cost is the BFS step count of the own map times
 * the cell size (a diagonal move counts one cell), and the shared map is whatever heartbeats the
 * radio delivered. Path following, collisions and unreachable targets are the frontier
 * controller's (FrontierExplorer.ts).
 */
import type { Robot, RobotState } from '../Robot.js';
import type { SlamMapView } from '../SlamMapView.js';
import { DEFAULT_TICK_S, type AlgorithmContext, type AlgorithmInfo } from './AlgorithmInfo.js';
import { frontierExploration, FrontierExplorerController, frontierParams, type TargetStrategy } from './FrontierExplorer.js';
import { FrontierScan } from './frontierScan.js';
import { encodeTargetMessage, HeardTargets } from './targetMessage.js';

/** P(d): how much a target at distanceM from another robot's target loses, 1 at 0 falling linearly to 0 at rangeM. */
export function cmeDiscount(distanceM: number, rangeM: number): number {
  return distanceM < rangeM ? 1 - distanceM / rangeM : 0;
}

/** The value the paper maximises: utility minus beta times path cost. */
export function cmeTargetValue(utility: number, costM: number, beta: number): number {
  return utility - beta * costM;
}

/** Chooses cme targets and exchanges them by radio; one per robot. */
export class CmeStrategy implements TargetStrategy {
  readonly heard = new HeardTargets();
  private readonly scan = new FrontierScan();
  /** Heard targets still in play (x, y world metres), gathered when choosing. */
  private others = new Float64Array(16);
  private otherCount = 0;
  private readonly robotId: string;
  private readonly beta: number;
  private readonly rangeM: number;
  private readonly announceTicks: number;
  private readonly announceOffset: number;
  private readonly forgetTicks: number;
  private readonly maxVisits: number;
  private map: SlamMapView | null = null;
  private readonly keepOther = (target: { xM: number; yM: number }): void => {
    const map = this.map;
    if (map === null) return;
    // A target the own map shows explored no longer draws anyone: it does not discount.
    const cell = map.worldToCell(target.xM, target.yM);
    if (cell === null || !map.isFrontier(cell.x, cell.y)) return;
    if (this.others.length < 2 * (this.otherCount + 1)) {
      const bigger = new Float64Array(this.others.length * 2);
      bigger.set(this.others);
      this.others = bigger;
    }
    this.others[2 * this.otherCount] = target.xM;
    this.others[2 * this.otherCount + 1] = target.yM;
    this.otherCount++;
  };

  constructor(context: AlgorithmContext) {
    const p = context.params;
    const tickS = context.tickS ?? DEFAULT_TICK_S;
    const ticks = (seconds: number): number => Math.max(1, Math.round(seconds / tickS));
    this.robotId = context.robotId;
    this.beta = p.beta;
    this.rangeM = p.discountRangeM;
    this.announceTicks = ticks(p.announceS);
    this.announceOffset = context.robotIndex % this.announceTicks;
    this.forgetTicks = ticks(p.forgetS);
    this.maxVisits = p.maxSearchCells > 0 ? p.maxSearchCells : Number.POSITIVE_INFINITY;
  }

  beforeTick(robot: Robot, state: RobotState, targetIndex: number): boolean {
    const changed = this.heard.read(state.inbox, state.tick);
    const announce = state.tick % this.announceTicks === this.announceOffset;
    if (targetIndex < 0 || (!announce && changed.length === 0)) return false;
    const map = robot.map;
    const mine = map.cellToWorld(targetIndex % map.width, Math.floor(targetIndex / map.width));
    if (announce) robot.broadcast(encodeTargetMessage(mine));
    for (const sender of changed) {
      const theirs = this.heard.get(sender);
      if (sender < this.robotId && theirs !== undefined && Math.hypot(theirs.xM - mine.xM, theirs.yM - mine.yM) < this.rangeM) return true;
    }
    return false;
  }

  choose(map: SlamMapView, from: number, state: RobotState, skip: (index: number) => boolean): number {
    this.map = map;
    this.otherCount = 0;
    this.heard.forEachSince(state.tick - this.forgetTicks, this.keepOther);
    this.scan.run(map, from, skip, this.maxVisits);
    const { indices, steps, count } = this.scan;
    const w = map.width;
    const cs = map.cellSizeM;
    let best = -1;
    let bestValue = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < count; i++) {
      const index = indices[i];
      const xM = map.originM.x + ((index % w) + 0.5) * cs;
      const yM = map.originM.y + (Math.floor(index / w) + 0.5) * cs;
      let utility = 1;
      for (let k = 0; k < this.otherCount; k++) utility -= cmeDiscount(Math.hypot(xM - this.others[2 * k], yM - this.others[2 * k + 1]), this.rangeM);
      const value = cmeTargetValue(utility, steps[i] * cs, this.beta);
      // Strictly greater: among equal values the nearest (first in BFS order) wins.
      if (value > bestValue) {
        bestValue = value;
        best = index;
      }
    }
    return best;
  }

  targetChosen(robot: Robot, _state: RobotState, targetIndex: number): void {
    const map = robot.map;
    robot.broadcast(encodeTargetMessage(map.cellToWorld(targetIndex % map.width, Math.floor(targetIndex / map.width))));
  }
}

/** Parameters cme passes through to the frontier controller unchanged (same name, unit, doc). */
const SHARED = new Set(['speedMps', 'backoffS', 'bodyRadiusM', 'shareEveryS', 'stuckS', 'maxSearchCells']);

export const cme: AlgorithmInfo = {
  name: 'cme',
  heavyControllers: true,
  summary:
    'Coordinated multi-robot exploration (Burgard et al. 2005), decentralised: frontier targets valued utility - beta * path cost, utility discounted around the targets other robots announced by radio; maps shared as heartbeats.',
  parameters: [
    ...frontierExploration.parameters
      .filter((p) => SHARED.has(p.name))
      .map((p) => (p.name === 'shareEveryS' ? { ...p, default: 1, doc: 'Broadcast the SLAM map this often and merge every map heard; 0 = never.' } : p)),
    {
      name: 'beta',
      unit: '1/m',
      default: 0.1,
      min: 0,
      max: 100,
      doc: 'Weight of path cost against utility (a utility of 1 is worth 1 / beta metres of path).',
    },
    {
      name: 'discountRangeM',
      unit: 'm',
      default: 7,
      min: 0.01,
      max: 1000,
      doc: "Targets within this distance of another robot's target lose utility, linearly from 1 at it to 0 here (the sensor range in the paper).",
    },
    { name: 'announceS', unit: 's', default: 1, min: 0.01, max: 10000, doc: 'Broadcast the own target this often (and whenever a new one is chosen).' },
    { name: 'forgetS', unit: 's', default: 5, min: 0.01, max: 10000, doc: 'A target heard longer ago than this no longer discounts.' },
  ],
  create: (context) => {
    const p = context.params;
    const params = frontierParams({ cedeMarginM: -1 });
    for (const name of SHARED) params[name] = p[name];
    return new FrontierExplorerController({ ...context, params }, { strategy: new CmeStrategy(context) });
  },
};
