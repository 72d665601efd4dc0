import { describe, expect, it } from 'vitest';
import type { Grid } from '@swarmgate/maps';
import { ssbController, type SsbStrategy } from './Ssb.js';
import { decodeTileMessage, encodeTileMessage, type TileMessage } from './tileMessages.js';
import { SlamCell } from '../SlamMapView.js';
import { PointRobot } from '../testing/PointRobot.js';
import { gridFromAscii } from '../testing/asciiMaps.js';
import { algorithmContext } from '../testing/algorithmContext.js';

function ssbOn(grid: Grid, xM: number, yM: number, params: Record<string, number> = {}) {
  const context = algorithmContext('ssb', { params });
  const { controller, strategy } = ssbController(context);
  const robot = new PointRobot(grid, { pose: { xM, yM, headingRad: 0 } });
  const sent: TileMessage[] = [];
  const run = (ticks: number, until: () => boolean = () => false) => {
    for (let t = 0; t < ticks && !until(); t++) {
      controller.tick(robot);
      for (const bytes of robot.outbox.splice(0)) {
        const decoded = decodeTileMessage(bytes);
        if (decoded.ok) sent.push(decoded.message);
      }
      robot.step();
    }
  };
  return { strategy, controller, robot, sent, run };
}

/** Open tiles of the grid (1 m tiles: the grid's cells) not covered by the strategy. */
function uncovered(grid: Grid, strategy: SsbStrategy): number[] {
  const out: number[] = [];
  for (let i = 0; i < grid.width * grid.height; i++) if (grid.cells[i] === 0 && strategy.covered[i] === 0) out.push(i);
  return out;
}

describe('ssb spiral', () => {
  it('covers a small empty room in one spiral, with no backtracking', () => {
    const grid = gridFromAscii(['#########', '#.......#', '#.......#', '#.......#', '#.......#', '#########']);
    const { strategy, controller, robot, sent, run } = ssbOn(grid, 1.5, 1.5);
    run(1500, () => controller.done);
    expect(uncovered(grid, strategy)).toEqual([]);
    expect(sent.filter((m) => m.kind === 'claim')).toEqual([]);
    expect(controller.done).toBe(true);
    expect(robot.collisions).toBe(0);
  });

  it('records a backtracking point where free uncovered tiles remain, wins it in an auction and covers it', () => {
    // A wall stub with a gap at the bottom: the first spiral closes in the left room, leaving the
    // right room's tiles (seen through the gap) as backtracking points.
    const grid = gridFromAscii(['#########', '#...#...#', '#...#...#', '#...#...#', '#.......#', '#########']);
    const { strategy, controller, sent, run } = ssbOn(grid, 1.5, 1.5);
    run(1500, () => sent.some((m) => m.kind === 'claim'));
    const claim = sent.find((m) => m.kind === 'claim');
    expect(claim).toBeDefined();
    if (claim?.kind !== 'claim') return;
    const recorded = [...strategy.recorded.keys()].filter((t) => strategy.recorded[t] === 1);
    expect(recorded).toContain(claim.tile);
    expect(strategy.covered[claim.tile]).toBe(0);
    expect(robotMap(strategy).state(claim.tile)).toBe(SlamCell.Open);
    expect(claim.bidM).toBeGreaterThan(0);
    run(3000, () => controller.done);
    expect(uncovered(grid, strategy)).toEqual([]);
  });

  it('leaves a backtracking point to a robot that bids less, and bids on another', () => {
    const grid = gridFromAscii(['#########', '#...#...#', '#...#...#', '#...#...#', '#.......#', '#########']);
    const { strategy, robot, sent, run } = ssbOn(grid, 1.5, 1.5);
    run(1500, () => sent.some((m) => m.kind === 'claim'));
    const first = sent.find((m) => m.kind === 'claim');
    if (first?.kind !== 'claim') throw new Error('no claim');
    robot.pendingInbox.push({ from: 'r1', sentTick: 0, payload: encodeTileMessage({ kind: 'claim', tile: first.tile, bidM: 0 }) });
    run(3, () => sent.filter((m) => m.kind === 'claim').length > 1);
    const second = sent.filter((m) => m.kind === 'claim')[1];
    expect(second?.kind === 'claim' && second.tile).not.toBe(first.tile);
    expect(strategy.mode).toBe('auction');
  });

  it('waits waitS for a tile another robot reserved, then spirals round it', () => {
    const grid = gridFromAscii(['#########', '#.......#', '#.......#', '#.......#', '#########']);
    const alone = ssbOn(grid, 1.5, 1.5);
    alone.run(1);
    const firstReserve = alone.sent.find((m) => m.kind === 'reserve');
    if (firstReserve?.kind !== 'reserve') throw new Error('no reservation');
    const ahead = firstReserve.tiles[1];

    const { robot, sent, run } = ssbOn(grid, 1.5, 1.5, { waitS: 1 });
    robot.pendingInbox.push({ from: 'r1', sentTick: 0, payload: encodeTileMessage({ kind: 'reserve', tiles: [ahead] }) });
    robot.step(); // delivers the reservation before the first tick
    run(9);
    // Nine ticks in: still where it started, nothing reserved.
    expect(robot.state().pose.xM).toBeCloseTo(1.5, 5);
    expect(robot.state().pose.yM).toBeCloseTo(1.5, 5);
    expect(sent.filter((m) => m.kind === 'reserve')).toEqual([]);
    run(3);
    const reserves = sent.filter((m) => m.kind === 'reserve');
    expect(reserves).toHaveLength(1);
    expect(reserves[0].kind === 'reserve' && reserves[0].tiles[1]).not.toBe(ahead);
  });

  it('counts malformed coordination bytes and carries on', () => {
    const grid = gridFromAscii(['######', '#....#', '#....#', '######']);
    const { strategy, robot, run } = ssbOn(grid, 1.5, 1.5);
    robot.pendingInbox.push({ from: 'r1', sentTick: 0, payload: Uint8Array.of(0x53, 0x54, 1, 2, 9) });
    robot.pendingInbox.push({ from: 'r1', sentTick: 0, payload: encodeTileMessage({ kind: 'tiles', width: 3, height: 3, bits: new Uint8Array(2) }) });
    robot.pendingInbox.push({ from: 'r1', sentTick: 0, payload: encodeTileMessage({ kind: 'claim', tile: 1e6, bidM: 1 }) });
    expect(() => run(3)).not.toThrow();
    expect(strategy.malformed).toBe(3);
  });

  it('merges the covered tiles another robot broadcasts', () => {
    const grid = gridFromAscii(['######', '#....#', '#....#', '######']);
    const { strategy, robot, run } = ssbOn(grid, 1.5, 1.5);
    run(1);
    const bits = new Uint8Array(Math.ceil((grid.width * grid.height) / 8));
    const far = 2 * grid.width + 4;
    bits[far >> 3] |= 1 << (far & 7);
    robot.pendingInbox.push({ from: 'r1', sentTick: 0, payload: encodeTileMessage({ kind: 'tiles', width: grid.width, height: grid.height, bits }) });
    run(2);
    expect(strategy.covered[far]).toBe(1);
  });
});

function robotMap(strategy: SsbStrategy) {
  if (strategy.tiles === null) throw new Error('no tiles yet');
  return strategy.tiles;
}
