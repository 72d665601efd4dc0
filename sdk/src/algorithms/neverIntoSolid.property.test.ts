import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { algorithms } from './algorithms.js';
import { SlamCell } from '../SlamMapView.js';
import { PointRobot } from '../testing/PointRobot.js';
import { gridFromAscii } from '../testing/asciiMaps.js';
import { algorithmContext } from '../testing/algorithmContext.js';

const DT_S = 0.1;
/** PointRobot's default move() speed (m/s). */
const MOVE_MPS = 2;
/** PointRobot's wheel base for setWheelSpeeds (m). */
const WHEEL_BASE_M = 0.5;

/**
 * A PointRobot that checks where each command would take its centre in the next 0.1 s tick against
 * its own SLAM map: setVelocity and setWheelSpeeds (turn, then drive, as PointRobot steps) and
 * move() (straight along the heading).
 */
class CheckedRobot extends PointRobot {
  intoSolid: string | null = null;
  commands = 0;

  override setVelocity(linearMps: number, angularRadps: number): void {
    this.check('setVelocity', linearMps, angularRadps);
    super.setVelocity(linearMps, angularRadps);
  }
  override setWheelSpeeds(leftMps: number, rightMps: number): void {
    this.check('setWheelSpeeds', (leftMps + rightMps) / 2, (rightMps - leftMps) / WHEEL_BASE_M);
    super.setWheelSpeeds(leftMps, rightMps);
  }
  override move(distanceM: number): void {
    this.check('move', Math.sign(distanceM) * Math.min(MOVE_MPS, Math.abs(distanceM) / DT_S), 0);
    super.move(distanceM);
  }

  private check(command: string, linearMps: number, angularRadps: number): void {
    this.commands++;
    const { xM, yM, headingRad } = this.state().pose;
    const heading = headingRad + angularRadps * DT_S;
    const nx = xM + Math.cos(heading) * linearMps * DT_S;
    const ny = yM + Math.sin(heading) * linearMps * DT_S;
    const cell = this.map.worldToCell(nx, ny);
    if (this.intoSolid === null && (cell === null || this.map.cellAt(cell.x, cell.y) === SlamCell.Solid)) {
      this.intoSolid = `tick ${this.state().tick}: ${command} (${linearMps}, ${angularRadps}) from (${xM}, ${yM}) to (${nx}, ${ny})`;
    }
  }
}

const W = 12;
const H = 9;

/** A random room: border walls, interior walls where two neighbouring flags say so (about 1 in 4). */
function roomOf(walls: readonly boolean[]): string[] {
  const rows: string[] = [];
  for (let y = 0; y < H; y++) {
    let row = '';
    for (let x = 0; x < W; x++) {
      const border = x === 0 || y === 0 || x === W - 1 || y === H - 1;
      row += border || (walls[y * W + x] && walls[(y * W + x + 1) % (W * H)]) ? '#' : '.';
    }
    rows.push(row);
  }
  return rows;
}

// Every registered algorithm, alone in a random room for 300 ticks: no command may send the robot
// into a cell its own SLAM map holds solid (or off its map).
describe('no algorithm drives into a cell its own SLAM map holds solid (property)', () => {
  it.each(algorithms.map((a) => [a.name, a] as const))('%s', (_name, info) => {
    let commands = 0;
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: W * H, maxLength: W * H }), fc.nat(W * H - 1), fc.integer(), (walls, start, seed) => {
        const rows = roomOf(walls);
        const startX = start % W;
        const startY = Math.floor(start / W);
        if (rows[H - 1 - startY][startX] === '#') return;
        const robot = new CheckedRobot(gridFromAscii(rows), { pose: { xM: startX + 0.5, yM: startY + 0.5, headingRad: 0 }, rangeMaxM: 3 });
        const controller = info.create(algorithmContext(info.name, { seed }));
        controller.start?.(robot);
        for (let t = 0; t < 300 && robot.intoSolid === null; t++) {
          controller.tick(robot);
          robot.step();
        }
        commands += robot.commands;
        expect(robot.intoSolid).toBeNull();
      }),
      { numRuns: 60, seed: 9 },
    );
    // The property saw the algorithm drive: its commands were checked.
    expect(commands).toBeGreaterThan(50);
  });
});
