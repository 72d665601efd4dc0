/**
 * The Next Frontier (Colares, Chaimowicz 2016, "The next frontier: combining information gain and
 * distance cost for decentralized multi-robot exploration", ACM SAC; MAES's TnfExplorationAlgorithm).
 *
 * Frontiers are the 8-connected clusters of seen open cells with unseen neighbours that the robot
 * can reach on its own SLAM map (frontierClusters.ts). A frontier f is worth
 *   U(f) = I(f) - C(f) + D(d(f)),  D(d) = d^(alpha - 1) (1 - d)^(beta - 1) / its peak value,
 * with I the information potential (the unknown cells next to the frontier, over the most any
 * frontier has), d the robot's BFS distance to the frontier over the farthest frontier's (0..1),
 * and C the coordination: the same distance term summed over wavefronts (BFS) started from every
 * robot the robot senses, so a frontier near another robot is worth less to this one. The robot
 * drives to the frontier cell nearest the cluster's centroid. alpha = 1, beta = 10 (the Minotaur
 * study's setting) favours near frontiers; a larger alpha favours farther ones.
 * Every `shareEveryS` (MAES: 20 ticks) while it senses another robot it broadcasts its SLAM map's
 * bytes and its destination (targetMessage.ts; the sender's id is the radio's), and merges every
 * map it hears. A destination heard in the last `forgetS` adds a coordination wavefront as a
 * sensed robot standing there would, so robots that met do not head for the same frontier (MAES's
 * TNF sends destinations without reading them; its FF-TNF variant subtracts a wavefront from them).
 *
 * Where MAES's code departs from the paper's description (utility as information, coordination
 * and a beta-shaped distance term of the normalised distance to the frontier) the paper is
 * followed: MAES computes d as the square root of a sum of ratios and the information as a
 * Gaussian of each cell's state divided by the number of frontiers, stops the robot to exchange
 * maps, and aims at the mean of a frontier's first, middle and last cells (not necessarily a
 * frontier cell); here d is the BFS path distance over the farthest frontier's, the information
 * a count of unknown cells normalised to 0..1, the robot keeps driving, and it aims at a frontier
 * cell. The distance term is divided by its peak (a choice of this implementation) so
 * the three terms share a scale for any alpha, beta. Collisions as MAES has them, on the frontier
 * controller (FrontierExplorer.ts): back up for `backoffS`, step to a random clear neighbouring
 * cell (`stepAsideS`, the context's seeded rng), then plan again; touching something for
 * `hardResetS` gives the target up (MAES's hard reset), as do three wall collisions on one target
 * or `stuckS` without progress.
 */
import type { Robot, RobotState } from '../Robot.js';
import type { SlamMapView } from '../SlamMapView.js';
import { DEFAULT_TICK_S, type AlgorithmContext, type AlgorithmInfo } from './AlgorithmInfo.js';
import { frontierExploration, FrontierExplorerController, frontierParams, type TargetStrategy } from './FrontierExplorer.js';
import { FrontierClusters } from './frontierClusters.js';
import { FrontierScan } from './frontierScan.js';
import { broadcastMap, mergeHeardMaps } from './mapSharing.js';
import { encodeTargetMessage, HeardTargets, type TargetPoint } from './targetMessage.js';

/**
 * The distance term d^(alpha - 1) (1 - d)^(beta - 1) for d in [0, 1] (clamped), divided by its
 * value at the peak (alpha - 1) / (alpha + beta - 2), so it lies in [0, 1] and is 1 at the peak.
 */
export function tnfDistanceTerm(d: number, alpha: number, beta: number): number {
  const x = Math.min(1, Math.max(0, d));
  const peak = alpha + beta > 2 ? (alpha - 1) / (alpha + beta - 2) : 0.5;
  return (x ** (alpha - 1) * (1 - x) ** (beta - 1)) / (peak ** (alpha - 1) * (1 - peak) ** (beta - 1));
}

/** A frontier's utility: information potential minus coordination plus the distance term. */
export function tnfUtility(information: number, coordination: number, distanceTerm: number): number {
  return information - coordination + distanceTerm;
}

/** Chooses tnf targets, shares maps and destinations by radio; one per robot. */
export class TnfStrategy implements TargetStrategy {
  readonly heard = new HeardTargets();
  private readonly scan = new FrontierScan();
  private readonly clusters = new FrontierClusters();
  /** Per cluster: summed coordination term. */
  private coordination = new Float64Array(16);
  private map: SlamMapView | null = null;
  private maxSteps = 1;
  private readonly alpha: number;
  private readonly beta: number;
  private readonly shareTicks: number;
  private readonly shareOffset: number;
  private readonly forgetTicks: number;
  private readonly maxVisits: number;
  /** Steps from the current coordination source to each cluster, -1 until reached. */
  private sourceSteps = new Int32Array(16);
  private readonly recordSource = (index: number, steps: number): boolean => {
    const c = this.clusters.clusterAt(index);
    if (c >= 0 && this.sourceSteps[c] < 0) this.sourceSteps[c] = steps;
    return true;
  };
  private readonly addHeardSource = (target: TargetPoint): void => this.addSource(target.xM, target.yM);

  constructor(context: AlgorithmContext) {
    const p = context.params;
    const tickS = context.tickS ?? DEFAULT_TICK_S;
    const ticks = (seconds: number): number => Math.max(1, Math.round(seconds / tickS));
    this.alpha = p.alpha;
    this.beta = p.beta;
    this.shareTicks = ticks(p.shareEveryS);
    this.shareOffset = context.robotIndex % this.shareTicks;
    this.forgetTicks = ticks(p.forgetS);
    this.maxVisits = p.maxSearchCells > 0 ? p.maxSearchCells : Number.POSITIVE_INFINITY;
  }

