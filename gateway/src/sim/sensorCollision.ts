import type { CollisionState } from '@swarmgate/sdk';
import type { SensorPlugin } from './sensors.js';

/**
 * The four collision readings, frozen and shared by every State (as stateReadings' NONE: nothing
 * to mutate keeps the snapshot rule) instead of one new object per robot per tick. Index: started * 2 + touching.
 */
const COLLISION: readonly CollisionState[] = [
  Object.freeze({ started: false, touching: false }),
  Object.freeze({ started: false, touching: true }),
  Object.freeze({ started: true, touching: false }),
  Object.freeze({ started: true, touching: true }),
];

/** From the robot table's contact counts (kept by the physics phase's contact listener). */
export const collisionSensor: SensorPlugin = {
  name: 'collision',
  field: 'collision',
  doc: 'started: a contact with a wall or robot began since the previous tick (it cancels the current action); touching: in contact now.',
  noise: 'none',
  params: [],
  create: (sensing) => ({
    onDemand: {
      field: 'collision',
      read: (slot) => {
        const t = sensing.world.table;
        return COLLISION[(t.collisionStarted[slot] === 1 ? 2 : 0) + (t.touching[slot] > 0 ? 1 : 0)];
      },
    },
  }),
};
