import { describe, expect, it } from 'vitest';
import { isWall, type Grid } from '@swarmgate/maps';
import { algorithms, findAlgorithm, parseAlgorithmSpec, resolveAlgorithmParams } from './algorithms.js';
import type { AlgorithmContext } from './AlgorithmInfo.js';
import type { FrontierExplorerController } from './FrontierExplorer.js';
import { SlamCell } from '../SlamMapView.js';
import { PointRobot } from '../testing/PointRobot.js';
import { gridFromAscii } from '../testing/asciiMaps.js';
import { algorithmContext } from '../testing/algorithmContext.js';

function contextFor(name: string, params: Record<string, number> = {}, robotIndex = 0, seed = 7): AlgorithmContext {
  return algorithmContext(name, { params, robotIndex, seed });
}

/** Open SLAM cells over the SLAM cells of free ground-truth tiles. */
function exploredFraction(grid: Grid, robot: PointRobot): number {
  let free = 0;
  for (const v of grid.cells) if (!isWall(v)) free++;
  let open = 0;
  for (const v of robot.map.cells) if (v === SlamCell.Open) open++;
  return open / (free * 4);
}

// Two rooms joined by a door, a pillar and a dead-end alcove; lidar range 5 m, so exploring needs driving.
const twoRooms = gridFromAscii([
  '####################',
  '#........#.........#',
  '#........#.........#',
  '#..##..............#',
  '#..##....#.........#',
  '#........#....######',
  '#........#.........#',
  '#........#.........#',
  '####################',
]);

describe('algorithm registry', () => {
  it('registers random, frontier, greed, cme, tnf, ssb, lvd and minotaur with documented parameters', () => {
    expect(algorithms.map((a) => a.name)).toEqual(['random', 'frontier', 'greed', 'cme', 'tnf', 'ssb', 'lvd', 'minotaur']);
    for (const a of algorithms) {
      expect(a.summary.length).toBeGreaterThan(20);
      for (const p of a.parameters) {
        expect(p.unit.length).toBeGreaterThan(0);
        expect(p.default).toBeGreaterThanOrEqual(p.min);
        expect(p.default).toBeLessThanOrEqual(p.max);
      }
    }
  });

  it('names the unknown algorithm and lists the known ones', () => {
    expect(() => findAlgorithm('nonesuch')).toThrow(
      "SG_UNKNOWN_ALGORITHM: no algorithm named 'nonesuch'; registered: random, frontier, greed, cme, tnf, ssb, lvd, minotaur",
    );
  });

  it('fills defaults and checks given parameters', () => {
    const frontier = findAlgorithm('frontier');
    expect(resolveAlgorithmParams(frontier, { shareEveryS: 1 })).toMatchObject({ shareEveryS: 1, speedMps: 2 });
    expect(() => resolveAlgorithmParams(frontier, { speed: 1 })).toThrow(
      /SG_UNKNOWN_PARAMETER: algorithm 'frontier' has no parameter 'speed'; it declares: speedMps,/,
    );
    expect(() => resolveAlgorithmParams(frontier, { maxSearchCells: 1.5 })).toThrow(
      /SG_BAD_ARGUMENT: frontier parameter maxSearchCells must be an integer in \[0, 1000000000\] cells, got 1.5/,
    );
    expect(() => resolveAlgorithmParams(frontier, { shareEveryS: -1 })).toThrow(
      /SG_BAD_ARGUMENT: frontier parameter shareEveryS must be a number in \[0, 10000\] s, got -1/,
    );
    expect(() => resolveAlgorithmParams(frontier, { speedMps: Number.NaN })).toThrow(/speedMps/);
  });

  it('parses CLI algorithm specs', () => {
    expect(parseAlgorithmSpec('frontier')).toEqual({ name: 'frontier', params: {} });
    expect(parseAlgorithmSpec('frontier:shareEveryS=1,speedMps=1.5')).toEqual({
      name: 'frontier',
      params: { shareEveryS: 1, speedMps: 1.5 },
    });
    expect(() => parseAlgorithmSpec('frontier:speed')).toThrow("SG_BAD_ARGUMENT: algorithm parameter 'speed' in 'frontier:speed' is not name=number");
  });
});

