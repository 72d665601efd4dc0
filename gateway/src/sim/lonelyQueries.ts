/**
 * planck finds new contacts by querying its broad-phase tree with the fat AABB of every proxy that
 * left its old one. In a swarm those are mostly robots in open space (FreeFlight hands each free
 * robot back once a tick, and at 3 m/s it leaves its 0.1 m margin every tick), and their query
 * finds nothing but the robot itself: on cave150, 109 queries a tick hit 111 leaves, each a descent
 * of a tree of some 1,200 wall boxes, 7 % of the main thread.
 *
 * Before planck runs its queries, this drops every moved robot proxy whose fat AABB overlaps no
 * wall box's fat AABB and no other robot's. Such a query reports no pair, so dropping it changes
 * nothing: the other queries run in the same order against the same tree and create the same
 * contacts in the same order (planck skips null entries of its move buffer). Overlap is tested as
 * planck's AABB.testOverlap tests it (touching counts). The walls are the grid's wall cells, so
 * a robot's fat AABB grown by the walls' reach that covers only open cells overlaps no wall (cell
 * indices are monotone in the coordinate, so closed intervals that meet give index ranges that
 * meet); no memory beyond the grid's. Other robots are found in a bucket grid of their fat AABBs' centres, rebuilt
 * for a pair search with a batch of robots clear of the walls, and tested exactly.
 *
 * planck is pinned exactly in gateway/package.json; the fields used here are checked when installed.
 */
import { Box, World as PlanckWorld, type AABB, type Body, type Fixture, type FixtureProxy } from 'planck';
import { isWall, type Grid } from '@swarmgate/maps/grid';
import { planckBroadPhase } from './planckBroadPhase.js';
import { gridBounds, SpatialHash } from './radio/SpatialHash.js';
import { growArray } from './radio/growArray.js';
import { hypot2 } from '@swarmgate/protocols/common';

/** A fixture's broad-phase proxies: a private field of planck's Fixture (not in its typings). */
interface WithProxies {
  readonly m_proxies?: readonly FixtureProxy[];
}

/** Robots are indexed for a pair search when at least 1 / MIN_BATCH_SHARE of the bodies moved clear of the walls. */
const MIN_BATCH_SHARE = 8;

/** Slack on the bounds that find candidate robots and walls near a box: far above rounding, far below a gap worth having. */
const SLACK_M = 1e-6;

export interface LonelyQueryStats {
  /** Robot proxies' queries planck would have run, and how many of them were dropped. */
  robotQueries: number;
  dropped: number;
}

/**
 * Installs the filter on `world`'s broad phase before any robot moves. Returns counters for tests and benchmarks.
 */
