import type { SensorPlugin } from './sensors.js';

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
        return { started: t.collisionStarted[slot] === 1, touching: t.touching[slot] > 0 };
      },
    },
  }),
};
