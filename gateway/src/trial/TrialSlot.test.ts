import { describe, expect, it } from 'vitest';
import { ManualClock } from '@swarmgate/protocols';
import { HilGateway } from '../hil/HilGateway.js';
import { MemoryLogger } from '../hil/Logger.js';
import { RobotRegistry } from '../hil/RobotRegistry.js';
import { SPAWN_MARGIN_M } from '../sim/Spawn.js';
import { borderedRoom } from '../sim/testing/testGrids.js';
import { DEFAULT_TWIN_OPTIONS } from './LiveTrial.js';
import { twinSafety } from './PhysicalTwins.js';
import { TrialSlot, type TrialFactory } from './TrialSlot.js';
import { testTrialConfig } from './testing/testTrialConfig.js';
import { monaBirth } from './testing/wireDecoded.js';

// 20 x 20 cells with a one-cell border: 256 cells a robot can start on together (0.8 m from the walls).
const grid = borderedRoom(20);

/** A factory that takes `{ robots }` and builds the test trial with that many robots. */
const factory: TrialFactory = { options: ['robots'], build: async (request) => ({ ...testTrialConfig(grid, Number(request.robots)), grid }) };

function slotWithRobot(physicalId: string | null) {
  const registry = new RobotRegistry({ clock: new ManualClock() });
  const hil = new HilGateway({ registry, safety: twinSafety(grid, DEFAULT_TWIN_OPTIONS) });
  if (physicalId) registry.birth(physicalId, 'mqtt', monaBirth());
  const slot = new TrialSlot({
    first: { ...testTrialConfig(grid, 1), grid },
    joints: { hil, twins: DEFAULT_TWIN_OPTIONS, logger: new MemoryLogger() },
    factory,
    registry,
    logger: new MemoryLogger(),
  });
  slot.live.start();
  return slot;
}

describe('TrialSlot.replace', () => {
  it('refuses a configuration the simulation cannot be built from, naming why, and the current trial runs on', async () => {
    const slot = slotWithRobot(null);
    const first = slot.live;
    await expect(slot.replace({ robots: 500 })).rejects.toThrow(/^SG_TRIAL_REQUEST: SG_SPAWN: cannot place 500 robots 'together': only 256 spawnable cells/);
    expect(slot.live).toBe(first);
    expect(first.state).toBe('running');
    first.stop();
  });

  it('refuses a trial whose virtual robot ids a physical robot online holds, and the current trial runs on', async () => {
    const slot = slotWithRobot('r2');
    const first = slot.live;
    await expect(slot.replace({ robots: 3 })).rejects.toThrow('SG_TRIAL_REQUEST: robot id r2 is already online on mqtt; two robots cannot share an id');
    expect(slot.live).toBe(first);
    expect(first.state).toBe('running');
    // Two robots leave r2 to the physical robot.
    const second = await slot.replace({ robots: 2 });
    expect(second.world.robotIds()).toEqual(['r0', 'r1', 'r2']);
    expect(first.state).toBe('stopped');
    second.stop();
  });

  it("reserves physical robots' spawn poses for the trial's own robot size: a large robot's stand clear of the walls", async () => {
    const registry = new RobotRegistry({ clock: new ManualClock() });
    const hil = new HilGateway({ registry, safety: twinSafety(grid, DEFAULT_TWIN_OPTIONS) });
    // Robots 2.4 m across (the default is 0.6 m): their spawn keeps the radius and a margin from the
    // walls (cell centres 2.5 m in), and so must the reserve; 190 of them leave room for 4 more, where
    // the default robot's reserve took 16, the outer ones 1.5 m from the walls.
    const radiusM = 1.2;
    const large = { ...testTrialConfig(grid, 190), grid, world: { robot: { radiusM } } };
    const slot = new TrialSlot({
      first: large,
      joints: { hil, twins: DEFAULT_TWIN_OPTIONS, logger: new MemoryLogger() },
      factory,
      registry,
      logger: new MemoryLogger(),
    });
    const live = slot.live;
    // The room's inside spans -9 .. 9 m (a wall cell around it).
    const clearance = (p: { xM: number; yM: number }): number => Math.min(p.xM + 9, 9 - p.xM, p.yM + 9, 9 - p.yM);
    const kept = radiusM + SPAWN_MARGIN_M;
    for (const id of live.world.robotIds()) expect(clearance(live.world.robot(id).state().pose)).toBeGreaterThanOrEqual(kept);
    const reserved: { xM: number; yM: number }[] = [];
    for (;;) {
      try {
        reserved.push(live.nextTwinPose());
      } catch {
        break;
      }
    }
    expect(reserved.length).toBeGreaterThan(0);
    for (const twin of reserved) expect(clearance(twin), `twin pose at (${twin.xM}, ${twin.yM})`).toBeGreaterThanOrEqual(kept);
    live.stop();
  });

  it('keeps fewer spawn poses for physical robots where the map has no room for all 16 beside the trial', async () => {
    const slot = slotWithRobot(null);
    // 250 robots and 16 (or 8) reserved poses do not fit in 256 cells; 250 and 4 do.
    const live = await slot.replace({ robots: 250 });
    expect(live.world.robotIds()).toHaveLength(250);
    expect(live.nextTwinPose()).toBeDefined();
    for (let k = 1; k < 4; k++) live.nextTwinPose();
    expect(() => live.nextTwinPose()).toThrow('SG_SPAWN: all 4 spawn poses reserved for physical robots are taken');
    live.stop();
  });
});
