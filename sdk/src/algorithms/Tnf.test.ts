import { describe, expect, it } from 'vitest';
import { findAlgorithm } from './algorithms.js';
import { tnfDistanceTerm, tnfUtility } from './Tnf.js';
import type { Pose } from '../Robot.js';
import { SlamCell } from '../SlamMapView.js';
import { PointRobot } from '../testing/PointRobot.js';
import { gridFromAscii } from '../testing/asciiMaps.js';
import { algorithmContext } from '../testing/algorithmContext.js';

function tnfFor(params: Record<string, number> = {}, seed = 7) {
  return findAlgorithm('tnf').create(algorithmContext('tnf', { seed, robotCount: 2, params }));
}

describe('tnf distance term and utility', () => {
  it('is (1 - d)^9 for the Minotaur setting alpha 1, beta 10 (peak at d = 0)', () => {
    expect(tnfDistanceTerm(0, 1, 10)).toBe(1);
    expect(tnfDistanceTerm(0.5, 1, 10)).toBeCloseTo(0.001953125, 12);
    expect(tnfDistanceTerm(0.1, 1, 10)).toBeCloseTo(0.387420489, 9);
    expect(tnfDistanceTerm(1, 1, 10)).toBe(0);
  });

  it('peaks at 1 where d = (alpha - 1) / (alpha + beta - 2): the paper setting alpha = beta = 8 peaks at 0.5', () => {
    expect(tnfDistanceTerm(0.5, 8, 8)).toBeCloseTo(1, 12);
    // (0.25 * 0.75)^7 / 0.25^7 = 0.75^7
    expect(tnfDistanceTerm(0.25, 8, 8)).toBeCloseTo(0.13348388671875, 12);
    // alpha 5, beta 9: peak at 4 / 12 = 1/3, where the raw term is 2^8 / 3^12; at d = 0.5 it is
    // 2^-12, so the ratio is 3^12 / 2^20 = 531441 / 1048576.
    expect(tnfDistanceTerm(0.5, 5, 9)).toBeCloseTo(531441 / 1048576, 12);
  });

  it('clamps d to [0, 1] and is flat for alpha = beta = 1', () => {
    expect(tnfDistanceTerm(1.7, 1, 10)).toBe(0);
    expect(tnfDistanceTerm(-0.2, 1, 10)).toBe(1);
    expect(tnfDistanceTerm(0.3, 1, 1)).toBe(1);
  });

  it('is information minus coordination plus the distance term', () => {
    expect(tnfUtility(0.5, 0.25, 0.75)).toBe(1);
    expect(tnfUtility(1, tnfDistanceTerm(0.5, 1, 10), tnfDistanceTerm(0, 1, 10))).toBeCloseTo(2 - 0.001953125, 12);
  });
});

describe('tnf target choice', () => {
  // A corridor of 28 free tiles; the robot at x 12.5 knows tiles 8..17, so the left frontier
  // (x 8) is 9 SLAM cells away and the right one (x 18) 10.
  const corridor = gridFromAscii(['##############################', '#............................#', '##############################']);

  function xAfter(nearby: { distanceM: number; bearingRad: number }[]): number {
    const robot = new PointRobot(corridor, { pose: { xM: 12.5, yM: 1.5, headingRad: 0 }, rangeMaxM: 0.8 });
    for (let x = 16; x < 36; x++) {
      for (const y of [1, 4]) robot.map.mark(y * robot.map.width + x, SlamCell.Solid);
      for (const y of [2, 3]) robot.map.mark(y * robot.map.width + x, SlamCell.Open);
    }
    robot.nearbyRobots = nearby.map((r, i) => ({ id: `o${i}`, ...r }));
    const controller = tnfFor();
    for (let t = 0; t < 30; t++) {
      controller.tick(robot);
      robot.step();
    }
    return robot.state().pose.xM;
  }

  it('takes the nearer of two equally informative frontiers when alone', () => {
    expect(xAfter([])).toBeLessThan(11.5);
  });

  it('leaves the frontier a sensed robot stands near (coordination) and takes the other one', () => {
    expect(xAfter([{ distanceM: 3, bearingRad: Math.PI }])).toBeGreaterThan(13.5);
  });
});

