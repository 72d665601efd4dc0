import { describe, expect, it } from 'vitest';
import { SlamMap } from '../slam/SlamMap.js';
import { SlamCell } from '../SlamMapView.js';
import { lineOfSight, sortByDirection, voronoiRegion } from './voronoi.js';

const W = 8;
const H = 4;
const room = Array.from({ length: W * H }, (_, i) => i);
const xy = (tiles: readonly number[]) => tiles.map((t) => [t % W, Math.floor(t / W)]);

describe('Voronoi regions', () => {
  it('split a room between two robots by nearest distance', () => {
    // Robots at the centres of tiles (1, 1) and (6, 2): the bisector lies between columns 3 and 4.
    const mine = voronoiRegion(room, W, { x: 1.5, y: 1.5 }, [{ x: 6.5, y: 2.5 }]);
    const theirs = voronoiRegion(room, W, { x: 6.5, y: 2.5 }, [{ x: 1.5, y: 1.5 }]);
    for (const [x, y] of xy(mine)) expect(Math.hypot(x - 1, y - 1)).toBeLessThanOrEqual(Math.hypot(x - 6, y - 2));
    for (const [x, y] of xy(theirs)) expect(Math.hypot(x - 6, y - 2)).toBeLessThanOrEqual(Math.hypot(x - 1, y - 1));
    // Together they hold the whole room, each tile once (no tile centre lies on the bisector).
    expect([...mine, ...theirs].sort((a, b) => a - b)).toEqual(room);
    expect(xy(mine).every(([x]) => x <= 3)).toBe(true);
    expect(xy(theirs).every(([x]) => x >= 4)).toBe(true);
  });

  it('gives a robot alone the whole room, and a tie to both robots', () => {
    expect(voronoiRegion(room, W, { x: 2, y: 2 }, [])).toEqual(room);
    // Tile (3, 0)'s centre (3.5, 0.5) is 1 m from both robots: a tie, so each keeps it.
    const tieRoom = [3];
    expect(voronoiRegion(tieRoom, W, { x: 2.5, y: 0.5 }, [{ x: 4.5, y: 0.5 }])).toEqual(tieRoom);
    expect(voronoiRegion(tieRoom, W, { x: 4.5, y: 0.5 }, [{ x: 2.5, y: 0.5 }])).toEqual(tieRoom);
  });
});

describe('direction order', () => {
  it('sorts north-east, east-south, south-west and west-north by robot index', () => {
    const corners = [0, W - 1, (H - 1) * W, H * W - 1]; // SW, SE, NW, NE corners
    expect(xy(sortByDirection(corners, W, 0))).toEqual([
      [7, 3],
      [0, 3],
      [7, 0],
      [0, 0],
    ]);
    expect(xy(sortByDirection(corners, W, 1))).toEqual([
      [7, 0],
      [7, 3],
      [0, 0],
      [0, 3],
    ]);
    expect(xy(sortByDirection(corners, W, 2))).toEqual([
      [0, 0],
      [7, 0],
      [0, 3],
      [7, 3],
    ]);
    expect(xy(sortByDirection(corners, W, 7))).toEqual(xy(sortByDirection(corners, W, 3)));
    expect(xy(sortByDirection(corners, W, 3))).toEqual([
      [0, 3],
      [0, 0],
      [7, 3],
      [7, 0],
    ]);
  });
});

describe('line of sight', () => {
  it('is blocked by a solid cell and not by unknown ones', () => {
    const map = new SlamMap({ width: 10, height: 3, cellSizeM: 0.5 });
    expect(lineOfSight(map, 0.25, 0.75, 4.75, 0.75)).toBe(true);
    map.mark(1 * 10 + 5, SlamCell.Solid);
    expect(lineOfSight(map, 0.25, 0.75, 4.75, 0.75)).toBe(false);
    expect(lineOfSight(map, 0.25, 0.25, 4.75, 0.25)).toBe(true);
  });
});
