import { describe, expect, it } from 'vitest';
import { World } from './World.js';
import { borderedRoom } from './testing/testGrids.js';

describe('lidar', () => {
  it('measures the distance to walls from the true pose in every direction', () => {
    // Room interior spans [-9, 9] (border cells at -10..-9 and 9..10).
    const world = new World(borderedRoom(20), { lidar: { rangeM: 30, rayCount: 4 } });
    world.addRobot({ id: 'a', pose: { xM: 2, yM: -1, headingRad: Math.PI / 2 } });
    world.step();
    const scan = world.robot('a').state().scan;
    expect(scan).not.toBeNull();
    const r = Array.from(scan?.rangesM ?? []);
    // Rays at heading +0, +90, +180, +270 deg: up, left, down, right.
    expect(r[0]).toBeCloseTo(9 - -1, 4);
    expect(r[1]).toBeCloseTo(2 - -9, 4);
    expect(r[2]).toBeCloseTo(-1 - -9, 4);
    expect(r[3]).toBeCloseTo(9 - 2, 4);
  });

  it('reports rangeMaxM when nothing is within range, with MAES ray count by default', () => {
    const world = new World(borderedRoom(60), { lidar: { rangeM: 7 } });
    world.addRobot({ id: 'a', pose: { xM: 0.5, yM: 0.5, headingRad: 0 } });
    world.step();
    const scan = world.robot('a').state().scan;
    expect(scan?.rangesM.length).toBe(Math.floor(2 * Math.PI * 7 * 2));
    expect(Math.min(...(scan?.rangesM ?? []))).toBeCloseTo(7, 5);
  });

  it('sees other robots as discs, but SLAM never marks them solid', () => {
    const world = new World(borderedRoom(30), { lidar: { rangeM: 10, rayCount: 360 } });
    world.addRobot({ id: 'a', pose: { xM: 0, yM: 0.5, headingRad: 0 } });
    world.addRobot({ id: 'b', pose: { xM: 4, yM: 0.5, headingRad: 0 } });
    world.step();
    const scan = world.robot('a').state().scan;
    expect(scan?.rangesM[0]).toBeCloseTo(4 - 0.3, 2);
    expect(scan?.rangesM[180]).toBeCloseTo(10, 4);
    const map = world.robot('a').map;
    const cell = map.worldToCell(4, 0.5);
    expect(cell).not.toBeNull();
    expect(map.cellAt(cell?.x ?? -1, cell?.y ?? -1)).toBe(1);
  });

  it('marks the cells its rays reach as explored, and stops at walls', () => {
    const world = new World(borderedRoom(40), { lidar: { rangeM: 5 } });
    world.addRobot({ id: 'a', pose: { xM: 0.5, yM: 0.5, headingRad: 0 } });
    world.step();
    const seen = world.sensing.lidar.lastSeenTick;
    const g = world.grid;
    const at = (x: number, y: number) => seen[(y - g.originM.y) * g.width + (x - g.originM.x)];
    expect(at(0, 0)).toBe(1);
    expect(at(4, 0)).toBe(1);
    expect(at(8, 0)).toBe(0);
  });
});