describe('tnf sharing', () => {
  const room = gridFromAscii(['##########', '#........#', '#........#', '##########']);

  function sentOver(ticks: number, sensed: boolean): Uint8Array[] {
    const robot = new PointRobot(room, { pose: { xM: 1.5, yM: 1.5, headingRad: 0 }, rangeMaxM: 2 });
    if (sensed) robot.nearbyRobots = [{ id: 'o', distanceM: 5, bearingRad: 0.3 }];
    const controller = tnfFor();
    const sent: Uint8Array[] = [];
    for (let t = 0; t < ticks; t++) {
      // Hostile bytes in the inbox every tick: ignored, never thrown.
      robot.pendingInbox.push({ from: 'x', sentTick: t, payload: Uint8Array.of(0x53, 0x47, 0x54, 0x41, 7) });
      robot.pendingInbox.push({ from: 'x', sentTick: t, payload: Uint8Array.of(0x53, 0x47, 0x53, 0x4d, 1, 0, 0) });
      controller.tick(robot);
      sent.push(...robot.outbox.splice(0));
      robot.step();
    }
    return sent;
  }

  const magic = (bytes: Uint8Array) => Array.from(bytes.subarray(0, 4), (b) => String.fromCharCode(b)).join('');

  it('broadcasts its map every 2 s while it senses a robot, with its destination once it has one', () => {
    // Ticks 0, 20 and 40; at tick 0 no destination is chosen yet.
    const sent = sentOver(41, true).map(magic);
    expect(sent.filter((m) => m === 'SGSM')).toHaveLength(3);
    expect(sent.slice(0, 3)).toEqual(['SGSM', 'SGSM', 'SGTA']);
  });

  it('sends nothing while it senses no robot', () => {
    expect(sentOver(41, false)).toEqual([]);
  });
});

describe('tnf collisions', () => {
  const hall = gridFromAscii(['##############', '#............#', '#............#', '#............#', '##############']);

  /** Drive right, hit a wall; the pose just before and one tick after backing off, and the track of the next 8 ticks. */
  function bumped(seed: number, stepAsideS: number): { before: Pose; after: Pose; track: string } {
    const robot = new PointRobot(hall, { pose: { xM: 2.5, yM: 2.5, headingRad: 0 }, rangeMaxM: 3 });
    const controller = tnfFor({ stepAsideS }, seed);
    for (let t = 0; t < 6; t++) {
      controller.tick(robot);
      robot.step();
    }
    robot.bumpNextStep = true;
    controller.tick(robot);
    robot.step();
    const before = robot.state().pose;
    controller.tick(robot);
    robot.step();
    const after = robot.state().pose;
    const track: string[] = [];
    for (let t = 0; t < 8; t++) {
      controller.tick(robot);
      robot.step();
      const { xM, yM } = robot.state().pose;
      track.push(`${xM.toFixed(3)},${yM.toFixed(3)}`);
    }
    return { before, after, track: track.join(' ') };
  }

  it('backs up 0.1 m (0.1 s at half of 2 m/s) after hitting a wall', () => {
    const { before, after } = bumped(1, 0.5);
    expect(after.xM).toBeLessThan(before.xM);
    expect(Math.hypot(after.xM - before.xM, after.yM - before.yM)).toBeCloseTo(0.1, 6);
  });

  it('then steps to a random clear neighbour: the track depends on the seed, and not without the step', () => {
    const seeds = [1, 2, 3, 4, 5, 6];
    expect(bumped(3, 0.5).track).toBe(bumped(3, 0.5).track);
    expect(new Set(seeds.map((seed) => bumped(seed, 0.5).track)).size).toBeGreaterThan(1);
    expect(new Set(seeds.map((seed) => bumped(seed, 0).track)).size).toBe(1);
  });
});