export function dropLonelyQueries(world: PlanckWorld, grid: Pick<Grid, 'width' | 'height' | 'cellSizeM' | 'originM' | 'cells'>): LonelyQueryStats {
  const broadPhase = planckBroadPhase(world);
  const tree = broadPhase.m_tree;
  const stats: LonelyQueryStats = { robotQueries: 0, dropped: 0 };
  const walls = wallTest(grid);

  // Robots' proxies by dense index: id and fat AABB, refilled at each pair search that needs them.
  let robotIds = new Int32Array(64);
  let robotCount = 0;
  let maxHalfW = 0;
  let maxHalfH = 0;
  const hash = new SpatialHash(gridBounds(grid), 2);
  let candidates = new Int32Array(16);

  const indexRobots = (): void => {
    hash.clear();
    robotCount = 0;
    maxHalfW = 0;
    maxHalfH = 0;
    for (let body: Body | null = world.getBodyList(); body; body = body.getNext()) {
      if (body.isStatic()) continue;
      for (let f: Fixture | null = body.getFixtureList(); f; f = f.getNext()) {
        for (const proxy of proxiesOf(f)) {
          const box = tree.getFatAABB(proxy.proxyId);
          robotIds = growArray(robotIds, robotCount + 1);
          robotIds[robotCount] = proxy.proxyId;
          hash.insert(robotCount++, (box.lowerBound.x + box.upperBound.x) / 2, (box.lowerBound.y + box.upperBound.y) / 2);
          maxHalfW = Math.max(maxHalfW, (box.upperBound.x - box.lowerBound.x) / 2);
          maxHalfH = Math.max(maxHalfH, (box.upperBound.y - box.lowerBound.y) / 2);
        }
      }
    }
  };

  /** True when robot proxy `id`'s fat AABB overlaps another robot proxy's (robots indexed). */
  const nearRobot = (id: number, box: AABB): boolean => {
    const halfW = (box.upperBound.x - box.lowerBound.x) / 2;
    const halfH = (box.upperBound.y - box.lowerBound.y) / 2;
    const reachM = hypot2(halfW + maxHalfW, halfH + maxHalfH) + SLACK_M;
    let count = hash.query((box.lowerBound.x + box.upperBound.x) / 2, (box.lowerBound.y + box.upperBound.y) / 2, reachM, candidates);
    if (count > candidates.length) {
      candidates = new Int32Array(count);
      count = hash.query((box.lowerBound.x + box.upperBound.x) / 2, (box.lowerBound.y + box.upperBound.y) / 2, reachM, candidates);
    }
    for (let k = 0; k < count; k++) {
      const other = robotIds[candidates[k]];
      if (other === id) continue;
      const b = tree.getFatAABB(other);
      // planck's AABB.testOverlap: apart only when a gap separates them on an axis.
      if (!(
        b.lowerBound.x - box.upperBound.x > 0 ||
        b.lowerBound.y - box.upperBound.y > 0 ||
        box.lowerBound.x - b.upperBound.x > 0 ||
        box.lowerBound.y - b.upperBound.y > 0
      )) {
        return true;
      }
    }
    return false;
  };

  const updatePairs = broadPhase.updatePairs;
  // Move-buffer positions of robot proxies clear of every wall, this pair search.
  let clear = new Int32Array(64);
  broadPhase.updatePairs = function updatePairsWithoutLonely(this: typeof broadPhase, addPair) {
    const moved = this.m_moveBuffer;
    let clearCount = 0;
    for (let k = 0; k < moved.length; k++) {
      const id = moved[k];
      if (id === null || tree.getUserData(id).fixture.getBody().isStatic()) continue;
      stats.robotQueries++;
      if (walls.touches(tree.getFatAABB(id))) continue;
      clear = growArray(clear, clearCount + 1);
      clear[clearCount++] = k;
    }
    // Indexing every robot costs about what a few queries do: worth it only for a batch (the
    // once-a-tick hand-back of free robots), not for the few robots planck moves in a step.
    if (clearCount * MIN_BATCH_SHARE >= world.getBodyCount()) {
      indexRobots();
      for (let j = 0; j < clearCount; j++) {
        const k = clear[j];
        if (nearRobot(moved[k], tree.getFatAABB(moved[k]))) continue;
        // planck's own unbufferMove writes null into the buffer (its typings say number[]).
        moved[k] = null as unknown as number;
        stats.dropped++;
      }
    }
    updatePairs.call(this, addPair);
  };
  return stats;
}

/**
 * The walls' test: a fat AABB overlaps no wall's fat AABB when every grid cell within the walls'
 * reach of it is open (and inside the grid: planck's world does not end at the map's edge). The
 * wall boxes are the grid's wall cells merged (WallBodies.ts), created near the robots as they go,
 * and their fat AABBs reach past them by planck's polygon skin and AABB margin: measured on a box
 * planck makes in a world of its own (the same for every box), plus a slack far above rounding,
 * so the test stays on the safe side of planck's own whichever walls exist yet.
 */
function wallTest(grid: Pick<Grid, 'width' | 'height' | 'cellSizeM' | 'originM' | 'cells'>): { touches(box: AABB): boolean } {
  const probe = new PlanckWorld();
  // A 1 m box about the origin: its fat AABB's overhang on each side is the reach.
  const fixture = probe.createBody({ type: 'static' }).createFixture(new Box(0.5, 0.5));
  const tree = planckBroadPhase(probe).m_tree;
  let reachM = 0;
  for (const proxy of proxiesOf(fixture)) {
    const box = tree.getFatAABB(proxy.proxyId);
    reachM = Math.max(reachM, -0.5 - box.lowerBound.x, -0.5 - box.lowerBound.y, box.upperBound.x - 0.5, box.upperBound.y - 0.5);
  }
  reachM += SLACK_M;
  const { width, height, cellSizeM, cells } = grid;
  const { x: ox, y: oy } = grid.originM;
  return {
    touches(box: AABB): boolean {
      const c0 = Math.floor((box.lowerBound.x - reachM - ox) / cellSizeM);
      const c1 = Math.floor((box.upperBound.x + reachM - ox) / cellSizeM);
      const r0 = Math.floor((box.lowerBound.y - reachM - oy) / cellSizeM);
      const r1 = Math.floor((box.upperBound.y + reachM - oy) / cellSizeM);
      if (!(c0 >= 0 && r0 >= 0 && c1 < width && r1 < height)) return true;
      for (let r = r0; r <= r1; r++) {
        for (let c = c0; c <= c1; c++) if (isWall(cells[r * width + c])) return true;
      }
      return false;
    },
  };
}

function proxiesOf(fixture: Fixture): readonly FixtureProxy[] {
  const proxies = (fixture as unknown as WithProxies).m_proxies;
  // Our fault, not the user's: a planck upgrade moved the field this relies on.
  if (!Array.isArray(proxies)) throw new Error('dropLonelyQueries: planck internals changed (Fixture.m_proxies is not an array)');
  return proxies;
}