  beforeTick(robot: Robot, state: RobotState, targetIndex: number): boolean {
    mergeHeardMaps(robot, state);
    this.heard.read(state.inbox, state.tick);
    if (state.nearbyRobots.length > 0 && state.tick % this.shareTicks === this.shareOffset) {
      broadcastMap(robot);
      const map = robot.map;
      if (targetIndex >= 0) robot.broadcast(encodeTargetMessage(map.cellToWorld(targetIndex % map.width, Math.floor(targetIndex / map.width))));
    }
    return false;
  }

  choose(map: SlamMapView, from: number, state: RobotState, skip: (index: number) => boolean): number {
    this.map = map;
    this.scan.run(map, from, skip, this.maxVisits);
    const clusters = this.clusters;
    clusters.build(map, this.scan);
    const n = clusters.count;
    if (n === 0) return -1;
    if (this.coordination.length < n) {
      this.coordination = new Float64Array(2 * n);
      this.sourceSteps = new Int32Array(2 * n);
    }
    let maxInformation = 1;
    this.maxSteps = 1;
    for (let c = 0; c < n; c++) {
      this.coordination[c] = 0;
      if (clusters.information[c] > maxInformation) maxInformation = clusters.information[c];
      if (clusters.steps[c] > this.maxSteps) this.maxSteps = clusters.steps[c];
    }
    const { xM, yM, headingRad } = state.pose;
    for (const other of state.nearbyRobots) {
      const a = headingRad + other.bearingRad;
      this.addSource(xM + other.distanceM * Math.cos(a), yM + other.distanceM * Math.sin(a));
    }
    this.heard.forEachSince(state.tick - this.forgetTicks, this.addHeardSource);
    let best = -1;
    let bestUtility = Number.NEGATIVE_INFINITY;
    for (let c = 0; c < n; c++) {
      const distance = tnfDistanceTerm(clusters.steps[c] / this.maxSteps, this.alpha, this.beta);
      const utility = tnfUtility(clusters.information[c] / maxInformation, this.coordination[c], distance);
      if (utility > bestUtility) {
        bestUtility = utility;
        best = c;
      }
    }
    return clusters.target[best];
  }

  /** Add the coordination wavefront from a robot (sensed or announced) at a world point. */
  private addSource(xM: number, yM: number): void {
    const map = this.map;
    if (map === null) return;
    const cell = map.worldToCell(xM, yM);
    if (cell === null) return;
    const n = this.clusters.count;
    this.sourceSteps.fill(-1, 0, n);
    map.nearestFrontier(cell, { skip: this.recordSource, maxVisits: this.maxVisits });
    for (let c = 0; c < n; c++) {
      if (this.sourceSteps[c] >= 0) this.coordination[c] += tnfDistanceTerm(this.sourceSteps[c] / this.maxSteps, this.alpha, this.beta);
    }
  }
}

/** Parameters tnf passes through to the frontier controller unchanged (same name, unit, doc). */
const SHARED = new Set(['speedMps', 'backoffS', 'bodyRadiusM', 'stuckS', 'maxSearchCells']);

export const tnf: AlgorithmInfo = {
  name: 'tnf',
  heavyControllers: true,
  summary:
    'The Next Frontier (Colares, Chaimowicz 2016): frontier clusters valued information - coordination (wavefronts from sensed robots) + a beta-shaped distance term; maps and destinations broadcast every 2 s while robots are sensed.',
  parameters: [
    ...frontierExploration.parameters
      .filter((p) => SHARED.has(p.name))
      .map((p) =>
        p.name === 'backoffS'
          ? { ...p, default: 0.1, doc: 'Reverse this long at half speed after a collision (0.1 s: 0.1 m at 2 m/s, as MAES backs up 0.1 tile).' }
          : p,
      ),
    {
      name: 'alpha',
      unit: '1',
      default: 1,
      min: 1,
      max: 100,
      doc: 'Distance term d^(alpha-1)(1-d)^(beta-1): larger alpha favours farther frontiers (Minotaur study: 1; TNF paper: 8).',
    },
    {
      name: 'beta',
      unit: '1',
      default: 10,
      min: 1,
      max: 100,
      doc: 'Distance term exponent: larger beta favours nearer frontiers (Minotaur study: 10; TNF paper: 8).',
    },
    {
      name: 'shareEveryS',
      unit: 's',
      default: 2,
      min: 0.01,
      max: 10000,
      doc: 'While another robot is sensed, broadcast the SLAM map and the destination this often (MAES: 20 ticks); maps heard are always merged.',
    },
    {
      name: 'stepAsideS',
      unit: 's',
      default: 0.5,
      min: 0,
      max: 100,
      doc: 'After backing off, drive at most this long to a random clear neighbouring SLAM cell (MAES: a random free neighbour); 0 = off.',
    },
    {
      name: 'hardResetS',
      unit: 's',
      default: 0.5,
      min: 0,
      max: 100,
      doc: 'Touching a wall or robot this long without a break gives the target up (MAES: 5 ticks); 0 = off.',
    },
    { name: 'forgetS', unit: 's', default: 5, min: 0.01, max: 10000, doc: 'A destination heard longer ago than this no longer adds coordination.' },
  ],
  create: (context) => {
    const p = context.params;
    const params = frontierParams({ shareEveryS: 0, cedeMarginM: -1 });
    for (const name of SHARED) params[name] = p[name];
    return new FrontierExplorerController({ ...context, params }, { strategy: new TnfStrategy(context), stepAsideS: p.stepAsideS, hardResetS: p.hardResetS });
  },
};