describe('random walk', () => {
  function runRandom(seed: number, ticks: number): { robot: PointRobot; headings: number[] } {
    const robot = new PointRobot(twoRooms, { pose: { xM: 4.5, yM: 6.5, headingRad: 0 } });
    const controller = findAlgorithm('random').create(contextFor('random', {}, 0, seed));
    controller.start?.(robot);
    const headings: number[] = [];
    for (let t = 0; t < ticks; t++) {
      controller.tick(robot);
      robot.step();
      headings.push(robot.state().pose.headingRad);
    }
    return { robot, headings };
  }

  it('drives, turns at obstacles and keeps going', () => {
    const { robot, headings } = runRandom(1, 600);
    expect(robot.distanceM).toBeGreaterThan(30);
    const turns = headings.filter((h, i) => i > 0 && Math.abs(h - headings[i - 1]) > 1e-9).length;
    expect(turns).toBeGreaterThan(10);
    expect(robot.clampWarnings.count).toBe(0);
  });

  it('turns after a collision cancels its move', () => {
    // Obstacle detection off: only collisions stop it.
    const robot = new PointRobot(twoRooms, { pose: { xM: 4.5, yM: 6.5, headingRad: 0 } });
    const controller = findAlgorithm('random').create(contextFor('random', { obstacleDistanceM: 0 }));
    let turnedAfterCollision = false;
    let collided = false;
    for (let t = 0; t < 200 && !turnedAfterCollision; t++) {
      controller.tick(robot);
      if (collided && robot.state().status === 'idle') {
        robot.step();
        turnedAfterCollision = robot.state().status === 'rotating';
        continue;
      }
      robot.step();
      collided ||= robot.state().collision.started;
    }
    expect(collided).toBe(true);
    expect(turnedAfterCollision).toBe(true);
  });

  it('is deterministic for a seed and differs across seeds', () => {
    expect(runRandom(3, 300).headings).toEqual(runRandom(3, 300).headings);
    expect(runRandom(3, 300).headings).not.toEqual(runRandom(4, 300).headings);
  });
});

describe('frontier exploration', () => {
  function runFrontier(startX: number, startY: number, maxTicks: number) {
    const robot = new PointRobot(twoRooms, { pose: { xM: startX, yM: startY, headingRad: 0 } });
    const controller = findAlgorithm('frontier').create(contextFor('frontier')) as FrontierExplorerController;
    let ticks = 0;
    while (ticks < maxTicks && !controller.done) {
      controller.tick(robot);
      robot.step();
      ticks++;
    }
    return { robot, controller, ticks };
  }

  it('explores >= 95% of a two-room map within the tick budget and then stops', () => {
    const { robot, controller, ticks } = runFrontier(2.5, 1.5, 3000);
    expect(exploredFraction(twoRooms, robot)).toBeGreaterThanOrEqual(0.95);
    expect(controller.done).toBe(true);
    expect(ticks).toBeLessThan(3000);
    expect(robot.clampWarnings.count).toBe(0);
  });

  it('explores from the far room too', () => {
    const { robot } = runFrontier(17.5, 1.5, 3000);
    expect(exploredFraction(twoRooms, robot)).toBeGreaterThanOrEqual(0.95);
  });
});

describe('frontier give way', () => {
  it('stops and turns right for a robot met head-on, then drives on when it is gone', () => {
    const corridor = gridFromAscii(['############', '#..........#', '#..........#', '############']);
    const robot = new PointRobot(corridor, { pose: { xM: 1.5, yM: 2, headingRad: 0 } });
    const controller = findAlgorithm('frontier').create(contextFor('frontier'));
    for (let t = 0; t < 5; t++) {
      controller.tick(robot);
      robot.step();
    }
    const before = robot.state().pose;
    expect(before.xM).toBeGreaterThan(1.6);
    robot.nearbyRobots = [{ id: 'other', distanceM: 0.8, bearingRad: 0.01 }];
    controller.tick(robot);
    robot.step();
    const during = robot.state().pose;
    expect(during.xM).toBe(before.xM);
    expect(during.headingRad).toBeLessThan(before.headingRad);
    robot.nearbyRobots = [];
    for (let t = 0; t < 5; t++) {
      controller.tick(robot);
      robot.step();
    }
    expect(robot.state().pose.xM).toBeGreaterThan(during.xM + 0.5);
  });
});

describe('frontier after a bump', () => {
  const hall = gridFromAscii(['##############', '#............#', '#............#', '#............#', '##############']);

  /** Drive towards the far end, get bumped with `other` sensed, return x before and 3 ticks after. */
  function bumped(other: { distanceM: number; bearingRad: number } | null): [number, number] {
    const robot = new PointRobot(hall, { pose: { xM: 2.5, yM: 2.5, headingRad: 0 }, rangeMaxM: 3 });
    const controller = findAlgorithm('frontier').create(contextFor('frontier'));
    for (let t = 0; t < 6; t++) {
      controller.tick(robot);
      robot.step();
    }
    robot.nearbyRobots = other === null ? [] : [{ id: 'o', ...other }];
    robot.bumpNextStep = true;
    controller.tick(robot);
    robot.step();
    const before = robot.state().pose.xM;
    for (let t = 0; t < 3; t++) {
      controller.tick(robot);
      robot.step();
    }
    return [before, robot.state().pose.xM];
  }

  it('reverses after hitting a wall (no robot in contact)', () => {
    const [before, after] = bumped(null);
    expect(after).toBeLessThan(before - 0.2);
  });

  it('moves away from a robot that bumped it from behind, and backs away from one ahead', () => {
    const [before, after] = bumped({ distanceM: 0.65, bearingRad: Math.PI });
    expect(after).toBeGreaterThan(before + 0.2);
    const [before2, after2] = bumped({ distanceM: 0.65, bearingRad: 0.2 });
    expect(after2).toBeLessThan(before2 - 0.2);
  });
});

