import { describe, expect, it } from 'vitest';
import { findAlgorithm } from './algorithms.js';
import { cmeDiscount, cmeTargetValue } from './Cme.js';
import { encodeTargetMessage } from './targetMessage.js';
import { SlamCell } from '../SlamMapView.js';
import { PointRobot } from '../testing/PointRobot.js';
import { gridFromAscii } from '../testing/asciiMaps.js';
import { algorithmContext } from '../testing/algorithmContext.js';

function controllerFor(name: string, robotIndex: number, params: Record<string, number> = {}) {
  return findAlgorithm(name).create(algorithmContext(name, { robotIndex, robotCount: 2, params }));
}

describe('cme value', () => {
  it('discounts linearly from 1 at the other target to 0 at the range', () => {
    expect(cmeDiscount(0, 7)).toBe(1);
    expect(cmeDiscount(3.5, 7)).toBe(0.5);
    expect(cmeDiscount(7, 7)).toBe(0);
    expect(cmeDiscount(9, 7)).toBe(0);
  });

  it('is utility minus beta times cost', () => {
    expect(cmeTargetValue(1, 4.5, 0.1)).toBeCloseTo(0.55, 12);
    // 1.75 m from another target: U = 1 - (1 - 1.75 / 7) = 0.25; cost 2 m at beta 0.5 takes 1.
    expect(cmeTargetValue(1 - cmeDiscount(1.75, 7), 2, 0.5)).toBeCloseTo(-0.75, 12);
  });
});

describe('cme coordination', () => {
  // A corridor of 28 free tiles; both robots know tiles 8..17 and stand left of the middle, so
  // the left frontier (x 8) is the nearer one for both.
  const corridor = gridFromAscii(['##############################', '#............................#', '##############################']);

  function runPair(algorithm: string, ticks: number): [number, number] {
    const robots = [11.5, 12.5].map((xM, i) => new PointRobot(corridor, { id: `r${i}`, pose: { xM, yM: 1.5, headingRad: 0 }, rangeMaxM: 0.8 }));
    for (const robot of robots) {
      for (let x = 16; x < 36; x++) {
        for (const y of [1, 4]) robot.map.mark(y * robot.map.width + x, SlamCell.Solid);
        for (const y of [2, 3]) robot.map.mark(y * robot.map.width + x, SlamCell.Open);
      }
    }
    const params: Record<string, number> = algorithm === 'frontier' ? { cedeMarginM: -1 } : {};
    const controllers = robots.map((_, i) => controllerFor(algorithm, i, params));
    for (let t = 0; t < ticks; t++) {
      robots.forEach((robot, i) => controllers[i].tick(robot));
      // A global radio: each broadcast reaches the other robot at the next tick.
      robots.forEach((robot, i) => {
        for (const payload of robot.outbox.splice(0)) robots[1 - i].pendingInbox.push({ from: robot.id, sentTick: t, payload });
      });
      robots.forEach((robot) => robot.step());
    }
    return [robots[0].state().pose.xM, robots[1].state().pose.xM];
  }

  it('sends both robots to the same nearest frontier with plain nearest-frontier', () => {
    const [a, b] = runPair('frontier', 30);
    expect(a).toBeLessThan(10);
    expect(b).toBeLessThan(10);
  });

  it('splits them: the second robot hears the first one take the left frontier and goes right', () => {
    const [a, b] = runPair('cme', 30);
    expect(a).toBeLessThan(10);
    expect(b).toBeGreaterThan(14);
  });
});

describe('cme messages', () => {
  it('announces its target as a target message and survives hostile bytes in its inbox', () => {
    const room = gridFromAscii(['##########', '#........#', '#........#', '##########']);
    const robot = new PointRobot(room, { pose: { xM: 1.5, yM: 1.5, headingRad: 0 }, rangeMaxM: 2 });
    const controller = controllerFor('cme', 0, { shareEveryS: 0 });
    const garbage = [
      Uint8Array.of(0x53, 0x47, 0x54, 0x41, 1, 2),
      Uint8Array.of(0x53, 0x47, 0x53, 0x4d, 1),
      new Uint8Array(0),
      encodeTargetMessage({ xM: Number.NaN, yM: 1 }),
    ];
    const sent: Uint8Array[] = [];
    for (let t = 0; t < 12; t++) {
      for (const payload of garbage) robot.pendingInbox.push({ from: 'x', sentTick: t, payload });
      controller.tick(robot);
      sent.push(...robot.outbox.splice(0));
      robot.step();
    }
    // One on choosing the first target, then one a second (10 ticks of 0.1 s); r0 announces on tick 0.
    expect(sent.length).toBeGreaterThanOrEqual(2);
    for (const bytes of sent) expect(Array.from(bytes.subarray(0, 4), (b) => String.fromCharCode(b)).join('')).toBe('SGTA');
    expect(robot.state().pose.xM).toBeGreaterThan(1.6);
  });
});
