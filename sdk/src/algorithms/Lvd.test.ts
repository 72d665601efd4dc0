import { describe, expect, it } from 'vitest';
import type { Grid } from '@swarmgate/maps';
import type { NearbyRobot } from '../Robot.js';
import { lvdController } from './Lvd.js';
import { decodeTileMessage, encodeTileMessage } from './tileMessages.js';
import { PointRobot } from '../testing/PointRobot.js';
import { gridFromAscii } from '../testing/asciiMaps.js';
import { algorithmContext } from '../testing/algorithmContext.js';

function lvdOn(grid: Grid, xM: number, yM: number, robotIndex = 0, params: Record<string, number> = {}) {
  const context = algorithmContext('lvd', { robotIndex, robotCount: 2, params });
  const { controller, strategy } = lvdController(context);
  const robot = new PointRobot(grid, { pose: { xM, yM, headingRad: 0 }, rangeMaxM: 10 });
  const run = (ticks: number, until: () => boolean = () => false) => {
    for (let t = 0; t < ticks && !until(); t++) {
      controller.tick(robot);
      robot.step();
    }
  };
  return { strategy, controller, robot, run };
}

const ROOM = ['############', '#..........#', '#..........#', '#..........#', '#..........#', '############'];
const xOf = (tile: number, grid: Grid) => tile % grid.width;

describe('lvd regions', () => {
  it('keeps the half of a room nearer this robot than the robot it senses', () => {
    const grid = gridFromAscii(ROOM);
    // This robot at (2.5, 2.5) facing east senses another 7 m straight ahead, at (9.5, 2.5).
    const { strategy, robot, run } = lvdOn(grid, 2.5, 2.5);
    robot.nearbyRobots = [{ id: 'r1', distanceM: 7, bearingRad: 0 } satisfies NearbyRobot];
    run(1);
    expect(strategy.region.length).toBeGreaterThan(10);
    // The bisector is x = 6: this robot keeps the tiles whose centres lie west of it.
    for (const t of strategy.region) expect(xOf(t, grid) + 0.5).toBeLessThanOrEqual(6);
    expect(strategy.region.some((t) => xOf(t, grid) === 5)).toBe(true);
  });

  it('alone, takes every visible tile and visits them in its direction order (north-east first)', () => {
    const grid = gridFromAscii(ROOM);
    const { strategy, robot, run } = lvdOn(grid, 2.5, 1.5);
    run(1);
    expect(strategy.region.length).toBeGreaterThan(20);
    const first = strategy.region[0];
    // Northmost row (y = 4), then eastmost within it.
    expect(Math.floor(first / grid.width)).toBe(4);
    run(200);
    expect(robot.state().pose.yM).toBeGreaterThan(3);
  });

  it('explores a room until every tile was passed near, then stops', () => {
    const grid = gridFromAscii(ROOM);
    const { strategy, controller, run } = lvdOn(grid, 1.5, 1.5);
    run(3000, () => controller.done);
    expect(controller.done).toBe(true);
    for (let t = 0; t < grid.width * grid.height; t++) if (grid.cells[t] === 0) expect(strategy.explored[t], `tile ${t}`).toBe(1);
  });
});

describe('lvd explored tiles travel as bytes', () => {
  it('broadcasts its explored tiles every shareEveryS and merges those it hears', () => {
    const grid = gridFromAscii(ROOM);
    const { strategy, robot, run } = lvdOn(grid, 1.5, 1.5, 0, { shareEveryS: 0.5 });
    const sent: Uint8Array[] = [];
    for (let t = 0; t < 10; t++) {
      run(1);
      sent.push(...robot.outbox.splice(0));
    }
    expect(sent).toHaveLength(2);
    const decoded = decodeTileMessage(sent[0]);
    expect(decoded.ok && decoded.message.kind).toBe('tiles');
    const far = 4 * grid.width + 10;
    expect(strategy.explored[far]).toBe(0);
    const bits = new Uint8Array(Math.ceil((grid.width * grid.height) / 8));
    bits[far >> 3] |= 1 << (far & 7);
    robot.pendingInbox.push({ from: 'r1', sentTick: 0, payload: encodeTileMessage({ kind: 'tiles', width: grid.width, height: grid.height, bits }) });
    run(2);
    expect(strategy.explored[far]).toBe(1);
  });

  it('counts malformed bytes and carries on', () => {
    const grid = gridFromAscii(ROOM);
    const { strategy, robot, run } = lvdOn(grid, 1.5, 1.5);
    robot.pendingInbox.push({ from: 'r1', sentTick: 0, payload: Uint8Array.of(0x53, 0x54, 1, 1, 200) });
    robot.pendingInbox.push({ from: 'r1', sentTick: 0, payload: encodeTileMessage({ kind: 'tiles', width: 2, height: 2, bits: new Uint8Array(1) }) });
    expect(() => run(3)).not.toThrow();
    expect(strategy.malformed).toBe(2);
  });
});
