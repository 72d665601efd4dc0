import { describe, expect, it } from 'vitest';
import { isWall, type Grid } from '@swarmgate/maps';
import type { Controller } from '../Robot.js';
import { SlamCell } from '../SlamMapView.js';
import { SlamMap } from '../slam/SlamMap.js';
import { PointRobot } from '../testing/PointRobot.js';
import { gridFromAscii } from '../testing/asciiMaps.js';
import { algorithmContext } from '../testing/algorithmContext.js';
import { findAlgorithm } from './algorithms.js';
import type { MinotaurController } from './Minotaur.js';
import { decodeMinotaurMessage, encodeMinotaurMessage } from './minotaurMessages.js';

function minotaurFor(robotIndex: number, robotCount: number, params: Record<string, number> = {}): MinotaurController {
  return findAlgorithm('minotaur').create(algorithmContext('minotaur', { robotIndex, robotCount, params })) as MinotaurController;
}

/** Mark the robot's SLAM map as the ground truth where `known(tileX, tileY)` says so. */
function know(robot: PointRobot, grid: Grid, known: (tx: number, ty: number) => boolean): void {
  const map = robot.map;
  for (let y = 0; y < map.height; y++) {
    for (let x = 0; x < map.width; x++) {
      const tx = Math.floor(x / 2);
      const ty = Math.floor(y / 2);
      if (known(tx, ty)) map.mark(y * map.width + x, isWall(grid.cells[ty * grid.width + tx]) ? SlamCell.Solid : SlamCell.Open);
    }
  }
}

/**
 * Step robots and controllers together; every broadcast reaches every other robot the next tick.
 * `heard` sees each broadcast once, with its sender.
 */
function run(robots: readonly PointRobot[], controllers: readonly Controller[], ticks: number, heard?: (from: string, payload: Uint8Array) => void): void {
  for (let t = 0; t < ticks; t++) {
    robots.forEach((robot, i) => controllers[i].tick(robot));
    robots.forEach((robot) => {
      for (const payload of robot.outbox.splice(0)) {
        heard?.(robot.id, payload);
        for (const other of robots) if (other !== robot) other.pendingInbox.push({ from: robot.id, sentTick: t, payload });
      }
    });
    for (const robot of robots) robot.step();
  }
}

// Two rooms of 8 x 6 m side by side; the wall between them (x = 9) has a 2 m doorway at y 3..5.
const twoRooms = gridFromAscii([
  '###################',
  '#........#........#',
  '#........#........#',
  '#.................#',
  '#.................#',
  '#........#........#',
  '#........#........#',
  '###################',
]);
/** The left room and the walls around it, without its leftmost column (x = 1): the right room is unknown. */
const leftRoomButItsFarEnd = (tx: number): boolean => tx === 0 || (tx >= 2 && tx <= 9);
const DOOR_PARAMS = { doorWidthM: 2 };

describe('minotaur explores room by room', () => {
  function pointRobot(id: string, xM: number, yM: number): PointRobot {
    // A 0.4 m lidar: the test's prepared map is what the robot knows.
    return new PointRobot(twoRooms, { id, pose: { xM, yM, headingRad: 0 }, rangeMaxM: 0.4 });
  }

  it('finishes its room before the nearer unknown beyond a doorway (greed goes through)', () => {
    /** The robot's largest and last x over 25 ticks. */
    const xs = (controller: Controller): { maxXM: number; xM: number } => {
      const robot = pointRobot('r0', 7.5, 3.5);
      know(robot, twoRooms, leftRoomButItsFarEnd);
      let maxXM = 0;
      for (let t = 0; t < 25; t++) {
        run([robot], [controller], 1);
        maxXM = Math.max(maxXM, robot.state().pose.xM);
      }
      return { maxXM, xM: robot.state().pose.xM };
    };
    const minotaur = minotaurFor(0, 1, DOOR_PARAMS);
    const mine = xs(minotaur);
    expect(mine.maxXM).toBeLessThan(7.6);
    expect(mine.xM).toBeLessThan(5);
    expect(minotaur.doorways()).toEqual([{ axis: 'column', line: 18, from: 6, to: 9, explored: false }]);
    const greed = findAlgorithm('greed').create(algorithmContext('greed'));
    expect(xs(greed).maxXM).toBeGreaterThan(9);
  });

  it('then goes through the nearest unexplored doorway, which is explored once crossed', () => {
    // A 3 m lidar: the robot sees the other room once in the doorway, and drives on into it.
    const robot = new PointRobot(twoRooms, { id: 'r0', pose: { xM: 5.5, yM: 3.5, headingRad: 0 }, rangeMaxM: 3 });
    know(robot, twoRooms, (tx) => tx <= 9);
    const controller = minotaurFor(0, 1, DOOR_PARAMS);
    run([robot], [controller], 40);
    expect(robot.state().pose.xM).toBeGreaterThan(10);
    expect(controller.doorways().map((d) => d.explored)).toEqual([true]);
  });
});

