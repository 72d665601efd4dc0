import { describe, expect, it } from 'vitest';
import { SlamMap } from '../slam/SlamMap.js';
import { fillSlamFromAscii } from '../testing/asciiMaps.js';
import { addDoorway, detectDoorways, doorwaySide, markDoorways, pointPast, type Doorway } from './minotaurDoorways.js';

/** A SLAM map of 0.5 m cells drawn as text ('#' solid, '.' open, '?' unknown), top row first. */
function slam(rows: readonly string[]): SlamMap {
  const map = new SlamMap({ width: rows[0].length, height: rows.length, cellSizeM: 0.5 });
  fillSlamFromAscii(map, rows);
  return map;
}

// Door width 2 m: gaps of 1 to 4 m (2 to 8 cells of 0.5 m) are doorways; walls of 1.5 m (3 cells) are lines.
const SETTINGS = { doorWidthM: 2, wallLineM: 1.5 };

/** Two rooms, one above the other, the wall between them with a gap of `gap` cells starting at x = 6. */
function twoRooms(gap: number, fill = '.', wallRows = 1): string[] {
  const wall = '#'.repeat(6) + fill.repeat(gap) + '#'.repeat(20 - 6 - gap);
  return [
    '#'.repeat(20),
    ...Array<string>(3).fill('#' + '.'.repeat(18) + '#'),
    ...Array<string>(wallRows).fill(wall),
    ...Array<string>(3).fill('#' + '.'.repeat(18) + '#'),
    '#'.repeat(20),
  ];
}

describe('doorway detection on a SLAM map', () => {
  it('finds a gap of the door width in a wall line as one doorway', () => {
    // The wall is row 4 from the bottom (8 rows: 0 the bottom wall).
    expect(detectDoorways(slam(twoRooms(4)), SETTINGS)).toEqual([{ axis: 'row', line: 4, from: 6, to: 9, explored: false }]);
  });

  it('finds one doorway through a wall two cells thick', () => {
    expect(detectDoorways(slam(twoRooms(4, '.', 2)), SETTINGS)).toHaveLength(1);
  });

  it('finds none in a blank room', () => {
    expect(detectDoorways(slam(['#'.repeat(12), ...Array<string>(8).fill('#' + '.'.repeat(10) + '#'), '#'.repeat(12)]), SETTINGS)).toEqual([]);
  });

  it('takes gaps up to twice the door width, not wider, and not narrower than half of it', () => {
    expect(detectDoorways(slam(twoRooms(8)), SETTINGS)).toHaveLength(1);
    expect(detectDoorways(slam(twoRooms(9)), SETTINGS)).toEqual([]);
    expect(detectDoorways(slam(twoRooms(2)), SETTINGS)).toHaveLength(1);
    expect(detectDoorways(slam(twoRooms(1)), SETTINGS)).toEqual([]);
  });

  it('waits until every cell of the gap is seen open', () => {
    expect(detectDoorways(slam(twoRooms(4, '?')), SETTINGS)).toEqual([]);
    const rows = twoRooms(4);
    rows[4] = rows[4].slice(0, 7) + '?' + rows[4].slice(8);
    expect(detectDoorways(slam(rows), SETTINGS)).toEqual([]);
  });

  it('finds a wall line that stops short of the wall it runs into (a doorway in a corner)', () => {
    const rows = ['##########', '#........#', '#........#', '#####....#', '#........#', '##########'];
    expect(detectDoorways(slam(rows), SETTINGS)).toEqual([{ axis: 'row', line: 2, from: 5, to: 8, explored: false }]);
  });

  it('does not take a corridor between two thin walls for a doorway', () => {
    const rows = ['########', ...Array<string>(16).fill('#......#'), '########'];
    expect(detectDoorways(slam(rows), SETTINGS)).toEqual([]);
  });

  it('finds doorways in columns too', () => {
    const rows = ['##########', '#...#....#', '#...#....#', '#...#....#', '#........#', '#........#', '#...#....#', '#...#....#', '##########'];
    expect(detectDoorways(slam(rows), SETTINGS)).toEqual([{ axis: 'column', line: 4, from: 3, to: 4, explored: false }]);
  });

  it('reads only the window it is given', () => {
    const map = slam(twoRooms(4));
    expect(detectDoorways(map, SETTINGS, { x0: 0, y0: 0, x1: 19, y1: 3 })).toEqual([]);
    expect(detectDoorways(map, SETTINGS, { x0: 2, y0: 2, x1: 14, y1: 6 })).toHaveLength(1);
  });
});

describe('doorway bookkeeping', () => {
  const door: Doorway = { axis: 'row', line: 4, from: 6, to: 9, explored: false };

  it('counts the same doorway seen again (a neighbouring line, an overlapping gap) once, keeping explored', () => {
    const list: Doorway[] = [door];
    expect(addDoorway(list, { ...door, line: 5, from: 7, explored: true }, 8)).toBe(0);
    expect(list).toEqual([{ ...door, explored: true }]);
    expect(addDoorway(list, { ...door, axis: 'column' }, 8)).toBe(1);
    expect(addDoorway(list, { ...door, from: 12, to: 14 }, 8)).toBe(2);
    expect(list).toHaveLength(3);
  });

  it('tells the side of the line a cell in front of the gap is on', () => {
    expect(doorwaySide(door, 7, 3, 2)).toBe(-1);
    expect(doorwaySide(door, 7, 4, 2)).toBe(0);
    expect(doorwaySide(door, 9, 6, 2)).toBe(1);
    expect(doorwaySide(door, 9, 7, 2)).toBeNaN();
    expect(doorwaySide(door, 10, 5, 2)).toBeNaN();
  });

  it('closes rooms: a flood fill does not cross a marked doorway', () => {
    const rows = twoRooms(4);
    rows[1] = '#' + '?'.repeat(18) + '#';
    const map = slam(rows);
    const found = detectDoorways(map, SETTINGS);
    const blocked = new Uint8Array(map.width * map.height);
    markDoorways(blocked, map.width, found);
    // From the lower room the only frontier is above the doorway: none without crossing it.
    expect(map.nearestFrontier({ x: 3, y: 2 }, { blocked })).toBeNull();
    expect(map.nearestFrontier({ x: 3, y: 2 })).not.toBeNull();
  });

  it('drives through a doorway to the farthest open cell up to the pass distance', () => {
    const map = slam(twoRooms(4));
    expect(pointPast(map, door, 1, 2)).toEqual({ x: 7, y: 6 });
    expect(pointPast(map, door, -1, 8)).toEqual({ x: 7, y: 1 });
    const unseen = twoRooms(4);
    unseen[3] = '#' + '?'.repeat(18) + '#';
    expect(pointPast(slam(unseen), door, 1, 2)).toEqual({ x: 7, y: 4 });
  });
});
