import { describe, expect, it } from 'vitest';
import { isWall, type Grid } from '@swarmgate/maps';
import { findAlgorithm } from './algorithms.js';
import { SlamCell } from '../SlamMapView.js';
import { PointRobot } from '../testing/PointRobot.js';
import { gridFromAscii } from '../testing/asciiMaps.js';
import { algorithmContext } from '../testing/algorithmContext.js';

function greedFor(robotIndex = 0, params: Record<string, number> = {}) {
  return findAlgorithm('greed').create(algorithmContext('greed', { robotIndex, params }));
}

/** Mark the robot's SLAM map as the ground truth, except the tiles listed (left unknown). */
function knowAllBut(robot: PointRobot, grid: Grid, unknownTiles: readonly (readonly [number, number])[]): void {
  const map = robot.map;
  for (let y = 0; y < map.height; y++) {
    for (let x = 0; x < map.width; x++) {
      const tx = Math.floor(x / 2);
      const ty = Math.floor(y / 2);
      if (unknownTiles.some(([ux, uy]) => ux === tx && uy === ty)) continue;
      map.mark(y * map.width + x, isWall(grid.cells[ty * grid.width + tx]) ? SlamCell.Solid : SlamCell.Open);
    }
  }
}

describe('greed target choice', () => {
  // The robot stands in the lower corridor at x = 6.5. Unknown tile A (x 6, upper corridor) is
  // 2 m away in a straight line but 12 m by path (round the right end); unknown tile B (the lower
  // corridor's left end, x 3) is 3.5 m away either way. Nearest by path is B.
  const rows = ['#############', '#...........#', '#.#########.#', '#.#.........#', '#############'];
  const grid = gridFromAscii(rows);
  const tileA: [number, number] = [6, 3];
  const tileB: [number, number] = [3, 1];

  function xAfter(unknown: (readonly [number, number])[], ticks: number): number {
    const robot = new PointRobot(grid, { pose: { xM: 6.5, yM: 1.5, headingRad: Math.PI / 2 }, rangeMaxM: 0.4 });
    knowAllBut(robot, grid, unknown);
    const controller = greedFor();
    for (let t = 0; t < ticks; t++) {
      controller.tick(robot);
      robot.step();
    }
    return robot.state().pose.xM;
  }

  it('goes to the unknown cell nearest by path, not by straight line', () => {
    expect(xAfter([tileA, tileB], 15)).toBeLessThan(5);
  });

  it('goes round the wall to the far-by-path cell when it is the only unknown one', () => {
    expect(xAfter([tileA], 15)).toBeGreaterThan(8);
  });
});

describe('greed heartbeat', () => {
  it('broadcasts its SLAM map as encoded bytes every heartbeatS', () => {
    const grid = gridFromAscii(['#######', '#.....#', '#.....#', '#######']);
    const robot = new PointRobot(grid, { pose: { xM: 1.5, yM: 1.5, headingRad: 0 } });
    const controller = greedFor(0, { heartbeatS: 0.5 });
    const sent: Uint8Array[] = [];
    for (let t = 0; t < 20; t++) {
      controller.tick(robot);
      sent.push(...robot.outbox.splice(0));
      robot.step();
    }
    expect(sent.length).toBe(4);
    expect(Array.from(sent[0].subarray(0, 4), (b) => String.fromCharCode(b)).join('')).toBe('SGSM');
  });
});