describe('frontier dispersion', () => {
  const corridor = gridFromAscii(['##############################', '#............................#', '##############################']);

  /** Start at x = 12.5 knowing tiles 8..17 of the corridor: the left frontier is nearer. */
  function runCorridor(params: Record<string, number>, nearby: { distanceM: number; bearingRad: number }[]): number {
    const robot = new PointRobot(corridor, { pose: { xM: 12.5, yM: 1.5, headingRad: 0 }, rangeMaxM: 0.8 });
    for (let x = 16; x < 36; x++) {
      for (const y of [1, 4]) robot.map.mark(y * robot.map.width + x, SlamCell.Solid);
      for (const y of [2, 3]) robot.map.mark(y * robot.map.width + x, SlamCell.Open);
    }
    robot.nearbyRobots = nearby.map((r, i) => ({ id: `o${i}`, ...r }));
    const controller = findAlgorithm('frontier').create(contextFor('frontier', params));
    for (let t = 0; t < 30; t++) {
      controller.tick(robot);
      robot.step();
    }
    return robot.state().pose.xM;
  }

  it('heads for the nearest frontier when alone', () => {
    expect(runCorridor({}, [])).toBeLessThan(11.5);
  });

  it('leaves a frontier to a robot nearer to it and takes the other one', () => {
    const behind = [{ distanceM: 3, bearingRad: Math.PI }];
    expect(runCorridor({}, behind)).toBeGreaterThan(13.5);
    expect(runCorridor({ cedeMarginM: -1 }, behind)).toBeLessThan(11.5);
  });

  it('takes the nearest frontier after all when the one not ceded lies more than cedeSearchM beyond it', () => {
    // In SLAM cells (0.5 m) the left frontier is 9 steps away, the right one 10: one step (0.5 m) beyond.
    const behind = [{ distanceM: 3, bearingRad: Math.PI }];
    expect(runCorridor({ cedeSearchM: 0.25 }, behind)).toBeLessThan(11.5);
    expect(runCorridor({ cedeSearchM: 0.5 }, behind)).toBeGreaterThan(13.5);
    expect(runCorridor({ cedeSearchM: 0 }, behind)).toBeGreaterThan(13.5);
  });
});

describe('frontier map sharing', () => {
  // Two rooms with no way between them: the only way to know the other room is a shared map.
  const sealed = gridFromAscii(['###########', '#....#....#', '#....#....#', '#....#....#', '###########']);

  function runPair(shareEveryS: number, ticks: number, tickS = 0.1): { robots: PointRobot[]; sent: number } {
    const robots = [
      new PointRobot(sealed, { id: 'a', pose: { xM: 2.5, yM: 2.5, headingRad: 0 } }),
      new PointRobot(sealed, { id: 'b', pose: { xM: 8.5, yM: 2.5, headingRad: 0 } }),
    ];
    const controllers = robots.map((_, i) => findAlgorithm('frontier').create({ ...contextFor('frontier', { shareEveryS }, i), robotCount: 2, tickS }));
    let sent = 0;
    for (let t = 0; t < ticks; t++) {
      robots.forEach((robot, i) => controllers[i].tick(robot));
      sent += robots[0].outbox.length + robots[1].outbox.length;
      // A global radio: each broadcast reaches the other robot at the next tick.
      robots.forEach((robot, i) => {
        for (const payload of robot.outbox.splice(0)) robots[1 - i].pendingInbox.push({ from: robot.id, sentTick: t, payload });
      });
      robots.forEach((robot) => robot.step());
    }
    return { robots, sent };
  }

  const leftRoomCell = (robot: PointRobot) => robot.map.cellAt(3, 4);
  const rightRoomCell = (robot: PointRobot) => robot.map.cellAt(17, 4);

  it('merges the maps it hears, so each robot knows the room it cannot see', () => {
    const {
      robots: [a, b],
      sent,
    } = runPair(0.5, 20);
    expect(sent).toBe(8);
    expect(leftRoomCell(b)).toBe(SlamCell.Open);
    expect(rightRoomCell(a)).toBe(SlamCell.Open);
    expect(a.map.knownCells).toBe(b.map.knownCells);
  });

  it('counts the sharing interval in seconds: 0.5 s is every 5 ticks of 0.1 s and every 10 ticks of 0.05 s', () => {
    expect(runPair(0.5, 20, 0.05).sent).toBe(4);
    expect(runPair(0.25, 20, 0.05).sent).toBe(8);
  });

  it('keeps maps private with sharing off', () => {
    const {
      robots: [a, b],
      sent,
    } = runPair(0, 20);
    expect(leftRoomCell(b)).toBe(SlamCell.Unknown);
    expect(rightRoomCell(a)).toBe(SlamCell.Unknown);
    expect(sent).toBe(0);
  });
});
