import { describe, expect, it } from 'vitest';
import { loadMap } from '@swarmgate/maps';
import { Random } from '@swarmgate/protocols';
import { SlamMap } from '@swarmgate/sdk';
import { World } from './World.js';
import { spawnPoses } from './Spawn.js';
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

describe('lidar-driven SLAM mapping', () => {
  it('marks exactly the cells SlamMap.integrateScan marks for the same wall scan', () => {
    const grid = loadMap('cave:40x40:seed=5');
    const rng = Random.fromSeed('lidar-slam');
    for (let trial = 0; trial < 20; trial++) {
      const world = new World(grid, { lidar: { rangeM: 4 + 8 * rng.nextFloat() } });
      const [pose] = spawnPoses(grid, 1, { kind: 'apart' }, rng);
      const jittered = { xM: pose.xM + rng.uniform(-0.2, 0.2), yM: pose.yM + rng.uniform(-0.2, 0.2), headingRad: rng.uniform(-Math.PI, Math.PI) };
      world.addRobot({ id: 'r', pose: jittered });
      world.step();
      const truth = world.truePose('r');
      const lidar = world.sensing.lidar;
      const reference = SlamMap.forGrid(grid, 2);
      reference.integrateScan(truth, {
        angleMinRad: 0,
        angleIncrementRad: lidar.angleIncrementRad,
        rangeMaxM: Math.fround(lidar.rangeM),
        rangesM: lidar.wallRangesM.slice(0, lidar.rayCount),
      });
      reference.markOpenDisk(truth.xM, truth.yM, world.config.robot.radiusM);
      const mapped = world.sensing.slamMaps[0] as SlamMap;
      expect(reference.knownCells).toBeGreaterThan(50);
      expect(Array.from(mapped.cells)).toEqual(Array.from(reference.cells));
    }
  });
});
