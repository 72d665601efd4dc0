import { describe, expect, it } from 'vitest';
import { DIR_DX, DIR_DY, recordBacktrackingPoints, spiralStep, startsHugging } from './bsa.js';

/** Tiles from rows (top row first, '#' obstacle), and a spiral run on them from (x, y) heading dir. */
function spiralOn(rows: readonly string[], x: number, y: number, dir: number) {
  const h = rows.length;
  const w = rows[0].length;
  const covered = new Set<string>();
  const open = (tx: number, ty: number) => tx >= 0 && ty >= 0 && tx < w && ty < h && rows[h - 1 - ty][tx] !== '#';
  const free = (tx: number, ty: number) => open(tx, ty) && !covered.has(`${tx},${ty}`);
  const points = new Set<string>();
  const order: string[] = [];
  let hugging = false;
  for (;;) {
    covered.add(`${x},${y}`);
    order.push(`${x},${y}`);
    hugging ||= startsHugging(free, x, y, dir, 1);
    const next = spiralStep(free, x, y, dir, 1, hugging);
    recordBacktrackingPoints(free, x, y, next, (px, py) => points.add(`${px},${py}`));
    if (next < 0) break;
    dir = next;
    x += DIR_DX[dir];
    y += DIR_DY[dir];
  }
  const openCount = rows
    .join('')
    .split('')
    .filter((c) => c !== '#').length;
  const remaining = [...points].filter((p) => !covered.has(p));
  return { covered, order, openCount, remaining };
}

describe('BSA spiral', () => {
  it('covers an empty room in one inward spiral, each tile once', () => {
    const room = ['.....', '.....', '.....', '.....'];
    // Heading north with the wall on the left (the reference side), as a spiral starts.
    const run = spiralOn(room, 0, 0, 1);
    expect(run.covered.size).toBe(run.openCount);
    expect(run.order.length).toBe(run.openCount);
    // Up the left wall, along the top, down the right wall, back along the bottom, then inwards.
    expect(run.order).toEqual([
      '0,0',
      '0,1',
      '0,2',
      '0,3',
      '1,3',
      '2,3',
      '3,3',
      '4,3',
      '4,2',
      '4,1',
      '4,0',
      '3,0',
      '2,0',
      '1,0',
      '1,1',
      '1,2',
      '2,2',
      '3,2',
      '3,1',
      '2,1',
    ]);
    expect(run.remaining).toEqual([]);
  });

  it('goes straight to the first obstacle before hugging it', () => {
    const room = ['.....', '.....', '.....'];
    const run = spiralOn(room, 1, 1, 0);
    expect(run.order.slice(0, 4)).toEqual(['1,1', '2,1', '3,1', '4,1']);
    expect(run.covered.size).toBe(run.openCount);
  });

  it('ends with obstacles all around and keeps the free tiles it passed as backtracking points', () => {
    // A wall stub splits the room's top row: the spiral closes on the left part and the tiles
    // right of the stub stay free and uncovered, recorded as backtracking points.
    const room = ['..#..', '..#..', '.....'];
    const run = spiralOn(room, 0, 0, 0);
    expect(run.covered.size).toBeLessThan(run.openCount);
    expect(run.remaining.length).toBeGreaterThan(0);
    for (const p of run.remaining) expect(run.covered.has(p)).toBe(false);
  });

  it('stops at once when boxed in', () => {
    const free = () => false;
    expect(spiralStep(free, 0, 0, 0, 1, true)).toBe(-1);
  });

  it('turns to the reference side when it is free, else goes on, else turns away', () => {
    const only = (fx: number, fy: number) => (x: number, y: number) => x === fx && y === fy;
    expect(spiralStep(only(0, 1), 0, 0, 0, 1, true)).toBe(1);
    expect(spiralStep(only(1, 0), 0, 0, 0, 1, true)).toBe(0);
    expect(spiralStep(only(0, -1), 0, 0, 0, 1, true)).toBe(3);
    expect(spiralStep(only(-1, 0), 0, 0, 0, 1, true)).toBe(2);
    expect(spiralStep(only(0, -1), 0, 0, 0, -1, true)).toBe(3);
  });
});