describe('minotaur and known rooms', () => {
  it('does not walk through a doorway into a room with nothing left to see: that doorway counts as explored', () => {
    // Both rooms known: the doorway is found (2 m away), and nothing is left behind it.
    const robot = new PointRobot(twoRooms, { pose: { xM: 7.5, yM: 3.5, headingRad: 0 }, rangeMaxM: 0.4 });
    know(robot, twoRooms, () => true);
    const controller = minotaurFor(0, 1, DOOR_PARAMS);
    let maxXM = 0;
    for (let t = 0; t < 30; t++) {
      run([robot], [controller], 1);
      maxXM = Math.max(maxXM, robot.state().pose.xM);
    }
    expect(controller.doorways()).toEqual([{ axis: 'column', line: 18, from: 6, to: 9, explored: true }]);
    expect(maxXM).toBeLessThan(7.6);
    expect(controller.done).toBe(true);
  });
});

describe('minotaur alone', () => {
  it('explores both rooms with a 5 m lidar, crossing the one doorway, and then stops', () => {
    const robot = new PointRobot(twoRooms, { pose: { xM: 2.5, yM: 2.5, headingRad: 0 } });
    const controller = minotaurFor(0, 1, DOOR_PARAMS);
    let ticks = 0;
    for (; ticks < 3000 && !controller.done; ticks++) run([robot], [controller], 1);
    expect(controller.done).toBe(true);
    let free = 0;
    for (const v of twoRooms.cells) if (!isWall(v)) free++;
    const open = robot.map.cells.reduce((n, v) => n + (v === SlamCell.Open ? 1 : 0), 0);
    expect(open / (4 * free)).toBeGreaterThan(0.95);
    expect(controller.doorways()).toEqual([{ axis: 'column', line: 18, from: 6, to: 9, explored: true }]);
    expect(robot.clampWarnings.count).toBe(0);
  });
});

describe('minotaur doorway auction', () => {
  it('sends the nearer half through the doorway it found; the others finish the room', () => {
    // r0 stands at the doorway, r1 2 m from it, r2 5 m: with three in the auction, two go.
    const robots = [
      new PointRobot(twoRooms, { id: 'r0', pose: { xM: 8, yM: 4, headingRad: 0 }, rangeMaxM: 0.4 }),
      new PointRobot(twoRooms, { id: 'r1', pose: { xM: 6.5, yM: 3.5, headingRad: 0 }, rangeMaxM: 0.4 }),
      new PointRobot(twoRooms, { id: 'r2', pose: { xM: 3.5, yM: 5.5, headingRad: 0 }, rangeMaxM: 0.4 }),
    ];
    for (const robot of robots) know(robot, twoRooms, leftRoomButItsFarEnd);
    const controllers = robots.map((_, i) => minotaurFor(i, 3, { ...DOOR_PARAMS, heartbeatS: 0 }));
    const sent: string[] = [];
    const maxXM = [0, 0, 0];
    for (let t = 0; t < 40; t++) {
      run(robots, controllers, 1, (from, payload) => {
        const m = decodeMinotaurMessage(payload);
        sent.push(m === null ? `${from}:?` : m.kind === 'result' ? `${from}:result:${m.winners.join(',')}` : `${from}:${m.kind}`);
      });
      robots.forEach((r, i) => (maxXM[i] = Math.max(maxXM[i], r.state().pose.xM)));
    }
    // r0 and r1 both saw the doorway and announced it; r0's auction (the lower id) stands, r1
    // drops its own and bids into it; r2 (whose look-ahead does not reach the doorway) bids into
    // both (the bid into the dropped one is ignored); the nearer two of three go.
    expect(sent).toEqual(['r0:found', 'r1:found', 'r1:bid', 'r2:bid', 'r2:bid', 'r0:result:r0,r1']);
    // The two went through the doorway (its line is x 9 to 9.5) and know it explored; r2 did not.
    expect(maxXM.map((x) => x > 9.3)).toEqual([true, true, false]);
    expect(controllers.map((c) => c.doorways().map((d) => d.explored))).toEqual([[true], [true], [false]]);
  });
});

describe('minotaur bids', () => {
  // Three rooms in a row, doorways at x = 9 and x = 18 (y 3..5); the right room is unknown.
  const threeRooms = gridFromAscii([
    '#############################',
    '#........#........#.........#',
    '#........#........#.........#',
    '#...........................#',
    '#...........................#',
    '#........#........#.........#',
    '#........#........#.........#',
    '#############################',
  ]);

  it('only for a doorway reached without crossing another (the paper: Yellow answers NACK)', () => {
    const bidsFrom = (xM: number): number => {
      // Facing away from the doorways: the five ticks below keep it in its room.
      const robot = new PointRobot(threeRooms, { id: 'r1', pose: { xM, yM: 3.5, headingRad: Math.PI }, rangeMaxM: 0.4 });
      // The far left column unknown too: the robot has its room to explore, so it is not busy.
      know(robot, threeRooms, (tx) => tx !== 1 && tx <= 18);
      const controller = minotaurFor(1, 3, DOOR_PARAMS);
      // Let any auction of its own (for a doorway it sees) open and close first.
      run([robot], [controller], 5);
      robot.outbox.length = 0;
      const doorway = { axis: 'column' as const, line: 36, from: 6, to: 9, explored: false };
      robot.pendingInbox.push({ from: 'r0', sentTick: 5, payload: encodeMinotaurMessage({ kind: 'found', auction: 0, doorway }) });
      robot.step();
      controller.tick(robot);
      expect(Math.floor(robot.state().pose.xM / 9)).toBe(Math.floor(xM / 9));
      return robot.outbox.map(decodeMinotaurMessage).filter((m) => m?.kind === 'bid' && m.requester === 'r0').length;
    };
    // In the middle room: a bid. In the left room, behind the first doorway (which it sees): none.
    expect(bidsFrom(13.5)).toBe(1);
    expect(bidsFrom(7.5)).toBe(0);
  });
});

describe('minotaur heartbeat', () => {
  it('broadcasts its map bytes, doorways and position every heartbeatS, and merges what it hears', () => {
    const a = new PointRobot(twoRooms, { id: 'r0', pose: { xM: 7.5, yM: 3.5, headingRad: 0 }, rangeMaxM: 0.4 });
    know(a, twoRooms, leftRoomButItsFarEnd);
    const b = new PointRobot(twoRooms, { id: 'r1', pose: { xM: 12.5, yM: 3.5, headingRad: 0 }, rangeMaxM: 0.4 });
    const sender = minotaurFor(0, 2, { ...DOOR_PARAMS, heartbeatS: 0.5 });
    const heartbeats = [];
    for (let t = 0; t < 20; t++) {
      sender.tick(a);
      for (const payload of a.outbox.splice(0)) {
        const m = decodeMinotaurMessage(payload);
        if (m?.kind !== 'heartbeat') continue;
        heartbeats.push(m);
        expect(m.xM).toBe(a.state().pose.xM);
        expect(m.yM).toBe(a.state().pose.yM);
        expect(SlamMap.fromBytes(m.map).cells).toEqual(a.map.cells);
        b.pendingInbox.push({ from: 'r0', sentTick: t, payload });
      }
      a.step();
    }
    expect(heartbeats).toHaveLength(4);
    expect(heartbeats[3].doorways).toEqual(sender.doorways());
    expect(sender.doorways()).toHaveLength(1);
    const receiver = minotaurFor(1, 2, DOOR_PARAMS);
    const knownBefore = b.map.knownCells;
    b.step();
    receiver.tick(b);
    expect(b.map.knownCells).toBeGreaterThan(knownBefore + 200);
    expect(receiver.doorways()).toEqual(sender.doorways());
  });

  it('counts and ignores malformed messages from other robots', () => {
    const robot = new PointRobot(twoRooms, { id: 'r1', pose: { xM: 3.5, yM: 3.5, headingRad: 0 } });
    const controller = minotaurFor(1, 2, DOOR_PARAMS);
    const badMap = encodeMinotaurMessage({ kind: 'heartbeat', xM: 1, yM: 1, doorways: [], map: Uint8Array.of(0x53, 0x47, 0x53, 0x4d, 9) });
    const offMap = encodeMinotaurMessage({ kind: 'found', auction: 1, doorway: { axis: 'row', line: 5000, from: 1, to: 2, explored: false } });
    for (const payload of [Uint8Array.of(0x4d, 0x4e, 1, 3, 0xff), badMap, offMap, new TextEncoder().encode('{"hello":1}')]) {
      robot.pendingInbox.push({ from: 'r0', sentTick: 0, payload });
    }
    robot.step();
    expect(() => controller.tick(robot)).not.toThrow();
    expect(controller.malformedMessages()).toBe(3);
    expect(controller.doorways()).toEqual([]);
  });
});
